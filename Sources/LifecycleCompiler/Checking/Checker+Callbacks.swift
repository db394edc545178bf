/// Delegates and callbacks: which methods a machine may call, and what each reference means.
extension Checker {
    /// The methods a machine's callbacks resolve against.
    ///
    /// Selectors and base names are interned, so resolving a reference hashes its bytes once
    /// and allocates nothing; the `String`-keyed views below are built only for messages.
    struct CallbackScope {
        /// Selector (`name(_:label:)`) -> the first method with it, by interned id.
        var selectors = NameTable()
        var methodBySelector: [MethodRef] = []
        /// Base name -> every method with it, by interned id.
        var names = NameTable()
        var methodsByName: [[MethodRef]] = []
        /// How the scope is named in messages: "UIWindowSceneDelegate", or nil for "in scope".
        var owners: String?
        var delegateName: String?

        mutating func add(_ method: Method, _ ref: MethodRef) {
            // A selector seen before is the same method restated lower down (a spec class
            // overriding its superclass's method): the first, most derived one, answers for it.
            guard Int(selectors.intern(method.selector)) == methodBySelector.count else { return }
            methodBySelector.append(ref)
            let name = Int(names.intern(method.name))
            if name == methodsByName.count { methodsByName.append([]) }
            methodsByName[name].append(ref)
        }

        /// The selectors in scope, sorted (for suggestions).
        var sortedSelectors: [String] { (0..<selectors.count).map { selectors.string(NameTable.ID($0)) }.sorted() }
        /// The base names in scope, sorted (for suggestions).
        var sortedNames: [String] { (0..<names.count).map { names.string(NameTable.ID($0)) }.sorted() }

        func methods(named name: String) -> [MethodRef] {
            names.lookup(name).map { methodsByName[Int($0)] } ?? []
        }

        /// What a reference names in this scope.
        enum Lookup {
            case method(MethodRef)
            /// A bare name that several methods have.
            case ambiguous([MethodRef])
            case missing
        }

        /// What `ref` names. Its spelling was interned by the parser (`spellings`, the file's
        /// `FileSyntax.callbackSpellings`): it is looked up by its bytes, allocating nothing.
        func lookup(_ ref: CallbackRef, spellings: NameTable) -> Lookup {
            if !ref.isBare {
                return spellings.withBytes(ref.spelling, { selectors.lookup($0) }).map { .method(methodBySelector[Int($0)]) } ?? .missing
            }
            let candidates = spellings.withBytes(ref.spelling, { names.lookup($0) }).map { methodsByName[Int($0)] } ?? []
            switch candidates.count {
            case 0: return .missing
            case 1: return .method(candidates[0])
            default: return .ambiguous(candidates)
            }
        }
    }

    /// Resolves `delegate Name: Superclass, Protocol, …`.
    mutating func resolveDelegate(_ decl: DelegateDecl) -> Delegate {
        let name = text(decl.name.range)
        if let clash = typeByName[name] {
            report(.delegateNameClash(name, kind: types[clash].kind.rawValue, at: decl.name.range)
                .note("'\(name)' declared here", at: types[clash].range))
        }
        var delegate = Delegate(name: name, adopted: [], superclass: nil, range: decl.name.range)
        for (position, parent) in decl.adopted.enumerated() {
            let parentName = text(parent.range)
            guard let index = typeByName[parentName] else {
                let suggestion = spendSuggestion() ? Suggestions.bestMatch(for: parentName, in: typeByName.keys.sorted()) : nil
                report(.unknownType(parentName, suggestion: suggestion, at: parent.range))
                delegate.isIncomplete = true
                continue
            }
            if types[index].kind == .class {
                if let existing = delegate.superclass {
                    report(.severalSuperclasses(name, at: parent.range)
                        .note("'\(types[existing].name)' is already its superclass", at: decl.adopted[0].range))
                    continue
                }
                if position > 0 {
                    report(.superclassNotFirst(parentName, at: parent.range))
                }
                delegate.superclass = index
            }
            delegate.adopted.append(index)
        }
        if delegate.superclass == nil, !delegate.isIncomplete,
           let uikit = delegate.adopted.first(where: { types[$0].origin == "UIKit" && types[$0].kind == .protocol }) {
            report(.delegateNeedsNSObject(name, protocol: types[uikit].name, at: decl.name.range))
        }
        if !delegate.isIncomplete { checkSelectorClashes(delegate) }
        return delegate
    }

