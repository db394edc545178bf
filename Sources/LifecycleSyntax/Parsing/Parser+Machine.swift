import LifecycleSource

/// The inside of a machine: delegates, states, transitions and requirements.
///
/// Members are appended to `machine` (the `MachineDecl` being parsed) as they are met, so the
/// body comes out flat (see `MachineDecl`); `enclosingState` is the index of the state whose
/// body is being parsed, -1 at the machine's top level.
extension Parser {
    /// What a body belongs to, named in messages only when one is reported.
    enum BodyOwner {
        case machine(NameSyntax), state(NameSyntax)
    }

    func describe(_ owner: BodyOwner) -> String {
        switch owner {
        case .machine(let name): "machine '\(source.text(name.range))'"
        case .state(let name): "state '\(source.text(name.range))'"
        }
    }

    /// Gives `machine`'s arrays room for as many members as the rest of the file could
    /// plausibly hold, once per file.
    ///
    /// A growing array copies itself into a buffer twice as large each time it fills: for a
    /// body of a million states, the states, transitions and references went through about
    /// twice their final size in fresh pages, each cleared by the kernel on first touch. Room
    /// reserved but never filled is never touched, so it costs address space, not memory;
    /// the budget (about 2.5 bytes of address space per byte of source) is spent by the first
    /// machine, so that a file of many small machines does not reserve it again for each.
    mutating func reserveMembers() {
        guard !reservedMembers else { return }
        reservedMembers = true
        let remaining = max(source.count - token.start, 0)
        // The densest plausible specs: a state per 128 bytes, a transition per 64, a
        // callback reference per 48 (the benchmark's are 186, 112 and 74).
        machine.states.reserveCapacity(remaining / 128)
        machine.transitions.reserveCapacity(remaining / 64)
        machine.callbacks.reserveCapacity(remaining / 48)
    }

    /// Parses `{ member* }` starting at the current `{`, appending the members to `machine`.
    mutating func body(of owner: BodyOwner) {
        let open = token
        advance()
        while true {
            switch token.kind {
            case .rightBrace:
                advance()
                return
            case .endOfFile, .keyword(.machine), .keyword(.protocol), .keyword(.class), .keyword(.import):
                report(.missingClosingBrace(describe(owner), found: found, at: missingRange)
                    .note("to match this opening '{'", at: range(open)))
                return
            default:
                let before = token.start
                member()
                assert(token.start > before, "parser made no progress")
            }
        }
    }

    /// member := delegateDecl | stateDecl | transitionDecl | internalDecl | requireDecl | scenePhaseDecl | appStateDecl
    ///         | callbackDeadlineDecl
    ///
    /// Always consumes at least one token.
    mutating func member() {
        switch token.kind {
        case .keyword(.delegate):
            if let decl = delegateDecl() { machine.delegates.append(decl) }
        case .keyword(.state), .keyword(.initial), .keyword(.final):
            stateDecl()
        case .keyword(.require):
            if let decl = requireDecl() { machine.requires.append(decl) }
        case .identifier:
            transitionDecl()
        case .unknown:
            skip(to: .member)
        case .keyword(.on), .keyword(.by), .keyword(.calls), .string:
            skip(to: .member, reporting: .misplacedTransitionClause(found: found, at: range(token)))
        default:
            skip(to: .member, reporting: .expectedMember(found: found, at: range(token)))
        }
    }

    /// delegateDecl := 'delegate' IDENT (':' IDENT (',' IDENT)*)?
    /// delegateDecl := 'delegate' 'open'? IDENT (':' IDENT (',' IDENT)*)?
    ///
    /// `open` is a contextual word: `delegate open: …` declares a class named `open`.
    mutating func delegateDecl() -> DelegateDecl? {
        let start = token.start
        advance()
        var isOpen = false
        if at(.open) {
            var copy = lexer
            if copy.next().kind == .identifier {
                markKeyword(.open)
                advance()
                isOpen = true
            }
        }
        guard let name = expectName({ .expectedName("delegate class", found: $0, at: $1) }, orSkipTo: .member) else { return nil }
        var adopted: [NameSyntax] = []
        if consume(if: .colon) != nil {
            repeat {
                guard let parent = expectName({ .expectedName("protocol or class", found: $0, at: $1) },
                                              orSkipTo: .member) else { return nil }
                adopted.append(parent)
            } while consume(if: .comma) != nil
        }
        return DelegateDecl(name: name, adopted: adopted, range: range(from: start), isOpen: isOpen)
    }

