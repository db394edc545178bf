import LifecycleSource
import LifecycleSyntax
import LifecycleModel
import LifecycleChecking
import LifecycleGeneration

/// Writes the `SceneDelegate` a `SceneMigration.Plan` describes: a generated file (header,
/// `Printer`) whose scene callbacks carry the app delegate's bodies byte for byte, each with a
/// comment naming where it came from, in the `#if` it was declared in.
public struct SceneDelegateGenerator {
    public let plan: SceneMigration.Plan

    public init(plan: SceneMigration.Plan) {
        self.plan = plan
    }

    /// Names the scene delegate declares: a member of the app delegate with one of them cannot
    /// be forwarded under its own name.
    static let memberNames: Set<String> = [
        "appDelegate", "scene", "windowScene", "sceneDidBecomeActive", "sceneWillResignActive", "sceneDidEnterBackground",
        "sceneWillEnterForeground", "stateRestorationActivity", "application",
    ]

    /// The whole file.
    /// - Parameters:
    ///   - sources: the app delegate's files as the header names them.
    ///   - command: the command that writes the file again.
    public func generate(sources: String, command: String) -> [UInt8] {
        GeneratedFileHeader.file(Printer(), specPath: sources, command: command,
                                 note: "Moved from '\(plan.appDelegate)': yours to edit; lifecycle will not overwrite an edited file.") {
            emit(into: &$0)
        }.bytes
    }

    /// `file.swift:12`, or `file.swift:12-18`.
    static func place(_ file: SourceFile, _ range: Range<Int>) -> String {
        let table = LineTable(file.bytes)
        let first = table.line(of: range.lowerBound)
        let last = table.line(of: max(range.lowerBound, range.upperBound - 1))
        return PathNames.lastComponent(file.path) + ":\(first)" + (last > first ? "-\(last)" : "")
    }

    func emit(into printer: inout Printer) {
        for item in plan.imports {
            conditional(item.condition, &printer) { $0.line(item.text) }
        }
        printer.line()
        printer.line("/// The scene delegate: for each window scene, UIKit calls it where it called '\(plan.appDelegate)'")
        printer.line("/// before the app adopted scenes. 'lifecycle migrate' moved the bodies from '\(plan.appDelegate)',")
        printer.line("/// byte for byte; '\(plan.appDelegate)' keeps the app's state, which the members at the end reach.")
        printer.line("class \(SceneMigration.sceneDelegateName): UIResponder, UIWindowSceneDelegate {")
        printer.indented { printer in
            printer.line("var window: UIWindow?")
            printer.line()
            emitWillConnect(into: &printer)
            for moved in plan.moved {
                printer.line()
                emit(moved, into: &printer)
            }
            for implementation in plan.supers {
                printer.line()
                emit(implementation, into: &printer)
            }
            if let first = plan.restoration.first {
                printer.line()
                emitRestoration(first, into: &printer)
            }
            if !plan.forwarders.isEmpty || plan.handsOnNotificationResponse {
                printer.line()
                emitForwarders(into: &printer)
            }
        }
        printer.line("}")
    }

    /// `#if condition` … `#endif` around what `body` prints, at the start of the line.
    func conditional(_ condition: String?, _ printer: inout Printer, _ body: (inout Printer) -> Void) {
        if let condition {
            printer.write("#if " + condition)
            printer.endLine()
        }
        body(&printer)
        if condition != nil {
            printer.write("#endif")
            printer.endLine()
        }
    }

    // MARK: - scene(_:willConnectTo:options:)

