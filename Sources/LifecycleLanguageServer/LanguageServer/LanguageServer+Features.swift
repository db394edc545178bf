import LifecycleSource
import LifecycleSyntax
import LifecycleModel
import LifecycleChecking

/// What the language server answers: diagnostics, hover, navigation, completion, symbols,
/// rename, formatting, code actions and semantic tokens. Each feature takes typed params and
/// builds a typed result (`LSPTypes.swift`, the only place that knows their JSON) from an
/// `Analysis` (a compilation through `Compiler.compile`, as `check` does, with its token index)
/// or calls the `Formatter`.
extension LanguageServer {

    // MARK: - Locations

    /// The URI of a file a compilation read.
    func uri(of file: SourceFile, in analysis: Analysis, document: TextDocument) -> String {
        if file.id == analysis.root.id { return document.uri }
        if file.path.hasPrefix("<"), let catalog = BuiltInModules.all.first(where: { $0.fileName == file.path }) {
            return LanguageServer.catalogURI(of: catalog.module)
        }
        if let open = documentOrder.first(where: { Checker.normalize(documents[$0]?.path ?? "") == Checker.normalize(file.path) }) { return open }
        return file.path.hasPrefix("/") ? DocumentURI.uri(ofPath: file.path) : file.path
    }

    /// The location of a range in any file of the analysis.
    func location(_ range: SourceRange, in analysis: Analysis, document: TextDocument) -> Location {
        let file = analysis.files[range.file]
        let positions = file.id == analysis.root.id ? document : TextDocument(uri: "", version: 0, text: Array(file.bytes))
        return Location(uri: uri(of: file, in: analysis, document: document),
                        range: positions.range(range.startOffset, range.endOffset, encoding: encoding))
    }

    /// The start of a file, `uri`.
    func start(of uri: String) -> Location {
        Location(uri: uri, range: LSPRange(start: Position(line: 0, character: 0), end: Position(line: 0, character: 0)))
    }

    // MARK: - Diagnostics

    func publishDiagnostics(_ uri: String) -> PublishDiagnosticsParams? {
        guard let document = documents[uri] else { return nil }
        var items: [LSPDiagnostic] = []
        if document.bytes.count > LanguageServer.maximumDocumentSize {
            let range = SourceRange(file: FileID(0), start: 0, end: 0)
            items.append(lspDiagnostic(.documentTooLarge(limit: LanguageServer.maximumDocumentSize, at: range), analysis: nil, document: document))
        } else if let analysis = analysis(uri) {
            for diagnostic in analysis.diagnostics.sorted() where diagnostic.range.file == analysis.root.id {
                items.append(lspDiagnostic(diagnostic, analysis: analysis, document: document))
            }
        }
        return PublishDiagnosticsParams(uri: uri, version: document.version, diagnostics: items)
    }

    func lspDiagnostic(_ diagnostic: Diagnostic, analysis: Analysis?, document: TextDocument) -> LSPDiagnostic {
        let severity: DiagnosticSeverity = switch diagnostic.severity {
        case .error: .error
        case .warning: .warning
        case .note: .information
        }
        let range = document.range(diagnostic.range.startOffset, diagnostic.range.endOffset, encoding: encoding)
        var result = LSPDiagnostic(range: range, severity: severity, code: diagnostic.id, message: diagnostic.message)
        if let analysis, !diagnostic.notes.isEmpty {
            result.relatedInformation = diagnostic.notes.map { note in
                let place = note.range.map { location($0, in: analysis, document: document) } ?? Location(uri: document.uri, range: range)
                return LSPDiagnostic.Related(location: place, message: note.message)
            }
        }
        return result
    }

    func codeActions(_ params: CodeActionParams) throws(RequestError) -> [CodeAction] {
        let (document, analysis) = try target(params.uri)
        guard let range = params.range else { throw .invalidParams("missing or invalid 'range'") }
        let start = document.offset(of: range.start, encoding: encoding), end = document.offset(of: range.end, encoding: encoding)
        var actions: [CodeAction] = []
        for diagnostic in analysis.diagnostics.sorted() where diagnostic.range.file == analysis.root.id {
            guard let fix = diagnostic.fixIt, fix.range.file == analysis.root.id,
                  diagnostic.range.startOffset <= end, start <= diagnostic.range.endOffset else { continue }
            let old = analysis.root.text(fix.range)
            let title = fix.replacement.isEmpty ? "Remove '\(old)'" : old.isEmpty ? "Insert '\(fix.replacement)'" : "Change '\(old)' to '\(fix.replacement)'"
            let edit = TextEdit(range: document.range(fix.range.startOffset, fix.range.endOffset, encoding: encoding), newText: fix.replacement)
            actions.append(CodeAction(title: title, diagnostics: [lspDiagnostic(diagnostic, analysis: analysis, document: document)],
                                      isPreferred: true, edit: WorkspaceEdit(changes: [(document.uri, [edit])])))
        }
        return actions
    }

    // MARK: - Hover

