import LifecycleSource
import LifecycleSyntax
import LifecycleXML
import LifecycleModel
import LifecycleChecking
import LifecycleGeneration

/// `check --impl FILE.swift…`: does the user's delegate class implement every callback the
/// spec needs, and does the app adopt the life cycle UIKit will call?
///
/// Reads the Swift files together (`SwiftProgram`: comments, strings, regex literals and calls
/// are not declarations; the class body, its extensions in any of the files, its superclasses
/// in the files) and matches each callback by selector, parameter and return types (with the
/// `typealias`es of every file in scope) and the form UIKit calls (`ImplementationMatcher`: an
/// instance method, not `@nonobjc`, `static`, `async` or `throws` unless the callback is, with
/// the callback's Objective-C selector). A class that is only extended in the files is checked
/// over its extensions; only a class neither declared nor extended is an error.
///
/// - A `require`d callback that is not implemented is an error. One declared only under `#if`
///   conditions that some build may not meet (`DEBUG`, `targetEnvironment(macCatalyst)`; see
///   `SwiftBuildConfiguration`) is a warning naming them; one declared only where no build
///   compiles it (`#if false`) is missing.
/// - One a superclass in the files implements is inherited: a note names the class and file.
///   When the class's superclass is in none of the files (and is not UIKit's), whether it
///   implements the callback is unknown: a note says so, not an error.
/// - A near miss (see `ImplementationMatcher`: the same selector with other types or in a form
///   UIKit does not call, or one label or a letter or two off — never another real callback of
///   the delegate's protocols) is not an implementation: of a required callback, a note on the
///   error names it and what differs; of any other callback a transition calls, it is a warning
///   at the near miss. Either way the fix-it, in the Swift file, rewrites its signature.
/// - A method whose `@objc(…)` selector is a callback's, under another Swift name, is an error.
/// - An override of a callback whose documentation requires `super` (`OverrideContracts`) that
///   does not call it is a warning, with the fix-it that adds the call.
/// - A SwiftUI app's delegate is the class its `App`'s `@UIApplicationDelegateAdaptor` names,
///   checked as the spec's app delegate when no class has the spec's name.
/// - `SceneLifecycleCheck` then says whether the app adopts scenes (the mandate of the iOS 27
///   SDK), and which app-delegate callbacks UIKit no longer calls once it does;
///   `ScenePhaseCheck` which phase changes of a `scenePhase` machine no
///   `onChange(of: scenePhase)` handler tells apart.
public enum ImplementationCheck {
    /// What the Swift files (and the app's Info.plist) lack, for one spec's model.
    ///
    /// - Parameters:
    ///   - machines: check only the machines with these names (nil: every machine).
    ///   - skippingUndeclared: skip a machine whose delegate class no file declares, instead of
    ///     reporting it (`check --only-declared`: a build passes all of a target's Swift files,
    ///     and a spec may describe delegates that live in other targets).
    ///   - flags: the custom `#if` flags the app is built with (`--define`), when known: the
    ///     others are then unset. Nil: every custom flag may be set or not.
    public static func check(_ model: Model, against files: [SourceFile], infoPlist: InfoPlist? = nil,
                             machines: [String]? = nil, skippingUndeclared: Bool = false, flags: [String]? = nil) -> Diagnostics {
        check([model], against: files, infoPlist: infoPlist, machines: machines, skippingUndeclared: skippingUndeclared, flags: flags)
    }

