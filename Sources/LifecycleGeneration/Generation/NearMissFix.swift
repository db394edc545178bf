import LifecycleSource
import LifecycleSyntax
import LifecycleModel
import LifecycleConformance

/// The edits that make a near miss (`ImplementationMatcher`) the callback UIKit calls: the
/// fix-it `check --impl` offers, and the rename `swift --update --fix-near-misses` makes.
public enum NearMissFix {
    /// Every method the delegate's adopted protocols and superclasses declare, their ancestors'
    /// included, with the Objective-C selector UIKit calls (an imported one's, or the one Swift
    /// derives from the selector).
    public static func knownCallbacks(of delegate: Delegate, in model: Model) -> [(method: Method, objcSelector: String)] {
        var known: [(Method, String)] = []
        var visited: Set<Int> = []
        var work = delegate.adopted
        while let next = work.popLast() {
            guard next >= 0, next < model.types.count, visited.insert(next).inserted else { continue }
            for method in model.types[next].methods {
                known.append((method, method.objcSelector ?? ObjectiveCSelector.derived(fromSwift: method.selector)))
            }
            work.append(contentsOf: model.types[next].parents)
        }
        return known
    }

    /// The Objective-C selector UIKit calls for a callback of an imported (UIKit) type; nil for
    /// the spec's own protocols, which need not be Objective-C.
    public static func objcSelector(of ref: MethodRef, in model: Model) -> String? {
        guard model.types[ref.type].isImported else { return nil }
        let method = model.method(ref)
        return method.objcSelector ?? ObjectiveCSelector.derived(fromSwift: method.selector)
    }

    /// `method` as `ImplementationMatcher` expects it.
    public static func expected(_ method: Method) -> ScannedMethod {
        var expected = ScannedMethod(baseName: method.name, parameters: method.parameters, returnType: method.returnType)
        expected.isAsync = method.isAsync
        expected.isThrowing = method.isThrowing
        return expected
    }

    /// The fix-it that rewrites a near miss's signature in its file: from `func`, or, when an
    /// attribute or a modifier before it is what UIKit does not call (`static`, `@nonobjc`,
    /// `@objc(other:)`), from the declaration's first attribute, without it.
    public static func fixIt(_ method: Method, ownerKind: TypeInfo.Kind, nearMiss member: ScannedMethod, in file: SourceFile,
                             difference: NearMiss.Difference? = nil) -> Diagnostic.FixIt {
        var start = member.offset
        var head = ""
        let bytes = Array(file.bytes)
        switch difference {
        case .trait(let trait)? where trait != "async" && trait != "throws":
            start = member.declarationStart
            head = SwiftHeadEdit.removing(trait, from: bytes, member.declarationStart..<member.offset)
        case .objcSelector(_, let expected)?:
            start = member.declarationStart
            head = SwiftHeadEdit.replacingObjC(with: expected, in: bytes, member.declarationStart..<member.offset)
        default:
            break
        }
        var kept = member
        if head.split(whereSeparator: \.isWhitespace).contains("override") { kept.modifiers.insert(.override); kept.isOverride = true }
        return Diagnostic.FixIt(replace: SourceRange(file: file.id, start: start, end: member.signatureEnd),
                                with: head + fixedSignature(method, ownerKind: ownerKind, keeping: kept))
    }

    /// The callback's exact signature, with the near miss's parameter names (so its body still
    /// compiles) and `override` only if the near miss lacks it (the fix-it starts at `func`).
    public static func fixedSignature(_ method: Method, ownerKind: TypeInfo.Kind, keeping nearMiss: ScannedMethod) -> String {
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

    /// The edits that give a near miss the callback's name and argument labels, and nothing
    /// else (its types, attributes and body stay): nil when what differs is not a name or a
    /// label.
    public static func rename(_ nearMiss: NearMiss, to expected: ScannedMethod, in bytes: [UInt8]) -> [(range: Range<Int>, text: String)]? {
        let member = nearMiss.method
        switch nearMiss.difference {
        case .label, .baseName: break
        default: return nil
        }
        guard member.parameters.count == expected.parameters.count else { return nil }
        let tokens = SwiftLexer(bytes: bytes, range: member.offset..<member.signatureEnd).tokenize()
        guard tokens.count >= 3, tokens[0].isKeyword("func"), tokens[1].kind == .identifier else { return nil }
        var edits: [(Range<Int>, String)] = []
        if member.baseName != expected.baseName { edits.append((tokens[1].start..<tokens[1].end, SwiftNames.identifier(expected.baseName))) }
        // Each parameter's names: after `(` or a depth-0 `,`, past its attributes.
        guard let open = tokens.firstIndex(where: { $0.isPunct(UInt8(ascii: "(")) }) else { return nil }
        var index = 0
        var k = open + 1
        var depth = 0
        var atStart = true
        while k < tokens.count && index < expected.parameters.count {
            let token = tokens[k]
            if atStart {
                if token.isPunct(UInt8(ascii: "@")) { k += 2; continue }
                guard token.kind == .identifier else { return nil }
                let twoNames = k + 1 < tokens.count && tokens[k + 1].kind == .identifier
                let written = member.parameters[index].label
                let wanted = expected.parameters[index].label
                if written != wanted {
                    let label = wanted ?? "_"
                    if twoNames {
                        // `scene s:` → `_ s:`; a label equal to the name is dropped (`_ scene:` → `scene:`).
                        if wanted == member.parameters[index].name {
                            edits.append((token.start..<tokens[k + 1].start, ""))
                        } else {
                            edits.append((token.start..<token.end, label))
                        }
                    } else {
                        edits.append((token.start..<token.start, label + " "))
                    }
                }
                atStart = false
            }
            if token.isPunct(UInt8(ascii: "(")) || token.isPunct(UInt8(ascii: "[")) || token.isPunct(UInt8(ascii: "<")) { depth += 1 }
            if token.isPunct(UInt8(ascii: ")")) || token.isPunct(UInt8(ascii: "]")) || token.isPunct(UInt8(ascii: ">")) { depth -= 1 }
            if depth == 0 && token.isPunct(UInt8(ascii: ",")) { index += 1; atStart = true }
            if depth < 0 { break }
            k += 1
        }
        return edits
    }
}