    /// Two adopted protocols requiring one selector with different types: no single method
    /// can implement both, so the generated class could not compile. Reported once per
    /// selector, at the delegate.
    mutating func checkSelectorClashes(_ delegate: Delegate) {
        var seen: Set<Int> = []
        var first: [String: (type: Int, method: Method)] = [:]
        var reported: Set<String> = []
        for adopted in delegate.adopted {
            for index in [adopted] + ancestors(of: adopted) where seen.insert(index).inserted && types[index].kind == .protocol {
                for method in types[index].methods {
                    guard let earlier = first[method.selector] else {
                        first[method.selector] = (index, method)
                        continue
                    }
                    let same = earlier.method.parameters.map(\.type) == method.parameters.map(\.type)
                        && earlier.method.returnType == method.returnType
                        && earlier.method.isAsync == method.isAsync && earlier.method.isThrowing == method.isThrowing
                    guard !same, earlier.type != index, reported.insert(method.selector).inserted else { continue }
                    report(.selectorClash(method.selector, first: types[earlier.type].name, second: types[index].name,
                                          delegate: delegate.name, at: delegate.range)
                        .note("'\(method.selector)' declared here in '\(types[earlier.type].name)'", at: earlier.method.range)
                        .note("and here in '\(types[index].name)', with other types", at: method.range))
                }
            }
        }
    }

    /// The callbacks available to a machine: its delegate's types and their ancestors, or every
    /// type in scope when the machine has no delegate.
    func callbackScope(for delegate: Delegate?) -> CallbackScope {
        var scope = CallbackScope()
        var typeList: [Int]
        if let delegate, !delegate.isIncomplete {
            var seen: Set<Int> = []
            typeList = []
            for adopted in delegate.adopted {
                for index in [adopted] + ancestors(of: adopted) where seen.insert(index).inserted {
                    typeList.append(index)
                }
            }
            scope.owners = delegate.adopted.map { types[$0].name }.joined(separator: ", ")
            scope.delegateName = delegate.name
        } else {
            typeList = Array(types.indices)
        }
        for type in typeList {
            for (index, method) in types[type].methods.enumerated() {
                scope.add(method, MethodRef(type: type, index: index))
            }
        }
        return scope
    }

    /// The method a callback reference names, or nil (reported; a `String` is made only then).
    mutating func resolveCallback(_ ref: CallbackRef, in scope: CallbackScope, delegate: Delegate?) -> MethodRef? {
        switch scope.lookup(ref, spellings: root.callbackSpellings) {
        case .method(let method):
            return method
        case .ambiguous(let candidates):
            let selectors = candidates.map { types[$0.type].methods[$0.index].selector }
            report(.ambiguousCallback(text(ref.baseName.range), candidates: selectors, at: ref.range))
        case .missing:
            let written = ref.isBare ? text(ref.baseName.range) : root.callbackSpellings.string(ref.spelling)
            reportMissingCallback(written, isBare: ref.isBare, ref: ref, scope: scope, delegate: delegate)
        }
        return nil
    }

    /// The callbacks the app-based and the scene-based life cycles split between the app
    /// delegate and the scene delegate, each with its counterpart in the other life cycle
    /// (`sceneReplacements`, read both ways).
    static let lifeCycleCounterparts: [String: (selector: String, lifeCycle: String)] = {
        var table: [String: (selector: String, lifeCycle: String)] = [:]
        for (app, scene) in sceneReplacements {
            table[app] = (scene, "scene-based")
            table[scene] = (app, "app-based")
        }
        return table
    }()

    /// Reports a callback that is not in scope: owned by a type the delegate does not adopt,
    /// or unknown everywhere (with the nearest selector as a suggestion).
    mutating func reportMissingCallback(_ written: String, isBare: Bool, ref: CallbackRef,
                                        scope: CallbackScope, delegate: Delegate?) {
        if let delegate, !delegate.isIncomplete {
            for type in types.indices {
                if let method = types[type].methods.first(where: { isBare ? $0.name == written : $0.selector == written }) {
                    // An app-delegate callback on a scene delegate (or the other way round):
                    // name the one the delegate does have, when it adopts it.
                    let counterpart = Checker.lifeCycleCounterparts[method.selector]
                        .flatMap { scope.sortedSelectors.contains($0.selector) ? $0 : nil }
                    report(.callbackNotAdopted(method.selector, owner: types[type].name, delegate: delegate.name,
                                               counterpart: counterpart, at: ref.range)
                        .note("'\(method.selector)' declared in '\(types[type].name)' here", at: method.range))
                    return
                }
            }
        }
        if !isBare, importsUIKit, let unlisted = UIKitUnlisted.callbacks[written] {
            report(.callbackNotInCatalog(written, owner: unlisted.owner, signature: unlisted.signature, at: ref.range))
            return
        }
        let suggestion: String? = if isBare {
            (spendSuggestion() ? Suggestions.bestMatch(for: written, in: scope.sortedNames) : nil)
                .map { name in
                    let methods = scope.methods(named: name)
                    return methods.count == 1 ? types[methods[0].type].methods[methods[0].index].selector : name
                }
        } else {
            (spendSuggestion() ? Suggestions.bestMatch(for: written, in: scope.sortedSelectors) : nil)
        }
        report(.unknownCallback(written, owners: scope.owners, suggestion: suggestion, at: ref.range))
    }
}
