/// Systems: `system Name { instance … on … }`, several instances of machines driven together.
///
/// `system`, `instance` and `new` are contextual words, not keywords: `system` only at the top
/// level before a name, `instance` only at the start of a system member, `new` only at the
/// start of a step before a name. Everywhere else they stay ordinary names (a state may be
/// called `system`, an event `new`), so no existing spec changes meaning.
extension Parser {
    /// Whether the current token is the identifier `system`.
    var atSystemWord: Bool { at(ContextualKeyword.system) }

    /// Whether a system declaration starts here: `system` followed by a name (used by recovery,
    /// which must not stop at a `by system` it skips over).
    var atSystemDeclaration: Bool { atSystemWord && nextIsIdentifier() }

    /// systemDecl := 'system' IDENT STRING? '{' ( instanceDecl | systemEventDecl )* '}'
    mutating func systemDecl() -> SystemDecl? {
        markKeyword(.system)
        guard let (start, name, description) = declarationHead(ContextualKeyword.system.text) else { return nil }
        var system = SystemDecl(name: name, description: description, range: range(from: start))
        let open = token
        advance()
        while true {
            switch token.kind {
            case .rightBrace:
                advance()
                system.range = range(from: start)
                return system
            case .endOfFile, .keyword(.machine), .keyword(.protocol), .keyword(.class), .keyword(.import):
                report(.missingClosingBrace("\(ContextualKeyword.system.text) '\(source.text(name.range))'", found: found, at: missingRange)
                    .note("to match this opening '{'", at: range(open)))
                system.range = range(from: start)
                return system
            case .keyword(.on):
                systemEventDecl(into: &system)
            case .identifier where at(ContextualKeyword.instance):
                if let instance = instanceDecl() { system.instances.append(instance) }
            case .identifier where atSystemDeclaration:
                report(.missingClosingBrace("\(ContextualKeyword.system.text) '\(source.text(name.range))'", found: found, at: missingRange)
                    .note("to match this opening '{'", at: range(open)))
                system.range = range(from: start)
                return system
            case .unknown:
                skip(to: .systemMember)
            default:
                skip(to: .systemMember, reporting: .expectedSystemMember(found: found, at: range(token)))
            }
        }
    }

    /// instanceDecl := 'instance' IDENT ':' IDENT STRING?
    mutating func instanceDecl() -> InstanceDecl? {
        markKeyword(.instance)
        guard let head = keywordAndName(ContextualKeyword.instance.text, orSkipTo: .systemMember) else { return nil }
        let start = head.start, name = head.name
        guard consume(if: .colon) != nil else {
            report(.expectedInstanceMachine(source.text(name.range), found: found, at: missingRange))
            synchronize(to: .systemMember)
            return nil
        }
        guard let machine = expectName({ .expectedName(Keyword.machine.text, found: $0, at: $1) },
                                       orSkipTo: .systemMember) else { return nil }
        let label = optionalString()
        return InstanceDecl(name: name, machine: machine, label: label, range: range(from: start))
    }

    /// systemEventDecl := 'on' IDENT ( 'by' ( 'user' | 'system' ) )?
    ///                    ( 'when' conditionDecl ( 'and' conditionDecl )* )? ':' step ( ',' step )* STRING?
    ///
    /// Appends the event and its steps to `system`; after an error, neither.
    mutating func systemEventDecl(into system: inout SystemDecl) {
        let start = token.start
        advance()
        guard let name = expectName({ .expectedName("event", found: $0, at: $1) }) else {
            synchronize(to: .systemMember)
            return
        }
        var trigger: TransitionDecl.Trigger?
        if consume(if: .keyword(.by)) != nil {
            guard let value = self.trigger(orSkipTo: .systemMember) else { return }
            trigger = value
        }
        var conditions: [ConditionDecl] = []
        if at(ContextualKeyword.when) {
            while true {
                // `when`, then `and` before each further condition.
                markKeyword(at(ContextualKeyword.when) ? .when : .and)
                advance()
                guard let condition = conditionDecl() else {
                    synchronize(to: .systemMember)
                    return
                }
                conditions.append(condition)
                guard at(ContextualKeyword.and) && nextIsIdentifier() else { break }
            }
        }
        guard consume(if: .colon) != nil else {
            report(.expectedStepsColon(source.text(name.range), found: found, at: missingRange))
            synchronize(to: .systemMember)
            return
        }
        let firstStep = system.steps.count
        repeat {
            guard let step = stepDecl() else {
                system.steps.removeSubrange(firstStep...)
                synchronize(to: .systemMember)
                return
            }
            system.steps.append(step)
        } while consume(if: .comma) != nil
        let description = optionalString()
        system.events.append(SystemEventDecl(name: name, trigger: trigger, conditions: conditions,
                                             steps: Int32(firstStep)..<Int32(system.steps.count),
                                             description: description, range: range(from: start)))
    }

    /// conditionDecl := IDENT 'is' IDENT (after 'when', or after 'and' in a when clause)
    mutating func conditionDecl() -> ConditionDecl? {
        let start = token.start
        guard let instance = expectName({ .expectedName(ContextualKeyword.instance.text, found: $0, at: $1) }) else { return nil }
        guard at(ContextualKeyword.is) else {
            report(.expectedConditionIs(source.text(instance.range), found: found, at: missingRange))
            return nil
        }
        markKeyword(.is)
        advance()
        guard let state = expectName({ .expectedName(Keyword.state.text, found: $0, at: $1) }) else { return nil }
        return ConditionDecl(instance: instance, state: state, range: range(from: start))
    }

    /// step := IDENT '.' IDENT | 'new' IDENT
    mutating func stepDecl() -> StepDecl? {
        let start = token.start
        if at(ContextualKeyword.new) && nextIsIdentifier() {
            markKeyword(.new)
            advance()
            let instance = NameSyntax(range: range(token))
            advance()
            return StepDecl(kind: .new, instance: instance, event: nil, range: range(from: start))
        }
        guard let instance = expectName({ .expectedStep(found: $0, at: $1) }) else { return nil }
        guard consume(if: .period) != nil else {
            report(.expectedStepPeriod(source.text(instance.range), found: found, at: missingRange))
            return nil
        }
        guard let event = expectName({ .expectedName("event", found: $0, at: $1) }) else { return nil }
        return StepDecl(kind: .fire, instance: instance, event: event, range: range(from: start))
    }
}
