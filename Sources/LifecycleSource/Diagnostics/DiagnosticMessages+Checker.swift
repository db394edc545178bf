/// Messages of the checker (meaning, not syntax), sorted by name. Ids as in
/// `DiagnosticMessages.swift`.
extension Diagnostic {
    static func quotedList(_ items: [String]) -> String {
        items.map { "'\($0)'" }.joined(separator: ", ")
    }

    /// Lists up to ten candidates (`application` alone names forty-odd app-delegate callbacks).
    package static func ambiguousCallback(_ name: String, candidates: [String], at range: SourceRange) -> Diagnostic {
        let listed = candidates.count > 10
            ? candidates.prefix(8).joined(separator: ", ") + " and \(candidates.count - 8) more"
            : candidates.joined(separator: ", ")
        return make(.error, "'\(name)' is ambiguous: \(listed); write the full name, as in '\(candidates[0])'", at: range)
    }

    /// A selector that several overloads share (`CBPeripheralDelegate`'s
    /// `peripheral(_:didUpdateValueFor:error:)`, for a characteristic and for a descriptor).
    package static func overloadedCallback(_ selector: String, owner: String, overloads: [(reference: String, type: String?)],
                                   at range: SourceRange) -> Diagnostic {
        let listed = overloads.map { "'\($0.reference)'" + ($0.type.map { " (for '\($0)')" } ?? "") }
        return make(.error, "'\(selector)' is ambiguous: \(owner) overloads it; name one by its Objective-C selector, "
            + Suggestions.orList(listed), at: range)
    }

    package static func callbackNotAdopted(_ selector: String, owner: String, delegate: String,
                                   counterpart: (selector: String, lifeCycle: String)? = nil, at range: SourceRange) -> Diagnostic {
        make(.error, "'\(selector)' belongs to \(owner), which \(delegate) does not adopt"
            + (counterpart.map { "; did you mean '\($0.selector)', its counterpart in the \($0.lifeCycle) life cycle?" } ?? ""),
             at: range, fixIt: counterpart.map { FixIt(replace: range, with: $0.selector) })
    }

    package static func callbackNotInCatalog(_ selector: String, framework: String, owner: String, signature: String, at range: SourceRange) -> Diagnostic {
        make(.error, "'\(selector)' is a \(framework) callback the built-in catalog does not list; declare it in the spec with 'extension \(owner) { \(signature) }'", at: range)
    }

    package static func compositeWithoutInitial(_ name: String, at range: SourceRange) -> Diagnostic {
        make(.error, "'\(name)' is entered but has no initial state; mark one of its states 'initial'", at: range)
    }

    package static func deadEndState(_ name: String, at range: SourceRange) -> Diagnostic {
        make(.warning, "state '\(name)' has no outgoing transition and is not final", at: range)
    }

    package static func delegateAdoptsDifferently(_ name: String, adopted: [String], firstMachine: String, firstAdopted: [String],
                                          at range: SourceRange) -> Diagnostic {
        func list(_ names: [String]) -> String { names.isEmpty ? "nothing" : quotedList(names) }
        return make(.error, "delegate class '\(name)' adopts \(list(adopted)) here but \(list(firstAdopted)) in machine '\(firstMachine)'; "
            + "one generated class has one list of adopted types: name the same ones in both, or use another class", at: range)
    }

    package static func selectorClash(_ selector: String, first: String, second: String, delegate: String, at range: SourceRange) -> Diagnostic {
        make(.error, "'\(first)' and '\(second)' both require '\(selector)' with different types; no method of '\(delegate)' can implement both", at: range)
    }

    package static func overrideWithOtherTypes(_ selector: String, owner: String, superclass: String, at range: SourceRange) -> Diagnostic {
        make(.error, "method '\(selector)' of class '\(owner)' has other types than the '\(selector)' it inherits from '\(superclass)'; "
            + "the generated 'override' would not compile: declare it with the inherited types, or remove it", at: range)
    }