    /// stateDecl := ('initial' | 'final')? 'state' IDENT STRING? deadline? ('{' member* '}')?
    ///
    /// The state is appended before its body, so that states come in pre-order.
    mutating func stateDecl() {
        let start = token.start
        var modifier = StateDecl.Modifier.none
        if at(.initial) || at(.final) {
            modifier = at(.initial) ? .initial : .final
            advance()
            guard at(.state) else {
                report(.expectedStateKeyword(after: modifier == .initial ? Keyword.initial.text : Keyword.final.text, found: found, at: missingRange))
                synchronize(to: .member)
                return
            }
        }
        advance()
        guard let name = expectName({ .expectedName(Keyword.state.text, found: $0, at: $1) }) else {
            synchronize(to: .member)
            return
        }
        let description = optionalString()
        let deadline = atTimeWord(.within) ? deadlineClause() : nil
        let index = machine.states.count
        // Its name's id comes when the batch of names it is queued in is interned.
        machine.states.append(StateDecl(modifier: modifier, parent: enclosingState, name: name, nameID: -1,
                                        description: description, range: range(from: start), deadline: deadline))
        queueName(name, into: .stateName, of: index)
        if enclosingState >= 0 { machine.states[Int(enclosingState)].hasChildStates = true }
        if token.kind == .leftBrace {
            if nesting >= Parser.maximumNesting {
                report(.nestingTooDeep(limit: Parser.maximumNesting, at: range(token)))
                skipBlock()
            } else {
                nesting += 1
                let outer = enclosingState
                enclosingState = Int32(index)
                body(of: .state(name))
                enclosingState = outer
                nesting -= 1
            }
            machine.states[index].range = range(from: start)
        }
    }

    /// transitionDecl := IDENT (',' IDENT)* '->' IDENT ('on' IDENT)? ('by' ('user'|'system'))? ('after' DURATION)? ('calls' callbackList)? STRING?
    ///
    /// Several sources (`Inactive, Active -> Background on leave`) are one transition per
    /// source, in the order written, sharing the rest (their callback references and delay too).
    ///
    /// Also reads an `internalTransitionDecl`: the contextual word `internal` followed by `on`.
    mutating func transitionDecl() {
        let start = token.start
        let source = NameSyntax(range: range(token))
        let sourceToken = token
        advance()
        if at(.on) && isWord(.internal, sourceToken) {
            markKeyword(.internal, sourceToken)
            internalDecl(start: start, keyword: source)
            return
        }
        if at(.calls) && (isWord(.entry, sourceToken) || isWord(.exit, sourceToken)) {
            let kind: StateActionDecl.Kind = isWord(.entry, sourceToken) ? .entry : .exit
            markKeyword(kind == .entry ? .entry : .exit, sourceToken)
            stateActionDecl(kind, start: start, keyword: source)
            return
        }
        if token.kind == .identifier && isWord(.scenePhase, sourceToken) {
            markKeyword(.scenePhase, sourceToken)
            scenePhaseDecl(start: start, keyword: source)
            return
        }
        if token.kind == .identifier && isWord(.from, sourceToken) {
            markKeyword(.from, sourceToken)
            callbackDeadlineDecl(start: start)
            return
        }
        if token.kind == .identifier && isWord(.appState, sourceToken) {
            markKeyword(.appState, sourceToken)
            appStateDecl(start: start, keyword: source)
            return
        }
        // `Inactive, Active -> Background …`: one transition per source.
        var sources = [source]
        while token.kind == .comma {
            advance()
            guard let another = expectName({ .expectedName("source state", found: $0, at: $1) }) else {
                synchronize(to: .member)
                return
            }
            sources.append(another)
        }
        guard consume(if: .arrow) != nil else {
            // The source's text is needed only for these messages.
            let sourceText = text(sourceToken)
            if token.kind == .identifier || at(.state),
               let keyword = Suggestions.bestMatch(for: sourceText, in: at(.state) ? [Keyword.initial.text, Keyword.final.text] : Parser.memberKeywords) {
                report(.unknownKeyword(sourceText, suggestion: keyword, at: source.range))
            } else {
                report(.expectedArrow(after: sourceText, found: found, at: missingRange))
            }
            synchronize(to: .member)
            return
        }
        guard let target = expectName({ .expectedTarget(found: $0, at: $1) }) else {
            synchronize(to: .member)
            return
        }
        let firstCallback = Int32(machine.callbacks.count)
        var transition = TransitionDecl(source: source, target: target, event: nil,
                                        sourceID: -1, targetID: -1, trigger: nil,
                                        callbacks: firstCallback..<firstCallback, description: nil, range: range(from: start))
        guard transitionClauses(&transition, start: start) else { return }
        // Several sources share everything but the source (and its diagnostics' place).
        for source in sources {
            transition.source = source
            machine.transitions.append(transition)
            // The ids come when the batch of names they are queued in is interned.
            let index = machine.transitions.count - 1
            queueName(source, into: .source, of: index)
            queueName(target, into: .target, of: index)
            if let event = transition.event { queueName(event, into: .event, of: index) }
        }
    }

