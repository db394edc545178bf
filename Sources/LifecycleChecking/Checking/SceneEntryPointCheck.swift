import LifecycleSource
import LifecycleSyntax

/// `check --impl` on an app with a scene delegate: each way into the app is handled both cold
/// and warm, or a warning says which half is missing.
///
/// With scenes, a URL, a universal link or Handoff activity, a Home Screen quick action or a
/// CloudKit share that *launches* the app arrives only in `scene(_:willConnectTo:options:)`'s
/// `UIScene.ConnectionOptions` (`urlContexts`, `userActivities`, `shortcutItem`,
/// `cloudKitShareMetadata`); the scene delegate's callbacks (`scene(_:openURLContexts:)`, …)
/// see only those that come while the scene is connected. An app that handles links only in
/// its callback ignores every link that launches it — the most common scene bug — and one that
/// reads them only from the connection options ignores every link while it runs.
///
/// A notification response goes to the notification center's delegate
/// (`userNotificationCenter(_:didReceive:withCompletionHandler:)`), at launch too when the
/// delegate is set before the app finishes launching (as Apple asks); it is also in the
/// connection options (`notificationResponse`). So the warm half is the delegate's method, and
/// the cold half is either the delegate set in `application(_:willFinishLaunchingWithOptions:)`
/// or `application(_:didFinishLaunchingWithOptions:)`, or the connection options read.
///
/// The cold half is "read" when any of the files reads the connection options' property (by
/// name, after a `.`: the options may be handed to a router), the warm half when a scene
/// delegate of the files implements the callback with a body that does something (a stub
/// handles nothing either way). `EntryPoint.routing` is the code that hands
/// a cold launch's entry on to the warm callback, which `migrate` writes and the fix-it inserts.
public enum SceneEntryPointCheck {
    /// One way into the app.
    public struct EntryPoint: Sendable {
        /// What arrives, for messages: `a URL`.
        public var what: String
        /// The scene delegate's callback for it while the scene is connected.
        public var warm: String
        /// The property of `UIScene.ConnectionOptions` that holds it at launch.
        public var cold: String
        /// Other properties that mean the same at launch (`handoffUserActivityType`).
        public var alsoCold: [String] = []
        /// Whether the callback belongs to `UIWindowSceneDelegate` (it takes a window scene).
        public var needsWindowScene = false

        /// The statements that hand it on from `scene(_:willConnectTo:options:)`, with the
        /// names that method gives the scene and the options; `windowScene` when a window
        /// scene is bound already, else the statement binds one.
        public func routing(scene: String, options: String, windowScene: String?) -> [String] {
            let bound = windowScene ?? "windowScene"
            let cast = windowScene == nil ? "let \(bound) = \(scene) as? UIWindowScene, " : ""
            switch warm {
            case "scene(_:openURLContexts:)":
                return ["if !\(options).urlContexts.isEmpty {", "    self.scene(\(scene), openURLContexts: \(options).urlContexts)", "}"]
            case "scene(_:continue:)":
                return ["if let userActivity = \(options).userActivities.first {", "    self.scene(\(scene), continue: userActivity)", "}"]
            case "windowScene(_:performActionFor:completionHandler:)":
                return ["if \(cast)let shortcutItem = \(options).shortcutItem {",
                        "    self.windowScene(\(bound), performActionFor: shortcutItem) { _ in }", "}"]
            case "windowScene(_:userDidAcceptCloudKitShareWith:)":
                return ["if \(cast)let metadata = \(options).cloudKitShareMetadata {",
                        "    self.windowScene(\(bound), userDidAcceptCloudKitShareWith: metadata)", "}"]
            default:
                return []
            }
        }
    }

