import LifecycleSource
import LifecycleSyntax
import LifecycleXML
import LifecycleModel
import LifecycleChecking
import LifecycleGeneration

/// `lifecycle migrate`: plans the move of a pre-scenes app to the scene life cycle.
///
/// Reads the app delegate (its class and extensions, over every file given) and decides, for
/// the `SceneDelegateGenerator` and the `SceneAdoptionEdits`:
///
/// - which callbacks move to which scene callbacks (`MovedCallback`, from
///   `Checker.sceneReplacements`), each under the `#if` condition it was declared in;
/// - what `application(_:didFinishLaunchingWithOptions:)` does with `window` (`WindowSetUp`):
///   moved to `scene(_:willConnectTo:options:)` when it is plainly window set-up, else quoted
///   there in a comment;
/// - which members of the app delegate the moved code uses: the scene delegate forwards each to
///   the app delegate (`Forwarder`), which keeps the app's state;
/// - what it cannot do by itself, as warnings located in the app delegate: a private member the
///   moved code calls, a property whose type is not written, `self` passed as a value (it is the
///   scene delegate now), state restoration with a coder.
///
/// The app delegate is never changed here: its old callbacks stay until the user deletes them,
/// and `check --impl` reports them as no longer called.
public enum SceneMigration {
    /// The generated class.
    public static let sceneDelegateName = "SceneDelegate"

    /// Everything the generator and the edits need.
    public struct Plan: Sendable {
        public var appDelegate: String
        /// The app delegate's class declaration (where `--update` adds the configuration).
        public var home: SwiftProgram.Declaration
        public var program: SwiftProgram
        /// The imports of the files the moved code comes from, `import UIKit` first.
        public var imports: [ScannedImport]
        var moved: [MovedCallback]
        var window: WindowSetUp
        /// Callbacks of state restoration with a coder, left in the app delegate.
        public var restoration: [SwiftProgram.Located<ScannedMethod>]
        var forwarders: [Forwarder]
        /// What the moved code's `super.name(…)` calls run, moved too.
        var supers: [SuperImplementation] = []
        /// The app delegate and its superclasses the files declare, nearest first.
        public var chain: [String] = []
        /// The storyboard UIKit loads at launch (`UIMainStoryboardFile`), which scenes load
        /// through their configuration.
        public var storyboard: String?
        /// The Info.plist given, if any.
        public var infoPlist: InfoPlist?
        /// The configuration an earlier run added to the app delegate, if it stopped before
        /// the manifest: the migration completes it.
        public var configuration: SwiftProgram.Located<ScannedMethod>?
        /// The scene delegate an earlier run wrote, when it is among the files: kept as it is.
        public var existingSceneDelegate: SwiftProgram.Declaration?

        /// The app delegate's `userNotificationCenter(_:didReceive:…)`, if it has one.
        public var notificationResponder: SwiftProgram.Located<ScannedMethod>?
        /// Whether the app delegate makes itself the notification center's delegate at launch
        /// (then a launching response reaches it without the scene).
        public var notificationDelegateSetAtLaunch = false
        /// Whether `scene(_:willConnectTo:options:)` hands a launching response on.
        public var handsOnNotificationResponse: Bool { notificationResponder != nil && !notificationDelegateSetAtLaunch }

        /// Whether an earlier run did part of the migration.
        public var isCompletion: Bool { configuration != nil || existingSceneDelegate != nil }

        /// (app callback, scene callback, where) for each moved callback, in the scene
        /// delegate's order.
        public var movedCallbacks: [(from: String, to: String, at: SourceRange)] {
            moved.map { ($0.source.member.selector, $0.scene.selector, SwiftProgram.funcRange($0.source)) }
        }
    }

    /// A member of the app delegate the moved code uses, forwarded by the scene delegate.
    struct Forwarder {
        enum Member {
            case property(ScannedProperty)
            case method(ScannedMethod)
        }
        var member: Member
        var file: SourceFile
        /// A property forwarded with a setter: it has one that other types may reach once
        /// the warnings are heeded (a `private var` made internal), or the moved code assigns it.
        var settable = false
    }