    /// The same for several specs checked together (`check A.lifecycle B.lifecycle --impl …`):
    /// each machine's callbacks once per spec, the app's life cycle once for all of them.
    /// `project` is the app's Xcode target (`--xcodeproj`), whose build settings may generate the
    /// Info.plist or a part of it.
    public static func check(_ models: [Model], against files: [SourceFile], infoPlist: InfoPlist? = nil,
                             project: XcodeAppTarget? = nil, machines: [String]? = nil,
                             skippingUndeclared: Bool = false, flags: [String]? = nil) -> Diagnostics {
        let program = SwiftProgram(files: files, configuration: .app(of: models, flags: flags))
        var diagnostics = Diagnostics()
        var classesChecked: Set<String> = []
        for model in models {
            for machine in model.machines {
                if let machines, !machines.contains(machine.name) { continue }
                checkCallbacks(of: machine, in: model, against: program, skippingUndeclared: skippingUndeclared,
                               classesChecked: &classesChecked, into: &diagnostics)
            }
        }
        diagnostics.append(contentsOf: SceneLifecycleCheck.check(models, program: program, infoPlist: infoPlist, project: project, machines: machines,
                                                                 skippingUndeclared: skippingUndeclared))
        diagnostics.append(contentsOf: ScenePhaseCheck.check(models, program: program, machines: machines,
                                                             skippingUndeclared: skippingUndeclared))
        return diagnostics
    }

    /// How the delegate class stands for one callback.
    enum Resolution {
        /// Declared in the class or its extensions, compiled in every build (or in every build
        /// by one of several declarations under complementary conditions).
        case implemented(SwiftProgram.Located<ScannedMethod>)
        /// Declared only under conditions a build may not meet (their text).
        case conditional([SwiftProgram.Located<ScannedMethod>], conditions: [String])
        /// Implemented by a superclass in the files.
        case inherited(SwiftProgram.Located<ScannedMethod>)
        /// A method under another Swift name has the callback's Objective-C selector (UIKit calls it).
        case selector(SwiftProgram.Located<ScannedMethod>)
        /// Not implemented: the near misses, the declarations no build compiles, and a
        /// superclass beyond the files that may implement it.
        case absent(near: [(NearMiss, SwiftProgram.Located<ScannedMethod>)], inactive: [SwiftProgram.Located<ScannedMethod>],
                    unknownSuperclass: (name: String, declaration: SwiftProgram.Declaration)?)
    }

    /// What one class offers, read once for all its callbacks.
    struct ClassView {
        let name: String
        let program: SwiftProgram
        let own: [SwiftProgram.Located<ScannedMethod>]
        let ancestry: SwiftProgram.Ancestry
        let known: Set<String>
        let isFrameworkType: (String) -> Bool

        init(name: String, program: SwiftProgram, known: Set<String>, isFrameworkType: @escaping (String) -> Bool) {
            self.name = name
            self.program = program
            own = program.allMethods(ofClass: name)
            ancestry = program.ancestry(ofClass: name)
            self.known = known
            self.isFrameworkType = isFrameworkType
        }

        /// The callback `method` (of an imported type when `objcSelector` is given).
        func resolve(_ method: Method, objcSelector: String?) -> Resolution {
            let expected = NearMissFix.expected(method)
            let scanned = own.map(\.member)
            let exact = ImplementationMatcher.exactMatches(expected, in: scanned, aliases: program.aliases, objcSelector: objcSelector)
                .map { own[$0] }
            var inactive: [SwiftProgram.Located<ScannedMethod>] = []
            if let found = compiled(exact, inactive: &inactive) { return found }
            if let objcSelector, let stand = own.first(where: {
                $0.member.explicitObjCSelector == objcSelector && $0.member.selector != method.selector && program.truth(of: $0) != .false
            }) {
                return .selector(stand)
            }
            for superclass in ancestry.superclasses {
                let inherited = program.methods(ofClass: superclass.type.name)
                let matches = ImplementationMatcher.exactMatches(expected, in: inherited.map(\.member), aliases: program.aliases,
                                                                 objcSelector: objcSelector).map { inherited[$0] }
                var ignored: [SwiftProgram.Located<ScannedMethod>] = []
                switch compiled(matches, inactive: &ignored) {
                case .implemented(let located)?: return .inherited(located)
                case let found?: return found
                case nil: continue
                }
            }
            let near = nearMisses(of: expected, objcSelector: objcSelector)
            var unknown: (name: String, declaration: SwiftProgram.Declaration)?
            if let beyond = ancestry.beyond, !isFrameworkType(beyond.name) { unknown = beyond }
            return .absent(near: near, inactive: inactive, unknownSuperclass: unknown)
        }

