import LifecycleSource

/// Top-level declarations: `import`, `machine`, `protocol` and `class`.
extension Parser {
    /// file := declaration*
    mutating func file() -> FileSyntax {
        var syntax = FileSyntax(file: source)
        while token.kind != .endOfFile {
            let before = token.start
            declaration(into: &syntax)
            assert(token.start > before || token.kind == .endOfFile, "parser made no progress")
        }
        syntax.names = names
        syntax.callbackSpellings = callbackSpellings
        return syntax
    }

    /// declaration := importDecl | machineDecl | protocolDecl | classDecl | extensionDecl
    mutating func declaration(into syntax: inout FileSyntax) {
        switch token.kind {
        case .keyword(.import):
            if let decl = importDecl() {
                syntax.order.append(.import(syntax.imports.count))
                syntax.imports.append(decl)
            }
        case .keyword(.machine):
            if let decl = machineDecl() {
                syntax.order.append(.machine(syntax.machines.count))
                syntax.machines.append(decl)
            }
        case .keyword(.protocol), .keyword(.class):
            if let decl = typeDecl() {
                if decl.kind == .protocol {
                    syntax.order.append(.protocol(syntax.protocols.count))
                    syntax.protocols.append(decl)
                } else {
                    syntax.order.append(.class(syntax.classes.count))
                    syntax.classes.append(decl)
                }
            }
        case .identifier where at(ContextualKeyword.platform):
            if let decl = platformDecl() {
                if let first = syntax.platform {
                    report(.duplicatePlatform(at: decl.range).note("first set here", at: first.range))
                } else {
                    syntax.platform = decl
                }
            }
        case .keyword(.state), .keyword(.initial), .keyword(.final), .keyword(.delegate), .keyword(.require):
            memberOutsideMachine()
        case .identifier where nextIsArrow():
            memberOutsideMachine()
        case .identifier where atSystemWord:
            if let decl = systemDecl() {
                syntax.order.append(.system(syntax.systems.count))
                syntax.systems.append(decl)
            }
        case .identifier where at(ContextualKeyword.extension) && nextIsIdentifier():
            if let decl = typeDecl() { syntax.extensions.append(decl) }
        case .unknown:
            skip(to: .declaration)
        default:
            let word = token.kind == .identifier ? text(token) : nil
            let suggestion = word.flatMap { Suggestions.bestMatch(for: $0, in: KeywordTable.statementWords(in: .file).map(\.text)) }
            skip(to: .declaration, reporting: .expectedDeclaration(found: found, suggestion: suggestion, at: range(token)))
        }
    }

    /// A member written at the top level: reported once, parsed and dropped.
    mutating func memberOutsideMachine() {
        let what: String = switch token.kind {
        case .keyword(let keyword) where keyword == .delegate || keyword == .require: keyword.text
        case .identifier: "transition"
        default: Keyword.state.text
        }
        report(.memberOutsideMachine(what, at: range(token)))
        let saved = diagnostics
        let outside = machine
        member()
        flushNames()
        // Drop what it parsed: it belongs to no machine.
        machine = outside
        diagnostics = saved
    }

    /// importDecl := 'import' (IDENT | STRING)
    mutating func importDecl() -> ImportDecl? {
        let start = token.start
        advance()
        switch token.kind {
        case .identifier:
            let name = NameSyntax(range: range(token))
            advance()
            return ImportDecl(target: .module(name), range: range(from: start))
        case .string:
            let path = optionalString()!
            return ImportDecl(target: .file(path), range: range(from: start))
        default:
            report(.expectedImportTarget(found: found, at: missingRange))
            synchronize(to: .declaration)
            return nil
        }
    }

    /// platformDecl := 'platform' IDENT VERSION
    ///
    /// The version is read as raw text (the language has no number tokens): digits and dots.
    mutating func platformDecl() -> PlatformDecl? {
        let start = token.start
        markKeyword(.platform)
        advance()
        guard token.kind == .identifier else {
            report(.expectedPlatform(found: found, at: token.kind == .endOfFile ? missingRange : range(token)))
            synchronize(to: .declaration)
            return nil
        }
        let name = NameSyntax(range: range(token))
        let version = lexer.scanVersion()
        resume(after: version, as: .version, end: version.length > 0 ? version.endOffset : name.range.endOffset)
        return PlatformDecl(name: name, version: version, range: range(from: start))
    }