    /// Plans the migration of the app delegate in `files` (its class and its extensions), or
    /// explains why there is none (errors); warnings in both cases.
    public static func plan(_ files: [SourceFile], infoPlist: InfoPlist?) -> (Plan?, Diagnostics) {
        let program = SwiftProgram(files: files, readingProperties: true)
        var diagnostics = Diagnostics()
        guard let appDelegate = program.appDelegate(),
              let home = program.classDeclaration(appDelegate) else {
            let at = program.files.first.map { SourceRange(file: $0.id, start: 0, end: 0) }
            if let at {
                let names = program.files.map { PathNames.lastComponent($0.path) }.joined(separator: ", ")
                diagnostics.append(.migrateNoAppDelegate(names, at: at))
            }
            return (nil, diagnostics)
        }
        // Declared twice (the same file given twice, or a copy): every callback would move twice.
        let classes = program.declarations(of: appDelegate).filter { $0.type.kind == .class }
        if classes.count > 1 {
            diagnostics.append(Diagnostic.migrateClassDeclaredTwice(appDelegate, at: SwiftProgram.keywordRange(of: classes[1]))
                .note("'\(appDelegate)' is declared here first", at: SwiftProgram.keywordRange(of: classes[0])))
            return (nil, diagnostics)
        }
        // What an earlier run did, if it stopped half-way: the configuration it adds, and the
        // scene delegate it writes. The migration then completes what is missing.
        let configuration = migrateConfiguration(of: appDelegate, in: program)
        var existingSceneDelegate: SwiftProgram.Declaration?
        if let existing = program.classDeclaration(sceneDelegateName) {
            guard isMigrateOutput(Array(existing.file.bytes)) else {
                diagnostics.append(Diagnostic.migrateClassExists(sceneDelegateName, at: SwiftProgram.keywordRange(of: existing)))
                return (nil, diagnostics)
            }
            existingSceneDelegate = existing
        }
        switch SceneLifecycleCheck.adoption(models: [], program: program, infoPlist: infoPlist, appDelegate: appDelegate) {
        case .adopted(let evidence):
            // Only the configuration an earlier run added, and no manifest: half-migrated.
            guard configuration != nil, infoPlist?.declaresSceneManifest != true, !evidence.isSwiftUI else {
                diagnostics.append(Diagnostic.migrateAlreadyAdopted(appDelegate, at: SwiftProgram.keywordRange(of: home))
                    .note(evidence.note, at: evidence.range))
                return (nil, diagnostics)
            }
        case .presumed, .notAdopted:
            break
        }
        let catalog = Catalog()
        // What UIKit calls on the app delegate: its own methods, then those it inherits from
        // the superclasses the files declare (an override hides its base's).
        let chain = program.classChain(from: appDelegate)
        let methods = inheritedMethods(of: chain, in: program)
        var moved: [MovedCallback] = []
        var supers: [SuperImplementation] = []
        for (selector, kind) in MovedCallback.order {
            for located in methods where located.method.member.selector == selector {
                guard let sceneSelector = Checker.sceneReplacements[selector], let scene = catalog.method(sceneSelector) else { continue }
                var callback = movedCallback(located.method, scene: scene, kind: kind)
                callback.origin = located.className
                callback.replacements = superCalls(in: located.method, level: located.level, chain: chain, program: program,
                                                   into: &supers, diagnostics: &diagnostics)
                moved.append(callback)
            }
        }
        // A callback the table names that the migration does not know how to move.
        for located in methods.map(\.method) where Checker.sceneReplacements[located.member.selector] != nil
            && !MovedCallback.order.contains(where: { $0.app == located.member.selector }) {
            diagnostics.append(.migrateNotMoved(located.member.selector, replacement: Checker.sceneReplacements[located.member.selector]!,
                                                at: SwiftProgram.funcRange(located)))
        }
        let restoration = methods.map(\.method).filter { MovedCallback.coderRestoration.contains($0.member.selector) }
        for located in restoration {
            diagnostics.append(.migrateCoderRestoration(located.member.selector, at: SwiftProgram.funcRange(located)))
        }
        let launch = methods.map(\.method).first { $0.member.selector == "application(_:didFinishLaunchingWithOptions:)" && $0.member.body != nil }
        let window = launch.map { WindowSetUp(launch: $0) } ?? WindowSetUp.none
        // What a launch brings (a URL, a quick action, a notification) no longer comes in the
        // launch options: code that reads them stops seeing it.
        if let launch, let body = launch.member.body, launch.member.parameters.count > 1 {
            let name = launch.member.parameters[1].name
            let bytes = Array(launch.file.bytes)
            // Read (`launchOptions?[.url]`), not handed on (`super.application(…, didFinishLaunchingWithOptions: launchOptions)`).
            if name != "_", let use = SwiftStatements.references(in: bytes, body).first(where: {
                $0.name == name && Use.of($0.range, in: bytes, within: body) == .other
            }) {
                diagnostics.append(.migrateLaunchOptionsNil(name, at: SourceRange(file: launch.file.id, start: use.range.lowerBound, end: use.range.upperBound)))
            }
        }
        if case .quoted(_, let source, let reason) = window {
            diagnostics.append(.migrateWindowSetUpQuoted(reason, at: SwiftProgram.funcRange(source)))
        }
        var plan = Plan(appDelegate: appDelegate, home: home, program: program, imports: [], moved: moved, window: window,
                        restoration: restoration, forwarders: [], storyboard: infoPlist?.mainStoryboard, infoPlist: infoPlist)
        plan.supers = supers
        plan.chain = chain
        plan.configuration = configuration
        plan.existingSceneDelegate = existingSceneDelegate
        plan.notificationResponder = program.methods(ofClass: appDelegate).first {
            ($0.member.selector == SceneEntryPointCheck.notificationResponse || $0.member.selector == SceneEntryPointCheck.notificationResponseAsync)
                && $0.member.body != nil
        }
        plan.notificationDelegateSetAtLaunch = SceneEntryPointCheck.setsNotificationDelegateAtLaunch(program, appDelegate: appDelegate)
        plan.imports = imports(of: plan)
        plan.forwarders = forwarders(for: plan, into: &diagnostics)
        return (plan, diagnostics)
    }