    func hover(_ params: TextDocumentPositionParams) throws(RequestError) -> Hover? {
        let (document, analysis, offset) = try target(params)
        if let occurrence = analysis.occurrence(at: offset), let text = hoverText(occurrence.symbol, analysis: analysis) {
            return Hover(contents: MarkupContent(markdown: text), range: document.range(occurrence.start, occurrence.end, encoding: encoding))
        }
        // A keyword: what the table says it does.
        guard let index = analysis.tokenIndex.piece(at: offset) else { return nil }
        let piece = analysis.tokenIndex.pieces[index]
        let entry: KeywordTable.Entry? = switch piece.kind {
        case .token(.keyword(let keyword)): KeywordTable.entry(keyword)
        case .keyword(let word): KeywordTable.entry(word)
        case .token(.attribute): KeywordTable.entry(analysis.tokenIndex.text(piece))
        default: nil
        }
        guard let entry, piece.start <= offset, offset <= piece.end else { return nil }
        return Hover(contents: MarkupContent(markdown: "**\(entry.text)**: \(entry.summary)"),
                     range: document.range(piece.start, piece.end, encoding: encoding))
    }

    /// One transition as a line of text.
    func describe(_ transition: TransitionDecl, in machine: MachineDecl, file: SourceFile) -> String {
        var text = transition.isInternal ? "`internal` in `\(file.text(transition.source.range))`"
            : "`\(file.text(transition.source.range)) -> \(file.text(transition.target.range))`"
        if let event = transition.event { text += " on `\(file.text(event.range))`" }
        if let trigger = transition.trigger { text += " by \(trigger.rawValue)" }
        let callbacks = machine.callbacks(of: transition).map { file.text($0.range) }
        if !callbacks.isEmpty { text += ", calls " + callbacks.map { "`\($0)`" }.joined(separator: ", ") }
        return text
    }

    func transitionList(_ title: String, _ transitions: [TransitionDecl], machine: MachineDecl, file: SourceFile) -> String {
        guard !transitions.isEmpty else { return "" }
        let limit = 30
        var text = "\n\n\(title):\n"
        for transition in transitions.prefix(limit) { text += "- " + describe(transition, in: machine, file: file) + "\n" }
        if transitions.count > limit { text += "- … and \(transitions.count - limit) more\n" }
        return text
    }

    func methodText(_ ref: MethodRef, analysis: Analysis) -> String {
        let type = analysis.model.types[ref.type]
        let method = type.methods[ref.index]
        var text = "```swift\n\(analysis.signature(method))\n```\n\n"
        text += "`\(method.selector)`, declared in \(type.kind.rawValue) `\(type.name)`"
        if let origin = type.origin { text += " (\(Self.originText(origin)))" }
        if let objcSelector = method.objcSelector { text += "; Objective-C `\(objcSelector)`" }
        if let availability = method.availability { text += "\n\n" + Self.availabilityText(availability) }
        let doc = analysis.documentation(above: method.range)
        if !doc.isEmpty { text += "\n\n" + doc }
        if let returns = method.returns { text += "\n\nThe generated body returns `\(returns)`." }
        return text
    }

    /// Where an imported type comes from: the UIKit catalog's SDK, or the file.
    static func originText(_ origin: String) -> String {
        guard let catalog = BuiltInModules.named(origin) else { return origin }
        return "\(origin), \(catalog.sdk) SDK"
    }

    /// What a scene phase means, from Apple's documentation of `ScenePhase`.
    static let phaseMeanings: [String: String] = [
        "active": "the scene is in the foreground and interactive",
        "inactive": "the scene is in the foreground but should pause its work: it receives no events (Notification Center, Control Center or the app switcher over it, a call, on the way to or from the background)",
        "background": "the scene is not visible in the UI; expect the app to be suspended, and ended, soon",
    ]

    /// Hover over `scenePhase` or one of its phases: where the phase is read, and which states
    /// have which phase.
    func scenePhaseText(machine index: Int, phase: String, analysis: Analysis) -> String {
        let file = analysis.root
        let name = file.text(analysis.syntax.machines[index].name.range)
        guard index < analysis.model.machines.count, let observation = analysis.model.machines[index].phases else {
            if phase.isEmpty { return "**scenePhase**: which state of `\(name)` is which SwiftUI scene phase" }
            return Self.phaseMeanings[phase].map { "**scene phase** `.\(phase)`: \($0)" } ?? "**unknown scene phase** `.\(phase)`"
        }
        let machine = analysis.model.machines[index]
        let reader = machine.delegate.map { "`\($0.name)`" } ?? "its delegate"
        var text: String
        if phase.isEmpty {
            text = observation.scope == .app
                ? "**scenePhase** of `\(name)`: read in \(reader), an `App`, it is the app's aggregate phase: `.active` if any scene is active, `.inactive` if none is but one is, else `.background`"
                : "**scenePhase** of `\(name)`: read in \(reader), a `View`, it is the phase of the scene that shows the view"
            text += ". A transition reports the change from its state's phase to the phase of the state it enters (two, through `.inactive`, between `.active` and `.background`); none from or to a state without a phase."
        } else {
            text = "**scene phase** `.\(phase)`" + (Self.phaseMeanings[phase].map { ": \($0)" } ?? "")
        }
        let states = machine.states.indices.compactMap { state -> String? in
            machine.states[state].isComposite ? nil : "- `\(machine.states[state].name)`: " + (observation.phases[state].map { "`\($0.swift)`" } ?? "no phase")
        }
        return text + "\n\n" + states.joined(separator: "\n")
    }

