import LifecycleSource
import LifecycleSyntax
import LifecycleXML
import LifecycleModel

/// `check --impl`'s verdict on the app's life cycle: does the app adopt scenes?
///
/// Apple's TN3187: from the release after iOS 26, an app built with the latest SDK that has not
/// adopted the scene life cycle does not launch. An app adopts it when its Info.plist declares a
/// `UIApplicationSceneManifest`, or its app delegate returns a configuration from
/// `application(_:configurationForConnecting:options:)`; a SwiftUI app always has.
///
/// - Not adopted: on the app delegate's class, an error when the deployment target is 27 or
///   later (the app is then built with that SDK), else a warning about the next SDK; notes on
///   the two ways to adopt and the `lifecycle migrate` command that writes the scene delegate.
/// - Adopted: each app-delegate callback UIKit no longer calls (`Checker.sceneReplacements`) is
///   a warning naming the scene callback that replaces it.
///
/// With an Xcode target (`--xcodeproj`), the Info.plist Xcode generates from the build settings
/// counts too: `INFOPLIST_KEY_UIApplicationSceneManifest_Generation = YES` under
/// `GENERATE_INFOPLIST_FILE = YES` declares a manifest (`XcodeAppTarget`), and a target whose
/// Info.plist is wholly generated is known without a file.
///
/// Without an Info.plist the check cannot see a manifest. It then takes a scene delegate in the
/// files, or a scene machine in a spec, as the sign of one, and says so in the note.
public enum SceneLifecycleCheck {
    /// Whether, and how we know, the app adopts scenes.
    public enum Adoption: Sendable {
        /// Certainly: a manifest, a configuration returned, a SwiftUI app.
        case adopted(Evidence)
        /// Presumably: no Info.plist was given, and a scene delegate exists.
        case presumed(Evidence)
        /// The app runs on its app delegate alone.
        case notAdopted
    }

    /// A sign of adoption, as a note.
    public struct Evidence: Sendable {
        public var note: String
        public var range: SourceRange?
        /// Whether the sign is a SwiftUI `App`: the app follows the scene phase, not a scene delegate.
        public var isSwiftUI = false
    }

    /// The scene phase a SwiftUI app follows instead of an app-delegate callback UIKit no longer
    /// calls: the phase each of the four reports the change to.
    public static func swiftUIPhase(replacing selector: String) -> ScenePhase? {
        switch selector {
        case "applicationDidBecomeActive(_:)": .active
        case "applicationWillResignActive(_:)", "applicationWillEnterForeground(_:)": .inactive
        case "applicationDidEnterBackground(_:)": .background
        default: nil
        }
    }

    /// The warning about an app-delegate callback UIKit no longer calls once scenes are adopted.
    static func ignored(_ selector: String, replacement: String, evidence: Evidence, at range: SourceRange) -> Diagnostic {
        if evidence.isSwiftUI, let phase = swiftUIPhase(replacing: selector) {
            return Diagnostic.swiftUIAppIgnoresAppCallback(selector, phase: phase.swift, at: range).note(evidence.note, at: evidence.range)
        }
        return Diagnostic.sceneLifecycleIgnoresAppCallback(selector, replacement: replacement, at: range).note(evidence.note, at: evidence.range)
    }

    /// The selector that adopts scenes from code.
    package static let configurationSelector = "application(_:configurationForConnecting:options:)"
    package static let configurationDeclaration = "func application(_ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession, options: UIScene.ConnectionOptions) -> UISceneConfiguration"

    /// The protocols a scene delegate adopts.
    static let sceneDelegateProtocols: Set<String> = ["UISceneDelegate", "UIWindowSceneDelegate"]

    /// The platforms whose apps run on UIKit, to which the mandate applies.
    static let uikitPlatforms: Set<String> = ["iOS", "iPadOS", "macCatalyst", "tvOS", "visionOS"]

    /// The first SDK version that requires scenes.
    public static let mandatoryFrom = PlatformVersion("27.0")!