        /// The class's own declarations plausibly meant as `expected`, that some build compiles.
        func nearMisses(of expected: ScannedMethod, objcSelector: String?) -> [(NearMiss, SwiftProgram.Located<ScannedMethod>)] {
            ImplementationMatcher.nearMisses(expected, in: own.map(\.member), aliases: program.aliases, known: known, objcSelector: objcSelector)
                .compactMap { miss -> (NearMiss, SwiftProgram.Located<ScannedMethod>)? in
                    guard let located = own.first(where: { $0.member == miss.method }), program.truth(of: located) != .false else { return nil }
                    return (miss, located)
                }
        }

        /// Of declarations that implement a callback, whether one is compiled in every build, or
        /// only in some (nil: in none; those are added to `inactive`).
        func compiled(_ matches: [SwiftProgram.Located<ScannedMethod>], inactive: inout [SwiftProgram.Located<ScannedMethod>]) -> Resolution? {
            var conditional: [(SwiftProgram.Located<ScannedMethod>, CompilationCondition)] = []
            for located in matches {
                guard let condition = program.condition(ofClause: located.member.clause, in: located.file) else { return .implemented(located) }
                switch program.configuration.evaluate(condition) {
                case .true: return .implemented(located)
                case .false: inactive.append(located)
                case .unknown: conditional.append((located, condition))
                }
            }
            guard let first = conditional.first else { return nil }
            if let either = CompilationCondition.any(conditional.map(\.1)), program.configuration.alwaysHolds(either) {
                return .implemented(first.0)
            }
            var texts: [String] = []
            for (_, condition) in conditional where !texts.contains(condition.description) { texts.append(condition.description) }
            return .conditional(conditional.map(\.0), conditions: texts)
        }
    }