    /// `iOS 2.0+; deprecated in iOS 26.0: "Use UIScene lifecycle and …"` (the message
    /// verbatim, else the `renamed:` replacement), and the attribute as written.
    static func availabilityText(_ availability: Availability) -> String {
        var parts: [String] = []
        let platform = availability.platform == "*" ? "every platform" : availability.platform
        if let introduced = availability.introduced { parts.append("\(platform) \(introduced)+") }
        if availability.isDeprecated {
            var deprecated = "deprecated" + (availability.deprecated.map { " in \(platform) \($0)" } ?? "")
            if let message = availability.message, !message.isEmpty {
                deprecated += ": \"\(message)\""
            } else if let replacement = availability.replacement {
                deprecated += ": " + replacement
            }
            parts.append(deprecated)
        }
        if let obsoleted = availability.obsoleted { parts.append("obsoleted in \(platform) \(obsoleted)") }
        let summary = parts.isEmpty ? "" : "**Availability:** " + parts.joined(separator: "; ") + "\n\n"
        return summary + "`" + availability.text + "`"
    }

    func hoverText(_ symbol: Analysis.Symbol, analysis: Analysis) -> String? {
        let file = analysis.root
        switch symbol {
        case .machine(let index):
            let machine = analysis.syntax.machines[index]
            var text = "**machine** `\(file.text(machine.name.range))`"
            if let description = machine.description { text += "\n\n" + description.value(in: file) }
            return text + "\n\n\(machine.states.count) states, \(machine.transitions.count) transitions"
        case .state(let index, let name):
            let machine = analysis.syntax.machines[index]
            guard let state = machine.states.first(where: { file.text($0.name.range) == name }) else {
                return "**unknown state** `\(name)`"
            }
            let kind = switch state.modifier {
            case .initial: KeywordTable.entry(.initial).completionLabel!
            case .final: KeywordTable.entry(.final).completionLabel!
            case .none: Keyword.state.text
            }
            var text = "**\(kind)** `\(name)` in machine `\(file.text(machine.name.range))`"
            if state.parent >= 0 { text += ", inside `\(file.text(machine.states[Int(state.parent)].name.range))`" }
            if let description = state.description { text += "\n\n" + description.value(in: file) }
            // Its `entry calls …` and `exit calls …`, as written.
            if let stateIndex = machine.states.firstIndex(where: { file.text($0.name.range) == name }) {
                for action in machine.stateActions where action.state == Int32(stateIndex) {
                    let word = action.kind == .entry ? ContextualKeyword.entry.text : ContextualKeyword.exit.text
                    text += "\n\n\(word.prefix(1).uppercased() + word.dropFirst()) calls " + machine.callbacks(of: action).map { "`\(file.text($0.range))`" }.joined(separator: ", ")
                }
            }
            // An internal transition neither leaves nor enters its state: a list of its own.
            let outgoing = machine.transitions.filter { !$0.isInternal && file.text($0.source.range) == name }
            let incoming = machine.transitions.filter { !$0.isInternal && file.text($0.target.range) == name }
            let internals = machine.transitions.filter { $0.isInternal && file.text($0.source.range) == name }
            text += transitionList("Outgoing", outgoing, machine: machine, file: file)
            text += transitionList("Incoming", incoming, machine: machine, file: file)
            text += transitionList("Internal (the state is neither left nor entered)", internals, machine: machine, file: file)
            return text
        case .event(let index, let name):
            let machine = analysis.syntax.machines[index]
            let transitions = machine.transitions.filter { $0.event.map { file.text($0.range) } == name }
            return "**event** `\(name)`" + transitionList("Transitions", transitions, machine: machine, file: file)
        case .foreignEvent(let path, let machine, let name):
            return "**event** `\(name)` of machine `\(machine)`, imported from `\(path)`"
        case .foreignState(let path, let machine, let name):
            return "**state** `\(name)` of machine `\(machine)`, imported from `\(path)`"
        case .callback(let index, let spelling):
            let methods = analysis.resolve(callback: spelling, machine: index)
            guard !methods.isEmpty else { return "**unknown callback** `\(spelling)`" }
            return methods.map { methodText($0, analysis: analysis) }.joined(separator: "\n\n---\n\n")
        case .method(let typeName, let selector):
            guard let type = analysis.model.types.lastIndex(where: { $0.name == typeName && $0.origin == nil }),
                  let index = analysis.model.types[type].methods.firstIndex(where: { $0.selector == selector }) else { return nil }
            return methodText(MethodRef(type: type, index: index), analysis: analysis)
        case .type(let name):
            guard let index = analysis.type(named: name) else { return "**unknown type** `\(name)`" }
            let type = analysis.model.types[index]
            var text = "**\(type.kind.rawValue)** `\(type.name)`"
            if let origin = type.origin { text += " (\(Self.originText(origin)))" }
            if !type.parents.isEmpty { text += ": " + type.parents.map { "`\(analysis.model.types[$0].name)`" }.joined(separator: ", ") }
            let doc = analysis.documentation(above: type.range)
            if !doc.isEmpty { text += "\n\n" + doc }
            if !type.methods.isEmpty { text += "\n\n" + type.methods.prefix(40).map { "- `\($0.selector)`" }.joined(separator: "\n") }
            return text
        case .module(let name):
            switch name {
            case "UIKit": return "**import** `UIKit`: the built-in catalog of UIKit's delegate and view-controller callbacks, generated from Apple's \(BuiltInModules.uiKit.sdk) SDK"
            case "SwiftUI": return "**import** `SwiftUI`: the built-in catalog of SwiftUI's `App` and `View`, and the modifiers whose actions SwiftUI calls (`onAppear`, `onDisappear`, `task`), from Apple's \(BuiltInModules.swiftUI.sdk) SDK; `scenePhase` maps states to scene phases"
            default:
                guard let catalog = BuiltInModules.named(name) else { return "**unknown module** `\(name)`" }
                return "**import** `\(name)`: the built-in catalog of \(catalog.framework)'s delegate callbacks (\(catalog.types.filter { $0 != "NSObject" }.map { "`\($0)`" }.joined(separator: ", "))), generated from Apple's \(catalog.sdk) SDK"
            }
        case .importedFile(let path):
            return "**import** `\(path)`"
        case .scenePhase(let machine, let phase):
            return scenePhaseText(machine: machine, phase: phase, analysis: analysis)
        }
    }