    /// The entries a scene delegate hands on, in the order `migrate` writes them.
    public static let entryPoints: [EntryPoint] = [
        EntryPoint(what: "a URL", warm: "scene(_:openURLContexts:)", cold: "urlContexts"),
        EntryPoint(what: "a universal link or Handoff activity", warm: "scene(_:continue:)", cold: "userActivities",
                   alsoCold: ["handoffUserActivityType"]),
        EntryPoint(what: "a Home Screen quick action", warm: "windowScene(_:performActionFor:completionHandler:)", cold: "shortcutItem",
                   needsWindowScene: true),
        EntryPoint(what: "a CloudKit share", warm: "windowScene(_:userDidAcceptCloudKitShareWith:)", cold: "cloudKitShareMetadata",
                   needsWindowScene: true),
    ]

    /// The notification center delegate's callback for a notification response, and its
    /// `async` form.
    public static let notificationResponse = "userNotificationCenter(_:didReceive:withCompletionHandler:)"
    public static let notificationResponseAsync = "userNotificationCenter(_:didReceive:)"
    static let willConnectSelector = "scene(_:willConnectTo:options:)"
    static let launchCallbacks: Set<String> = ["application(_:willFinishLaunchingWithOptions:)", "application(_:didFinishLaunchingWithOptions:)"]

    /// The warnings, for the app's files `program` (its app delegate `appDelegate`, if known).
    public static func check(_ program: SwiftProgram, appDelegate: String?) -> Diagnostics {
        var diagnostics = Diagnostics()
        guard let sceneDelegate = program.classes(adopting: SceneLifecycleCheck.sceneDelegateProtocols).first else { return diagnostics }
        let methods = program.methods(ofClass: sceneDelegate)
        let reads = coldReads(in: program)
        let willConnect = methods.first { $0.member.selector == willConnectSelector && $0.member.body != nil }
        for entry in entryPoints {
            // An empty body (a stub) handles nothing, at launch or not.
            let warm = methods.first { $0.member.selector == entry.warm && handles($0) }
            let cold = ([entry.cold] + entry.alsoCold).lazy.compactMap { reads[$0] }.first
            switch (warm, cold) {
            case (let warm?, nil):
                diagnostics.append(warmOnly(entry, warm, willConnect: willConnect, sceneDelegate: sceneDelegate, program: program))
            case (nil, let cold?):
                diagnostics.append(Diagnostic.sceneEntryColdOnly(entry.what, property: entry.cold, callback: entry.warm, implementer: sceneDelegate, at: cold)
                    .note("implement '\(entry.warm)' in '\(sceneDelegate)' for \(entry.what) that comes while the app runs", at: nil))
            default:
                break
            }
        }
        // Notification responses: the delegate's method, and the delegate set at launch (or the
        // connection options read).
        let responders = program.scans.indices.flatMap { index in
            program.scans[index].types.filter { $0.kind == .class || $0.kind == .extension }.flatMap { type in
                type.methods.filter { $0.selector == notificationResponse || $0.selector == notificationResponseAsync }
                    .map { SwiftProgram.Located(member: $0, file: program.files[index]) }.filter(handles)
            }
        }
        let coldResponse = reads["notificationResponse"]
        if let responder = responders.first {
            if coldResponse == nil && !setsNotificationDelegateAtLaunch(program, appDelegate: appDelegate) {
                diagnostics.append(Diagnostic.sceneEntryNotificationDelegateLate(responder.member.selector, at: SwiftProgram.funcRange(responder))
                    .note("set 'UNUserNotificationCenter.current().delegate' in 'application(_:didFinishLaunchingWithOptions:)', or hand on 'notificationResponse' of the connection options from '\(willConnectSelector)'",
                          at: nil))
            }
        } else if let coldResponse {
            diagnostics.append(Diagnostic.sceneEntryColdOnly("a notification response", property: "notificationResponse", callback: notificationResponse,
                                                             implementer: nil, at: coldResponse)
                .note("implement '\(notificationResponse)' in the notification center's delegate, and set it in 'application(_:didFinishLaunchingWithOptions:)'", at: nil))
        }
        return diagnostics
    }

