import LifecycleSource
import LifecycleSyntax
import LifecycleModel

/// Delegates and callbacks: which methods a machine may call, and what each reference means.
extension Checker {
    /// The methods a machine's callbacks resolve against.
    ///
    /// Selectors and base names are interned, so resolving a reference hashes its bytes once
    /// and allocates nothing; the `String`-keyed views below are built only for messages.
    struct CallbackScope {
        /// Selector (`name(_:label:)`) -> the methods with it, by interned id: one, or the
        /// overloads of a Swift name (`peripheral(_:didUpdateValueFor:error:)`).
        var selectors = NameTable()
        var methodsBySelector: [[MethodRef]] = []
        /// Base name -> every method with it, by interned id.
        var names = NameTable()
        var methodsByName: [[MethodRef]] = []
        /// Objective-C selector -> an overload, for the methods whose Swift selector names several.
        var objcSelectors = NameTable()
        var overloadByObjC: [MethodRef] = []
        /// How the scope is named in messages: "UIWindowSceneDelegate", or nil for "in scope".
        var owners: String?
        var delegateName: String?

        /// Adds `method` (`methods` reads the ones added before, for overloads).
        mutating func add(_ method: Method, _ ref: MethodRef, methods: (MethodRef) -> Method) {
            let selector = Int(selectors.intern(method.selector))
            if selector == methodsBySelector.count {
                methodsBySelector.append([ref])
            } else {
                // A selector seen before is the same method restated lower down (a spec class
                // overriding its superclass's method: the first, most derived one, answers for
                // it), unless its types differ: an overload.
                guard method.isOverloaded, !methodsBySelector[selector].contains(where: { Overrides.sameTypes(methods($0), method) }) else { return }
                methodsBySelector[selector].append(ref)
            }
            if method.isOverloaded, let objc = method.objcSelector, Int(objcSelectors.intern(objc)) == overloadByObjC.count {
                overloadByObjC.append(ref)
            }
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

        func methods(withSelector selector: String) -> [MethodRef] {
            selectors.lookup(selector).map { methodsBySelector[Int($0)] } ?? []
        }

        /// What a reference names in this scope.
        enum Lookup {
            case method(MethodRef)
            /// A bare name that several methods have, or a selector several overloads have.
            case ambiguous([MethodRef])
            case missing
        }

        /// What `ref` names. Its spelling was interned by the parser (`spellings`, the file's
        /// `FileSyntax.callbackSpellings`): it is looked up by its bytes, allocating nothing.
        /// An Objective-C selector names an overload; any other callback it names is missing here
        /// (the checker then says to write the Swift reference).
        func lookup(_ ref: CallbackRef, spellings: NameTable) -> Lookup {
            if ref.isObjectiveC {
                return spellings.withBytes(ref.spelling, { objcSelectors.lookup($0) }).map { .method(overloadByObjC[Int($0)]) } ?? .missing
            }
            let candidates = ref.isBare
                ? spellings.withBytes(ref.spelling, { names.lookup($0) }).map { methodsByName[Int($0)] } ?? []
                : spellings.withBytes(ref.spelling, { selectors.lookup($0) }).map { methodsBySelector[Int($0)] } ?? []
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
        delegate.isOpen = decl.isOpen
        for (position, parent) in decl.adopted.enumerated() {
            let parentName = text(parent.range)
            guard let index = typeByName[parentName] else {
                reportUnknownType(parentName, at: parent.range)
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
        // A framework's delegate protocol is an Objective-C protocol (SwiftUI's `App` and `View`
        // are Swift protocols a struct adopts).
        if delegate.superclass == nil, !delegate.isIncomplete,
           let objc = delegate.adopted.first(where: { types[$0].kind == .protocol && types[$0].origin != "SwiftUI" && BuiltInModules.isModule(types[$0].origin) }) {
            let superclass = types[objc].origin == "UIKit" ? "UIResponder" : "NSObject"
            report(.delegateNeedsNSObject(name, protocol: types[objc].name, superclass: superclass, at: decl.name.range))
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
                scope.add(method, MethodRef(type: type, index: index)) { types[$0.type].methods[$0.index] }
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
            let methods = candidates.map { types[$0.type].methods[$0.index] }
            if ref.isBare {
                report(.ambiguousCallback(text(ref.baseName.range), candidates: methods.map(\.reference), at: ref.range))
            } else {
                let selector = root.callbackSpellings.string(ref.spelling)
                var diagnostic = Diagnostic.overloadedCallback(selector, owner: types[candidates[0].type].name,
                                                               overloads: Checker.overloadDescriptions(methods), at: ref.range)
                for method in methods {
                    diagnostic = diagnostic.note("'\(method.reference)' declared here", at: method.range)
                }
                report(diagnostic)
            }
        case .missing:
            let written = ref.isBare ? text(ref.baseName.range) : root.callbackSpellings.string(ref.spelling)
            if ref.isObjectiveC {
                reportObjectiveCSelector(written, ref: ref, scope: scope)
            } else {
                reportMissingCallback(written, isBare: ref.isBare, ref: ref, scope: scope, delegate: delegate)
            }
        }
        return nil
    }

    /// Each overload by its Objective-C selector and the first parameter type that tells it
    /// from the others: `('peripheral:didUpdateValueForCharacteristic:error:', 'CBCharacteristic')`.
    static func overloadDescriptions(_ methods: [Method]) -> [(reference: String, type: String?)] {
        let differing = (0..<(methods.map(\.parameters.count).min() ?? 0)).first { position in
            Set(methods.map { SwiftTypeText.normalized($0.parameters[position].type) }).count > 1
        }
        return methods.map { method in (method.reference, differing.map { method.parameters[$0].type }) }
    }

    /// An Objective-C selector that names no overload: the Swift reference is how a spec names
    /// the callback (the Objective-C one only tells two overloads apart). The fix-it is the Swift
    /// selector of the method declared with that `@objc` name, else the one Swift would derive.
    mutating func reportObjectiveCSelector(_ written: String, ref: CallbackRef, scope: CallbackScope) {
        var swift: String?
        for index in scope.methodsBySelector.indices {
            if let ref = scope.methodsBySelector[index].first(where: { types[$0.type].methods[$0.index].objcSelector == written }) {
                swift = types[ref.type].methods[ref.index].selector
                break
            }
        }
        report(.objectiveCSelector(written, swift: swift ?? ObjCSelector.swiftForm(written), at: ref.range))
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
        if !isBare {
            for module in loadedModules {
                guard let catalog = BuiltInModules.named(module), let unlisted = catalog.unlisted[written] else { continue }
                report(.callbackNotInCatalog(written, framework: catalog.framework, owner: unlisted.owner, signature: unlisted.signature, at: ref.range))
                return
            }
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