    package static func storedPropertyOverride(_ name: String, owner: String, superclass: String, at range: SourceRange) -> Diagnostic {
        make(.error, "class '\(owner)' declares 'var \(name)', which it inherits from '\(superclass)'; "
            + "a generated stored property cannot override it: remove it", at: range)
    }

    package static func delegateNameClash(_ name: String, kind: String, at range: SourceRange) -> Diagnostic {
        make(.error, "delegate class '\(name)' has the same name as a \(kind); the generated class would clash with it", at: range)
    }

    /// - Parameter superclass: what to write first: `UIResponder` for a UIKit protocol, else `NSObject`.
    package static func delegateNeedsNSObject(_ name: String, protocol: String, superclass: String, at range: SourceRange) -> Diagnostic {
        make(.warning, "'\(name)' adopts \(`protocol`), which only an NSObject subclass can adopt; add a superclass such as '\(superclass)' first", at: range)
    }

    package static func duplicateDelegate(_ machine: String, at range: SourceRange) -> Diagnostic {
        make(.error, "machine '\(machine)' already has a delegate", at: range)
    }

    package static func duplicateMachine(_ name: String, at range: SourceRange) -> Diagnostic {
        make(.error, "duplicate machine '\(name)'", at: range)
    }

    package static func duplicateMethod(_ selector: String, owner: String, at range: SourceRange) -> Diagnostic {
        make(.error, "duplicate method '\(selector)' in '\(owner)'", at: range)
    }

    package static func duplicateProperty(_ name: String, owner: String, at range: SourceRange) -> Diagnostic {
        make(.error, "duplicate property '\(name)' in '\(owner)'", at: range)
    }

    package static func duplicateState(_ name: String, at range: SourceRange) -> Diagnostic {
        make(.error, "duplicate state '\(name)'", at: range)
    }

    package static func duplicateTransition(_ source: String, _ target: String, event: String?, isInternal: Bool = false,
                                    at range: SourceRange) -> Diagnostic {
        make(.warning, "duplicate transition " + (isInternal ? transitionText(source, target, event: event, isInternal: true)
            : "\(source) -> \(target)\(event.map { " on \($0)" } ?? "")"), at: range)
    }

    package static func duplicateType(_ kind: String, _ name: String, at range: SourceRange) -> Diagnostic {
        make(.error, "duplicate \(kind) '\(name)'", at: range)
    }

    package static func finalCompositeState(_ name: String, at range: SourceRange) -> Diagnostic {
        make(.error, "final state '\(name)' cannot contain states", at: range)
    }

    package static func finalUnreachable(_ name: String, at range: SourceRange) -> Diagnostic {
        make(.warning, "no final state is reachable from '\(name)'", at: range)
    }

    package static func importCycle(_ chain: [String], at range: SourceRange) -> Diagnostic {
        make(.error, "import cycle: \(chain.joined(separator: " imports "))", at: range)
    }

    package static func inheritanceCycle(_ name: String, at range: SourceRange) -> Diagnostic {
        make(.error, "'\(name)' inherits from itself", at: range)
    }

    package static func invalidSwiftSignature(_ problem: String, function: String, at range: SourceRange) -> Diagnostic {
        make(.error, "invalid Swift signature for '\(function)': \(problem)", at: range)
    }

    package static func noInitialState(_ machine: String, at range: SourceRange) -> Diagnostic {
        make(.error, "machine '\(machine)' has no initial state; mark one of its top-level states 'initial'", at: range)
    }

    package static func nondeterministicTransition(_ source: String, event: String?, at range: SourceRange) -> Diagnostic {
        let on = event.map { "on '\($0)'" } ?? "with no event"
        return make(.error, "'\(source)' has two transitions \(on) to different states", at: range)
    }

    package static func requiredNeverCalled(_ selector: String, at range: SourceRange) -> Diagnostic {
        make(.warning, "required '\(selector)' is never called by any transition", at: range)
    }

    package static func selfParameterInClassMethod(_ selector: String, at range: SourceRange) -> Diagnostic {
        make(.error, "class method '\(selector)' has a parameter named 'self', which the generated override cannot pass on to 'super'; rename the parameter", at: range)
    }