    /// Whether a method's body does anything: a stub (`{}`, or only comments) does not.
    static func handles(_ method: SwiftProgram.Located<ScannedMethod>) -> Bool {
        guard let body = method.member.body, body.count > 2 else { return false }
        return !SwiftLexer(bytes: Array(method.file.bytes), range: (body.lowerBound + 1)..<(body.upperBound - 1)).tokenize().isEmpty
    }

    /// The warning for an entry handled only while the scene is connected, with the fix-it that
    /// hands the launch's entry on from `scene(_:willConnectTo:options:)`.
    static func warmOnly(_ entry: EntryPoint, _ warm: SwiftProgram.Located<ScannedMethod>, willConnect: SwiftProgram.Located<ScannedMethod>?,
                         sceneDelegate: String, program: SwiftProgram) -> Diagnostic {
        let implemented = willConnect != nil
        var diagnostic = Diagnostic.sceneEntryWarmOnly(entry.what, callback: entry.warm, property: entry.cold, readerImplemented: implemented,
                                                       at: SwiftProgram.funcRange(warm))
        if let willConnect, let body = willConnect.member.body {
            let parameters = willConnect.member.parameters
            let scene = parameters.first?.name ?? "scene"
            let options = parameters.count > 2 ? parameters[2].name : "connectionOptions"
            let lines = entry.routing(scene: scene, options: options, windowScene: nil)
            let file = willConnect.file
            let at = SourceRange(file: file.id, start: willConnect.member.offset, end: willConnect.member.offset + 4)
            diagnostic = diagnostic.note("hand it on at the end of '\(willConnectSelector)' in \(PathNames.lastComponent(file.path)): "
                                         + lines.map { String($0.drop { $0 == " " }) }.joined(separator: " "), at: at)
            if let insertion = insertionBeforeClosingBrace(body.upperBound - 1, in: file, lines: lines) {
                diagnostic.fixIt = Diagnostic.FixIt(replace: SourceRange(file: file.id, start: insertion.offset, end: insertion.offset), with: insertion.text)
            }
        } else if let declaration = program.declarations(of: sceneDelegate).first(where: { $0.type.kind == .class }) {
            let lines = ["func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {"]
                + entry.routing(scene: "scene", options: "connectionOptions", windowScene: nil).map { "    " + $0 } + ["}"]
            diagnostic = diagnostic.note("add '\(willConnectSelector)' to '\(sceneDelegate)' in \(PathNames.lastComponent(declaration.file.path)), handing it on",
                                         at: SwiftProgram.keywordRange(of: declaration))
            if let insertion = insertionBeforeClosingBrace(declaration.type.bodyClose, in: declaration.file, lines: lines) {
                diagnostic.fixIt = Diagnostic.FixIt(replace: SourceRange(file: declaration.file.id, start: insertion.offset, end: insertion.offset),
                                                    with: insertion.text)
            }
        }
        return diagnostic
    }

    /// `lines` as the last lines inside the block closed by the `}` at `close`, one level deeper
    /// than that brace's line; nil when the brace does not start its line.
    static func insertionBeforeClosingBrace(_ close: Int, in file: SourceFile, lines: [String]) -> (offset: Int, text: String)? {
        let bytes = file.bytes
        guard close < bytes.count, bytes[close] == UInt8(ascii: "}") else { return nil }
        var lineStart = close
        while lineStart > 0 && (bytes[lineStart - 1] == UInt8(ascii: " ") || bytes[lineStart - 1] == UInt8(ascii: "\t")) { lineStart -= 1 }
        guard lineStart == 0 || LineEnd.isLineEndByte(bytes[lineStart - 1]) else { return nil }
        let outer = String(decoding: bytes[lineStart..<close], as: UTF8.self)
        // The lines end as the line before the brace does: LF, CR LF or a lone CR (`LineEnd`).
        let lineEnd = lineStart == 0 ? LineEnd.first(in: bytes)
            : bytes[lineStart - 1] == UInt8(ascii: "\r") ? "\r"
            : lineStart >= 2 && bytes[lineStart - 2] == UInt8(ascii: "\r") ? "\r\n" : "\n"
        let inner = outer + (outer.hasPrefix("\t") ? "\t" : "    ")
        let text = lines.map { inner + $0 + lineEnd }.joined()
        return (lineStart, text)
    }