    /// The app delegate's `application(_:configurationForConnecting:options:)` when it
    /// returns the scene delegate `migrate` writes (`delegateClass = SceneDelegate.self`).
    static func migrateConfiguration(of appDelegate: String, in program: SwiftProgram) -> SwiftProgram.Located<ScannedMethod>? {
        program.methods(ofClass: appDelegate).first { located in
            guard located.member.selector == SceneLifecycleCheck.configurationSelector, let body = located.member.body else { return false }
            let tokens = SwiftLexer(bytes: Array(located.file.bytes), range: body).tokenize()
            return tokens.indices.contains { k in
                k + 4 < tokens.count && tokens[k].isKeyword("delegateClass") && tokens[k + 1].isPunct(UInt8(ascii: "="))
                    && tokens[k + 2].isKeyword(sceneDelegateName) && tokens[k + 3].isPunct(UInt8(ascii: ".")) && tokens[k + 4].isKeyword("self")
            }
        }
    }

    /// Whether a file is a scene delegate `lifecycle migrate` wrote (edited since or not).
    public static func isMigrateOutput(_ bytes: [UInt8]) -> Bool {
        guard GeneratedFileHeader.status(of: bytes) != .notGenerated else { return false }
        return Array(bytes.prefix(4_096)).withUnsafeBufferPointer {
            SceneEntryPointCheck.occurs(Array("\n// Regenerate with: lifecycle migrate ".utf8), in: $0)
        }
    }

    /// The methods of the classes of `chain` (the app delegate first): every one of the app
    /// delegate's own (alternatives under `#if` included), then each superclass's whose
    /// selector no nearer class declares.
    static func inheritedMethods(of chain: [String], in program: SwiftProgram)
        -> [(method: SwiftProgram.Located<ScannedMethod>, className: String, level: Int)] {
        var result: [(method: SwiftProgram.Located<ScannedMethod>, className: String, level: Int)] = []
        for (level, name) in chain.enumerated() {
            let declared = Set(result.map(\.method.member.selector))
            for method in program.methods(ofClass: name) where level == 0 || !declared.contains(method.member.selector) {
                result.append((method, name, level))
            }
        }
        return result
    }

