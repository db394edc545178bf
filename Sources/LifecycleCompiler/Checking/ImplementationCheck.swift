/// `check --impl FILE.swift`: does the user's delegate class implement every required callback?
///
/// Scans the Swift files (comments, strings and calls are not declarations; extensions of
/// the class and every `#if` branch count) and matches each `require`d callback by selector,
/// parameter types and return type. A near miss (right base name, wrong labels or types) is
/// not an implementation; it is named in a note, because UIKit would never call it.
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
        let scans = files.map { SwiftSourceScanner(bytes: Array($0.bytes)).scan() }
        for machine in model.machines where !machine.requirements.isEmpty {
            if let machines, !machines.contains(machine.name) { continue }
            guard let delegate = machine.delegate else { continue }
            var home: (file: SourceFile, type: ScannedType)?
            var methods: [(method: ScannedMethod, file: SourceFile)] = []
            for (file, types) in zip(files, scans) {
                if home == nil, let type = types.first(where: { $0.kind == .class && $0.name == delegate.name }) {
                    home = (file, type)
                }
                methods += SwiftSourceScanner.methods(ofClass: delegate.name, in: types).map { ($0, file) }
            }
            guard let home else {
                if skippingUndeclared { continue }
                diagnostics.append(.delegateClassNotFound(delegate.name, files: files.map { lastComponent($0.path) },
                                                          at: delegate.range))
                continue
            }
            let homeName = lastComponent(home.file.path)
            let classRange = SourceRange(file: home.file.id, start: home.type.declarationOffset,
                                         end: home.type.declarationOffset + 5)
            var seen: Set<MethodRef> = []
            for requirement in machine.requirements where seen.insert(requirement.callback).inserted {
                let method = model.method(requirement.callback)
                let owner = model.types[requirement.callback.type]
                let expected = ScannedMethod(baseName: method.name, parameters: method.parameters,
                                             returnType: method.returnType)
                let match = ImplementationMatcher.match(expected, in: methods.map(\.method))
                if case .implemented = match { continue }
                var diagnostic = Diagnostic.missingImplementation(homeName, selector: method.selector,
                                                                 at: requirement.range)
                    .note("class '\(delegate.name)' is declared here", at: classRange)
                if case .nearMiss(let near) = match {
                    for candidate in near {
                        guard let file = methods.first(where: { $0.method == candidate })?.file else { continue }
                        let at = SourceRange(file: file.id, start: candidate.offset, end: candidate.offset + 4)
                        diagnostic = diagnostic.note(
                            "'\(candidate.selector)' nearly matches '\(method.selector)' but is not it, so UIKit never calls it", at: at)
                    }
                }
                diagnostic = diagnostic.note(
                    "add to '\(delegate.name)': \(SwiftDeclaration.signature(method, ownerKind: owner.kind)) { … }", at: nil)
                diagnostics.append(diagnostic)
            }
        }
        return diagnostics
    }

    static func lastComponent(_ path: String) -> String {
        String(path.split(separator: "/").last ?? Substring(path))
    }
}
