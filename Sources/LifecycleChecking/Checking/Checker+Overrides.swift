import LifecycleSyntax
import LifecycleModel

/// A spec `class` restating what its superclass already declares (issue 17, item 10).
///
/// `class Screen: UIViewController { func viewDidLoad() }` is legal on purpose: the spec may
/// restate an inherited method to document it, give it a `body`, or make a bare callback name
/// resolve to it. The generator then writes `override func` that calls `super`. Only what no
/// generated Swift could compile is an error: a restated method with other types than the
/// inherited one (Swift would not take it as the override, and the delegate's callbacks would
/// name two methods with one selector), and a `var` the superclass already has (a stored
/// property cannot override one).
extension Checker {
    mutating func checkOverrides() {
        for index in ownTypes where types[index].kind == .class {
            let info = types[index]
            for method in info.methods {
                guard let (owner, inherited) = Overrides.inheritedMethod(method.selector, parents: info.parents, in: types),
                      !Overrides.sameTypes(method, inherited) else { continue }
                report(.overrideWithOtherTypes(method.selector, owner: info.name, superclass: types[owner].name, at: method.range)
                    .note("'\(method.selector)' declared here in '\(types[owner].name)' as '\(SwiftDeclaration.signature(inherited, ownerKind: .protocol, forProtocol: true))'",
                          at: inherited.range))
            }
            for property in info.properties {
                guard let (owner, inherited) = Overrides.inheritedProperty(property.name, parents: info.parents, in: types) else { continue }
                report(.storedPropertyOverride(property.name, owner: info.name, superclass: types[owner].name, at: property.range)
                    .note("'\(property.name)' declared here in '\(types[owner].name)'", at: inherited.range))
            }
        }
    }
}

/// What a class inherits, shared by the checker and the Swift generator.
package enum Overrides {
    /// The nearest superclass method with this selector, walking `parents` up the class chain.
    package static func inheritedMethod(_ selector: String, parents: [Int], in types: [TypeInfo]) -> (type: Int, method: Method)? {
        nearest(parents: parents, in: types) { $0.methods.first { $0.selector == selector } }
    }

    /// The nearest superclass property with this name.
    static func inheritedProperty(_ name: String, parents: [Int], in types: [TypeInfo]) -> (type: Int, property: Property)? {
        nearest(parents: parents, in: types) { $0.properties.first { $0.name == name } }
    }

    /// The first superclass, nearest first, in which `find` finds something.
    private static func nearest<Member>(parents: [Int], in types: [TypeInfo],
                                        _ find: (TypeInfo) -> Member?) -> (Int, Member)? {
        var next = parents.first
        var steps = 0
        // The checker cuts inheritance cycles; the step count only guards against one left in.
        while let index = next, steps <= types.count {
            if let member = find(types[index]) { return (index, member) }
            next = types[index].parents.first
            steps += 1
        }
        return nil
    }

    /// Whether two methods of one selector have the same parameter and return types and effects.
    static func sameTypes(_ a: Method, _ b: Method) -> Bool {
        a.parameters.map { SwiftTypeText.normalized($0.type) } == b.parameters.map { SwiftTypeText.normalized($0.type) }
            && SwiftTypeText.sameReturnType(a.returnType, b.returnType)
            && a.isAsync == b.isAsync && a.isThrowing == b.isThrowing
    }
}