    /// machineDecl := 'machine' IDENT STRING? '{' member* '}'
    mutating func machineDecl() -> MachineDecl? {
        guard let (start, name, description) = declarationHead(Keyword.machine.text) else { return nil }
        machine = MachineDecl(name: name, description: description, range: range(from: start))
        reserveMembers()
        enclosingState = -1
        body(of: .machine(name))
        flushNames()
        assert(machine.namesAreInterned, "a name of machine '\(source.text(name.range))' was not interned")
        var decl = machine
        // Leave no second reference to the arrays behind (so nothing copies them later).
        machine = MachineDecl(name: name, description: nil, range: decl.range)
        decl.range = range(from: start)
        return decl
    }

    /// protocolDecl := 'protocol' IDENT (':' IDENT (',' IDENT)*)? '{' (funcDecl | varDecl)* '}'
    /// classDecl    := 'class' IDENT (':' IDENT)? '{' (funcDecl | varDecl)* '}'
    /// extensionDecl := 'extension' IDENT '{' (funcDecl | varDecl)* '}'  ('extension' is a
    /// contextual word: an IDENT followed by another)
    mutating func typeDecl() -> TypeDecl? {
        let kind: TypeDecl.Kind = at(.protocol) ? .protocol : at(.class) ? .class : .extension
        if kind == .extension { markKeyword(.extension) }
        guard let head = keywordAndName(kind.rawValue, orSkipTo: .declaration) else { return nil }
        let start = head.start, name = head.name
        let title = "\(kind.rawValue) '\(source.text(name.range))'"
        var parents: [NameSyntax] = []
        if kind != .extension, consume(if: .colon) != nil {
            repeat {
                guard let parent = expectName({ .expectedName("parent type", found: $0, at: $1) },
                                              orSkipTo: .declaration) else { return nil }
                parents.append(parent)
            } while consume(if: .comma) != nil
            if kind == .class && parents.count > 1 {
                report(.classWithSeveralSuperclasses(title, at: parents[1].range))
            }
        }
        guard let open = consume(if: .leftBrace) else {
            report(.expectedBody(title, found: found, at: missingRange))
            synchronize(to: .declaration)
            return nil
        }
        var decl = TypeDecl(kind: kind, name: name, parents: parents, functions: [], variables: [],
                            memberOrder: [], range: range(from: start))
        var attributes = MemberAttributes()
        loop: while true {
            if !attributes.isEmpty && token.kind != .keyword(.func) && token.kind != .keyword(.var) && token.kind != .attribute {
                for attribute in attributes.all {
                    report(.attributeWithoutMember(String(source.text(attribute).prefix { $0 != "(" }), at: attribute))
                }
                attributes = MemberAttributes()
            }
            switch token.kind {
            case .attribute:
                attribute(into: &attributes)
            case .rightBrace:
                advance()
                break loop
            case .endOfFile, .keyword(.machine), .keyword(.protocol), .keyword(.class), .keyword(.import):
                report(.missingClosingBrace(title, found: found, at: missingRange)
                    .note("to match this opening '{'", at: range(open)))
                break loop
            case .keyword(.func):
                let pending = attributes
                attributes = MemberAttributes()
                if var function = funcDecl() {
                    function.availability = pending.availability
                    function.objcName = pending.objcName
                    decl.memberOrder.append(.function(decl.functions.count))
                    decl.functions.append(function)
                }
            case .keyword(.var):
                attributes = MemberAttributes()
                if let variable = varDecl() {
                    decl.memberOrder.append(.variable(decl.variables.count))
                    decl.variables.append(variable)
                }
            default:
                skip(to: .typeMember, reporting: .expectedTypeMember(title, found: found, at: range(token)))
            }
        }
        decl.range = range(from: start)
        return decl
    }

    /// The attributes read before a member, each from `@` to `)`.
    struct MemberAttributes {
        var availability: SourceRange?
        var objcName: SourceRange?

        var isEmpty: Bool { availability == nil && objcName == nil }
        var all: [SourceRange] { [availability, objcName].compactMap { $0 }.sorted { $0.startOffset < $1.startOffset } }
    }

