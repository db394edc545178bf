import LifecycleSource
import LifecycleSyntax
import LifecycleModel

/// Protocols and classes: their methods' selectors, parents, and duplicates.
extension Checker {
    /// Adds the protocols and classes of one file, in source order.
    ///
    /// A built-in module's types come with what its catalog says beside the source: each one's
    /// isolation, and which protocol requirements are not optional. Two modules may declare
    /// one type (every catalog declares `NSObject`, which Swift re-exports from each framework):
    /// it is one type, the first module's.
    mutating func declareTypes(of syntax: FileSyntax, origin: String?) {
        let catalog = origin.flatMap(BuiltInModules.named)
        for entry in syntax.order {
            let decl: TypeDecl
            switch entry {
            case .protocol(let index): decl = syntax.protocols[index]
            case .class(let index): decl = syntax.classes[index]
            default: continue
            }
            let name = text(decl.name.range)
            if let first = typeByName[name] {
                if catalog != nil && BuiltInModules.isModule(types[first].origin) { continue }
                report(.duplicateType(decl.kind.rawValue, name, at: decl.name.range)
                    .note("'\(name)' first declared here", at: types[first].range))
                continue
            }
            var info = TypeInfo(kind: decl.kind == .protocol ? .protocol : .class, name: name, parents: [],
                                methods: [], properties: [], origin: origin, range: decl.name.range)
            info.isolation = catalog?.isolation[name]
            var selectors: [String: [Int]] = [:]
            var properties: [String: SourceRange] = [:]
            for member in decl.memberOrder {
                switch member {
                case .function(let index):
                    guard var method = makeMethod(decl.functions[index], ofClass: decl.kind == .class) else { continue }
                    if let catalog, decl.kind == .protocol, !catalog.required.isEmpty {
                        method.isRequired = catalog.required.contains("\(name).\(method.objcSelector ?? method.selector)")
                    }
                    let twins = selectors[method.selector] ?? []
                    if addMethod(&method, to: &info, twins: twins) { selectors[method.selector] = twins + [info.methods.count - 1] }
                case .variable(let index):
                    let variable = decl.variables[index]
                    let propertyName = text(variable.name.range)
                    if let first = properties[propertyName] {
                        report(.duplicateProperty(propertyName, owner: name, at: variable.name.range)
                            .note("'\(propertyName)' first declared here", at: first))
                        continue
                    }
                    properties[propertyName] = variable.name.range
                    info.properties.append(Property(name: propertyName, type: text(variable.type), range: variable.name.range))
                }
            }
            typeByName[name] = types.count
            if origin == nil { ownTypes.append(types.count) }
            typeParents.append(decl.parents)
            types.append(info)
        }
    }

    /// Adds `method` to a type's methods, or reports it as a duplicate (false). Two methods with
    /// one Swift selector and other parameter types are overloads, as in Swift: both are kept,
    /// marked, and a spec names each by its Objective-C selector. An extension of a framework's
    /// type cannot add an overload: its catalog already declares every real one.
    /// - Parameter twins: the indices of the type's methods with `method`'s selector.
    mutating func addMethod(_ method: inout Method, to info: inout TypeInfo, twins: [Int], overloads: Bool = true) -> Bool {
        if let first = twins.first(where: { !overloads || Overrides.sameTypes(info.methods[$0], method) }) {
            report(.duplicateMethod(method.selector, owner: info.name, at: method.range)
                .note("'\(method.selector)' first declared here", at: info.methods[first].range))
            return false
        }
        if !twins.isEmpty {
            method.isOverloaded = true
            for twin in twins { info.methods[twin].isOverloaded = true }
        }
        info.methods.append(method)
        return true
    }

    /// Adds the members of a file's extensions to the types they extend, most often a UIKit
    /// protocol whose callback the catalog does not list: `extension UIApplicationDelegate {
    /// func application(_ application: UIApplication, performActionFor …) }`. The type keeps its
    /// origin, so the generator emits no declaration for it, only the delegate's methods.
    mutating func extendTypes(of syntax: FileSyntax) {
        for decl in syntax.extensions {
            let name = text(decl.name.range)
            guard let index = typeByName[name] else {
                reportUnknownType(name, at: decl.name.range)
                continue
            }
            for member in decl.memberOrder {
                switch member {
                case .function(let function):
                    guard var method = makeMethod(decl.functions[function], ofClass: types[index].kind == .class) else { continue }
                    var info = types[index]
                    types[index].methods = []  // `info` holds the only reference: no copy of the array
                    let twins = info.methods.indices.filter { info.methods[$0].selector == method.selector }
                    _ = addMethod(&method, to: &info, twins: twins, overloads: !BuiltInModules.isModule(info.origin))
                    types[index] = info
                case .variable(let variable):
                    let decl = decl.variables[variable]
                    let propertyName = text(decl.name.range)
                    if let first = types[index].properties.first(where: { $0.name == propertyName }) {
                        report(.duplicateProperty(propertyName, owner: name, at: decl.name.range)
                            .note("'\(propertyName)' first declared here", at: first.range))
                        continue
                    }
                    types[index].properties.append(Property(name: propertyName, type: text(decl.type), range: decl.name.range))
                }
            }
        }
    }

