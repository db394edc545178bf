/// Delegates and callbacks: which methods a machine may call, and what each reference means.
extension Checker {
    /// The methods a machine's callbacks resolve against.
    struct CallbackScope {
        var bySelector: [String: MethodRef] = [:]
        var byName: [String: [MethodRef]] = [:]
        /// How the scope is named in messages: "UIWindowSceneDelegate", or nil for "in scope".
        var owners: String?
        var delegateName: String?
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
        return delegate
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
                let ref = MethodRef(type: type, index: index)
                if scope.bySelector[method.selector] == nil { scope.bySelector[method.selector] = ref }
                scope.byName[method.name, default: []].append(ref)
            }
        }
        return scope
    }

    /// The method a callback reference names, or nil (reported).
    mutating func resolveCallback(_ ref: CallbackRef, in scope: CallbackScope, delegate: Delegate?) -> MethodRef? {
        let name = text(ref.baseName.range)
        if let labels = ref.labels {
            let selector = "\(name)(\(labels.map { ($0 ?? "_") + ":" }.joined()))"
            if let found = scope.bySelector[selector] { return found }
            reportMissingCallback(selector, isBare: false, ref: ref, scope: scope, delegate: delegate)
            return nil
        }
        let candidates = scope.byName[name] ?? []
        if candidates.count == 1 { return candidates[0] }
        if candidates.count > 1 {
            let selectors = candidates.map { types[$0.type].methods[$0.index].selector }
            report(.ambiguousCallback(name, candidates: selectors, at: ref.range))
            return nil
        }
        reportMissingCallback(name, isBare: true, ref: ref, scope: scope, delegate: delegate)
        return nil
    }

    /// Reports a callback that is not in scope: owned by a type the delegate does not adopt,
    /// or unknown everywhere (with the nearest selector as a suggestion).
    mutating func reportMissingCallback(_ written: String, isBare: Bool, ref: CallbackRef,
                                        scope: CallbackScope, delegate: Delegate?) {
        if let delegate, !delegate.isIncomplete {
            for type in types.indices {
                if let method = types[type].methods.first(where: { isBare ? $0.name == written : $0.selector == written }) {
                    report(.callbackNotAdopted(method.selector, owner: types[type].name, delegate: delegate.name,
                                               at: ref.range)
                        .note("'\(method.selector)' declared in '\(types[type].name)' here", at: method.range))
                    return
                }
            }
        }
        let suggestion: String? = if isBare {
            (spendSuggestion() ? Suggestions.bestMatch(for: written, in: scope.byName.keys.sorted()) : nil)
                .flatMap { name in scope.byName[name]?.count == 1 ? types[scope.byName[name]![0].type].methods[scope.byName[name]![0].index].selector : name }
        } else {
            (spendSuggestion() ? Suggestions.bestMatch(for: written, in: scope.bySelector.keys.sorted()) : nil)
        }
        report(.unknownCallback(written, owners: scope.owners, suggestion: suggestion, at: ref.range))
    }
}
