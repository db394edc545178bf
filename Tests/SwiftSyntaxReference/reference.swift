// The Swift compiler's own reading of Swift declarations, for `SwiftSyntaxReferenceTests`.
//
// Built by the test with the toolchain's `swiftc` against the parser libraries every toolchain
// ships for macros and `#if` evaluation (`usr/lib/swift/host`: SwiftParser, SwiftSyntax,
// SwiftIfConfig); it is not part of the package. It reads a file listing Swift files (one path
// a line), parses each with SwiftParser, evaluates its `#if` clauses with SwiftIfConfig in the
// test's build configuration, and prints, per file, the lines `SwiftSyntaxReferenceTests`
// prints from lifecycle's own reader (`SwiftSourceScanner`):
//
//   === PATH                     (then `!syntax-error` when the parser recovered from errors)
//   type KIND NAME @OFFSET generic:… inherits:A,B attrs:@x(…),… mods:a,b clause:@OFFSET|-
//   func SELECTOR @OFFSET in:@TYPE generic:… params:label name:type=default;… async:0|1 throws:0|1|(T) ret:… body:0|1 attrs:… mods:… clause:…
//   var NAME @OFFSET in:@TYPE let:0|1 type:… attrs:… mods:… clause:…
//   typealias NAME @OFFSET generic:… = TYPE
//   import MODULE @OFFSET clause:…
//   if @OFFSET end:@OFFSET|- CLAUSE @OFFSET COND active|inactive | …
//
// Offsets are UTF-8 byte offsets of keywords (`class`, `func`, `var`, `import`, `#if`); texts
// are tokens joined without whitespace (in string literals too) or backticks. Lines are sorted.
import Foundation
import SwiftIfConfig
import SwiftParser
import SwiftSyntax

/// The test's build: an iOS device build of a Swift 5.10 app with compiler 6.3 and `-D DEBUG`,
/// the SDK's common frameworks importable (as `SwiftBuildConfiguration` is set in the test).
struct TestBuild: BuildConfiguration {
    let modules: Set<String>

    func isCustomConditionSet(name: String) -> Bool { name == "DEBUG" }
    func hasFeature(name: String) -> Bool { false }
    func hasAttribute(name: String) -> Bool { false }
    func canImport(importPath: [(TokenSyntax, String)], version: CanImportVersion) -> Bool {
        guard let first = importPath.first?.1 else { return false }
        return modules.contains(first)
    }
    func isActiveTargetOS(name: String) -> Bool { name == "iOS" }
    func isActiveTargetArchitecture(name: String) -> Bool { name == "arm64" }
    func isActiveTargetEnvironment(name: String) -> Bool { false }
    func isActiveTargetRuntime(name: String) -> Bool { name == "_ObjC" }
    func isActiveTargetPointerAuthentication(name: String) -> Bool { false }
    func isActiveTargetObjectFormat(name: String) -> Bool { name == "MachO" }
    var targetPointerBitWidth: Int { 64 }
    var targetAtomicBitWidths: [Int] { [8, 16, 32, 64, 128] }
    var endianness: Endianness { .little }
    var languageVersion: VersionTuple { VersionTuple(5, 10) }
    var compilerVersion: VersionTuple { VersionTuple(6, 3) }
}

/// Tokens joined, without trivia, whitespace (in string literals too) or backticks.
func text(_ node: (some SyntaxProtocol)?) -> String {
    guard let node else { return "" }
    return node.tokens(viewMode: .sourceAccurate).map { $0.text }.joined().filter { !$0.isWhitespace && $0 != "`" }
}

func offset(_ token: TokenSyntax) -> Int { token.positionAfterSkippingLeadingTrivia.utf8Offset }

/// The innermost `#if` clause around `node`.
func clause(of node: some SyntaxProtocol) -> String {
    var parent = node.parent
    while let current = parent {
        if let clause = current.as(IfConfigClauseSyntax.self) { return "@\(offset(clause.poundKeyword))" }
        parent = current.parent
    }
    return "-"
}

/// The type whose member block holds `node` (through `#if` clauses only).
func owner(of node: some SyntaxProtocol) -> Syntax? {
    var parent = node.parent
    while let current = parent {
        if current.is(MemberBlockItemSyntax.self) || current.is(MemberBlockItemListSyntax.self) || current.is(IfConfigClauseSyntax.self)
            || current.is(IfConfigClauseListSyntax.self) || current.is(IfConfigDeclSyntax.self) {
            parent = current.parent
            continue
        }
        if current.is(MemberBlockSyntax.self) { return current.parent }
        return nil
    }
    return nil
}