    /// The implementation `super.name(…)` runs from a method of `chain[level]`, moved to the
    /// scene delegate as a private method named after it (`superApplicationDidEnterBackground`):
    /// the scene delegate's own superclass (`UIResponder`) has no app callbacks.
    struct SuperImplementation {
        /// The private method's name.
        var name: String
        /// The selector `super` is called with.
        var selector: String
        /// The implementation, or nil when its class is not among the files.
        var source: SwiftProgram.Located<ScannedMethod>?
        /// The class whose implementation it is (or would be).
        var className: String
        var level: Int
        /// Its own `super.…` calls, and its name, replaced.
        var replacements: [(Range<Int>, String)]
        /// The method whose `super` call it answers (for a stub's signature).
        var caller: SwiftProgram.Located<ScannedMethod>
    }

    /// Each `super.name(…)` in `method` (of `chain[level]`): its implementation, moved (into
    /// `supers`, each once) with its own, and the call's `super.name` replaced by the moved
    /// method's name. A class not among the files is a warning, and a stub to fill in.
    static func superCalls(in method: SwiftProgram.Located<ScannedMethod>, level: Int, chain: [String], program: SwiftProgram,
                           into supers: inout [SuperImplementation], diagnostics: inout Diagnostics) -> [(Range<Int>, String)] {
        guard let body = method.member.body else { return [] }
        let bytes = Array(method.file.bytes)
        let tokens = SwiftLexer(bytes: bytes, range: body).tokenize()
        let match = SwiftSourceScanner.matchBrackets(tokens)
        var replacements: [(Range<Int>, String)] = []
        for k in tokens.indices where tokens[k].isKeyword("super") && k + 3 < tokens.count && tokens[k + 1].isPunct(UInt8(ascii: "."))
            && tokens[k + 2].kind == .identifier && tokens[k + 3].isPunct(UInt8(ascii: "(")) {
            let name = tokens[k + 2].text
            let selector = callSelector(name, tokens, open: k + 3, close: match[k + 3])
            let target = level + 1
            let helper = String(repeating: "super", count: target) + name.prefix(1).uppercased() + name.dropFirst()
            replacements.append((tokens[k].start..<tokens[k + 2].end, helper))
            guard !supers.contains(where: { $0.selector == selector && $0.level == target }) else { continue }
            // The nearest class above `level` that implements it.
            var found: (SwiftProgram.Located<ScannedMethod>, String, Int)?
            for index in chain.indices.dropFirst(target) {
                if let implementation = program.methods(ofClass: chain[index]).first(where: { $0.member.selector == selector && $0.member.body != nil }) {
                    found = (implementation, chain[index], index)
                    break
                }
            }
            let at = SourceRange(file: method.file.id, start: tokens[k].start, end: tokens[k + 2].end)
            guard let (implementation, className, implementationLevel) = found else {
                let above = program.inheritedFirst(by: chain[chain.count - 1]) ?? chain[chain.count - 1]
                diagnostics.append(.migrateSuperNotGiven(selector, className: above, helper: helper, at: at))
                supers.append(SuperImplementation(name: helper, selector: selector, source: nil, className: above, level: target,
                                                  replacements: [], caller: method))
                continue
            }
            let index = supers.count
            supers.append(SuperImplementation(name: helper, selector: selector, source: implementation, className: className,
                                              level: target, replacements: [], caller: method))
            // Its own name, then its own `super` calls.
            var own: [(Range<Int>, String)] = []
            if let nameRange = declaredName(of: implementation.member, in: Array(implementation.file.bytes)) {
                own.append((nameRange, helper))
            }
            own += superCalls(in: implementation, level: implementationLevel, chain: chain, program: program, into: &supers, diagnostics: &diagnostics)
            supers[index].replacements = own
        }
        return replacements
    }

    /// The byte range of a method's name after its `func` keyword.
    static func declaredName(of method: ScannedMethod, in bytes: [UInt8]) -> Range<Int>? {
        let tokens = SwiftLexer(bytes: bytes, range: method.offset..<min(bytes.count, method.signatureEnd)).tokenize()
        guard tokens.count > 1, tokens[0].isKeyword("func"), tokens[1].kind == .identifier else { return nil }
        return tokens[1].start..<tokens[1].end
    }