    /// internalDecl := 'internal' 'on' IDENT ('by' ('user'|'system'))? ('calls' callbackList)? STRING?
    ///
    /// A transition that fires inside the enclosing state without leaving it: no exit, no
    /// entry, the machine stays in the state it is in. Its source and target are the enclosing
    /// state; at a machine's top level there is none, which is reported (the transition is
    /// parsed, then dropped).
    mutating func internalDecl(start: Int, keyword: NameSyntax) {
        let owner: NameSyntax? = enclosingState >= 0 ? machine.states[Int(enclosingState)].name : nil
        let firstCallback = Int32(machine.callbacks.count)
        let name = owner ?? keyword
        var transition = TransitionDecl(source: name, target: name, event: nil,
                                        sourceID: -1, targetID: -1, trigger: nil,
                                        callbacks: firstCallback..<firstCallback, description: nil, range: range(from: start))
        transition.isInternal = true
        guard transitionClauses(&transition, start: start) else { return }
        guard let owner else {
            report(.internalTransitionOutsideState(at: keyword.range))
            machine.callbacks.removeSubrange(Int(firstCallback)...)
            return
        }
        machine.transitions.append(transition)
        let index = machine.transitions.count - 1
        queueName(owner, into: .source, of: index)
        queueName(owner, into: .target, of: index)
        if let event = transition.event { queueName(event, into: .event, of: index) }
    }

    /// stateActionDecl := ('entry' | 'exit') 'calls' callbackList
    ///
    /// Read from `transitionDecl`: the contextual word `entry` or `exit` followed by `calls`.
    /// Outside a state's body there is no state to enter or leave, which is reported.
    mutating func stateActionDecl(_ kind: StateActionDecl.Kind, start: Int, keyword: NameSyntax) {
        let firstCallback = Int32(machine.callbacks.count)
        advance()
        guard callbackList() else {
            machine.callbacks.removeSubrange(Int(firstCallback)...)
            synchronize(to: .member)
            return
        }
        guard enclosingState >= 0 else {
            report(.stateActionOutsideState(source.text(keyword.range), at: keyword.range))
            machine.callbacks.removeSubrange(Int(firstCallback)...)
            return
        }
        machine.stateActions.append(StateActionDecl(kind: kind, state: enclosingState, keyword: keyword,
                                                    callbacks: firstCallback..<Int32(machine.callbacks.count),
                                                    range: range(from: start)))
    }

