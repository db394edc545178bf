/// `check --impl FILE.swift…`: does the user's delegate class implement every required callback?
///
/// Scans the Swift files together (comments, strings, regex literals and calls are not
/// declarations; the class body, its extensions in any of the files, and every `#if` branch
/// count) and matches each `require`d callback by selector, parameter types and return type, with
/// the `typealias`es of every file in scope. A class that is only extended in the files is checked
/// over its extensions; only a class neither declared nor extended is an error.
///
/// A near miss (see `ImplementationMatcher`: the same selector with other types, or one label or
/// a letter or two off — never another real callback of the delegate's protocols) is not an
/// implementation: a note names it and what differs, and the fix-it rewrites its signature.
public enum ImplementationCheck {
    /// The required callbacks `files` do not implement, one error each.
    ///
    /// - Parameters:
    ///   - machines: check only the machines with these names (nil: every machine).
    ///   - skippingUndeclared: skip a machine whose delegate class no file declares, instead of
    ///     reporting it (`check --only-declared`: a build passes all of a target's Swift files,
    ///     and a spec may describe delegates that live in other targets).
    public static func check(_ model: Model, against files: [SourceFile], machines: [String]? = nil,
                             skippingUndeclared: Bool = false) -> Diagnostics {
        var diagnostics = Diagnostics()
        let scans = files.map { SwiftSourceScanner(bytes: Array($0.bytes)).scanFile() }
        var aliases: [String: String] = [:]
        for scan in scans {
            for alias in scan.typealiases where aliases[alias.name] == nil { aliases[alias.name] = alias.type }
        }
        for machine in model.machines where !machine.requirements.isEmpty {
            if let machines, !machines.contains(machine.name) { continue }
            guard let delegate = machine.delegate else { continue }
            var home: (file: SourceFile, type: ScannedType)?
            var firstExtension: (file: SourceFile, type: ScannedType)?
            var methods: [(method: ScannedMethod, file: SourceFile)] = []
            for (file, scan) in zip(files, scans) {
                if home == nil, let type = scan.types.first(where: { $0.kind == .class && $0.name == delegate.name }) {
                    home = (file, type)
                }
                if firstExtension == nil, let type = scan.types.first(where: { $0.kind == .extension && $0.name == delegate.name }) {
                    firstExtension = (file, type)
                }
                methods += SwiftSourceScanner.methods(ofClass: delegate.name, in: scan.types).map { ($0, file) }
            }
            // A build passes every Swift file of a target: a class only extended there is
            // declared in another target, which this check cannot see.
            if skippingUndeclared && home == nil { continue }
            guard let anchor = home ?? firstExtension else {
                diagnostics.append(.delegateClassNotFound(delegate.name, files: files.map { PathNames.lastComponent($0.path) },
                                                          at: delegate.range))
                continue
            }
            let filesName = PathNames.lastComponent(anchor.file.path)
            let anchorLength = anchor.type.kind == .class ? 5 : 9
            let anchorRange = SourceRange(file: anchor.file.id, start: anchor.type.declarationOffset,
                                          end: anchor.type.declarationOffset + anchorLength)
            let anchorNote = home != nil ? "class '\(delegate.name)' is declared here"
                                         : "class '\(delegate.name)' is extended here (its declaration is in none of the files)"
            let known = knownSelectors(of: delegate, in: model)
            var seen: Set<MethodRef> = []
            for requirement in machine.requirements where seen.insert(requirement.callback).inserted {
                let method = model.method(requirement.callback)
                let owner = model.types[requirement.callback.type]
                let expected = ScannedMethod(baseName: method.name, parameters: method.parameters,
                                             returnType: method.returnType)
                let match = ImplementationMatcher.match(expected, in: methods.map(\.method), aliases: aliases, known: known)
                if case .implemented = match { continue }
                var diagnostic = Diagnostic.missingImplementation(filesName, selector: method.selector,
                                                                 at: requirement.range)
                    .note(anchorNote, at: anchorRange)
                if case .nearMiss(let near) = match {
                    for candidate in near {
                        guard let file = methods.first(where: { $0.method == candidate.method })?.file else { continue }
                        let at = SourceRange(file: file.id, start: candidate.method.offset, end: candidate.method.offset + 4)
                        diagnostic = diagnostic.note(
                            "'\(candidate.method.selector)' nearly matches '\(method.selector)', but \(candidate.explanation), so UIKit never calls it",
                            at: at)
                        if diagnostic.fixIt == nil {
                            let replacement = fixedSignature(method, ownerKind: owner.kind, keeping: candidate.method)
                            diagnostic.fixIt = .init(
                                replace: SourceRange(file: file.id, start: candidate.method.offset, end: candidate.method.signatureEnd),
                                with: replacement)
                        }
                    }
                }
                if let fixIt = diagnostic.fixIt {
                    diagnostic = diagnostic.note("change it to: \(fixIt.replacement)", at: nil)
                } else {
                    diagnostic = diagnostic.note(
                        "add to '\(delegate.name)': \(SwiftDeclaration.signature(method, ownerKind: owner.kind)) { … }", at: nil)
                }
                diagnostics.append(diagnostic)
            }
        }
        return diagnostics
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