    package static func severalInitialStates(_ owner: String, at range: SourceRange) -> Diagnostic {
        make(.error, "\(owner) has several initial states", at: range)
    }

    package static func severalSuperclasses(_ delegate: String, at range: SourceRange) -> Diagnostic {
        make(.error, "delegate '\(delegate)' can inherit from only one class", at: range)
    }

    package static func superclassNotFirst(_ name: String, at range: SourceRange) -> Diagnostic {
        make(.error, "superclass '\(name)' must come first in the delegate's list", at: range)
    }

    package static func selfTransitionOnComposite(_ name: String, initial: String, at range: SourceRange) -> Diagnostic {
        make(.warning, "transition from '\(name)' to itself leaves it and re-enters its initial state '\(initial)'; did you mean an internal transition?", at: range)
    }

    /// A later transition of a state on an event it already has one on, which differs from the
    /// first in what it does (internal or not, callbacks, trigger) but not in where it goes: the
    /// first one always wins.
    package static func shadowedTransition(_ source: String, _ target: String, event: String, isInternal: Bool,
                                   at range: SourceRange) -> Diagnostic {
        make(.warning, "transition \(transitionText(source, target, event: event, isInternal: isInternal)) never fires: "
             + "'\(source)' takes '\(event)' with the transition declared before it", at: range)
    }

    /// A composite's transition that every leaf inside it shadows with one of its own (or of a
    /// state between) on the same event.
    package static func shadowedEverywhere(_ source: String, _ target: String, event: String, isInternal: Bool,
                                   at range: SourceRange) -> Diagnostic {
        make(.warning, "transition \(transitionText(source, target, event: event, isInternal: isInternal)) never fires: "
             + "every state inside '\(source)' takes '\(event)' with a transition of its own or of a state around it", at: range)
    }

    /// How a transition is named in a message: `'A -> B on go'`, or `'internal on go' of 'A'`.
    package static func transitionText(_ source: String, _ target: String, event: String?, isInternal: Bool) -> String {
        let on = event.map { " on \($0)" } ?? ""
        return isInternal ? "'internal\(on)' of '\(source)'" : "'\(source) -> \(target)\(on)'"
    }

    package static func transitionFromFinalState(_ name: String, at range: SourceRange) -> Diagnostic {
        make(.error, "final state '\(name)' has an outgoing transition", at: range)
    }

    package static func transitionWithoutEvent(_ source: String, _ target: String, at range: SourceRange) -> Diagnostic {
        make(.error, "transition '\(source) -> \(target)' has no event, so nothing can fire it; add 'on' and the event's name", at: range)
    }

    package static func unknownCallback(_ written: String, owners: String?, suggestion: String?, at range: SourceRange) -> Diagnostic {
        misspelt("no callback '\(written)' in \(owners ?? "scope")", suggestion: suggestion, at: range)
    }

    package static func unknownModule(_ name: String, modules: [String], suggestion: String?, at range: SourceRange) -> Diagnostic {
        misspelt("no such module '\(name)'; the built-in modules are \(Suggestions.orList(modules.map { "'\($0)'" }, conjunction: "and"))",
                 suggestion: suggestion, at: range)
    }

    package static func unknownState(_ name: String, suggestion: String?, at range: SourceRange) -> Diagnostic {
        misspelt("unknown state '\(name)'", suggestion: suggestion, at: range)
    }

    /// A name a built-in module declares, used without its `import`: the fix-it adds the import.
    package static func typeNeedsImport(_ name: String, module: String, framework: String, insertion: SourceRange, lineEnd: String = "\n",
                                at range: SourceRange) -> Diagnostic {
        make(.error, "unknown protocol or class '\(name)'; it is \(framework)'s: add 'import \(module)'", at: range,
             fixIt: FixIt(replace: insertion, with: "import \(module)" + lineEnd))
    }

    package static func unknownType(_ name: String, suggestion: String?, at range: SourceRange) -> Diagnostic {
        misspelt("unknown protocol or class '\(name)'", suggestion: suggestion, at: range)
    }