    /// scenePhaseDecl := 'scenePhase' phaseMapping (',' phaseMapping)*
    /// phaseMapping   := IDENT ':' '.' IDENT
    ///
    /// Read from `transitionDecl`: the contextual word `scenePhase` followed by a name. The
    /// states and phases are resolved by the checker.
    mutating func scenePhaseDecl(start: Int, keyword: NameSyntax) {
        guard let mappings = stateMappings(colon: { .expectedColonAfterPhaseState($0, found: $1, at: $2) },
                                           value: { .expectedScenePhase(after: $0, found: $1, phase: $2.flatMap(ScenePhase.init(rawValue:))?.swift, at: $3) })
        else { return }
        machine.scenePhases.append(ScenePhaseDecl(keyword: keyword, mappings: mappings, range: range(from: start)))
    }

    /// appStateDecl := 'appState' phaseMapping (',' phaseMapping)*
    ///
    /// Read from `transitionDecl` like `scenePhaseDecl`: what each named state looks like to a
    /// UI test, as an `XCUIApplication.State` case, resolved by the checker.
    mutating func appStateDecl(start: Int, keyword: NameSyntax) {
        guard let mappings = stateMappings(colon: { .expectedColonAfterAppState($0, found: $1, at: $2) },
                                           value: { .expectedAppState(after: $0, found: $1, state: $2.flatMap(AppState.init(rawValue:))?.swift, at: $3) })
        else { return }
        machine.appStates.append(ScenePhaseDecl(keyword: keyword, mappings: mappings, range: range(from: start)))
    }

    /// `State: .value, …` after `scenePhase` or `appState`; nil (after reporting and
    /// synchronizing) when one is malformed. `colon` words a missing ':' after a state; `value`
    /// a missing '.value' (given the word found there, if any, for a fix-it that adds the '.').
    mutating func stateMappings(colon: (String, String, SourceRange) -> Diagnostic,
                                value: (String, String, String?, SourceRange) -> Diagnostic) -> [ScenePhaseDecl.Mapping]? {
        var mappings: [ScenePhaseDecl.Mapping] = []
        repeat {
            guard let state = expectName({ .expectedName(Keyword.state.text, found: $0, at: $1) }, orSkipTo: .member) else { return nil }
            guard consume(if: .colon) != nil else {
                report(colon(source.text(state.range), found, missingRange))
                synchronize(to: .member)
                return nil
            }
            guard consume(if: .period) != nil else {
                let word = token.kind == .identifier ? text(token) : nil
                report(value(source.text(state.range), found, word, token.kind == .identifier ? range(token) : missingRange))
                synchronize(to: .member)
                return nil
            }
            let stateName = source.text(state.range)
            guard let phase = expectName({ value(stateName, $0, nil, $1) }, orSkipTo: .member) else { return nil }
            mappings.append(ScenePhaseDecl.Mapping(state: state, phase: phase))
        } while consume(if: .comma) != nil
        return mappings
    }

    /// The clauses after a transition's states: `on`, `by`, `calls` and the description.
    /// False (after reporting and synchronizing) when one is malformed: the transition is dropped.
    mutating func transitionClauses(_ transition: inout TransitionDecl, start: Int) -> Bool {
        let firstCallback = transition.callbacks.lowerBound
        if consume(if: .keyword(.on)) != nil {
            guard let event = expectName({ .expectedName("event", found: $0, at: $1) }) else {
                synchronize(to: .member)
                return false
            }
            transition.event = event
        }
        if consume(if: .keyword(.by)) != nil {
            guard let trigger = trigger(orSkipTo: .member) else { return false }
            transition.trigger = trigger
        }
        if atTimeWord(.after) {
            let word = token
            markKeyword(.after)
            transition.delay = duration(after: word)
        }
        if consume(if: .keyword(.calls)) != nil {
            guard callbackList() else {
                // Drop the references of the transition that is dropped.
                machine.callbacks.removeSubrange(Int(firstCallback)...)
                synchronize(to: .member)
                return false
            }
            transition.callbacks = firstCallback..<Int32(machine.callbacks.count)
        }
        transition.description = optionalString()
        transition.range = range(from: start)
        return true
    }

    // MARK: - Time (issue 43)

    /// Whether the current token is `word` (`after`, `within`) starting a clause: an identifier
    /// not followed by `->`, which would make it the next transition's source state.
    func atTimeWord(_ word: ContextualKeyword) -> Bool {
        guard at(word) else { return false }
        var copy = lexer
        return copy.next().kind != .arrow
    }