    /// - Parameter skippingUndeclared: judge nothing when the files only extend the app
    ///   delegate (`--only-declared`: its class, and its life cycle, belong to another target).
    public static func check(_ models: [Model], program: SwiftProgram, infoPlist: InfoPlist?, project: XcodeAppTarget? = nil,
                             machines: [String]? = nil, skippingUndeclared: Bool = false) -> Diagnostics {
        var diagnostics = Diagnostics()
        let specAppDelegates = delegates(in: models, adopting: "UIApplicationDelegate")
        diagnostics.append(contentsOf: entryPoints(models, program: program, infoPlist: infoPlist, project: project, machines: machines,
                                                   skippingUndeclared: skippingUndeclared))
        guard let appDelegate = program.appDelegate(preferring: specAppDelegates.map(\.name)),
              let home = program.classDeclaration(appDelegate) ?? (skippingUndeclared ? nil : program.declarations(of: appDelegate).first)
        else { return diagnostics }
        // `--machine` narrows the check to some delegates: the app's life cycle is judged only
        // when the app delegate is among them.
        if let machines {
            let chosen = models.flatMap(\.machines).filter { machines.contains($0.name) }.compactMap { $0.delegate?.name }
            guard chosen.contains(appDelegate) else { return diagnostics }
        }
        let platform = models.lazy.compactMap(\.platform).first
        if let platform, !uikitPlatforms.contains(platform.name) { return diagnostics }
        switch adoption(models: models, program: program, infoPlist: infoPlist, project: project, appDelegate: appDelegate) {
        case .adopted(var evidence), .presumed(var evidence):
            // A SwiftUI app follows the scene phase whatever declares its manifest.
            evidence.isSwiftUI = evidence.isSwiftUI || program.swiftUIApp != nil
            for located in program.methods(ofClass: appDelegate) where program.truth(of: located) != .false {
                guard let replacement = Checker.sceneReplacements[located.member.selector] else { continue }
                diagnostics.append(ignored(located.member.selector, replacement: replacement, evidence: evidence,
                                           at: SwiftProgram.funcRange(located)))
            }
        case .notAdopted:
            diagnostics.append(mandate(appDelegate, home: home, program: program, infoPlist: infoPlist, project: project,
                                       platform: platform, models: models))
        }
        return diagnostics
    }

    /// `SceneEntryPointCheck` on an app with a scene delegate that is connected (the app adopts
    /// scenes, or its app delegate is not among the files), unless `--machine` leaves the scene
    /// delegate out or `--only-declared` finds only extensions of it.
    static func entryPoints(_ models: [Model], program: SwiftProgram, infoPlist: InfoPlist?, project: XcodeAppTarget?, machines: [String]?,
                            skippingUndeclared: Bool) -> Diagnostics {
        guard let sceneDelegate = program.classes(adopting: sceneDelegateProtocols).first else { return Diagnostics() }
        if skippingUndeclared && program.classDeclaration(sceneDelegate) == nil { return Diagnostics() }
        if let machines {
            let chosen = models.flatMap(\.machines).filter { machines.contains($0.name) }.compactMap { $0.delegate?.name }
            guard chosen.contains(sceneDelegate) else { return Diagnostics() }
        }
        let appDelegate = program.appDelegate(preferring: delegates(in: models, adopting: "UIApplicationDelegate").map(\.name))
        if let appDelegate, case .notAdopted = adoption(models: models, program: program, infoPlist: infoPlist, project: project,
                                                                appDelegate: appDelegate) {
            return Diagnostics()
        }
        return SceneEntryPointCheck.check(program, appDelegate: appDelegate)
    }