    /// The selector of a call `name(label: …, …)`: its arguments' labels, `_` for none.
    static func callSelector(_ name: String, _ tokens: [SwiftToken], open: Int, close: Int) -> String {
        guard close > open else { return name + "()" }
        var labels: [String] = []
        var depth = 0
        var argumentStart = open + 1
        var k = open + 1
        func finish(_ end: Int) {
            guard end > argumentStart else { return }
            let labelled = end - argumentStart >= 2 && tokens[argumentStart].kind == .identifier
                && tokens[argumentStart + 1].isPunct(UInt8(ascii: ":"))
            labels.append(labelled ? tokens[argumentStart].text : "_")
        }
        while k < close {
            let token = tokens[k]
            if token.isPunct(oneOf: "([{") { depth += 1 } else if token.isPunct(oneOf: ")]}") { depth -= 1 }
            if depth == 0 && token.isPunct(UInt8(ascii: ",")) {
                finish(k)
                argumentStart = k + 1
            }
            k += 1
        }
        finish(close)
        return name + "(" + labels.map { $0 + ":" }.joined() + ")"
    }

    /// The UIKit catalog's scene callbacks, for their exact signatures.
    struct Catalog {
        let model: Model?

        init() {
            model = Compiler.compile(path: "<migrate>", source: "import UIKit\n").model
        }

        func method(_ selector: String) -> Method? {
            guard let model else { return nil }
            for name in ["UISceneDelegate", "UIWindowSceneDelegate"] {
                if let type = model.types.first(where: { $0.name == name && $0.origin == "UIKit" }),
                   let method = type.methods.first(where: { $0.selector == selector }) {
                    return method
                }
            }
            return nil
        }
    }

    /// The scene counterpart of one app callback, its parameters named for the moved code.
    static func movedCallback(_ located: SwiftProgram.Located<ScannedMethod>, scene: Method, kind: MovedCallback.Kind) -> MovedCallback {
        var scene = scene
        var binding: String?
        if case .body = kind, let body = located.member.body {
            let used = Set(SwiftStatements.references(in: Array(located.file.bytes), body).map(\.name))
            let application = located.member.parameters.first?.name ?? "_"
            if application != "_" && used.contains(application) { binding = application }
            // The other parameters are the app callback's, under the names its body uses.
            let app = located.member.parameters
            if app.count == scene.parameters.count {
                for index in scene.parameters.indices.dropFirst() where app[index].name != "_" {
                    scene.parameters[index].name = app[index].name
                }
            }
            // The scene itself: a name the body does not use.
            let taken = used.union(scene.parameters.dropFirst().map(\.name)).union(binding.map { [$0] } ?? [])
            if let free = [scene.parameters[0].name, "scene", "windowScene", "uiScene", "currentScene"].first(where: { !taken.contains($0) }) {
                scene.parameters[0].name = free
            }
        }
        return MovedCallback(source: located, scene: scene, kind: kind, applicationBinding: binding)
    }

    /// `import UIKit`, then each import of the files the moved code comes from, once.
    static func imports(of plan: Plan) -> [ScannedImport] {
        var files = plan.moved.map(\.source.file) + plan.supers.compactMap(\.source?.file)
        if case .moved(_, let source, _, _) = plan.window { files.append(source.file) }
        var result = [ScannedImport(text: "import UIKit", condition: nil)]
        for (file, scan) in zip(plan.program.files, plan.program.scans) where files.contains(where: { $0 === file }) {
            for item in scan.imports where !result.contains(where: { $0.text == item.text && $0.condition == item.condition }) {
                result.append(item)
            }
        }
        if plan.handsOnNotificationResponse, !result.contains(where: { $0.text == "import UserNotifications" && $0.condition == nil }) {
            result.append(ScannedImport(text: "import UserNotifications", condition: nil))
        }
        return result
    }

    /// How moved code uses a name.
    enum Use: Equatable {
        /// `name(…)` or `name { … }`.
        case call
        /// `name = …`, `name += …`, `&name`.
        case assigned
        /// Alone, as a value: an argument, an operand (`notes.forEach(archive)`).
        case value
        /// `name.member`, `name[…]`, `name?`, `name!`.
        case other