    /// DURATION after the current token, `word` (`after`, `within`): its raw text, checked by the
    /// checker; an empty range (reported here) when none is written.
    mutating func duration(after word: Token) -> DurationSyntax {
        let text = lexer.scanDuration()
        if text.length == 0 {
            // Report at the next token, which the lexer has not handed out yet.
            var copy = lexer
            let next = copy.next()
            let found: String = switch next.kind {
            case .identifier, .keyword, .attribute: "'\(source.text(SourceRange(file: source.id, start: next.start, end: next.end)))'"
            default: next.kind.description
            }
            resume(after: text, as: .version, end: word.end)
            report(.expectedDuration(after: self.text(word), found: found,
                                     at: SourceRange(file: source.id, start: word.end, end: word.end)))
            return DurationSyntax(range: SourceRange(file: source.id, start: word.end, end: word.end))
        }
        resume(after: text, as: .version)
        return DurationSyntax(range: text)
    }

    /// deadline := 'within' DURATION STRING?
    ///
    /// At the current `within`.
    mutating func deadlineClause() -> DeadlineSyntax {
        let start = token.start
        let word = token
        markKeyword(.within)
        let span = duration(after: word)
        let reason = optionalString()
        return DeadlineSyntax(span: span, reason: reason, range: range(from: start))
    }

    /// callbackDeadlineDecl := 'from' callbackRef 'to' callbackRef deadline
    ///
    /// Read from `transitionDecl`: the contextual word `from` followed by a name. The callbacks
    /// are resolved by the checker, in the machine's delegate scope.
    mutating func callbackDeadlineDecl(start: Int) {
        guard let from = callbackRef() else {
            synchronize(to: .member)
            return
        }
        guard at(.to) else {
            report(.expectedToInCallbackDeadline(found: found, at: token.kind == .endOfFile ? missingRange : range(token)))
            synchronize(to: .member)
            return
        }
        markKeyword(.to)
        advance()
        guard let to = callbackRef() else {
            synchronize(to: .member)
            return
        }
        guard at(.within) else {
            report(.expectedWithinInCallbackDeadline(found: found, at: token.kind == .endOfFile ? missingRange : range(token)))
            synchronize(to: .member)
            return
        }
        let deadline = deadlineClause()
        machine.callbackDeadlines.append(CallbackDeadlineDecl(from: from, to: to, deadline: deadline, range: range(from: start)))
    }

    /// callbackList := callbackRef (',' callbackRef)*
    ///
    /// Appends the references to `machine.callbacks`; false (after reporting) if one is missing.
    mutating func callbackList() -> Bool {
        repeat {
            guard let callback = callbackRef() else { return false }
            machine.callbacks.append(callback)
        } while consume(if: .comma) != nil
        return true
    }

