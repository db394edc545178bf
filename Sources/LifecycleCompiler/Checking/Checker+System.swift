/// Systems: resolving instances, events and steps, then exploring the composed states.
///
/// An instance's machine is one of the root file's machines or of a file it imports (the
/// first one of that name, root first); an imported machine is checked here, once, when a
/// system first uses it. When names resolve and nothing else is wrong, the composed states are
/// explored breadth-first (`ComposedExploration`, at most `settings.stateLimit` of them): a step that
/// can fail once its event has started is an error, with the shortest sequence of events that
/// leads there as notes; an event never possible and an instance that never leaves its
/// initial state are warnings.
extension Checker {
    /// The default of `--state-limit`.
    public static let defaultStateLimit = 1_000_000

    mutating func checkSystems(machines: [Machine], imported: [(FileSyntax, String)]) -> [System] {
        guard !root.systems.isEmpty else { return [] }
        // Machines by name: the root's, then each imported file's (first wins).
        var machineNames: [String] = []
        var known: [String: MachineSource] = [:]
        for (index, machine) in machines.enumerated() where known[machine.name] == nil {
            known[machine.name] = .own(index)
            machineNames.append(machine.name)
        }
        for (fileIndex, (syntax, _)) in imported.enumerated() {
            for (index, decl) in syntax.machines.enumerated() {
                let name = syntax.file.text(decl.name.range)
                guard known[name] == nil else { continue }
                known[name] = .imported(file: fileIndex, machine: index)
                machineNames.append(name)
            }
        }
        var importedChecked: [String: Machine] = [:]
        var systems: [System] = []
        var firstByName: [String: SourceRange] = [:]
        for decl in root.systems {
            let name = text(decl.name.range)
            declareOnce(name, at: decl.name.range, in: &firstByName, duplicate: Diagnostic.duplicateSystem)
            systems.append(checkSystem(decl, name: name, machines: machines, imported: imported, known: known,
                                       machineNames: machineNames, importedChecked: &importedChecked))
        }
        return systems
    }

    enum MachineSource {
        case own(Int)
        case imported(file: Int, machine: Int)
    }

    private mutating func checkSystem(_ decl: SystemDecl, name systemName: String, machines: [Machine],
                                      imported: [(FileSyntax, String)], known: [String: MachineSource],
                                      machineNames: [String], importedChecked: inout [String: Machine]) -> System {
        let errorsBefore = diagnostics.errorCount
        var used: [Machine] = []
        var usedIndex: [String: Int] = [:]
        var instances: [Instance] = []
        var instanceByName: [String: Int] = [:]
        // Per instance, whether its machine resolved (its steps are then checked).
        var resolved: [Bool] = []
        for instanceDecl in decl.instances {
            let name = text(instanceDecl.name.range)
            let machineName = text(instanceDecl.machine.range)
            if let first = instanceByName[name] {
                report(.duplicateInstance(name, at: instanceDecl.name.range)
                    .note("'\(name)' first declared here", at: instances[first].range))
            } else {
                instanceByName[name] = instances.count
            }
            var machineIndex = -1
            if let index = usedIndex[machineName] {
                machineIndex = index
            } else if let source = known[machineName] {
                let machine: Machine
                switch source {
                case .own(let index):
                    machine = machines[index]
                case .imported(let file, let index):
                    if let checked = importedChecked[machineName] {
                        machine = checked
                    } else {
                        let errorsBefore = diagnostics.errorCount
                        machine = checkImportedMachine(imported[file].0.machines[index], in: imported[file].0)
                        importedChecked[machineName] = machine
                        if diagnostics.errorCount > errorsBefore { machinesWithErrors.insert(machineName) }
                    }
                }
                machineIndex = used.count
                usedIndex[machineName] = used.count
                used.append(machine)
            } else {
                let suggestion = spendSuggestion() ? Suggestions.bestMatch(for: machineName, in: machineNames) : nil
                report(.unknownMachine(machineName, suggestion: suggestion, at: instanceDecl.machine.range))
            }
            // Steps on a machine with errors are not judged: its events may be what is wrong.
            resolved.append(machineIndex >= 0 && !machinesWithErrors.contains(machineName))
            instances.append(Instance(name: name, label: instanceDecl.label.map(value), machine: max(machineIndex, 0),
                                      range: instanceDecl.name.range))
        }
        // Each machine's events, in declaration order (for did-you-mean).
        let eventsOf: [[String]] = used.map { machine in
            var seen = Set<String>()
            return machine.transitions.compactMap { $0.event }.filter { seen.insert($0).inserted }
        }
        let eventSets = eventsOf.map { Set($0) }

        var events: [SystemEvent] = []
        var eventByName: [String: SourceRange] = [:]
        for eventDecl in decl.events {
            let name = text(eventDecl.name.range)
            if let first = eventByName[name] {
                report(.duplicateSystemEvent(name, system: systemName, at: eventDecl.name.range)
                    .note("'\(name)' first declared here", at: first))
            } else {
                eventByName[name] = eventDecl.name.range
            }
            var steps: [SystemStep] = []
            for stepDecl in decl.steps(of: eventDecl) {
                let instanceName = text(stepDecl.instance.range)
                guard let instance = instanceByName[instanceName] else {
                    let suggestion = spendSuggestion() ? Suggestions.bestMatch(for: instanceName, in: instances.map(\.name)) : nil
                    report(.unknownInstance(instanceName, system: systemName, suggestion: suggestion, at: stepDecl.instance.range))
                    continue
                }
                switch stepDecl.kind {
                case .new:
                    steps.append(SystemStep(instance: instance, action: .new, range: stepDecl.range))
                case .fire:
                    guard let eventName = stepDecl.event else { continue }
                    let event = text(eventName.range)
                    if resolved[instance] {
                        let machine = instances[instance].machine
                        if !eventSets[machine].contains(event) {
                            let suggestion = spendSuggestion() ? Suggestions.bestMatch(for: event, in: eventsOf[machine]) : nil
                            report(.unknownInstanceEvent(event, instance: instanceName, machine: used[machine].name,
                                                         suggestion: suggestion, at: eventName.range))
                            continue
                        }
                    }
                    steps.append(SystemStep(instance: instance, action: .fire(event), range: stepDecl.range))
                }
            }
            events.append(SystemEvent(name: name, trigger: eventDecl.trigger.map { $0 == .user ? .user : .system },
                                      description: eventDecl.description.map(value), steps: steps,
                                      range: eventDecl.name.range))
        }
        let system = System(name: systemName, description: decl.description.map(value), range: decl.name.range,
                            machines: used, instances: instances, events: events)
        // The composed states mean something only when every name resolved and every machine
        // checked clean.
        if diagnostics.errorCount == errorsBefore && !diagnostics.hasErrors && !syntaxHadErrors {
            explore(system)
        }
        return system
    }