    package static func unreachableState(_ name: String, from initial: String, at range: SourceRange) -> Diagnostic {
        make(.error, "state '\(name)' is unreachable from '\(initial)'", at: range)
    }

    package static func unreadableImport(_ path: String, reason: String, at range: SourceRange) -> Diagnostic {
        make(.error, "cannot import '\(path)': \(reason)", at: range)
    }

    package static func wrongParentKind(_ kind: String, _ name: String, parent parentKind: String, _ parent: String,
                                at range: SourceRange) -> Diagnostic {
        make(.error, "\(kind) '\(name)' cannot inherit from \(parentKind) '\(parent)'", at: range)
    }
}

/// Messages of the `--impl` check.
extension Diagnostic {
    package static func delegateClassNotFound(_ name: String, files: [String], at range: SourceRange) -> Diagnostic {
        make(.error, "class '\(name)' is neither declared nor extended in \(files.joined(separator: ", ")); cannot check its required callbacks", at: range)
    }

    package static func missingImplementation(_ file: String, selector: String, at range: SourceRange) -> Diagnostic {
        make(.error, "\(file) does not implement required '\(selector)'", at: range)
    }
}

/// Messages of `check --impl` about the user's Swift: near misses of callbacks the spec calls,
/// what `#if` leaves out, inherited implementations, selectors, overrides.
extension Diagnostic {
    /// A required callback declared only under `#if` conditions some build may not meet.
    package static func implementedOnlyUnderCondition(_ file: String, selector: String, conditions: [String], at range: SourceRange) -> Diagnostic {
        let listed = conditions.map { "'#if \($0)'" }.joined(separator: " or ")
        return make(.warning, "\(file) implements required '\(selector)' only under \(listed), which a build may leave out", at: range)
    }

    /// A required callback a superclass in the files implements (checked clean, said once).
    package static func inheritedImplementation(_ className: String, selector: String, superclass: String, file: String,
                                        at range: SourceRange) -> Diagnostic {
        make(.note, "'\(className)' inherits required '\(selector)' from '\(superclass)' in \(file)", at: range)
    }

    /// `nearMiss`: `NearMiss.described(expecting:)`; `caller`: who calls the callback
    /// (`ImplementationCheck.caller(of:)`): `UIKit`, `Core Bluetooth`.
    package static func nearMissOfCalledCallback(_ nearMiss: String, caller: String, at range: SourceRange) -> Diagnostic {
        make(.warning, "\(nearMiss), so \(caller) never calls it", at: range)
    }

    /// An override of a callback whose documentation requires `super`, without the call.
    package static func overrideWithoutSuper(_ selector: String, call: String, at range: SourceRange, fixIt: FixIt) -> Diagnostic {
        make(.warning, "override of '\(selector)' does not call '\(call)'; UIKit's documentation requires it", at: range, fixIt: fixIt)
    }

    /// `@objc(x)` on a method that is not the callback whose Objective-C selector `x` is.
    package static func selectorOfCallback(_ selector: String, method: String, callback: String, at range: SourceRange) -> Diagnostic {
        make(.error, "'@objc(\(selector))' gives '\(method)' the Objective-C selector of the callback '\(callback)': UIKit calls it for that callback, and a log cannot tell the two apart",
             at: range)
    }

    /// A required callback the class may inherit from a superclass none of the files declares.
    package static func superclassUnknown(_ className: String, selector: String, superclass: String, at range: SourceRange) -> Diagnostic {
        make(.note, "'\(className)' does not implement required '\(selector)' itself; whether its superclass '\(superclass)' does is unknown, as none of the files declares it",
             at: range)
    }

    /// `swift --update` would add `expected` beside a method meant as it (`nearMiss`:
    /// `NearMiss.described(expecting:)`).
    package static func updateBesideNearMiss(_ nearMiss: String, expected: String, at range: SourceRange) -> Diagnostic {
        make(.error, "\(nearMiss); '--update' adds no '\(expected)' beside it", at: range)
    }
}
