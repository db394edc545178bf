/// The inside of a machine: delegates, states, transitions and requirements.
extension Parser {
    /// Parses `{ member* }` starting at the current `{`; `owner` names the body in messages.
    mutating func body(of owner: String) -> [MemberSyntax] {
        let open = token
        advance()
        var members: [MemberSyntax] = []
        while true {
            switch token.kind {
            case .rightBrace:
                advance()
                return members
            case .endOfFile, .keyword(.machine), .keyword(.protocol), .keyword(.class), .keyword(.import):
                report(.missingClosingBrace(owner, found: found, at: missingRange)
                    .note("to match this opening '{'", at: range(open)))
                return members
            default:
                let before = token.start
                if let member = member() { members.append(member) }
                assert(token.start > before, "parser made no progress")
            }
        }
    }

    /// member := delegateDecl | stateDecl | transitionDecl | requireDecl
    ///
    /// Always consumes at least one token.
    mutating func member() -> MemberSyntax? {
        switch token.kind {
        case .keyword(.delegate):
            return delegateDecl().map(MemberSyntax.delegate)
        case .keyword(.state), .keyword(.initial), .keyword(.final):
            return stateDecl().map(MemberSyntax.state)
        case .keyword(.require):
            return requireDecl().map(MemberSyntax.require)
        case .identifier:
            return transitionDecl().map(MemberSyntax.transition)
        case .unknown:
            advance()
            synchronizeMember()
            return nil
        case .keyword(.on), .keyword(.by), .keyword(.calls), .string:
            report(.misplacedTransitionClause(found: found, at: range(token)))
            advance()
            synchronizeMember()
            return nil
        default:
            report(.expectedMember(found: found, at: range(token)))
            advance()
            synchronizeMember()
            return nil
        }
    }

    /// delegateDecl := 'delegate' IDENT (':' IDENT (',' IDENT)*)?
    mutating func delegateDecl() -> DelegateDecl? {
        let start = token.start
        advance()
        guard let name = expectName({ .expectedName("delegate class", found: $0, at: $1) }) else {
            synchronizeMember()
            return nil
        }
        var adopted: [NameSyntax] = []
        if consume(if: .colon) != nil {
            repeat {
                guard let parent = expectName({ .expectedName("protocol or class", found: $0, at: $1) }) else {
                    synchronizeMember()
                    return nil
                }
                adopted.append(parent)
            } while consume(if: .comma) != nil
        }
        return DelegateDecl(name: name, adopted: adopted, range: range(from: start))
    }

    /// stateDecl := ('initial' | 'final')? 'state' IDENT STRING? ('{' member* '}')?
    mutating func stateDecl() -> StateDecl? {
        let start = token.start
        var modifier = StateDecl.Modifier.none
        var modifierRange: SourceRange?
        if at(.initial) || at(.final) {
            modifier = at(.initial) ? .initial : .final
            modifierRange = range(token)
            advance()
            guard at(.state) else {
                report(.expectedStateKeyword(after: modifier == .initial ? "initial" : "final", found: found, at: missingRange))
                synchronizeMember()
                return nil
            }
        }
        advance()
        guard let name = expectName({ .expectedName("state", found: $0, at: $1) }) else {
            synchronizeMember()
            return nil
        }
        let description = optionalString()
        var members: [MemberSyntax]?
        if token.kind == .leftBrace {
            if nesting >= Parser.maximumNesting {
                report(.nestingTooDeep(limit: Parser.maximumNesting, at: range(token)))
                skipBlock()
                members = []
            } else {
                nesting += 1
                members = body(of: "state '\(source.text(name.range))'")
                nesting -= 1
            }
        }
        return StateDecl(modifier: modifier, modifierRange: modifierRange, name: name, description: description,
                         members: members, range: range(from: start))
    }