    // MARK: - Navigation

    func definition(_ params: TextDocumentPositionParams) throws(RequestError) -> DefinitionResult {
        let (document, analysis, offset) = try target(params)
        guard let occurrence = analysis.occurrence(at: offset) else { return .none }
        let file = analysis.root
        func here(_ start: Int, _ end: Int) -> Location {
            Location(uri: document.uri, range: document.range(start, end, encoding: encoding))
        }
        switch occurrence.symbol {
        case .state(let machine, let name):
            let states = analysis.syntax.machines[machine].states.filter { file.text($0.name.range) == name }
            return .many(states.prefix(1).map { here($0.name.range.startOffset, $0.name.range.endOffset) })
        case .event(let machine, _):
            // The first transition naming it (a system before the machine may name it earlier).
            let range = analysis.syntax.machines[machine].range
            let first = analysis.occurrences.first { $0.symbol == occurrence.symbol && $0.start >= range.startOffset }
                ?? analysis.occurrences.first { $0.symbol == occurrence.symbol }!
            return .one(here(first.start, first.end))
        case .foreignEvent(let path, let machine, let name):
            guard let range = analysis.firstTransition(of: name, machine: machine, path: path) else { return .none }
            return .one(location(range, in: analysis, document: document))
        case .foreignState(let path, let machine, let name):
            guard let range = analysis.stateDeclaration(of: name, machine: machine, path: path) else { return .none }
            return .one(location(range, in: analysis, document: document))
        case .machine:
            let first = analysis.occurrences.first { $0.symbol == occurrence.symbol }!
            return .one(here(first.start, first.end))
        case .callback(let machine, let spelling):
            return .many(analysis.resolve(callback: spelling, machine: machine).map {
                location(analysis.model.method($0).range, in: analysis, document: document)
            })
        case .method:
            return .one(here(occurrence.start, occurrence.end))
        case .type(let name):
            guard let index = analysis.type(named: name) else { return .none }
            return .one(location(analysis.model.types[index].range, in: analysis, document: document))
        case .scenePhase:
            return .none
        case .module(let name):
            guard Checker.modules.contains(name) else { return .none }
            return .one(start(of: LanguageServer.catalogURI(of: name)))
        case .importedFile(let path):
            let uri = openDocument(atPath: path) ?? (path.hasPrefix("/") ? DocumentURI.uri(ofPath: path) : path)
            return .one(start(of: uri))
        }
    }

    /// Whether two occurrences name the same thing (callbacks: the same method).
    func sameSymbol(_ a: Analysis.Symbol, _ b: Analysis.Symbol, analysis: Analysis) -> Bool {
        if case .callback(let m1, let s1) = a, case .callback(let m2, let s2) = b {
            if s1 == s2 && m1 == m2 { return true }
            let r1 = analysis.resolve(callback: s1, machine: m1), r2 = analysis.resolve(callback: s2, machine: m2)
            return r1.count == 1 && r1 == r2
        }
        return a == b
    }

    func references(_ params: ReferenceParams) throws(RequestError) -> [Location]? {
        let (document, analysis, offset) = try target(params.at)
        guard let occurrence = analysis.occurrence(at: offset) else { return nil }
        var result: [Location] = []
        for other in analysis.occurrences where sameSymbol(other.symbol, occurrence.symbol, analysis: analysis) {
            if other.isDeclaration && !params.includeDeclaration { continue }
            result.append(Location(uri: document.uri, range: document.range(other.start, other.end, encoding: encoding)))
        }
        return result
    }

    // MARK: - Rename

    /// A state or event under the cursor (an event also where a system step names it, a state
    /// where a `when` clause does), which rename can change.
    func renameTarget(_ params: TextDocumentPositionParams) throws(RequestError) -> (TextDocument, Analysis, Analysis.Occurrence)? {
        let (document, analysis, offset) = try target(params)
        guard let occurrence = analysis.occurrence(at: offset) else { return nil }
        switch occurrence.symbol {
        case .state, .event, .foreignEvent, .foreignState: return (document, analysis, occurrence)
        default: return nil
        }
    }