func keywordOffset(ofType node: Syntax) -> Int? {
    if let d = node.as(ClassDeclSyntax.self) { return offset(d.classKeyword) }
    if let d = node.as(StructDeclSyntax.self) { return offset(d.structKeyword) }
    if let d = node.as(EnumDeclSyntax.self) { return offset(d.enumKeyword) }
    if let d = node.as(ActorDeclSyntax.self) { return offset(d.actorKeyword) }
    if let d = node.as(ProtocolDeclSyntax.self) { return offset(d.protocolKeyword) }
    if let d = node.as(ExtensionDeclSyntax.self) { return offset(d.extensionKeyword) }
    return nil
}

func attributes(_ list: AttributeListSyntax) -> String {
    list.compactMap { element -> String? in
        guard case .attribute(let attribute) = element else { return nil }
        let name = text(attribute.attributeName)
        guard attribute.leftParen != nil else { return "@" + name }
        return "@\(name)(\(text(attribute.arguments)))"
    }.joined(separator: ",")
}

func modifiers(_ list: DeclModifierListSyntax) -> String {
    list.filter { $0.detail?.detail.text != "set" }.map { $0.name.text }.sorted().joined(separator: ",")
}

func inherits(_ clause: InheritanceClauseSyntax?) -> String {
    clause?.inheritedTypes.map { text($0.type) }.joined(separator: ",") ?? ""
}

final class Lister: SyntaxVisitor {
    var lines: [String] = []
    let regions: ConfiguredRegions

    init(regions: ConfiguredRegions) {
        self.regions = regions
        super.init(viewMode: .sourceAccurate)
    }