    /// One machine: its required callbacks, and near misses of every callback it calls.
    static func checkCallbacks(of machine: Machine, in model: Model, against program: SwiftProgram,
                               skippingUndeclared: Bool, classesChecked: inout Set<String>, into diagnostics: inout Diagnostics) {
        guard let delegate = machine.delegate else { return }
        // Every callback the machine needs, once, in order: required ones first (they are
        // errors), then the others its transitions call, each with its first transition.
        var required: Set<MethodRef> = []
        for requirement in machine.requirements { required.insert(requirement.callback) }
        var called: [(callback: MethodRef, at: SourceRange)] = []
        var seen = required
        for transition in machine.transitions {
            for callback in transition.callbacks where seen.insert(callback).inserted { called.append((callback, transition.range)) }
        }
        // `entry` and `exit` callbacks, located at their state.
        for state in machine.states.indices {
            for callback in (machine.stateCallbacks.entry[state] ?? []) + (machine.stateCallbacks.exit[state] ?? [])
            where seen.insert(callback).inserted {
                called.append((callback, machine.states[state].range))
            }
        }
        guard !required.isEmpty || !called.isEmpty else { return }
        // A SwiftUI app's delegate is the class its App's @UIApplicationDelegateAdaptor names,
        // whatever the spec calls it.
        var className = delegate.name
        var adaptorNote: (message: String, range: SourceRange)?
        if program.declarations(of: delegate.name).isEmpty, SceneLifecycleCheck.adopts(delegate, "UIApplicationDelegate", in: model),
           let adapted = program.adaptedAppDelegate, !program.declarations(of: adapted.name).isEmpty, let app = program.swiftUIApp {
            className = adapted.name
            adaptorNote = ("'\(adapted.name)' is the app delegate, the spec's '\(delegate.name)': '\(app.type.name)' installs it with @UIApplicationDelegateAdaptor here",
                           adapted.range)
        }
        let home = program.classDeclaration(className)
        let declarations = program.declarations(of: className)
        // A build passes every Swift file of a target: a class only extended there is
        // declared in another target, which this check cannot see.
        if skippingUndeclared && home == nil { return }
        guard let anchor = home ?? declarations.first else {
            // Nothing is required: a delegate that lives elsewhere is no one's problem here.
            guard !machine.requirements.isEmpty else { return }
            diagnostics.append(.delegateClassNotFound(delegate.name, files: program.files.map { PathNames.lastComponent($0.path) },
                                                      at: delegate.range))
            return
        }
        let filesName = PathNames.lastComponent(anchor.file.path)
        let anchorRange = SwiftProgram.keywordRange(of: anchor)
        let anchorNote = home != nil ? "class '\(className)' is declared here"
                                     : "class '\(className)' is extended here (its declaration is in none of the files)"
        let callbacks = NearMissFix.knownCallbacks(of: delegate, in: model)
        let view = ClassView(name: className, program: program, known: Set(callbacks.map(\.method.selector)),
                             isFrameworkType: { isFrameworkType($0, in: model) })
        func resolve(_ ref: MethodRef) -> Resolution {
            view.resolve(model.method(ref), objcSelector: NearMissFix.objcSelector(of: ref, in: model))
        }
        var reported: Set<MethodRef> = []
        for requirement in machine.requirements where reported.insert(requirement.callback).inserted {
            let method = model.method(requirement.callback)
            let owner = model.types[requirement.callback.type]
            switch resolve(requirement.callback) {
            case .implemented, .selector:
                continue
            case .conditional(let found, let conditions):
                var diagnostic = Diagnostic.implementedOnlyUnderCondition(PathNames.lastComponent(found[0].file.path), selector: method.selector,
                                                                          conditions: conditions, at: requirement.range)
                for located in found {
                    let condition = program.condition(ofClause: located.member.clause, in: located.file)?.description ?? ""
                    diagnostic = diagnostic.note("'\(method.selector)' is declared here, under '#if \(condition)'", at: SwiftProgram.funcRange(located))
                }
                diagnostics.append(diagnostic)
            case .inherited(let located):
                var diagnostic = Diagnostic.inheritedImplementation(className, selector: method.selector, superclass: located.owner,
                                                                    file: PathNames.lastComponent(located.file.path), at: requirement.range)
                diagnostic = diagnostic.note("'\(located.owner)' implements it here", at: SwiftProgram.funcRange(located))
                diagnostics.append(diagnostic)
                // A near miss in the class itself: its code never runs.
                if let (miss, at) = view.nearMisses(of: NearMissFix.expected(method), objcSelector: NearMissFix.objcSelector(of: requirement.callback, in: model)).first {
                    diagnostics.append(nearMissWarning(miss, at, method: method, owner: owner, calledAt: nil, in: machine,
                                                       adaptorNote: adaptorNote))
                }
            case .absent(let near, let inactive, let unknownSuperclass):
                var diagnostic: Diagnostic
                if let unknownSuperclass {
                    diagnostic = Diagnostic.superclassUnknown(className, selector: method.selector, superclass: unknownSuperclass.name,
                                                              at: requirement.range)
                } else {
                    diagnostic = Diagnostic.missingImplementation(filesName, selector: method.reference, at: requirement.range)
                }
                if let adaptorNote { diagnostic = diagnostic.note(adaptorNote.message, at: adaptorNote.range) }
                diagnostic = diagnostic.note(anchorNote, at: anchorRange)
                if let unknownSuperclass {
                    diagnostic = diagnostic.note("'\(className)' inherits from '\(unknownSuperclass.name)' here; pass the file that declares it to '--impl' to check it",
                                                 at: SwiftProgram.keywordRange(of: unknownSuperclass.declaration))
                }
                for located in inactive {
                    let condition = program.condition(ofClause: located.member.clause, in: located.file)?.description ?? "false"
                    diagnostic = diagnostic.note("'\(method.selector)' is declared here, under '#if \(condition)', which no build compiles",
                                                 at: SwiftProgram.funcRange(located))
                }
                for (candidate, candidateMethod) in near {
                    let at = SwiftProgram.funcRange(candidateMethod)
                    diagnostic = diagnostic.note("\(candidate.described(expecting: method.selector)), so \(caller(of: owner)) never calls it", at: at)
                    if diagnostic.fixIt == nil {
                        diagnostic.fixIt = fixIt(method, ownerKind: owner.kind, nearMiss: candidateMethod, difference: candidate.difference)
                        // Where the fix-it edits: the Swift file, not the spec the error is in.
                        diagnostic = diagnostic.note("change it to: \(diagnostic.fixIt!.replacement)", at: at)
                    }
                }
                if diagnostic.fixIt == nil && unknownSuperclass == nil {
                    diagnostic = diagnostic.note(
                        "add to '\(className)': \(SwiftDeclaration.signature(method, ownerKind: owner.kind)) { … }", at: anchorRange)
                }
                diagnostics.append(diagnostic)
            }
        }
        // A callback the spec calls but does not require may be left out; one written almost
        // right compiles, and the framework never calls it.
        for (callback, place) in called {
            guard case .absent(let near, _, _) = resolve(callback), let (first, nearMiss) = near.first else { continue }
            let method = model.method(callback)
            diagnostics.append(nearMissWarning(first, nearMiss, method: method, owner: model.types[callback.type],
                                               calledAt: place, in: machine, adaptorNote: adaptorNote))
        }
        guard classesChecked.insert(className).inserted else { return }
        checkSelectors(of: view, callbacks: callbacks, in: model, into: &diagnostics)
        checkOverrides(of: view, callbacks: callbacks, into: &diagnostics)
    }