    func emitWillConnect(into printer: inout Printer) {
        let coldLaunch = plan.moved.filter { MovedCallback.coldLaunch($0.scene.selector) != nil }
        var usesWindowScene = coldLaunch.contains { $0.scene.selector.hasPrefix("windowScene(") }
        switch plan.window {
        case .moved(_, _, _, let createsWindow): usesWindowScene = usesWindowScene || createsWindow
        case .quoted(let lines, let source, _): usesWindowScene = usesWindowScene || quotedCreatesWindow(lines, source.file)
        case .none: break
        }
        printer.line("func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {")
        printer.indented { printer in
            printer.line(usesWindowScene ? "guard let windowScene = scene as? UIWindowScene else { return }" : "guard scene is UIWindowScene else { return }")
            switch plan.window {
            case .none:
                if let storyboard = plan.storyboard {
                    printer.line("// UIKit makes the window from the storyboard '\(storyboard)' and sets 'window' before it calls this.")
                } else {
                    printer.line("// '\(plan.appDelegate)' set up no window in code: UIKit makes it from the scene configuration's storyboard.")
                    printer.line("// To set it up in code, create it here with 'UIWindow(windowScene: windowScene)'.")
                }
            case .moved(let lines, let source, let replacements, _):
                let range = (lines.first?.lowerBound ?? 0)..<(lines.last?.upperBound ?? 0)
                printer.line("// Moved from '\(source.member.selector)' of '\(plan.appDelegate)' (\(Self.place(source.file, range))): the window set-up, for this scene.")
                conditional(source.member.condition, &printer) { printer in
                    for line in lines { writeLine(source.file, line, replacing: replacements, into: &printer) }
                }
            case .quoted(let lines, let source, let reason):
                let creates = quotedCreatesWindow(lines, source.file)
                if creates { printer.line("window = UIWindow(windowScene: windowScene)") }
                let range = (lines.first?.lowerBound ?? 0)..<(lines.last?.upperBound ?? 0)
                printer.line("// '\(source.member.selector)' of '\(plan.appDelegate)' (\(Self.place(source.file, range))) also sets up the window,")
                printer.line("// but lifecycle did not move it: \(reason). Move here what belongs to the scene:")
                for line in quotedLines(lines, source.file) { printer.line(line.allSatisfy(\.isWhitespace) ? "//" : "//     " + line) }
                if creates { printer.line("window?.makeKeyAndVisible()") }
            }
            if !coldLaunch.isEmpty {
                let share = coldLaunch.contains { $0.scene.selector == "windowScene(_:userDidAcceptCloudKitShareWith:)" }
                printer.line("// A launch to open a URL, continue an activity\(share ? ", perform a shortcut or accept a CloudKit share" : " or perform a shortcut") passes it here, not to the callbacks below.")
                for moved in coldLaunch {
                    conditional(moved.source.member.condition, &printer) { printer in
                        for line in MovedCallback.coldLaunch(moved.scene.selector) ?? [] { printer.line(line) }
                    }
                }
            }
            emitNotificationResponse(into: &printer)
        }
        printer.line("}")
    }

    /// A notification response that launches the app: said where it goes, or handed on.
    func emitNotificationResponse(into printer: inout Printer) {
        guard let responder = plan.notificationResponder else { return }
        let selector = responder.member.selector
        if plan.notificationDelegateSetAtLaunch {
            printer.line("// A notification response that launches the app goes to '\(selector)' of '\(plan.appDelegate)',")
            printer.line("// the notification center's delegate from launch on (also in 'connectionOptions.notificationResponse').")
            return
        }
        printer.line("// A notification response that launches the app: '\(plan.appDelegate)' is not the notification center's delegate")
        printer.line("// by then, so it is handed on here.")
        conditional(responder.member.condition, &printer) { printer in
            printer.line("if let response = connectionOptions.notificationResponse {")
            printer.indented { printer in
                if selector == SceneEntryPointCheck.notificationResponseAsync {
                    printer.line("Task { await appDelegate.userNotificationCenter(UNUserNotificationCenter.current(), didReceive: response) }")
                } else {
                    printer.line("appDelegate.userNotificationCenter(UNUserNotificationCenter.current(), didReceive: response) {}")
                }
            }
            printer.line("}")
        }
    }

    /// Whether quoted lines create a window (`UIWindow(`): the scene's is then created around them.
    func quotedCreatesWindow(_ lines: [Range<Int>], _ file: SourceFile) -> Bool {
        let call = Array("UIWindow(".utf8)
        return lines.contains { range in
            range.indices.contains { file.bytes[$0...].prefix(call.count).elementsEqual(call) }
        }
    }

    /// The quoted lines without their common indentation or line breaks.
    func quotedLines(_ lines: [Range<Int>], _ file: SourceFile) -> [String] {
        // Each range ends with its line break: split it into its lines, at LF, CR LF or a lone
        // CR (`LineEnd`): a CR left in a quoted line would end the comment and make the rest code.
        let content = lines.flatMap { range -> [String] in
            var pieces: [String] = []
            var start = range.lowerBound
            while start < range.upperBound {
                let end = min(LineEnd.end(ofLineAt: start, in: file.bytes), range.upperBound)
                pieces.append(String(decoding: file.bytes[start..<end], as: UTF8.self))
                start = end + max(LineEnd.length(at: end, in: file.bytes), 1)
            }
            return pieces
        }
        let indent = content.filter { !$0.allSatisfy(\.isWhitespace) }.map { $0.prefix { $0 == " " || $0 == "\t" }.count }.min() ?? 0
        return content.map { String($0.dropFirst(min(indent, $0.prefix { $0 == " " || $0 == "\t" }.count))) }
    }