    /// How the app adopts scenes, if it does.
    public static func adoption(models: [Model], program: SwiftProgram, infoPlist: InfoPlist?, project: XcodeAppTarget? = nil,
                                appDelegate: String) -> Adoption {
        if let project, let setting = project.generatedSceneManifest {
            return .adopted(Evidence(note: "the app adopts scenes: the \(project.description) generates its Info.plist with '\(InfoPlist.sceneManifestKey)' ('\(setting.name) = \(setting.value)' here)",
                                     range: setting.range))
        }
        if let infoPlist, infoPlist.declaresSceneManifest {
            return .adopted(Evidence(note: "the app adopts scenes: \(PathNames.lastComponent(infoPlist.file.path)) declares '\(InfoPlist.sceneManifestKey)'"
                                         + (infoPlist.sceneManifest == nil ? "" : " here"),
                                     range: infoPlist.sceneManifest))
        }
        if let expected = ImplementationMatcher.expected(configurationDeclaration) {
            let methods = program.methods(ofClass: appDelegate)
            if case .implemented(let method) = ImplementationMatcher.match(expected, in: methods.map(\.member), aliases: program.aliases),
               let located = methods.first(where: { $0.member == method }) {
                return .adopted(Evidence(note: "the app adopts scenes: '\(appDelegate)' returns a scene configuration here",
                                         range: SwiftProgram.funcRange(located)))
            }
        }
        if let app = program.swiftUIApp {
            return .adopted(Evidence(note: "the app adopts scenes: '\(app.type.name)' is a SwiftUI 'App'",
                                     range: SwiftProgram.keywordRange(of: app), isSwiftUI: true))
        }
        // The whole Info.plist is known from its file, or from a project that generates it
        // without one.
        guard infoPlist == nil && (project == nil || project?.infoPlistFile != nil) else { return .notAdopted }
        let unsure = " (no Info.plist was given: pass it with '--info-plist' to check its '\(InfoPlist.sceneManifestKey)')"
        if let sceneDelegate = program.classes(adopting: sceneDelegateProtocols).first,
           let declaration = program.declarations(of: sceneDelegate).first(where: { $0.type.inherited.contains(where: sceneDelegateProtocols.contains) }) {
            return .presumed(Evidence(note: "the app presumably adopts scenes: '\(sceneDelegate)' is a scene delegate" + unsure,
                                      range: SwiftProgram.keywordRange(of: declaration)))
        }
        if let machine = scenePromise(in: models) {
            return .presumed(Evidence(note: "the app presumably adopts scenes: \(machine.note)" + unsure, range: machine.range))
        }
        return .notAdopted
    }

    /// The error (or the warning) of an app that does not adopt scenes.
    static func mandate(_ appDelegate: String, home: SwiftProgram.Declaration, program: SwiftProgram, infoPlist: InfoPlist?,
                        project: XcodeAppTarget?, platform: Platform?, models: [Model]) -> Diagnostic {
        let required = platform.map { $0.version >= mandatoryFrom } ?? false
        var diagnostic = Diagnostic.sceneLifecycleNotAdopted(appDelegate, sdk: "iOS \(mandatoryFrom.components[0])",
                                                            asError: required, at: SwiftProgram.keywordRange(of: home))
        if let platform {
            diagnostic = diagnostic.note(required ? "the deployment target is \(platform): the app is built with the iOS \(mandatoryFrom.components[0]) SDK or later"
                                                  : "the deployment target is \(platform); the requirement comes with the SDK the app is built with, whatever its deployment target",
                                         at: nil)
        }
        if let infoPlist {
            diagnostic = diagnostic.note("\(PathNames.lastComponent(infoPlist.file.path)) declares no '\(InfoPlist.sceneManifestKey)'",
                                         at: infoPlist.rootRange)
        } else if project == nil {
            diagnostic = diagnostic.note("no Info.plist was given; if the app's declares a '\(InfoPlist.sceneManifestKey)', pass it with '--info-plist'",
                                         at: nil)
        }
        if let project {
            let key = XcodeAppTarget.sceneManifestKey
            if let generates = project.generatesInfoPlist {
                let setting = project.sceneManifestSetting
                diagnostic = diagnostic.note("the \(project.description) generates its Info.plist without '\(InfoPlist.sceneManifestKey)': "
                                             + (setting.map { "'\(key)' is '\($0.value)'" } ?? "it does not set '\(key) = YES'"),
                                             at: setting?.range ?? generates.range)
            } else if let setting = project.sceneManifestSetting, setting.isYes {
                diagnostic = diagnostic.note("'\(key) = \(setting.value)' has no effect: the \(project.description) does not generate its Info.plist ('\(XcodeAppTarget.generateKey)' is not YES)",
                                             at: setting.range)
            }
            for base in project.settings.baseConfigurations {
                diagnostic = diagnostic.note("the \(project.description) is based on '\(base.name)', whose settings lifecycle does not read",
                                             at: base.range)
            }
        }
        // A scene delegate nothing connects: UIKit never calls it.
        for sceneDelegate in program.classes(adopting: sceneDelegateProtocols) {
            if let declaration = program.declarations(of: sceneDelegate).first(where: { $0.type.inherited.contains(where: sceneDelegateProtocols.contains) }) {
                diagnostic = diagnostic.note("'\(sceneDelegate)' is a scene delegate, but nothing connects it: UIKit never calls it",
                                             at: SwiftProgram.keywordRange(of: declaration))
            }
        }
        diagnostic = diagnostic.note("adopt scenes in one of two ways: declare a '\(InfoPlist.sceneManifestKey)' in Info.plist, or return a configuration from '\(configurationSelector)'",
                                     at: nil)
        return diagnostic.note("'\(migrateCommand(appDelegate, program: program, infoPlist: infoPlist))' writes the scene delegate, the configuration and the manifest",
                               at: nil)
    }