    func type(_ kind: String, _ keyword: TokenSyntax, name: String, generic: GenericParameterClauseSyntax?,
              inheritance: InheritanceClauseSyntax?, attrs: AttributeListSyntax, mods: DeclModifierListSyntax, node: some SyntaxProtocol) {
        lines.append("type \(kind) \(name) @\(offset(keyword)) generic:\(text(generic)) inherits:\(inherits(inheritance)) "
            + "attrs:\(attributes(attrs)) mods:\(modifiers(mods)) clause:\(clause(of: node))")
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        type("class", node.classKeyword, name: text(node.name), generic: node.genericParameterClause, inheritance: node.inheritanceClause,
             attrs: node.attributes, mods: node.modifiers, node: node)
        return .visitChildren
    }
    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        type("struct", node.structKeyword, name: text(node.name), generic: node.genericParameterClause, inheritance: node.inheritanceClause,
             attrs: node.attributes, mods: node.modifiers, node: node)
        return .visitChildren
    }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        type("enum", node.enumKeyword, name: text(node.name), generic: node.genericParameterClause, inheritance: node.inheritanceClause,
             attrs: node.attributes, mods: node.modifiers, node: node)
        return .visitChildren
    }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
        type("actor", node.actorKeyword, name: text(node.name), generic: node.genericParameterClause, inheritance: node.inheritanceClause,
             attrs: node.attributes, mods: node.modifiers, node: node)
        return .visitChildren
    }
    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        type("protocol", node.protocolKeyword, name: text(node.name), generic: nil, inheritance: node.inheritanceClause,
             attrs: node.attributes, mods: node.modifiers, node: node)
        return .visitChildren
    }
    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        type("extension", node.extensionKeyword, name: text(node.extendedType), generic: nil, inheritance: node.inheritanceClause,
             attrs: node.attributes, mods: node.modifiers, node: node)
        return .visitChildren
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        guard let owner = owner(of: node), let typeOffset = keywordOffset(ofType: owner) else { return .visitChildren }
        let signature = node.signature
        let parameters = signature.parameterClause.parameters
        // An operator's parameters have no argument labels, whatever is written first.
        var isOperator = true
        if case .identifier = node.name.tokenKind { isOperator = false }
        func label(_ parameter: FunctionParameterSyntax) -> String { isOperator ? "_" : text(parameter.firstName) }
        let selector = text(node.name) + "(" + parameters.map { label($0) + ":" }.joined() + ")"
        let params = parameters.map { parameter -> String in
            let label = label(parameter)
            let name = parameter.secondName.map { text($0) } ?? text(parameter.firstName)
            var entry = "\(label == "_" ? "_" : label) \(name):\(text(parameter.type))\(parameter.ellipsis != nil ? "..." : "")"
            if let value = parameter.defaultValue { entry += "=" + text(value.value) }
            return entry
        }.joined(separator: ";")
        let effects = signature.effectSpecifiers
        let isAsync = effects?.asyncSpecifier != nil
        var throwing = "0"
        if let throwsClause = effects?.throwsClause {
            throwing = throwsClause.type.map { "(\(text($0)))" } ?? "1"
        }
        lines.append("func \(selector) @\(offset(node.funcKeyword)) in:@\(typeOffset) generic:\(text(node.genericParameterClause)) "
            + "params:\(params) async:\(isAsync ? 1 : 0) throws:\(throwing) ret:\(text(signature.returnClause?.type)) "
            + "body:\(node.body != nil ? 1 : 0) attrs:\(attributes(node.attributes)) mods:\(modifiers(node.modifiers)) clause:\(clause(of: node))")
        return .visitChildren
    }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        guard let owner = owner(of: node), let typeOffset = keywordOffset(ofType: owner) else { return .visitChildren }
        for binding in node.bindings {
            guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self) else { continue }
            lines.append("var \(text(pattern.identifier)) @\(offset(node.bindingSpecifier)) in:@\(typeOffset) "
                + "let:\(node.bindingSpecifier.tokenKind == .keyword(.let) ? 1 : 0) type:\(text(binding.typeAnnotation?.type)) "
                + "attrs:\(attributes(node.attributes)) mods:\(modifiers(node.modifiers)) clause:\(clause(of: node))")
        }
        return .visitChildren
    }

    override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind {
        lines.append("typealias \(text(node.name)) @\(offset(node.typealiasKeyword)) generic:\(text(node.genericParameterClause)) = \(text(node.initializer.value))")
        return .visitChildren
    }

    override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind {
        // Top-level imports only (in the file, or in a `#if` there).
        var parent = node.parent
        while let current = parent, !current.is(SourceFileSyntax.self) {
            guard current.is(CodeBlockItemSyntax.self) || current.is(CodeBlockItemListSyntax.self) || current.is(IfConfigClauseSyntax.self)
                || current.is(IfConfigClauseListSyntax.self) || current.is(IfConfigDeclSyntax.self) else { return .visitChildren }
            parent = current.parent
        }
        let module = node.path.first.map { text($0.name) } ?? ""
        lines.append("import \(module) @\(offset(node.importKeyword)) clause:\(clause(of: node))")
        return .visitChildren
    }

    /// Whether a clause is compiled: every clause around it is, and it is its block's active one.
    func isActive(_ clause: IfConfigClauseSyntax) -> Bool {
        guard let decl = clause.parent?.parent?.as(IfConfigDeclSyntax.self), regions.activeClause(for: decl) == clause else { return false }
        var parent = decl.parent
        while let current = parent {
            if let outer = current.as(IfConfigClauseSyntax.self) { return isActive(outer) }
            parent = current.parent
        }
        return true
    }

    override func visit(_ node: IfConfigDeclSyntax) -> SyntaxVisitorContinueKind {
        let clauses = node.clauses.map { clause -> String in
            "\(clause.poundKeyword.text) @\(offset(clause.poundKeyword)) \(text(clause.condition)) \(isActive(clause) ? "active" : "inactive")"
        }
        lines.append("if @\(offset(node.clauses.first!.poundKeyword)) end:@\(offset(node.poundEndif)) " + clauses.joined(separator: " | "))
        return .visitChildren
    }
}

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write("usage: reference FILE-LIST MODULES\n".data(using: .utf8)!)
    exit(2)
}
let paths = try String(contentsOfFile: arguments[1], encoding: .utf8).split(separator: "\n").map(String.init)
let build = TestBuild(modules: Set(arguments[2].split(separator: ",").map(String.init)))
var output = ""
for path in paths {
    output += "=== \(path)\n"
    guard let data = FileManager.default.contents(atPath: path) else {
        output += "!unreadable\n"
        continue
    }
    let tree = data.withUnsafeBytes { Parser.parse(source: UnsafeBufferPointer(start: $0.bindMemory(to: UInt8.self).baseAddress, count: $0.count)) }
    if tree.hasError { output += "!syntax-error\n" }
    let lister = Lister(regions: tree.configuredRegions(in: build))
    lister.walk(tree)
    output += lister.lines.sorted().joined(separator: "\n")
    if !lister.lines.isEmpty { output += "\n" }
}
FileHandle.standardOutput.write(output.data(using: .utf8)!)