    func prepareRename(_ params: TextDocumentPositionParams) throws(RequestError) -> PrepareRenameResult? {
        guard let (document, analysis, occurrence) = try renameTarget(params) else { return nil }
        return PrepareRenameResult(range: document.range(occurrence.start, occurrence.end, encoding: encoding),
                                   placeholder: analysis.root.text(SourceRange(file: analysis.root.id, start: occurrence.start, end: occurrence.end)))
    }

    func rename(_ params: RenameParams) throws(RequestError) -> WorkspaceEdit {
        let newName = params.newName
        guard let (_, analysis, occurrence) = try renameTarget(params.at) else {
            throw .failed("only a state or an event can be renamed")
        }
        guard LanguageServer.isIdentifier(newName) else { throw .failed("'\(newName)' is not a valid name") }
        guard let key = analysis.nameKey(occurrence.symbol) else { throw .failed("only a state or an event can be renamed") }
        return try rename(key, to: newName)
    }

    /// Renames an event or a state everywhere it is named: its machine's transitions (and
    /// states), and the system steps and `when` clauses of every open document (and of the
    /// machine's own file, open or not) that reach that machine. Renaming it to another event
    /// or state of the machine would merge the two: refused.
    func rename(_ key: Analysis.NameKey, to newName: String) throws(RequestError) -> WorkspaceEdit {
        let (path, machineName) = (key.path, key.machine)
        var places: [(uri: String, document: TextDocument, analysis: Analysis)] = []
        for uri in documentOrder {
            if let document = documents[uri], let analysis = analysis(uri) { places.append((uri, document, analysis)) }
        }
        if openDocument(atPath: path) == nil, case .success(let bytes) = readFile(path), bytes.count <= SourceFile.maximumSize {
            let uri = path.hasPrefix("/") ? DocumentURI.uri(ofPath: path) : path
            places.append((uri, TextDocument(uri: uri, version: 0, text: bytes), compile(path: path, bytes: bytes)))
        }
        if let home = places.first(where: { Checker.normalize($0.analysis.root.path) == path }),
           let machine = home.analysis.syntax.machines.first(where: { home.analysis.root.text($0.name.range) == machineName }) {
            let file = home.analysis.root
            switch key.kind {
            case .event where machine.transitions.contains(where: { $0.event.map { file.text($0.range) } == newName }):
                throw .failed("an event named '\(newName)' already exists in machine '\(machineName)'")
            case .state where machine.states.contains(where: { file.text($0.name.range) == newName }):
                throw .failed("a state named '\(newName)' already exists")
            default:
                break
            }
        }
        var changes: [(uri: String, edits: [TextEdit])] = []
        for place in places {
            let edits = place.analysis.occurrences.filter { place.analysis.nameKey($0.symbol) == key }.map {
                TextEdit(range: place.document.range($0.start, $0.end, encoding: encoding), newText: newName)
            }
            if !edits.isEmpty { changes.append((place.uri, edits)) }
        }
        return WorkspaceEdit(changes: changes)
    }

    /// Whether `text` lexes as exactly one identifier (not a keyword, not `_`).
    static func isIdentifier(_ text: String) -> Bool {
        guard !text.isEmpty, text != "_", text.utf8.count <= 1_000 else { return false }
        let file = SourceFile(id: FileID(0), path: "", bytes: Array(text.utf8))
        var lexer = Lexer(file)
        let token = lexer.next()
        return token.kind == .identifier && token.start == 0 && token.end == file.count && lexer.diagnostics.isEmpty
    }

    // MARK: - Completion