    /// One line of the source, as it is (its own indentation and line break), with the
    /// replacements that fall in it.
    func writeLine(_ file: SourceFile, _ line: Range<Int>, replacing replacements: [(Range<Int>, String)], into printer: inout Printer) {
        var position = line.lowerBound
        for (range, text) in replacements.sorted(by: { $0.0.lowerBound < $1.0.lowerBound })
        where range.lowerBound >= line.lowerBound && range.upperBound <= line.upperBound {
            printer.write(bytes: UnsafeBufferPointer(rebasing: file.bytes[position..<range.lowerBound]))
            printer.write(text)
            position = range.upperBound
        }
        printer.write(bytes: UnsafeBufferPointer(rebasing: file.bytes[position..<line.upperBound]))
        if line.isEmpty || !LineEnd.isLineEndByte(file.bytes[line.upperBound - 1]) { printer.endLine() }
    }

    // MARK: - Moved callbacks

    func emit(_ moved: MovedCallback, into printer: inout Printer) {
        let method = moved.source.member
        let file = moved.source.file
        guard let body = method.body else { return }
        let inherited = moved.origin != plan.appDelegate && !moved.origin.isEmpty
        let from = "'\(method.selector)' of '\(inherited ? moved.origin : plan.appDelegate)' (\(Self.place(file, method.offset..<(method.offset + 1))))"
            + (inherited ? ", which '\(plan.appDelegate)' inherits" : "")
        conditional(method.condition, &printer) { printer in
            switch moved.kind {
            case .body:
                printer.line("// Moved from \(from).")
                printer.beginLine()
                printer.write(SwiftDeclaration.signature(moved.scene, ownerKind: .protocol) + " {")
                writeBody(body, of: file, binding: moved.applicationBinding, replacing: moved.replacements, into: &printer)
            case .helper(let call):
                printer.line("// Moved from \(from): the scene's arguments, adapted, go to the moved method below.")
                printer.line(SwiftDeclaration.signature(moved.scene, ownerKind: .protocol) + " {")
                printer.indented { printer in
                    for line in call { printer.line(line) }
                }
                printer.line("}")
                printer.line()
                printer.line("// Moved from \(from), byte for byte: UIKit no longer calls it; the callback above does.")
                printer.beginLine()
                printer.write("private ")
                write(file, method.offset..<body.upperBound, replacing: moved.replacements, into: &printer)
                printer.endLine()
            }
        }
    }

    /// What a `super.name(…)` of the moved code ran, as a private method named after it.
    func emit(_ implementation: SceneMigration.SuperImplementation, into printer: inout Printer) {
        let call = "'super.\(implementation.selector)'"
        guard let source = implementation.source, let body = source.member.body else {
            // Not among the files: a stub with the caller's signature, to fill in.
            let caller = implementation.caller
            printer.line("// \(call) ran the implementation of '\(implementation.className)', which was not among the files given:")
            printer.line("// move here what it does.")
            guard let name = SceneMigration.declaredName(of: caller.member, in: Array(caller.file.bytes)) else { return }
            conditional(caller.member.condition, &printer) { printer in
                printer.beginLine()
                printer.write("private func \(implementation.name)")
                printer.write(bytes: UnsafeBufferPointer(rebasing: caller.file.bytes[name.upperBound..<caller.member.signatureEnd]))
                printer.write(" {")
                printer.endLine()
                if caller.member.returnType.map({ SwiftTypeText.normalized($0) }) == "Bool" { printer.indented { $0.line("false") } }
                printer.line("}")
            }
            return
        }
        let place = Self.place(source.file, source.member.offset..<(source.member.offset + 1))
        printer.line("// Moved from '\(source.member.selector)' of '\(implementation.className)' (\(place)): what \(call) runs.")
        conditional(source.member.condition, &printer) { printer in
            printer.beginLine()
            printer.write("private ")
            write(source.file, source.member.offset..<body.upperBound, replacing: implementation.replacements, into: &printer)
            printer.endLine()
        }
    }

    /// The bytes of `range` of `file`, with the replacements that fall inside it.
    func write(_ file: SourceFile, _ range: Range<Int>, replacing replacements: [(Range<Int>, String)], into printer: inout Printer) {
        var position = range.lowerBound
        for (replaced, text) in replacements.sorted(by: { $0.0.lowerBound < $1.0.lowerBound })
        where replaced.lowerBound >= position && replaced.upperBound <= range.upperBound {
            printer.write(bytes: UnsafeBufferPointer(rebasing: file.bytes[position..<replaced.lowerBound]))
            printer.write(text)
            position = replaced.upperBound
        }
        printer.write(bytes: UnsafeBufferPointer(rebasing: file.bytes[position..<range.upperBound]))
    }