    /// Where the files read each property of the connection options, by name after a `.`
    /// (the first place each is read), in code (not comments or strings). The names are
    /// looked for as bytes first; only the method bodies that hold one are lexed (the whole
    /// file for one outside them), so a large target costs a byte search.
    static func coldReads(in program: SwiftProgram) -> [String: SourceRange] {
        let names = entryPoints.flatMap { [$0.cold] + $0.alsoCold } + ["notificationResponse"]
        let words = names.map { Array($0.utf8) }
        var found: [String: SourceRange] = [:]
        for (file, scan) in zip(program.files, program.scans) {
            let bytes = file.bytes
            var hits = words.flatMap { occurrences($0, in: bytes) }
            guard !hits.isEmpty else { continue }
            hits.sort()
            // Each body holding a hit, once (nested types' bodies are within their methods' own).
            let bodies = scan.types.flatMap { $0.methods.compactMap(\.body) }.sorted { $0.lowerBound < $1.lowerBound }
            var lexed: [Range<Int>] = []
            for hit in hits where !lexed.contains(where: { $0.contains(hit) }) {
                // Outside the instance methods the scan knows (a `static func`, top-level code, a
                // comment between declarations): the whole file, once.
                let body = bodies.last(where: { $0.lowerBound <= hit && hit < $0.upperBound }) ?? 0..<bytes.count
                lexed.append(body)
                let tokens = SwiftLexer(bytes: Array(bytes), range: body).tokenize()
                for k in tokens.indices.dropFirst() where tokens[k].kind == .identifier && names.contains(tokens[k].text)
                    && tokens[k - 1].isPunct(UInt8(ascii: ".")) && found[tokens[k].text] == nil {
                    found[tokens[k].text] = SourceRange(file: file.id, start: tokens[k].start, end: tokens[k].end)
                }
            }
        }
        return found
    }

    /// The offsets where `word` occurs in `bytes`.
    static func occurrences(_ word: [UInt8], in bytes: UnsafeBufferPointer<UInt8>) -> [Int] {
        guard let first = word.first, bytes.count >= word.count else { return [] }
        var result: [Int] = []
        var index = 0
        while index + word.count <= bytes.count {
            if bytes[index] == first && word.indices.allSatisfy({ bytes[index + $0] == word[$0] }) { result.append(index) }
            index += 1
        }
        return result
    }

    /// Whether `word` occurs in `bytes`.
    package static func occurs(_ word: [UInt8], in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        !occurrences(word, in: bytes).isEmpty
    }

    /// Whether the app delegate's launch callbacks set the notification center's delegate.
    package static func setsNotificationDelegateAtLaunch(_ program: SwiftProgram, appDelegate: String?) -> Bool {
        guard let appDelegate else { return false }
        for located in program.methods(ofClass: appDelegate) where launchCallbacks.contains(located.member.selector) {
            guard let body = located.member.body else { continue }
            let tokens = SwiftLexer(bytes: Array(located.file.bytes), range: body).tokenize()
            let namesCenter = tokens.contains { $0.isKeyword("UNUserNotificationCenter") }
            let assignsDelegate = tokens.indices.dropFirst().contains { k in
                k + 1 < tokens.count && tokens[k].isKeyword("delegate") && tokens[k - 1].isPunct(UInt8(ascii: "."))
                    && tokens[k + 1].isPunct(UInt8(ascii: "=")) && !(k + 2 < tokens.count && tokens[k + 2].isPunct(UInt8(ascii: "=")))
            }
            if namesCenter && assignsDelegate { return true }
        }
        return false
    }
}