    func completion(_ params: TextDocumentPositionParams) throws(RequestError) -> CompletionList {
        let (document, analysis, offset) = try target(params)
        let bytes = document.bytes
        let lineStart = bytes.withUnsafeBufferPointer { LineEnd.start(ofLineAt: offset, in: $0) }
        var wordStart = offset
        while wordStart > lineStart, Lexer.byteClass(bytes[wordStart - 1]) & Lexer.identifierBodyBit != 0 || bytes[wordStart - 1] >= 0x80 {
            wordStart -= 1
        }
        // For callbacks, a selector being typed: `scene(_:will`.
        var selectorStart = wordStart
        while selectorStart > lineStart, [UInt8(ascii: "("), UInt8(ascii: ":"), UInt8(ascii: "_")].contains(bytes[selectorStart - 1])
                || Lexer.byteClass(bytes[selectorStart - 1]) & Lexer.identifierBodyBit != 0 {
            selectorStart -= 1
        }
        let index = analysis.tokenIndex
        let pieces = index.pieces
        // Inside a comment, a string or Swift text there is nothing to complete.
        if offset > 0, let inside = index.piece(at: offset - 1) {
            let piece = pieces[inside]
            switch piece.kind {
            case .lineComment where piece.start < offset && offset <= piece.end,
                 .blockComment where piece.start < offset && offset < piece.end,
                 .token(.string) where piece.start < offset && offset < piece.end,
                 .swiftParameters where piece.start < offset && offset < piece.end,
                 .attributeArguments where piece.start < offset && offset < piece.end,
                 .swiftType where piece.start < offset && offset <= piece.end:
                return CompletionList(items: [])
            default:
                break
            }
        }
        // The last piece before the word being typed that is not trivia, if it is on this line.
        var previous = index.piece(at: max(selectorStart - 1, 0)).map { $0 + (pieces[$0].end <= selectorStart ? 0 : -1) } ?? -1
        while previous >= 0 && pieces[previous].kind.isTrivia { previous -= 1 }
        if previous >= 0 && pieces[previous].end <= lineStart { previous = -1 }
        let before: TokenIndex.Kind? = previous >= 0 ? pieces[previous].kind : nil

        let machine = analysis.machine(at: offset)
        var items: [CompletionItem] = []
        func item(_ label: String, kind: CompletionItemKind, detail: String?, documentation: String? = nil) {
            items.append(CompletionItem(label: label, kind: kind, detail: detail,
                                        documentation: documentation.flatMap { $0.isEmpty ? nil : MarkupContent(markdown: $0) }))
        }
        let file = analysis.root
        func states() {
            guard let machine else { return }
            var seen = Set<String>()
            for state in analysis.syntax.machines[machine].states {
                let name = file.text(state.name.range)
                if seen.insert(name).inserted { item(name, kind: .enumMember, detail: state.description?.value(in: file) ?? Keyword.state.text) }
            }
        }
        func callbacks() {
            guard let machine else { return }
            for type in analysis.callbackTypes(machine: machine) {
                let info = analysis.model.types[type]
                for (index, method) in info.methods.enumerated() {
                    let ref = MethodRef(type: type, index: index)
                    items.append(CompletionItem(label: method.selector, kind: .method, detail: analysis.signature(method),
                                                documentation: MarkupContent(markdown: methodText(ref, analysis: analysis)),
                                                insertText: method.selector, filterText: method.selector,
                                                textEdit: TextEdit(range: document.range(selectorStart, offset, encoding: encoding),
                                                                   newText: method.selector)))
                }
            }
        }
        /// Whether a `calls` comes before `previous` on this line (a callback list goes on after a comma).
        func inCallbackList() -> Bool {
            var index = previous
            while index >= 0 && pieces[index].end > lineStart {
                if pieces[index].kind == .token(.keyword(.calls)) { return true }
                index -= 1
            }
            return false
        }
        // In a `scenePhase` line (its first piece the word, marked or still being typed).
        var statementStart = previous
        while statementStart > 0 && pieces[statementStart - 1].end > lineStart { statementStart -= 1 }
        while statementStart >= 0 && statementStart < previous && pieces[statementStart].kind.isTrivia { statementStart += 1 }
        let inScenePhase = previous >= 0
            && (pieces[statementStart].kind == .keyword(.scenePhase)
                || (pieces[statementStart].kind == .token(.identifier) && index.text(pieces[statementStart]) == ContextualKeyword.scenePhase.text))
        if inScenePhase {
            switch before {
            case .token(.colon), .token(.period):
                // `scenePhase Active: .` — the phases, with their '.' when it is not typed yet.
                for phase in ScenePhase.allCases.reversed() {
                    items.append(CompletionItem(label: "." + phase.rawValue, kind: .enumMember, detail: Self.phaseMeanings[phase.rawValue],
                                                insertText: before == .token(.period) ? phase.rawValue : "." + phase.rawValue))
                }
                return CompletionList(items: items)
            case .token(.comma), .keyword(.scenePhase):
                states()
                return CompletionList(items: items)
            case .token(.identifier) where previous == statementStart:
                // The word itself, before the parser could mark it.
                states()
                return CompletionList(items: items)
            default:
                break
            }
        }
        /// Whether `kind` is the contextual keyword `word`, marked by the parser or still being
        /// typed (an identifier spelt so).
        func isWord(_ word: ContextualKeyword, _ at: Int) -> Bool {
            at >= 0 && (pieces[at].kind == .keyword(word)
                        || (pieces[at].kind == .token(.identifier) && index.text(pieces[at]) == word.text))
        }
        if let system = system(at: offset, analysis: analysis) {
            if isWord(.when, previous) || isWord(.and, previous) {
                // A `when` clause's condition starts with an instance of the system.
                for instance in system.instances {
                    item(file.text(instance.name.range), kind: .variable, detail: "instance: " + file.text(instance.machine.range))
                }
                return CompletionList(items: items)
            }
            if isWord(.is, previous), previous > 0 {
                // `when Instance is …`: the states of the instance's machine.
                var before = previous - 1
                while before >= 0 && pieces[before].kind.isTrivia { before -= 1 }
                if before >= 0, pieces[before].kind == .token(.identifier),
                   let machine = instanceMachine(index.text(pieces[before]), at: offset, analysis: analysis) {
                    for state in machine.states {
                        item(state.name, kind: .enumMember, detail: state.description ?? "state of '\(machine.name)'")
                    }
                }
                return CompletionList(items: items)
            }
        }
        switch before {
        case .token(.period):
            // A system step `Instance.event`: the events of the instance's machine.
            guard previous > 0, pieces[previous - 1].kind == .token(.identifier) || pieces[previous - 1].kind.isKeywordLike,
                  pieces[previous - 1].end == pieces[previous].start else { break }
            let instance = index.text(pieces[previous - 1])
            for event in systemEvents(instance: instance, at: offset, analysis: analysis) {
                item(event, kind: .event, detail: "event of '\(instance)'")
            }
        case .token(.arrow):
            states()
        case .token(.keyword(.on)):
            guard let machine else { break }
            var seen = Set<String>()
            for transition in analysis.syntax.machines[machine].transitions {
                guard let event = transition.event else { continue }
                let name = file.text(event.range)
                if seen.insert(name).inserted { item(name, kind: .event, detail: "event") }
            }
        case .token(.keyword(.by)):
            for trigger in TransitionDecl.Trigger.allCases {
                item(trigger.rawValue, kind: .keyword, detail: trigger == .user ? "the user triggers it (solid edge)" : "the system triggers it (dashed edge)")
            }
        case .token(.keyword(.calls)), .token(.keyword(.require)):
            callbacks()
        case .token(.comma) where inCallbackList():
            callbacks()
        case nil:
            // The words that start a statement in the block around the cursor.
            let place = analysis.place(at: offset)
            for entry in KeywordTable.statementWords(in: place) {
                item(entry.completionLabel ?? entry.text, kind: .keyword, detail: "keyword", documentation: entry.summary)
            }
            if place == .machineBody { states() }
        default:
            break
        }
        return CompletionList(items: items)
    }

