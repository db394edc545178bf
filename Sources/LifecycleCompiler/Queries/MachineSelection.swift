/// Which machine of a spec a query is about: the one named by `--machine`, or the only one.
public enum MachineSelection {
    /// The machine called `name`, or the only machine when `name` is nil.
    ///
    /// - Returns: the machine, or `.unknownMachine` (with a suggestion) for a name the spec does
    ///   not declare, or `.machineRequired` when `name` is nil and the spec declares several.
    public static func select(_ name: String?, in model: Model) -> Result<Machine, QueryError> {
        let names = model.machines.map(\.name)
        if model.machines.isEmpty { return .failure(.noMachine(path: model.path)) }
        guard let name else {
            if model.machines.count == 1 { return .success(model.machines[0]) }
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