    /// The warning at a near miss of a callback the class does not otherwise implement.
    /// - Parameter owner: the protocol or class that declares the callback (who calls it).
    static func nearMissWarning(_ miss: NearMiss, _ nearMiss: SwiftProgram.Located<ScannedMethod>, method: Method, owner: TypeInfo,
                                calledAt place: SourceRange?, in machine: Machine,
                                adaptorNote: (message: String, range: SourceRange)?) -> Diagnostic {
        let at = SwiftProgram.funcRange(nearMiss)
        let fix = fixIt(method, ownerKind: owner.kind, nearMiss: nearMiss, difference: miss.difference)
        var diagnostic = Diagnostic.nearMissOfCalledCallback(miss.described(expecting: method.selector), caller: caller(of: owner), at: at)
        if let place {
            diagnostic = diagnostic.note("machine '\(machine.name)' calls '\(method.selector)' here", at: place)
        }
        if let adaptorNote { diagnostic = diagnostic.note(adaptorNote.message, at: adaptorNote.range) }
        diagnostic = diagnostic.note("change it to: \(fix.replacement)", at: at)
        diagnostic.fixIt = fix
        return diagnostic
    }

    /// A method whose `@objc(…)` names a callback's Objective-C selector under another Swift name.
    static func checkSelectors(of view: ClassView, callbacks: [(method: Method, objcSelector: String)], in model: Model,
                               into diagnostics: inout Diagnostics) {
        for located in view.own where view.program.truth(of: located) != .false {
            guard let written = located.member.explicitObjCSelector,
                  let callback = callbacks.first(where: { $0.objcSelector == written }),
                  callback.method.selector != located.member.selector else { continue }
            diagnostics.append(Diagnostic.selectorOfCallback(written, method: located.member.selector, callback: callback.method.selector,
                                                             at: SwiftProgram.funcRange(located))
                .note("rename it '\(callback.method.selector)' if it is that callback, or give it another selector", at: nil))
        }
    }