    /// The system declared around `offset`.
    func system(at offset: Int, analysis: Analysis) -> SystemDecl? {
        analysis.syntax.systems.first { $0.range.startOffset <= offset && offset <= $0.range.endOffset }
    }

    /// The machine of `instance`, in the system declared around `offset`: the one the checked
    /// system resolved it to, else this file's machine of that name.
    func instanceMachine(_ instance: String, at offset: Int, analysis: Analysis) -> Machine? {
        let file = analysis.root
        guard let system = system(at: offset, analysis: analysis),
              let declared = system.instances.first(where: { file.text($0.name.range) == instance }) else { return nil }
        let machineName = file.text(declared.machine.range)
        // An instance whose machine is unknown resolved to none: its checked machine index
        // points nowhere, or at another machine.
        if let checked = analysis.model.system(named: file.text(system.name.range)), let index = checked.instance(named: instance),
           checked.machines.indices.contains(checked.instances[index].machine), checked.machine(of: index).name == machineName {
            return checked.machine(of: index)
        }
        return analysis.model.machine(named: machineName)
    }

    /// The events of the machine of `instance`, in the system declared around `offset`, in
    /// the order its transitions name them (each once).
    func systemEvents(instance: String, at offset: Int, analysis: Analysis) -> [String] {
        guard let machine = instanceMachine(instance, at: offset, analysis: analysis) else { return [] }
        var events: [String] = []
        var seen = Set<String>()
        for transition in machine.transitions {
            if let event = transition.event, seen.insert(event).inserted { events.append(event) }
        }
        return events
    }

    // MARK: - Symbols

    func documentSymbols(_ params: TextDocumentParams) throws(RequestError) -> [DocumentSymbol] {
        let (document, analysis) = try target(params.uri)
        let file = analysis.root
        func symbol(_ name: String, kind: SymbolKind, range: SourceRange, selection: SourceRange, detail: String? = nil,
                    children: [DocumentSymbol]) -> DocumentSymbol {
            DocumentSymbol(name: name.isEmpty ? "?" : name, kind: kind, detail: detail.flatMap { $0.isEmpty ? nil : $0 },
                           range: document.range(range.startOffset, max(range.endOffset, selection.endOffset), encoding: encoding),
                           selectionRange: document.range(selection.startOffset, selection.endOffset, encoding: encoding),
                           children: children)
        }
        var top: [(Int, DocumentSymbol)] = []
        for machine in analysis.syntax.machines {
            // States are in pre-order with parent indices: build children bottom-up.
            var children = [[DocumentSymbol]](repeating: [], count: machine.states.count)
            var roots: [DocumentSymbol] = []
            for index in machine.states.indices.reversed() {
                let state = machine.states[index]
                let node = symbol(file.text(state.name.range), kind: children[index].isEmpty ? .enumMember : .enum, range: state.range,
                                  selection: state.name.range, detail: state.description?.value(in: file),
                                  children: children[index].reversed())
                if state.parent >= 0 && Int(state.parent) < index { children[Int(state.parent)].append(node) } else { roots.append(node) }
            }
            top.append((machine.range.startOffset, symbol(file.text(machine.name.range), kind: .class, range: machine.range, selection: machine.name.range,
                                                          detail: machine.description?.value(in: file), children: roots.reversed())))
        }
        for system in analysis.syntax.systems {
            // Instances as children, with their machine (and label) as detail.
            let instances: [DocumentSymbol] = system.instances.map { instance in
                var detail = file.text(instance.machine.range)
                if let label = instance.label?.value(in: file) { detail += " \"" + label + "\"" }
                return symbol(file.text(instance.name.range), kind: .variable, range: instance.range, selection: instance.name.range,
                              detail: detail, children: [])
            }
            top.append((system.range.startOffset, symbol(file.text(system.name.range), kind: .module, range: system.range,
                                                         selection: system.name.range, detail: system.description?.value(in: file),
                                                         children: instances)))
        }
        for type in analysis.syntax.protocols + analysis.syntax.classes {
            let members: [DocumentSymbol] = type.functions.map {
                symbol(file.text($0.name.range), kind: .method, range: $0.range, selection: $0.name.range, children: [])
            } + type.variables.map {
                symbol(file.text($0.name.range), kind: .property, range: $0.range, selection: $0.name.range, children: [])
            }
            top.append((type.range.startOffset, symbol(file.text(type.name.range), kind: type.kind == .protocol ? .interface : .class,
                                                       range: type.range, selection: type.name.range, children: members)))
        }
        return top.sorted { $0.0 < $1.0 }.map(\.1)
    }