        static func of(_ at: Range<Int>, in bytes: [UInt8], within range: Range<Int>) -> Use {
            var next = at.upperBound
            while next < range.upperBound && (bytes[next] == UInt8(ascii: " ") || bytes[next] == UInt8(ascii: "\t")) { next += 1 }
            var previous = at.lowerBound
            while previous > range.lowerBound && (bytes[previous - 1] == UInt8(ascii: " ") || bytes[previous - 1] == UInt8(ascii: "\t")) { previous -= 1 }
            if previous > range.lowerBound && bytes[previous - 1] == UInt8(ascii: "&") && previous == at.lowerBound { return .assigned }
            guard next < range.upperBound else { return .value }
            let byte = bytes[next], after = next + 1 < range.upperBound ? bytes[next + 1] : 0
            if byte == UInt8(ascii: "(") && next == at.upperBound || byte == UInt8(ascii: "{") { return .call }
            if byte == UInt8(ascii: "=") && after != UInt8(ascii: "=") { return .assigned }
            if "+-*/%&|^".utf8.contains(byte) && after == UInt8(ascii: "=") { return .assigned }
            if byte == UInt8(ascii: "<") && after == UInt8(ascii: "<") || byte == UInt8(ascii: ">") && after == UInt8(ascii: ">") {
                return next + 2 < range.upperBound && bytes[next + 2] == UInt8(ascii: "=") ? .assigned : .value
            }
            if byte == UInt8(ascii: ".") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "?") && after != UInt8(ascii: " ")
                || byte == UInt8(ascii: "!") && after != UInt8(ascii: "=") || byte == UInt8(ascii: "(") { return .other }
            return .value
        }
    }

    /// The members of the app delegate the moved code uses: forwarded by the scene delegate,
    /// with a warning for each one it cannot forward as is.
    static func forwarders(for plan: Plan, into diagnostics: inout Diagnostics) -> [Forwarder] {
        // Every name the moved code refers to, with where (for the warnings), in order.
        // A method is referred to by a call (`name(…)`, `name { … }`); the callback's own
        // parameters are not the app delegate's members.
        var references: [(name: String, at: SourceRange, from: String, use: Use)] = []
        func collect(_ file: SourceFile, _ ranges: [Range<Int>], from method: ScannedMethod) {
            let bytes = Array(file.bytes)
            let parameters = Set(method.parameters.map(\.name))
            for range in ranges {
                for (name, at) in SwiftStatements.references(in: bytes, range) where !parameters.contains(name) {
                    references.append((name, SourceRange(file: file.id, start: at.lowerBound, end: at.upperBound), method.selector,
                                       Use.of(at, in: bytes, within: range)))
                }
                let tokens = SwiftLexer(bytes: bytes, range: range).tokenize()
                for index in SwiftStatements.bareSelf(in: tokens, tokens.indices) {
                    diagnostics.append(.migrateSelfPassed(method.selector, appDelegate: plan.appDelegate,
                                                          at: SourceRange(file: file.id, start: tokens[index].start, end: tokens[index].end)))
                }
            }
        }
        for moved in plan.moved {
            guard let body = moved.source.member.body else { continue }
            collect(moved.source.file, [body], from: moved.source.member)
        }
        if case .moved(let lines, let source, _, _) = plan.window {
            collect(source.file, lines, from: source.member)
        }
        for implementation in plan.supers {
            guard let source = implementation.source, let body = source.member.body else { continue }
            collect(source.file, [body], from: source.member)
        }
        // The app delegate's members, its superclasses' included (the nearest first).
        let properties = plan.chain.flatMap { plan.program.properties(ofClass: $0) }
        let methods = plan.chain.flatMap { plan.program.methods(ofClass: $0) }
        var forwarders: [Forwarder] = []
        var done: Set<String> = []
        for reference in references where !done.contains(reference.name) {
            let name = reference.name
            let property = properties.first { $0.member.name == name }
            // A method is reached by a call, or used as a value (`notes.forEach(archive)`,
            // `expirationHandler: endTask`); an override and its base's are one method.
            var overloads: [SwiftProgram.Located<ScannedMethod>] = []
            if property == nil && (reference.use == .call || reference.use == .value) {
                for method in methods where method.member.baseName == name && !overloads.contains(where: { $0.member.selector == method.member.selector }) {
                    overloads.append(method)
                }
            }
            guard property != nil || !overloads.isEmpty else { continue }
            done.insert(name)
            // The scene delegate's own `window` is the scene's: the moved code means it.
            if name == "window" { continue }
            if SceneDelegateGenerator.memberNames.contains(name) {
                diagnostics.append(.migrateNameTaken(name, appDelegate: plan.appDelegate, at: reference.at))
                continue
            }
            if let property {
                if !property.member.isVisibleToOtherTypes {
                    diagnostics.append(Diagnostic.migrateUsesPrivateMember(name, callback: reference.from, appDelegate: plan.appDelegate,
                                                                           access: property.member.access ?? "private", at: reference.at)
                        .note("'\(name)' is declared here", at: SourceRange(file: property.file.id, start: property.member.offset,
                                                                            end: property.member.offset + 3)))
                }
                // The forwarder has a setter whenever the property has one, so that it compiles
                // once the access is widened as asked; a `private(set)` one only when assigned.
                let assignment = references.first(where: { $0.name == name && $0.use == .assigned })
                let setterHidden = property.member.setterAccess == "private" || property.member.setterAccess == "fileprivate"
                if let assignment {
                    if !property.member.hasSetter {
                        diagnostics.append(Diagnostic.migrateAssignsConstant(name, appDelegate: plan.appDelegate, at: assignment.at)
                            .note("'\(name)' is declared here", at: SourceRange(file: property.file.id, start: property.member.offset,
                                                                                end: property.member.offset + 3)))
                    } else if let setter = property.member.setterAccess, setter == "private" || setter == "fileprivate" {
                        diagnostics.append(Diagnostic.migrateAssignsPrivateSetter(name, callback: assignment.from, appDelegate: plan.appDelegate,
                                                                                  access: setter, at: assignment.at)
                            .note("'\(name)' is declared here", at: SourceRange(file: property.file.id, start: property.member.offset,
                                                                                end: property.member.offset + 3)))
                    }
                }
                if property.member.type == nil {
                    diagnostics.append(Diagnostic.migrateUntypedProperty(name, appDelegate: plan.appDelegate, at: reference.at)
                        .note("'\(name)' is declared here", at: SourceRange(file: property.file.id, start: property.member.offset,
                                                                            end: property.member.offset + 3)))
                }
                forwarders.append(Forwarder(member: .property(property.member), file: property.file,
                                            settable: property.member.hasSetter && (!setterHidden || assignment != nil)))
                continue
            }
            for overload in overloads {
                let method = overload.member
                let at = SwiftProgram.funcRange(overload)
                if method.isGeneric || method.parameters.contains(where: { SwiftTypeText.normalized($0.type).hasSuffix("...") }) {
                    diagnostics.append(Diagnostic.migrateCannotForward(method.selector, appDelegate: plan.appDelegate, at: reference.at)
                        .note("'\(method.selector)' is declared here", at: at))
                    continue
                }
                if !method.isVisibleToOtherTypes {
                    diagnostics.append(Diagnostic.migrateUsesPrivateMember(method.selector, callback: reference.from, appDelegate: plan.appDelegate,
                                                                           access: method.access ?? "private", at: reference.at)
                        .note("'\(method.selector)' is declared here", at: at))
                }
                forwarders.append(Forwarder(member: .method(method), file: overload.file))
                // The app delegate's window is nil once scenes are adopted: a forwarded method
                // that reads it no longer finds the user interface.
                if let body = method.body,
                   let use = SwiftStatements.references(in: Array(overload.file.bytes), body).first(where: { $0.name == "window" }) {
                        diagnostics.append(Diagnostic.migrateForwardedUsesWindow(method.selector, appDelegate: plan.appDelegate,
                                                                                 at: SourceRange(file: overload.file.id, start: use.range.lowerBound,
                                                                                                 end: use.range.upperBound))
                            .note("the moved code calls it here", at: reference.at))
                }
            }
        }
        return forwarders
    }
}