    /// The body's bytes from its `{` on (the `{` written already), with `let NAME =
    /// UIApplication.shared` first when `binding` is set.
    func writeBody(_ body: Range<Int>, of file: SourceFile, binding: String?, replacing replacements: [(Range<Int>, String)],
                   into printer: inout Printer) {
        let inner = file.bytes[(body.lowerBound + 1)..<(body.upperBound - 1)]
        guard let binding else {
            write(file, inner.indices, replacing: replacements, into: &printer)
            printer.write("}")
            printer.endLine()
            return
        }
        let bindingLine = "let \(SwiftNames.identifier(binding)) = UIApplication.shared"
        let afterBlanks = inner.firstIndex { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") } ?? inner.endIndex
        if afterBlanks < inner.endIndex && LineEnd.isLineEndByte(inner[afterBlanks]) {
            // `{` ends its line (LF, CR LF or a lone CR): the binding gets a line of its own, the
            // body follows unchanged.
            printer.endLine()
            printer.indented { $0.line(bindingLine) }
            let next = min(afterBlanks + LineEnd.length(at: afterBlanks, in: file.bytes), body.upperBound - 1)
            write(file, next..<(body.upperBound - 1), replacing: replacements, into: &printer)
            printer.write("}")
            printer.endLine()
        } else {
            // A body on one line: the binding and the statements on lines of their own.
            printer.endLine()
            printer.indented { printer in
                printer.line(bindingLine)
                printer.beginLine()
                write(file, afterBlanks..<(body.upperBound - 1), replacing: replacements, into: &printer)
                printer.endLine()
            }
            printer.line("}")
        }
    }

    // MARK: - State restoration

    func emitRestoration(_ first: SwiftProgram.Located<ScannedMethod>, into printer: inout Printer) {
        let place = Self.place(first.file, first.member.offset..<(first.member.offset + 1))
        printer.line("// '\(plan.appDelegate)' saves and restores state with a coder ('\(first.member.selector)', \(place)),")
        printer.line("// which UIKit does not do for scenes: a scene saves its state as a user activity. Return it here, and")
        printer.line("// restore it in 'scene(_:willConnectTo:options:)' from 'session.stateRestorationActivity'.")
        printer.line("func stateRestorationActivity(for scene: UIScene) -> NSUserActivity? {")
        printer.indented { $0.line("scene.userActivity") }
        printer.line("}")
    }

    // MARK: - Forwarders

    func emitForwarders(into printer: inout Printer) {
        printer.line("// MARK: - What the moved code uses of '\(plan.appDelegate)'")
        printer.line()
        printer.line("/// The app delegate, which keeps the app's state for every scene.")
        printer.line("private var appDelegate: \(plan.appDelegate) {")
        printer.indented { $0.line("UIApplication.shared.delegate as! \(plan.appDelegate)") }
        printer.line("}")
        for forwarder in plan.forwarders {
            printer.line()
            switch forwarder.member {
            case .property(let property):
                let name = SwiftNames.identifier(property.name)
                let type = property.type ?? "<#Type#>"
                if forwarder.settable {
                    printer.line("private var \(name): \(type) {")
                    printer.indented { printer in
                        printer.line("get { appDelegate.\(name) }")
                        printer.line("set { appDelegate.\(name) = newValue }")
                    }
                    printer.line("}")
                } else {
                    printer.line("private var \(name): \(type) { appDelegate.\(name) }")
                }
            case .method(let scanned):
                let method = Method(name: scanned.baseName, selector: scanned.selector, parameters: scanned.parameters,
                                    parameterText: "", returnType: scanned.returnType, returns: nil, body: nil,
                                    isAsync: scanned.isAsync, isThrowing: scanned.isThrowing,
                                    range: SourceRange(file: forwarder.file.id, start: scanned.offset, end: scanned.offset))
                let effects = (scanned.isThrowing ? "try " : "") + (scanned.isAsync ? "await " : "")
                printer.line("private " + SwiftDeclaration.signature(method, ownerKind: .protocol) + " {")
                printer.indented {
                    $0.line(effects + "appDelegate.\(SwiftNames.identifier(scanned.baseName))" + SwiftDeclaration.forwardingArguments(method))
                }
                printer.line("}")
            }
        }
    }
}