    /// attribute := ('@available' | '@objc') '(' … ')'. Keeps its range, `@` to `)`, in
    /// `attributes`; reports one written twice for the same member, or without arguments.
    mutating func attribute(into attributes: inout MemberAttributes) {
        let start = token.start
        let isObjC = source.bytes[start + 1] == UInt8(ascii: "o")
        let name = String(decoding: source.bytes[start..<token.end], as: UTF8.self)
        advance()
        guard token.kind == .leftParen else {
            report(.expectedAttributeArguments(name, found: found, at: missingRange))
            return
        }
        let arguments = lexer.scanSwiftParameters(openParen: token.start)
        resume(after: arguments.range, as: .attributeArguments, replacingCurrent: true)
        guard arguments.isComplete else { return }
        let written = range(from: start)
        if let first = isObjC ? attributes.objcName : attributes.availability {
            report(.duplicateAttribute(name, at: written).note("first written here", at: first))
        } else if isObjC {
            attributes.objcName = written
        } else {
            attributes.availability = written
        }
    }

    /// funcDecl := 'func' IDENT SWIFT_PARAMS 'async'? 'throws'? ('->' SWIFT_TYPE)? ('returns' STRING)? ('body' STRING)?
    mutating func funcDecl() -> FuncDecl? {
        guard let head = keywordAndName("function", orSkipTo: .typeMember) else { return nil }
        let start = head.start, name = head.name
        guard token.kind == .leftParen else {
            report(.expectedParameters(source.text(name.range), found: found, at: missingRange))
            synchronize(to: .typeMember)
            return nil
        }
        let parameters = lexer.scanSwiftParameters(openParen: token.start)
        resume(after: parameters.range, as: .swiftParameters, replacingCurrent: true)
        var function = FuncDecl(name: name, parameters: parameters.range, parametersComplete: parameters.isComplete,
                                isAsync: false, isThrowing: false, returnType: nil, returns: nil, body: nil,
                                range: range(from: start))
        if at(ContextualKeyword.async) { function.isAsync = true; markKeyword(.async); advance() }
        if at(ContextualKeyword.throws) { function.isThrowing = true; markKeyword(.throws); advance() }
        if token.kind == .arrow {
            let type = lexer.scanSwiftType()
            resume(after: type.range, as: .swiftType)
            if type.range.length == 0 {
                report(.expectedType("after '->'", at: type.range))
            }
            function.returnType = type.range
        }
        if at(.returns) {
            advance()
            guard let value = optionalString() else {
                report(.expectedString(after: Keyword.returns.text, found: found, at: missingRange))
                synchronize(to: .typeMember)
                return nil
            }
            function.returns = value
        }
        if at(ContextualKeyword.body) {
            markKeyword(.body)
            advance()
            guard let value = optionalString() else {
                report(.expectedString(after: ContextualKeyword.body.text, found: found, at: missingRange))
                synchronize(to: .typeMember)
                return nil
            }
            function.body = value
        }
        function.range = range(from: start)
        return function
    }

    /// varDecl := 'var' IDENT ':' SWIFT_TYPE ('{' 'get' 'set'? '}')?
    mutating func varDecl() -> VarDecl? {
        guard let head = keywordAndName("property", orSkipTo: .typeMember) else { return nil }
        let start = head.start, name = head.name
        guard token.kind == .colon else {
            report(.expectedColonAfterProperty(source.text(name.range), found: found, at: missingRange))
            synchronize(to: .typeMember)
            return nil
        }
        let type = lexer.scanSwiftType()
        resume(after: type.range, as: .swiftType)
        if type.range.length == 0 {
            report(.expectedType("after ':'", at: type.range))
        }
        if token.kind == .leftBrace {
            let open = token
            advance()
            guard at(ContextualKeyword.get) else {
                report(.expectedAccessor(found: found, at: range(token)))
                skipRestOfBlock()
                return VarDecl(name: name, type: type.range, range: range(from: start))
            }
            markKeyword(.get)
            advance()
            if at(ContextualKeyword.set) { markKeyword(.set); advance() }
            if consume(if: .rightBrace) == nil {
                report(.missingClosingBrace("accessor block", found: found, at: missingRange)
                    .note("to match this opening '{'", at: range(open)))
                skipRestOfBlock()
            }
        }
        return VarDecl(name: name, type: type.range, range: range(from: start))
    }

    /// Skips the rest of a block whose `{` has been consumed.
    mutating func skipRestOfBlock() {
        var depth = 1
        while depth > 0 && token.kind != .endOfFile {
            if token.kind == .leftBrace { depth += 1 }
            if token.kind == .rightBrace { depth -= 1 }
            advance()
        }
    }
}