    /// callbackRef := IDENT ('(' ((IDENT | KEYWORD | '_') ':')* ')')?
    ///
    /// An unclosed reference (`foo(_:` at the end of a line) is reported and ends where the
    /// labels stop, so that the next line still parses.
    mutating func callbackRef() -> CallbackRef? {
        let start = token.start
        guard let name = expectName({ .expectedCallback(found: $0, at: $1) }) else { return nil }
        if token.kind == .colon && token.start == name.range.endOffset {
            return objectiveCSelector(name, start: start)
        }
        guard token.kind == .leftParen && token.start == name.range.endOffset else {
            let spelling = callbackSpellings.intern(UnsafeBufferPointer(rebasing: source.bytes[name.range.startOffset..<name.range.endOffset]))
            return CallbackRef(baseName: name, spelling: spelling, isBare: true, range: name.range)
        }
        // The selector, assembled in a reused buffer: the name, then each label and ':'.
        spellingBuffer.removeAll(keepingCapacity: true)
        spellingBuffer.append(contentsOf: source.bytes[name.range.startOffset..<name.range.endOffset])
        spellingBuffer.append(UInt8(ascii: "("))
        let open = token
        advance()
        while true {
            if consume(if: .rightParen) != nil { break }
            if token.kind == .colon {
                // `scene(:willConnectTo:)`: the wildcard is missing; read it as `_:`.
                report(.colonWithoutLabel(at: SourceRange(file: source.id, start: token.start, end: token.start)))
                advance()
                spellingBuffer.append(contentsOf: "_:".utf8)
                continue
            }
            // A label may be a word the language reserves: AppKit's
            // `customWindowsToEnterFullScreen(for:on:)` has an `on:`.
            let isWord: Bool
            if case .keyword = token.kind { isWord = true } else { isWord = token.kind == .identifier }
            guard isWord else {
                report(.unclosedMethodReference(source.text(name.range), found: found, at: missingRange)
                    .note("to match this '('", at: range(open)))
                return selectorRef(name, range: range(from: start))
            }
            let labelToken = token
            // Look ahead: a label is followed by ':'; anything else means the reference ended,
            // except ')': `application(_:didFinishLaunchingWithOptions)` only lacks the last ':'.
            if !lexer.nextTokenIsColon() && nextIsRightParen() {
                report(.labelWithoutColon(text(labelToken), at: SourceRange(file: source.id, start: labelToken.end, end: labelToken.end)))
                advance()
                spellingBuffer.append(contentsOf: text(labelToken).utf8)
                spellingBuffer.append(UInt8(ascii: ":"))
                continue
            }
            guard lexer.nextTokenIsColon() else {
                report(.unclosedMethodReference(source.text(name.range), found: found, at: missingRange)
                    .note("to match this '('", at: range(open)))
                return selectorRef(name, range: range(from: start))
            }
            advance()
            advance()
            let label = source.bytes[labelToken.start..<labelToken.end]
            if label.allSatisfy({ $0 < 0x80 }) {
                spellingBuffer.append(contentsOf: label)
            } else {
                spellingBuffer.append(contentsOf: text(labelToken).utf8)
            }
            spellingBuffer.append(UInt8(ascii: ":"))
        }
        return selectorRef(name, range: range(from: start))
    }

    /// `peripheral:didUpdateValueForCharacteristic:error:`, the Objective-C form, starting at the
    /// ':' right after `name`: the selector as written, one identifier and ':' after another with
    /// nothing between them. It names one of two overloads (callbacks Swift names alike); the
    /// checker tells a learner who wrote it for another callback to write the Swift reference.
    mutating func objectiveCSelector(_ name: NameSyntax, start: Int) -> CallbackRef {
        spellingBuffer.removeAll(keepingCapacity: true)
        spellingBuffer.append(contentsOf: source.bytes[name.range.startOffset..<name.range.endOffset])
        spellingBuffer.append(UInt8(ascii: ":"))
        advance()
        while token.kind == .identifier && token.start == previousEnd && lexer.nextTokenIsColon() {
            spellingBuffer.append(contentsOf: text(token).utf8)
            spellingBuffer.append(UInt8(ascii: ":"))
            advance()
            advance()
        }
        let spelling = spellingBuffer.withUnsafeBufferPointer { callbackSpellings.intern($0) }
        return CallbackRef(baseName: name, spelling: spelling, isBare: false, range: range(from: start), isObjectiveC: true)
    }

    /// Whether the token after the current one is ')'.
    func nextIsRightParen() -> Bool {
        var copy = lexer
        return copy.next().kind == .rightParen
    }

    /// A reference spelled as the selector in `spellingBuffer`, closed here with ')'.
    mutating func selectorRef(_ name: NameSyntax, range: SourceRange) -> CallbackRef {
        spellingBuffer.append(UInt8(ascii: ")"))
        let spelling = spellingBuffer.withUnsafeBufferPointer { callbackSpellings.intern($0) }
        return CallbackRef(baseName: name, spelling: spelling, isBare: false, range: range)
    }

    /// requireDecl := 'require' callbackRef STRING?
    mutating func requireDecl() -> RequireDecl? {
        let start = token.start
        advance()
        guard let callback = callbackRef() else {
            synchronize(to: .member)
            return nil
        }
        let reason = optionalString()
        return RequireDecl(callback: callback, reason: reason, range: range(from: start))
    }
}