    /// A machine of an imported file, checked as if that file were the root (its names and
    /// callback spellings are that file's); its diagnostics are reported where it is written.
    private mutating func checkImportedMachine(_ decl: MachineDecl, in syntax: FileSyntax) -> Machine {
        var checker = self
        checker.root = syntax
        checker.diagnostics = Diagnostics()
        checker.syntaxHadErrors = false
        let machine = checker.checkMachine(decl)
        diagnostics.append(contentsOf: checker.diagnostics)
        suggestionsMade = checker.suggestionsMade
        return machine
    }

    /// Explores `system`'s composed states and reports what can go wrong.
    private mutating func explore(_ system: System) {
        let rows = ComposedStepper.rowSize(of: system)
        guard rows <= ComposedStepper.maximumRowSize else {
            report(.systemTooLarge(system.name, entries: rows, limit: ComposedStepper.maximumRowSize, at: system.range))
            return
        }
        let stepper = ComposedStepper(system: system)
        let budget = ComposedExploration.budget(for: stepper)
        let exploration = ComposedExploration(stepper, limit: min(settings.stateLimit, budget))
        if exploration.result == .limitReached {
            if budget < settings.stateLimit {
                report(.systemTooLargeToExplore(system.name, states: budget, instances: system.instances.count,
                                                events: system.events.count, at: system.range))
            } else {
                report(.systemStateLimit(system.name, limit: settings.stateLimit, at: system.range))
            }
            return
        }
        for (eventIndex, event) in system.events.enumerated() {
            guard let failure = exploration.failures[eventIndex] else { continue }
            // Replay the event up to the failing step, to see where that step's instance stands.
            var replay = exploration.state(failure.state)
            _ = replay.withUnsafeMutableBufferPointer { stepper.apply(eventIndex, to: $0.baseAddress!) }
            let step = event.steps[failure.step]
            let instance = system.instances[step.instance]
            let machine = system.machine(of: step.instance)
            let state = machine.states[Int(replay[step.instance])]
            let why: String
            let spelled: String
            switch step.action {
            case .fire(let name):
                spelled = "\(instance.name).\(name)"
                why = state.isFinal ? "a final state, which accepts no event" : "which does not accept '\(name)'"
            case .new:
                spelled = "new \(instance.name)"
                why = "neither its initial state nor a final state"
            }
            var diagnostic = Diagnostic.systemStepCanFail(spelled, event: event.name, instance: instance.name,
                                                          state: state.name, why: why, at: step.range)
            let path = exploration.events(to: failure.state)
            for (position, earlier) in path.enumerated() {
                let message = position == 0 ? "'\(system.events[earlier].name)' happens first" : "then '\(system.events[earlier].name)'"
                diagnostic = diagnostic.note(message, at: system.events[earlier].range)
            }
            diagnostic = diagnostic.note(path.isEmpty ? "'\(event.name)' starts in the initial state" : "then '\(event.name)' starts",
                                         at: event.range)
            report(diagnostic)
        }
        for (eventIndex, event) in system.events.enumerated() where !exploration.possible[eventIndex] {
            report(.systemEventNeverPossible(event.name, at: event.range))
        }
        let start = stepper.initial
        for (index, instance) in system.instances.enumerated() where !exploration.leftInitial[index] {
            let machine = system.machine(of: index)
            report(.instanceNeverLeavesInitial(instance.name, state: machine.states[Int(start[index])].name, at: instance.range))
        }
    }
}
