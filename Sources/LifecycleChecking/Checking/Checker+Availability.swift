import LifecycleSource
import LifecycleSyntax
import LifecycleModel

/// The deployment target and what it enables: callbacks deprecated at or before it (a warning
/// naming the replacement; a note when no platform is set), callbacks introduced after it (not
/// called on older systems), and the lifecycle-mode lint — once an app adopts scenes, UIKit stops
/// calling the app delegate's foreground/background callbacks and those that open URLs, continue
/// activities and perform quick actions (`sceneReplacements`).
///
/// Each callback is reported once per machine, at its first reference. The pass costs nothing
/// unless some callback in scope is flagged: it reads the few distinct spellings first, and scans
/// the machine's references only for flagged ones.
extension Checker {
    /// Where an app adopts scenes: a delegate adopting `UISceneDelegate` or SwiftUI's `App` (a
    /// SwiftUI app always has scenes), or a reference to
    /// `application(_:configurationForConnecting:options:)`.
    struct SceneAdoption {
        var note: String
        var range: SourceRange?
        /// Adopted by a SwiftUI `App`: the app follows the scene phase, not a scene delegate.
        var isSwiftUI = false
    }

    /// The app-delegate callbacks UIKit does not call once scenes are adopted, and their scene
    /// counterparts: generated with the catalog from Apple's deprecation messages ("Use UIScene
    /// lifecycle and sceneDidBecomeActive(_:) from UISceneDelegate …") and the overlay.
    package static let sceneReplacements: [String: String] = UIKitCatalog.sceneReplacements

    /// `--platform` if given, else the root file's `platform` (validated, reported when wrong).
    mutating func resolvePlatform() -> Platform? {
        guard let decl = root.platform else { return settings.platform }
        let name = text(decl.name.range)
        let written = text(decl.version)
        guard Platform.names.contains(name) else {
            report(.unknownPlatform(name, suggestion: Suggestions.bestMatch(for: name, in: Platform.names), at: decl.name.range))
            return settings.platform
        }
        guard let version = PlatformVersion(written) else {
            let at = written.isEmpty ? SourceRange(file: decl.name.range.file, start: decl.name.range.endOffset,
                                                   end: decl.name.range.endOffset) : decl.version
            report(.invalidPlatformVersion(name, written: written, at: at))
            return settings.platform
        }
        return settings.platform ?? Platform(name: name, version: version)
    }

    /// Whether (and where) the root file's app adopts scenes.
    func findSceneAdoption() -> SceneAdoption? {
        guard let sceneDelegate = typeByName["UISceneDelegate"], types[sceneDelegate].origin == "UIKit" else { return nil }
        for machine in root.machines {
            for delegate in machine.delegates {
                for adopted in delegate.adopted {
                    guard let index = typeByName[text(adopted.range)] else { continue }
                    if types[index].origin == "SwiftUI" && types[index].name == "App" {
                        return SceneAdoption(note: "the app adopts scenes: '\(text(delegate.name.range))' is a SwiftUI 'App' here",
                                             range: adopted.range, isSwiftUI: true)
                    }
                    if index == sceneDelegate || ancestors(of: index).contains(sceneDelegate) {
                        return SceneAdoption(note: "the app adopts scenes: '\(text(delegate.name.range))' adopts '\(types[index].name)' here",
                                             range: adopted.range)
                    }
                }
            }
        }
        let configuration = "application(_:configurationForConnecting:options:)"
        if root.callbackSpellings.lookup(configuration) != nil {
            for machine in root.machines {
                for ref in machine.callbacks + machine.requires.map(\.callback)
                where !ref.isBare && root.callbackSpellings.string(ref.spelling) == configuration {
                    return SceneAdoption(note: "the app adopts scenes: it implements '\(configuration)' here", range: ref.range)
                }
            }
        }
        return nil
    }

    /// What to say about one callback, if anything.
    private func availabilityDiagnostic(_ ref: MethodRef, delegate: Delegate?, at range: SourceRange) -> Diagnostic? {
        let method = types[ref.type].methods[ref.index]
        if let adoption = sceneAdoption, types[ref.type].origin == "UIKit", types[ref.type].name == "UIApplicationDelegate",
           let replacement = Checker.sceneReplacements[method.selector] {
            let evidence = SceneLifecycleCheck.Evidence(note: adoption.note, range: adoption.range, isSwiftUI: adoption.isSwiftUI)
            return SceneLifecycleCheck.ignored(method.selector, replacement: replacement, evidence: evidence, at: range)
        }
        guard let availability = method.availability else { return nil }
        // A catalog callback's warning also quotes Apple's attribute, message included, verbatim.
        let quoting = { (diagnostic: Diagnostic) -> Diagnostic in
            guard let origin = types[ref.type].origin, let catalog = BuiltInModules.named(origin) else { return diagnostic }
            return diagnostic.note("the \(origin) catalog (\(catalog.sdk) SDK) declares '\(method.reference)' with \(availability.text)", at: method.range)
        }
        let appliesTo = { (platform: Platform) in
            availability.platform == "*" || availability.platform == platform.name
                || (availability.platform == "iOS" && (platform.name == "iPadOS" || platform.name == "macCatalyst"))
        }
        if let platform {
            guard appliesTo(platform) else { return nil }
            if availability.isDeprecated, availability.deprecated.map({ $0 <= platform.version }) ?? true {
                return quoting(.callbackDeprecated(method.reference, platform: platform.name, since: availability.deprecated?.description,
                                                   replacement: availability.replacement, asWarning: true, at: range))
            }
            if let introduced = availability.introduced, introduced > platform.version {
                return quoting(.callbackIntroducedLater(method.reference, platform: platform.name, introduced: introduced.description,
                                                        target: platform.description, at: range))
            }
            return nil
        }
        guard availability.isDeprecated else { return nil }
        return quoting(.callbackDeprecated(method.reference, platform: availability.platform == "*" ? "iOS" : availability.platform,
                                           since: availability.deprecated?.description, replacement: availability.replacement,
                                           asWarning: false, at: range))
    }

    /// Reports each flagged callback of one machine once, at its first reference (a transition's,
    /// else a `require`).
    mutating func checkAvailability(of decl: MachineDecl, delegate: Delegate?, requirements: [Requirement],
                                    resolved: [MethodRef?]) {
        // Which spellings name a flagged callback: a handful of look-ups.
        var flaggedSpellings: [Bool] = []
        var pending = 0
        var probe = SourceRange(file: root.file.id, start: 0, end: 0)
        for method in resolved {
            let flagged = method.map { availabilityDiagnostic($0, delegate: delegate, at: probe) != nil } ?? false
            flaggedSpellings.append(flagged)
            if flagged { pending += 1 }
        }
        var reported: Set<MethodRef> = []
        if pending > 0 {
            for ref in decl.callbacks {
                let slot = Int(ref.spelling)
                guard slot < flaggedSpellings.count, flaggedSpellings[slot], let method = resolved[slot] else { continue }
                flaggedSpellings[slot] = false
                pending -= 1
                if reported.insert(method).inserted, let diagnostic = availabilityDiagnostic(method, delegate: delegate, at: ref.range) {
                    report(diagnostic)
                }
                if pending == 0 { break }
            }
        }
        for requirement in requirements where !reported.contains(requirement.callback) {
            probe = requirement.range
            if let diagnostic = availabilityDiagnostic(requirement.callback, delegate: delegate, at: probe) {
                reported.insert(requirement.callback)
                report(diagnostic)
            }
        }
    }
}