    /// Overrides of callbacks whose documentation requires `super`, that do not call it.
    static func checkOverrides(of view: ClassView, callbacks: [(method: Method, objcSelector: String)], into diagnostics: inout Diagnostics) {
        for located in view.own where located.member.isOverride && !located.member.isStatic {
            let method = located.member
            guard let contract = OverrideContracts.contract(for: method.selector), let body = method.body,
                  callbacks.contains(where: { $0.method.selector == method.selector }),
                  view.program.truth(of: located) != .false else { continue }
            let bytes = Array(located.file.bytes)
            guard !OverrideContracts.callsSuper(method.baseName, body: body, in: bytes) else { continue }
            let call = OverrideContracts.superCall(method)
            let indentation = SwiftUpdater.indentation(ofLineAt: method.offset, in: bytes)
            // The fix-it's lines end as the file's do (LF, CR LF or a lone CR).
            let newline = LineEnd.first(in: located.file.bytes)
            let fix: Diagnostic.FixIt
            switch contract.position {
            case .first:
                fix = Diagnostic.FixIt(replace: SourceRange(file: located.file.id, start: body.lowerBound + 1, end: body.lowerBound + 1),
                                       with: newline + indentation + "    " + call)
            case .last:
                let close = body.upperBound - 1
                var start = close
                while start > body.lowerBound + 1 && (bytes[start - 1] == UInt8(ascii: " ") || bytes[start - 1] == UInt8(ascii: "\t")) { start -= 1 }
                let onItsLine = start > 0 && LineEnd.isLineEndByte(bytes[start - 1])
                fix = onItsLine
                    ? Diagnostic.FixIt(replace: SourceRange(file: located.file.id, start: start, end: start), with: indentation + "    " + call + newline)
                    : Diagnostic.FixIt(replace: SourceRange(file: located.file.id, start: close, end: close), with: newline + indentation + "    " + call + newline + indentation)
            }
            diagnostics.append(Diagnostic.overrideWithoutSuper(method.selector, call: "super.\(method.baseName)", at: SwiftProgram.funcRange(located), fixIt: fix)
                .note("UIKit's documentation of '\(method.selector)': \"\(contract.documentation)\"", at: nil)
                .note("add: \(call)", at: SwiftProgram.funcRange(located)))
        }
    }

    /// Who calls the callbacks of `type`, as a message names it: its framework (`Core Bluetooth`),
    /// or for a spec's own protocol or class, "a caller of 'PlayerDelegate'".
    static func caller(of type: TypeInfo) -> String {
        BuiltInModules.framework(of: type.origin) ?? "a caller of '\(type.name)'"
    }

    /// The fix-it that rewrites a near miss's signature, in its Swift file (`NearMissFix`).
    static func fixIt(_ method: Method, ownerKind: TypeInfo.Kind, nearMiss: SwiftProgram.Located<ScannedMethod>,
                      difference: NearMiss.Difference? = nil) -> Diagnostic.FixIt {
        NearMissFix.fixIt(method, ownerKind: ownerKind, nearMiss: nearMiss.member, in: nearMiss.file, difference: difference)
    }

    /// The selectors of every method the delegate's adopted protocols and superclasses declare,
    /// their ancestors' included.
    static func knownSelectors(of delegate: Delegate, in model: Model) -> Set<String> {
        Set(NearMissFix.knownCallbacks(of: delegate, in: model).map(\.method.selector))
    }

    /// Whether `name`, first in a class's inheritance clause, is a type whose methods are none
    /// of the app's: a class or protocol of an imported catalog, UIKit's and Foundation's
    /// (`UI…`, `NS…`), or a standard protocol.
    static func isFrameworkType(_ name: String, in model: Model) -> Bool {
        if model.types.contains(where: { $0.name == name && $0.isImported }) { return true }
        let scalars = Array(name.unicodeScalars)
        if scalars.count > 2, (name.hasPrefix("UI") || name.hasPrefix("NS")), scalars[2].properties.isUppercase { return true }
        return ["AnyObject", "Sendable", "Codable", "Decodable", "Encodable", "Equatable", "Hashable", "Identifiable",
                "ObservableObject", "CustomStringConvertible", "CustomDebugStringConvertible"].contains(name)
    }
}