    // MARK: - Formatting

    func formatting(_ params: TextDocumentParams) throws(RequestError) -> [TextEdit] {
        let (document, analysis) = try target(params.uri)
        guard let formatted = Formatter.format(analysis.root).text, formatted != document.text else { return [] }
        return [TextEdit(range: document.range(0, document.bytes.count, encoding: encoding), newText: formatted)]
    }

    // MARK: - Semantic tokens

    func semanticTokens(_ params: TextDocumentParams) throws(RequestError) -> SemanticTokens {
        let (document, analysis) = try target(params.uri)
        return SemanticTokens(data: LanguageServer.semanticTokenData(document: document, analysis: analysis, encoding: encoding))
    }

    /// The LSP's relative encoding of every keyword, string, comment and name.
    static func semanticTokenData(document: TextDocument, analysis: Analysis, encoding: PositionEncoding) -> [Int] {
        let file = analysis.root
        let bytes = file.bytes
        var tokens: [(start: Int, end: Int, type: Int, modifiers: Int)] = []
        var occurrenceIndex = 0
        for piece in analysis.tokenIndex.pieces {
            let type: SemanticTokenType
            var modifiers = 0
            switch piece.kind {
            case .token(.keyword), .keyword: type = .keyword
            case .token(.string): type = .string
            case .lineComment, .blockComment: type = .comment
            // The attribute and its arguments, Swift text kept whole as the formatter does.
            case .token(.attribute), .attributeArguments: type = .decorator
            case .version: type = .number
            case .token(.identifier):
                while occurrenceIndex < analysis.occurrences.count && analysis.occurrences[occurrenceIndex].start < piece.start { occurrenceIndex += 1 }
                guard occurrenceIndex < analysis.occurrences.count && analysis.occurrences[occurrenceIndex].start == piece.start else { continue }
                let occurrence = analysis.occurrences[occurrenceIndex]
                type = switch occurrence.symbol {
                case .state, .foreignState: .enumMember
                case .event, .foreignEvent: .event
                case .callback, .method: .method
                case .type: .type
                case .machine: .class
                case .module, .importedFile: .namespace
                case .scenePhase(_, let phase): phase.isEmpty ? .keyword : .enumMember
                }
                // A callback reference's range covers its labels: colour the base name.
                modifiers = occurrence.isDeclaration ? SemanticTokenModifier.declaration.bit : 0
            default:
                continue
            }
            tokens.append((piece.start, piece.end, type.index, modifiers))
        }
        // Relative encoding; a token spanning lines (a block comment) is split per line.
        var data: [Int] = []
        data.reserveCapacity(tokens.count * 5)
        var line = 0, character = 0
        var cursor = 0, cursorLine = 0, cursorCharacter = 0
        func advance(to offset: Int) {
            while cursor < offset {
                let byte = bytes[cursor]
                if LineEnd.isLineEndByte(byte) {
                    // A CR LF pair is one line end: its CR starts no line of its own.
                    if !(byte == UInt8(ascii: "\r") && cursor + 1 < bytes.count && bytes[cursor + 1] == UInt8(ascii: "\n")) {
                        cursorLine += 1
                        cursorCharacter = 0
                    }
                } else if encoding == .utf8 {
                    cursorCharacter += 1
                } else if byte & 0xC0 != 0x80 {
                    cursorCharacter += byte >= 0xF0 ? 2 : 1
                }
                cursor += 1
            }
        }
        func emit(_ startLine: Int, _ startCharacter: Int, _ length: Int, _ type: Int, _ modifiers: Int) {
            guard length > 0 else { return }
            data += [startLine - line, startLine == line ? startCharacter - character : startCharacter, length, type, modifiers]
            line = startLine
            character = startCharacter
        }
        for token in tokens where token.start >= cursor {
            var start = token.start
            while start < token.end {
                advance(to: start)
                let (startLine, startCharacter) = (cursorLine, cursorCharacter)
                var stop = start
                while stop < token.end && !LineEnd.isLineEndByte(bytes[stop]) { stop += 1 }
                advance(to: stop)
                emit(startLine, startCharacter, cursorCharacter - startCharacter, token.type, token.modifiers)
                start = stop < token.end ? stop + LineEnd.length(at: stop, in: bytes) : stop
            }
        }
        return data
    }
}
