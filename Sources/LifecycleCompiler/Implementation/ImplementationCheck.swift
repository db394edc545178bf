/// `check --impl FILE.swift…`: does the user's delegate class implement every callback the
/// spec needs, and does the app adopt the life cycle UIKit will call?
///
/// Scans the Swift files together (`SwiftProgram`: comments, strings, regex literals and calls
/// are not declarations; the class body, its extensions in any of the files, and every `#if`
/// branch count) and matches each callback by selector, parameter types and return type, with
/// the `typealias`es of every file in scope. A class that is only extended in the files is
/// checked over its extensions; only a class neither declared nor extended is an error.
///
/// - A `require`d callback that is not implemented is an error.
/// - A near miss (see `ImplementationMatcher`: the same selector with other types, or one label
///   or a letter or two off — never another real callback of the delegate's protocols) is not an
///   implementation: of a required callback, a note on the error names it and what differs; of
///   any other callback a transition calls, it is a warning at the near miss. Either way the
///   fix-it, in the Swift file, rewrites its signature.
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
    public static func check(_ model: Model, against files: [SourceFile], infoPlist: InfoPlist? = nil,
                             machines: [String]? = nil, skippingUndeclared: Bool = false) -> Diagnostics {
        check([model], against: files, infoPlist: infoPlist, machines: machines, skippingUndeclared: skippingUndeclared)
    }

    /// The same for several specs checked together (`check A.lifecycle B.lifecycle --impl …`):
    /// each machine's callbacks once per spec, the app's life cycle once for all of them.
    public static func check(_ models: [Model], against files: [SourceFile], infoPlist: InfoPlist? = nil,
                             machines: [String]? = nil, skippingUndeclared: Bool = false) -> Diagnostics {
        let program = SwiftProgram(files: files)
        var diagnostics = Diagnostics()
        for model in models {
            for machine in model.machines {
                if let machines, !machines.contains(machine.name) { continue }
                checkCallbacks(of: machine, in: model, against: program, skippingUndeclared: skippingUndeclared,
                               into: &diagnostics)
            }
        }
        diagnostics.append(contentsOf: SceneLifecycleCheck.check(models, program: program, infoPlist: infoPlist, machines: machines,
                                                                 skippingUndeclared: skippingUndeclared))
        diagnostics.append(contentsOf: ScenePhaseCheck.check(models, program: program, machines: machines,
                                                             skippingUndeclared: skippingUndeclared))
        return diagnostics
    }

    /// One machine: its required callbacks, and near misses of every callback it calls.
    static func checkCallbacks(of machine: Machine, in model: Model, against program: SwiftProgram,
                               skippingUndeclared: Bool, into diagnostics: inout Diagnostics) {
        guard let delegate = machine.delegate else { return }
        // Every callback the machine needs, once, in order: required ones first (they are
        // errors), then the others its transitions call, each with its first transition.
        var required: Set<MethodRef> = []
        for requirement in machine.requirements { required.insert(requirement.callback) }
        var called: [(callback: MethodRef, transition: Transition)] = []
        var seen = required
        for transition in machine.transitions {
            for callback in transition.callbacks where seen.insert(callback).inserted { called.append((callback, transition)) }
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
        let methods = program.methods(ofClass: className)
        let scanned = methods.map(\.member)
        let known = knownSelectors(of: delegate, in: model)
        func match(_ ref: MethodRef) -> ImplementationMatch {
            let method = model.method(ref)
            let expected = ScannedMethod(baseName: method.name, parameters: method.parameters, returnType: method.returnType)
            return ImplementationMatcher.match(expected, in: scanned, aliases: program.aliases, known: known)
        }
        func located(_ nearMiss: NearMiss) -> SwiftProgram.Located<ScannedMethod>? {
            methods.first { $0.member == nearMiss.method }
        }
        var reported: Set<MethodRef> = []
        for requirement in machine.requirements where reported.insert(requirement.callback).inserted {
            let result = match(requirement.callback)
            if case .implemented = result { continue }
            let method = model.method(requirement.callback)
            let owner = model.types[requirement.callback.type]
            var diagnostic = Diagnostic.missingImplementation(filesName, selector: method.reference, at: requirement.range)
            if let adaptorNote { diagnostic = diagnostic.note(adaptorNote.message, at: adaptorNote.range) }
            diagnostic = diagnostic.note(anchorNote, at: anchorRange)
            if case .nearMiss(let near) = result {
                for candidate in near {
                    guard let candidateMethod = located(candidate) else { continue }
                    let at = SwiftProgram.funcRange(candidateMethod)
                    diagnostic = diagnostic.note(
                        "'\(candidate.method.selector)' nearly matches '\(method.selector)', but \(candidate.explanation), so \(ImplementationCheck.caller(of: owner)) never calls it",
                        at: at)
                    if diagnostic.fixIt == nil {
                        diagnostic.fixIt = fixIt(method, ownerKind: owner.kind, nearMiss: candidateMethod)
                        // Where the fix-it edits: the Swift file, not the spec the error is in.
                        diagnostic = diagnostic.note("change it to: \(diagnostic.fixIt!.replacement)", at: at)
                    }
                }
            }
            if diagnostic.fixIt == nil {
                diagnostic = diagnostic.note(
                    "add to '\(className)': \(SwiftDeclaration.signature(method, ownerKind: owner.kind)) { … }", at: anchorRange)
            }
            diagnostics.append(diagnostic)
        }
        // A callback the spec calls but does not require may be left out; one written almost
        // right compiles, and the framework never calls it.
        for (callback, transition) in called {
            guard case .nearMiss(let near) = match(callback), let first = near.first, let nearMiss = located(first) else { continue }
            let method = model.method(callback)
            let at = SwiftProgram.funcRange(nearMiss)
            let fix = fixIt(method, ownerKind: model.types[callback.type].kind, nearMiss: nearMiss)
            var diagnostic = Diagnostic.nearMissOfCalledCallback(first.method.selector, expected: method.selector,
                                                                 explanation: first.explanation, caller: ImplementationCheck.caller(of: model.types[callback.type]),
                                                                 at: at)
                .note("machine '\(machine.name)' calls '\(method.selector)' here", at: transition.range)
            if let adaptorNote { diagnostic = diagnostic.note(adaptorNote.message, at: adaptorNote.range) }
            diagnostic = diagnostic
                .note("change it to: \(fix.replacement)", at: at)
            diagnostic.fixIt = fix
            diagnostics.append(diagnostic)
        }
    }

    /// Who calls the callbacks of `type`, as a message names it: its framework (`Core Bluetooth`),
    /// or for a spec's own protocol or class, "a caller of 'PlayerDelegate'".
    static func caller(of type: TypeInfo) -> String {
        BuiltInModules.framework(of: type.origin) ?? "a caller of '\(type.name)'"
    }

    /// The fix-it that rewrites a near miss's signature, in its Swift file.
    static func fixIt(_ method: Method, ownerKind: TypeInfo.Kind, nearMiss: SwiftProgram.Located<ScannedMethod>) -> Diagnostic.FixIt {
        Diagnostic.FixIt(replace: SourceRange(file: nearMiss.file.id, start: nearMiss.member.offset, end: nearMiss.member.signatureEnd),
                         with: fixedSignature(method, ownerKind: ownerKind, keeping: nearMiss.member))
    }

    /// The selectors of every method the delegate's adopted protocols and superclasses declare,
    /// their ancestors' included.
    static func knownSelectors(of delegate: Delegate, in model: Model) -> Set<String> {
        var known: Set<String> = []
        var visited: Set<Int> = []
        var work = delegate.adopted
        while let next = work.popLast() {
            guard next >= 0, next < model.types.count, visited.insert(next).inserted else { continue }
            for method in model.types[next].methods { known.insert(method.selector) }
            work.append(contentsOf: model.types[next].parents)
        }
        return known
    }

    /// The callback's exact signature, with the near miss's parameter names (so its body still
    /// compiles) and `override` only if the near miss lacks it (the fix-it starts at `func`).
    static func fixedSignature(_ method: Method, ownerKind: TypeInfo.Kind, keeping nearMiss: ScannedMethod) -> String {
        var fixed = method
        if nearMiss.parameters.count == method.parameters.count {
            for index in fixed.parameters.indices {
                let name = nearMiss.parameters[index].name
                if name != "_" { fixed.parameters[index].name = name }
            }
        }
        let signature = SwiftDeclaration.signature(fixed, ownerKind: .protocol)
        return ownerKind == .class && !nearMiss.isOverride ? "override " + signature : signature
    }
}