    /// `lifecycle migrate` with the files of the app delegate and its extensions.
    static func migrateCommand(_ appDelegate: String, program: SwiftProgram, infoPlist: InfoPlist?) -> String {
        var paths: [String] = []
        for declaration in program.declarations(of: appDelegate) where !paths.contains(declaration.file.path) {
            paths.append(declaration.file.path)
        }
        let folder = paths.first.map { path -> String in
            let last = PathNames.lastComponent(path)
            return path.hasSuffix("/" + last) ? String(path.dropLast(last.utf8.count)) : ""
        } ?? ""
        var command = "lifecycle migrate " + paths.map(shellWord).joined(separator: " ")
        if let infoPlist { command += " --info-plist " + shellWord(infoPlist.file.path) }
        return command + " -o " + shellWord(folder + "SceneDelegate.swift")
    }

    /// A path as one shell word: quoted when it holds anything but plain characters.
    static func shellWord(_ text: String) -> String {
        let plain = text.unicodeScalars.allSatisfy { scalar in
            scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "/._-+@%,:".unicodeScalars.contains(scalar)
        }
        if plain && !text.isEmpty { return text }
        return "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }

    /// The delegates of the specs' machines that adopt `protocolName`, directly or not.
    static func delegates(in models: [Model], adopting protocolName: String) -> [Delegate] {
        var found: [Delegate] = []
        for model in models {
            for machine in model.machines {
                guard let delegate = machine.delegate, adopts(delegate, protocolName, in: model) else { continue }
                found.append(delegate)
            }
        }
        return found
    }

    /// A spec that describes a scene-based app: a scene machine, or an app machine that
    /// returns a scene configuration.
    static func scenePromise(in models: [Model]) -> (note: String, range: SourceRange)? {
        for model in models {
            for machine in model.machines {
                guard let delegate = machine.delegate else { continue }
                if sceneDelegateProtocols.contains(where: { adopts(delegate, $0, in: model) }) {
                    return ("the spec's machine '\(machine.name)' has the scene delegate '\(delegate.name)'", delegate.range)
                }
                for transition in machine.transitions {
                    if transition.callbacks.contains(where: { model.method($0).selector == configurationSelector }) {
                        return ("the spec's machine '\(machine.name)' calls '\(configurationSelector)'", transition.range)
                    }
                }
                if let requirement = machine.requirements.first(where: { model.method($0.callback).selector == configurationSelector }) {
                    return ("the spec's machine '\(machine.name)' requires '\(configurationSelector)'", requirement.range)
                }
            }
        }
        return nil
    }

    /// Whether the delegate adopts the UIKit protocol `name`, directly or through another.
    package static func adopts(_ delegate: Delegate, _ name: String, in model: Model) -> Bool {
        TypeInfo.lineage(of: delegate.adopted, in: model.types).contains { model.types[$0].name == name && model.types[$0].origin == "UIKit" }
    }
}
