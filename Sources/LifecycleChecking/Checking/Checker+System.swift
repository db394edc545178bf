import LifecycleSource
import LifecycleSyntax
import LifecycleModel

/// Systems: resolving instances, events and steps, then exploring the composed states.
///
/// An instance's machine is one of the root file's machines or of a file it imports (the
/// first one of that name, root first); an imported machine is checked here, once, when a
/// system first uses it. When names resolve and nothing else is wrong, the composed states are
/// explored breadth-first (`ComposedExploration`, at most `settings.stateLimit` of them). An event is
/// possible where its `when` clause holds and all its steps can be applied in turn
/// (<doc:Language>, "Systems"): an event possible in no reachable state is an error located at
/// the step that stops it, and where a `when` clause holds, a step that cannot happen is an
/// error; both give the shortest sequence of events that leads there as notes and name the
/// fix. An instance that never leaves its initial state is a warning.
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
            var conditions: [SystemCondition] = []
            for conditionDecl in eventDecl.conditions {
                let instanceName = text(conditionDecl.instance.range)
                guard let instance = instanceByName[instanceName] else {
                    let suggestion = spendSuggestion() ? Suggestions.bestMatch(for: instanceName, in: instances.map(\.name)) : nil
                    report(.unknownInstance(instanceName, system: systemName, suggestion: suggestion, at: conditionDecl.instance.range))
                    continue
                }
                guard resolved[instance] else { continue }
                let machine = used[instances[instance].machine]
                let stateName = text(conditionDecl.state.range)
                guard let state = machine.state(named: stateName) else {
                    let suggestion = spendSuggestion() ? Suggestions.bestMatch(for: stateName, in: machine.states.map(\.name)) : nil
                    report(.unknownInstanceState(stateName, instance: instanceName, machine: machine.name,
                                                 suggestion: suggestion, at: conditionDecl.state.range))
                    continue
                }
                conditions.append(SystemCondition(instance: instance, state: state, range: conditionDecl.range))
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
                                      description: eventDecl.description.map(value), conditions: conditions, steps: steps,
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
            if let failure = exploration.failures[eventIndex] {
                report(blockedStep(of: eventIndex, at: failure, in: exploration, stepper: stepper, expected: true))
            } else if exploration.possible[eventIndex] {
                continue
            } else if !exploration.expected[eventIndex] {
                let clause = event.conditions.map { condition in
                    "\(system.instances[condition.instance].name)=\(system.machine(of: condition.instance).states[condition.state].name)"
                }
                report(.systemEventNeverExpected(event.name, clause: clause.joined(separator: ", "), at: event.range))
            } else if let furthest = exploration.furthest[eventIndex] {
                var diagnostic = blockedStep(of: eventIndex, at: furthest, in: exploration, stepper: stepper, expected: false)
                // An impossible event declared before, that would move the blocked instance,
                // may be the real mistake: say so rather than let this fix look like the only
                // one (declaration order usually follows the story: push before pop).
                let instance = event.steps[furthest.step].instance
                for (other, otherEvent) in system.events.enumerated()
                where other < eventIndex && !exploration.possible[other] && otherEvent.steps.contains(where: { $0.instance == instance }) {
                    diagnostic = diagnostic.note("'\(otherEvent.name)', which also moves '\(system.instances[instance].name)', is never possible either; fixing it may be enough",
                                                 at: otherEvent.range)
                }
                report(diagnostic)
            }
        }
        let start = stepper.initial
        for (index, instance) in system.instances.enumerated() where !exploration.leftInitial[index] {
            let machine = system.machine(of: index)
            report(.instanceNeverLeavesInitial(instance.name, state: machine.states[Int(start[index])].name, at: instance.range))
        }
    }

    /// The error for step `at.step` of event `eventIndex`, blocked in explored state `at.state`:
    /// where its `when` clause holds (`expected`), or everywhere the steps before it happen
    /// (the event is never possible). It says where the step's instance stands, names the fix
    /// (the shortest run of that instance's events to a state where the step can happen, as a
    /// fix-it inserting them before the step), and gives the shortest sequence of events that
    /// leads there as notes.
    private func blockedStep(of eventIndex: Int, at blocked: (state: Int, step: Int), in exploration: ComposedExploration,
                             stepper: ComposedStepper, expected: Bool) -> Diagnostic {
        let system = stepper.system
        let event = system.events[eventIndex]
        // Replay the event up to the blocked step, to see where that step's instance stands.
        var replay = exploration.state(blocked.state)
        _ = replay.withUnsafeMutableBufferPointer { stepper.apply(eventIndex, to: $0.baseAddress!) }
        let step = event.steps[blocked.step]
        let instance = system.instances[step.instance]
        let machine = system.machine(of: step.instance)
        let leaf = Int(replay[step.instance])
        let state = machine.states[leaf].name
        let machineStepper = stepper.steppers[instance.machine]
        let spelled: String
        let why: String
        let wanted: String
        let accepts: (Int) -> Bool
        switch step.action {
        case .fire(let name):
            spelled = "\(instance.name).\(name)"
            why = machine.states[leaf].isFinal && machine.states[leaf].parent == nil
                ? "a final state, where the machine has ended" : "which does not accept '\(name)'"
            wanted = "a state that accepts '\(name)'"
            accepts = { machineStepper.step(on: name, from: $0) != nil }
        case .new:
            spelled = "new \(instance.name)"
            why = "neither the state it starts in nor a final state where it has ended"
            wanted = "the state it starts in or a final state where it has ended"
            accepts = { machineStepper.canRestart(from: $0) }
        }
        let way = Self.shortestEvents(in: machineStepper, from: leaf, to: accepts)
        let fix: String
        var insertion: String?
        if let way, !way.isEmpty {
            let steps = way.map { "\(instance.name).\($0)" }.joined(separator: ", ")
            fix = "put '\(steps)' before it, the shortest way from '\(state)' to \(wanted)" + (expected ? ", or narrow the 'when' clause" : "")
            insertion = steps + ", "
        } else {
            fix = "'\(instance.name)' cannot get from '\(state)' to \(wanted): reorder the steps, or let an earlier event bring it there"
                + (expected ? ", or narrow the 'when' clause" : "")
        }
        var diagnostic = expected
            ? Diagnostic.systemStepFailsWhereExpected(spelled, event: event.name, instance: instance.name, state: state, why: why,
                                                      fix: fix, at: step.range)
            : Diagnostic.systemEventNeverPossible(event.name, step: spelled, first: blocked.step == 0, instance: instance.name,
                                                  state: state, why: why, fix: fix, at: step.range)
        if let insertion {
            diagnostic.fixIt = Diagnostic.FixIt(replace: SourceRange(file: step.range.file, start: step.range.startOffset, end: step.range.startOffset),
                                     with: insertion)
        }
        let path = exploration.events(to: blocked.state)
        for (position, earlier) in path.enumerated() {
            let message = position == 0 ? "'\(system.events[earlier].name)' happens first" : "then '\(system.events[earlier].name)'"
            diagnostic = diagnostic.note(message, at: system.events[earlier].range)
        }
        return diagnostic.note(path.isEmpty ? "'\(event.name)' starts in the initial state" : "then '\(event.name)' starts",
                               at: event.range)
    }

    /// The fewest events that take a machine from `leaf` to a leaf where `goal` holds (empty
    /// when it already does; `MachineStepper.shortestSteps`); nil when none does.
    static func shortestEvents(in stepper: MachineStepper, from leaf: Int, to goal: (Int) -> Bool) -> [String]? {
        stepper.shortestSteps(from: leaf, to: goal)?.map { stepper.machine.transitions[$0.transition].event ?? "" }
    }
}
