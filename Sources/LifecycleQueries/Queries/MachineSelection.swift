import LifecycleModel

/// Which machine of a spec a query is about: the one named by `--machine`, or the only one.
public enum MachineSelection {
    /// The machine called `name`, or the only machine when `name` is nil.
    ///
    /// - Returns: the machine, or `.unknownMachine` (with a suggestion) for a name the spec does
    ///   not declare, or `.machineRequired` when `name` is nil and the spec declares several.
    ///
    /// With no `name` and several machines, the machine is inferred from `naming`, the state and
    /// event names the command's arguments mention: the one machine that declares every one of
    /// them is chosen; none or several is `.machineRequired`, listing every machine, as before.
    /// Every query command (`trace`, `simulate`, `conform`, …) decides this way, here.
    public static func select(_ name: String?, in model: Model, naming: [String] = []) -> Result<Machine, QueryError> {
        let names = model.machines.map(\.name)
        if model.machines.isEmpty { return .failure(.noMachine(path: model.path)) }
        guard let name else {
            if model.machines.count == 1 { return .success(model.machines[0]) }
            let candidates = naming.isEmpty ? [] : model.machines.filter { machine in
                let declared = Set(machine.states.map(\.name) + machine.transitions.compactMap(\.event))
                return naming.allSatisfy(declared.contains)
            }
            if candidates.count == 1 { return .success(candidates[0]) }
            return .failure(.machineRequired(path: model.path, machines: names))
        }
        guard let machine = model.machine(named: name) else {
            return .failure(.unknownMachine(name, path: model.path, machines: names))
        }
        return .success(machine)
    }

    /// The state called `name` in `machine`, or `.unknownState` with a suggestion.
    public static func state(_ name: String, in machine: Machine) -> Result<Int, QueryError> {
        guard let index = machine.state(named: name) else {
            return .failure(.unknownState(name, machine: machine.name, states: machine.states.map(\.name)))
        }
        return .success(index)
    }
}