    /// A method from its declaration, or nil if its signature is broken (reported).
    ///
    /// Keyword names are fine (the generators escape them), with one exception that no
    /// backticks can rescue: an override passes its parameters on to `super`, and Swift
    /// rejects `super` in a method that has a parameter named `self`.
    mutating func makeMethod(_ decl: FuncDecl, ofClass: Bool) -> Method? {
        let name = text(decl.name.range)
        guard decl.parametersComplete else { return nil }
        let file = files[decl.parameters.file]
        let clause = Array(bytes(decl.parameters))
        let parameters: [SwiftParameter]
        switch SwiftParameterList.parse(clause, range: 0..<clause.count) {
        case .success(let parsed):
            parameters = parsed
        case .failure(let problem):
            let offset = decl.parameters.startOffset + min(max(problem.offset, 0), clause.count)
            report(.invalidSwiftSignature(problem.message, function: name,
                                          at: SourceRange(file: file.id, start: offset, end: offset)))
            return nil
        }
        let labels = parameters.map { ($0.label ?? "_") + ":" }.joined()
        if ofClass && decl.body == nil && parameters.contains(where: { $0.name == "self" }) {
            // Kept in the model, so that callbacks naming it still resolve: one error, no cascade.
            report(.selfParameterInClassMethod("\(name)(\(labels))", at: decl.name.range))
        }
        let returnType = decl.returnType.map { text($0) }
        var availability: Availability?
        if let attribute = decl.availability {
            let written = bytes(attribute)
            let open = written.firstIndex(of: UInt8(ascii: "(")) ?? 0
            let arguments = Array(written[(open + 1)..<max(open + 1, written.count - 1)])
            switch Availability.parse(argumentBytes: arguments, text: String(decoding: written, as: UTF8.self)) {
            case .success(let parsed):
                availability = parsed
            case .failure(let problem):
                let offset = attribute.startOffset + open + 1 + max(0, min(problem.offset, arguments.count))
                report(.invalidAvailability(problem.message, at: SourceRange(file: attribute.file, start: offset, end: offset)))
            }
        }
        var objcSelector: String?
        if let attribute = decl.objcName {
            // The text between the parentheses, blanks around it dropped.
            let written = bytes(attribute)
            var lower = (written.firstIndex(of: UInt8(ascii: "(")) ?? -1) + 1
            var upper = written.count - 1
            while lower < upper && (written[lower] == 0x20 || written[lower] == 0x09) { lower += 1 }
            while upper > lower && (written[upper - 1] == 0x20 || written[upper - 1] == 0x09) { upper -= 1 }
            let selector = written[lower..<max(lower, upper)]
            if let problem = ObjCSelector.problem(in: selector, parameterCount: parameters.count) {
                report(.invalidObjCSelector(problem, at: attribute))
            } else {
                objcSelector = String(decoding: selector, as: UTF8.self)
            }
        }
        return Method(name: name, selector: "\(name)(\(labels))", objcSelector: objcSelector, parameters: parameters,
                      parameterText: text(decl.parameters),
                      returnType: returnType.flatMap { SwiftTypeText.sameReturnType($0, nil) ? nil : $0 },
                      returns: decl.returns.map(value), body: decl.body.map(value),
                      isAsync: decl.isAsync, isThrowing: decl.isThrowing, range: decl.name.range,
                      availability: availability)
    }

    /// Resolves each type's parents; reports unknown names, a class inheriting from a
    /// protocol or a protocol from a class, and inheritance cycles.
    mutating func resolveParents() {
        for index in types.indices {
            var parents: [Int] = []
            for parent in typeParents[index] {
                let name = text(parent.range)
                guard let resolved = typeByName[name] else {
                    reportUnknownType(name, at: parent.range)
                    continue
                }
                if types[resolved].kind != types[index].kind {
                    report(.wrongParentKind(types[index].kind.rawValue, types[index].name,
                                            parent: types[resolved].kind.rawValue, name, at: parent.range))
                    continue
                }
                parents.append(resolved)
            }
            types[index].parents = parents
        }
        // A cycle would make ancestor walks loop: report it and cut it.
        for index in types.indices where ancestors(of: index).contains(index) {
            report(.inheritanceCycle(types[index].name, at: types[index].range))
            types[index].parents = []
        }
    }

    /// Every type `index` inherits from, transitively (not including itself unless cyclic).
    func ancestors(of index: Int) -> [Int] {
        TypeInfo.lineage(of: types[index].parents, in: types)
    }

    /// Reports a protocol or class name that is not in scope: the `import` that brings it when
    /// a built-in module declares it (with the fix-it that adds the import), else the nearest
    /// name in scope.
    mutating func reportUnknownType(_ name: String, at range: SourceRange) {
        let declaring = BuiltInModules.modules(declaring: name)
        // `NSObject`, which every catalog declares, is Foundation's.
        if let module = declaring.contains("Foundation") ? "Foundation" : declaring.first {
            let file = range.file == root.file.id ? root.file : files[range.file]
            report(.typeNeedsImport(name, module: module, framework: BuiltInModules.framework(of: module) ?? module,
                                    insertion: Checker.importInsertion(in: file), lineEnd: LineEnd.first(in: file.bytes), at: range))
            return
        }
        let suggestion = spendSuggestion() ? Suggestions.bestMatch(for: name, in: typeByName.keys.sorted()) : nil
        report(.unknownType(name, suggestion: suggestion, at: range))
    }

    /// Where a new `import` line goes in a spec: at the start of the line after its last
    /// top-level `import`, else at the start of the file (the line it inserts ends in a line break).
    /// Lines end in LF, CR LF or a lone CR (`LineEnd`).
    static func importInsertion(in file: SourceFile) -> SourceRange {
        let bytes = file.bytes
        let keyword = Array("import ".utf8)
        var offset = 0
        var lineStart = 0
        while lineStart < bytes.count {
            let lineEnd = LineEnd.end(ofLineAt: lineStart, in: bytes)
            let next = lineEnd + max(LineEnd.length(at: lineEnd, in: bytes), 1)
            if bytes[lineStart..<lineEnd].starts(with: keyword) { offset = min(next, bytes.count) }
            lineStart = next
        }
        return SourceRange(file: file.id, start: offset, end: offset)
    }
}