    /// transitionDecl := IDENT '->' IDENT ('on' IDENT)? ('by' ('user'|'system'))? ('calls' callbackList)? STRING?
    mutating func transitionDecl() -> TransitionDecl? {
        let start = token.start
        let source = NameSyntax(range: range(token))
        let sourceToken = token
        advance()
        guard consume(if: .arrow) != nil else {
            // The source's text is needed only for these messages.
            let sourceText = text(sourceToken)
            if token.kind == .identifier || at(.state),
               let keyword = Suggestions.bestMatch(for: sourceText, in: at(.state) ? ["initial", "final"] : ["state", "initial", "final", "delegate", "require"]) {
                report(.unknownKeyword(sourceText, suggestion: keyword, at: source.range))
            } else {
                report(.expectedArrow(after: sourceText, found: found, at: missingRange))
            }
            synchronizeMember()
            return nil
        }
        guard let target = expectName({ .expectedTarget(found: $0, at: $1) }) else {
            synchronizeMember()
            return nil
        }
        var transition = TransitionDecl(source: source, target: target, event: nil, trigger: nil, triggerRange: nil,
                                        callbacks: [], description: nil, range: range(from: start))
        if consume(if: .keyword(.on)) != nil {
            guard let event = expectName({ .expectedName("event", found: $0, at: $1) }) else {
                synchronizeMember()
                return nil
            }
            transition.event = event
        }
        if consume(if: .keyword(.by)) != nil {
            let word = token.kind == .identifier ? text(token) : ""
            guard let trigger = TransitionDecl.Trigger(rawValue: word) else {
                let suggestion = word.isEmpty ? nil : Suggestions.bestMatch(for: word, in: ["user", "system"])
                report(.expectedTrigger(found: found, suggestion: suggestion,
                                        at: token.kind == .identifier ? range(token) : missingRange))
                synchronizeMember()
                return nil
            }
            transition.trigger = trigger
            transition.triggerRange = range(token)
            advance()
        }
        if consume(if: .keyword(.calls)) != nil {
            guard let callbacks = callbackList() else {
                synchronizeMember()
                return nil
            }
            transition.callbacks = callbacks
        }
        transition.description = optionalString()
        transition.range = range(from: start)
        return transition
    }

    /// callbackList := callbackRef (',' callbackRef)*
    mutating func callbackList() -> [CallbackRef]? {
        var callbacks: [CallbackRef] = []
        repeat {
            guard let callback = callbackRef() else { return nil }
            callbacks.append(callback)
        } while consume(if: .comma) != nil
        return callbacks
    }

    /// callbackRef := IDENT ('(' ((IDENT | '_') ':')* ')')?
    ///
    /// An unclosed reference (`foo(_:` at the end of a line) is reported and ends where the
    /// labels stop, so that the next line still parses.
    mutating func callbackRef() -> CallbackRef? {
        let start = token.start
        guard let name = expectName({ .expectedCallback(found: $0, at: $1) }) else { return nil }
        guard token.kind == .leftParen && token.start == name.range.endOffset else {
            return CallbackRef(baseName: name, labels: nil, range: name.range)
        }
        let open = token
        advance()
        var labels = ""
        while true {
            if consume(if: .rightParen) != nil { break }
            guard token.kind == .identifier else {
                report(.unclosedMethodReference(source.text(name.range), found: found, at: missingRange)
                    .note("to match this '('", at: range(open)))
                return CallbackRef(baseName: name, labels: labels, range: range(from: start))
            }
            let labelToken = token
            // Look ahead: a label is followed by ':'; anything else means the reference ended.
            guard lexer.nextTokenIsColon() else {
                report(.unclosedMethodReference(source.text(name.range), found: found, at: missingRange)
                    .note("to match this '('", at: range(open)))
                return CallbackRef(baseName: name, labels: labels, range: range(from: start))
            }
            advance()
            advance()
            labels += text(labelToken)
            labels += ":"
        }
        return CallbackRef(baseName: name, labels: labels, range: range(from: start))
    }

    /// requireDecl := 'require' callbackRef STRING?
    mutating func requireDecl() -> RequireDecl? {
        let start = token.start
        advance()
        guard let callback = callbackRef() else {
            synchronizeMember()
            return nil
        }
        let reason = optionalString()
        return RequireDecl(callback: callback, reason: reason, range: range(from: start))
    }
}
