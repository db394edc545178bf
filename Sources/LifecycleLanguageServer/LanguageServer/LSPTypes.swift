import LifecycleSource
import LifecycleChecking

/// The Language Server Protocol's messages as Swift types: the methods, their params and
/// results, and the kinds the protocol numbers (`CompletionItemKind`, `SymbolKind`,
/// `DiagnosticSeverity`, `SemanticTokenType`, …).
///
/// This file is the one place the features' messages meet JSON: params are read from a
/// `JSONValue` here (`init(json:)`, nil or `RequestError` when malformed), results written as
/// one (`LSPEncodable.json`). `LanguageServer` and its features build and read only these types.

/// A value the server sends as JSON.
public protocol LSPEncodable {
    var json: JSONValue { get }
}

extension Optional: LSPEncodable where Wrapped: LSPEncodable {
    public var json: JSONValue { self?.json ?? .null }
}

extension Array: LSPEncodable where Element: LSPEncodable {
    public var json: JSONValue { .array(map(\.json)) }
}

// MARK: - Methods

/// The requests the server answers.
enum RequestMethod: String {
    case initialize
    case shutdown
    case hover = "textDocument/hover"
    case definition = "textDocument/definition"
    case references = "textDocument/references"
    case completion = "textDocument/completion"
    case documentSymbol = "textDocument/documentSymbol"
    case prepareRename = "textDocument/prepareRename"
    case rename = "textDocument/rename"
    case formatting = "textDocument/formatting"
    case codeAction = "textDocument/codeAction"
    case semanticTokens = "textDocument/semanticTokens/full"
    /// The server's own: the UIKit catalog's text, for the editor extension.
    case catalog = "lifecycle/catalog"
}

/// The notifications the server acts on (others, such as `initialized`, are ignored).
enum NotificationMethod: String {
    case exit
    case didOpen = "textDocument/didOpen"
    case didChange = "textDocument/didChange"
    case didClose = "textDocument/didClose"
}

// MARK: - Kinds

/// The semantic token types the server reports, in the order of its legend.
public enum SemanticTokenType: String, CaseIterable, Sendable {
    case keyword, string, comment, type, enumMember, event, method, namespace, `class`, number, decorator

    /// The type's number in the legend.
    public var index: Int { SemanticTokenType.allCases.firstIndex(of: self)! }
}

/// The semantic token modifiers, in the order of the legend (a bit each).
public enum SemanticTokenModifier: String, CaseIterable, Sendable {
    case declaration, readonly

    public var bit: Int { 1 << SemanticTokenModifier.allCases.firstIndex(of: self)! }
}

public enum DiagnosticSeverity: Int, Sendable {
    case error = 1, warning, information, hint
}

public enum CompletionItemKind: Int, Sendable {
    case text = 1, method, function, constructor, field, variable, `class`, interface, module, property, unit, value
    case `enum`, keyword, snippet, color, file, reference, folder, enumMember, constant, `struct`, event, `operator`, typeParameter
}

public enum SymbolKind: Int, Sendable {
    case file = 1, module, namespace, package, `class`, method, property, field, constructor, `enum`, interface, function
    case variable, constant, string, number, boolean, array, object, key, null, enumMember, `struct`, event, `operator`, typeParameter
}

/// `window/logMessage` and `window/showMessage` levels.
public enum MessageType: Int, Sendable {
    case error = 1, warning, info, log
}

// MARK: - Basic structures

/// A position: a line and a character counted in the negotiated `PositionEncoding`.
public struct Position: Equatable, Sendable, LSPEncodable {
    public var line: Int
    public var character: Int

    public init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }

    /// Nil unless `json` is `{line, character}` with two non-negative integers.
    public init?(json: JSONValue?) {
        guard let line = json?["line"]?.int, let character = json?["character"]?.int, line >= 0, character >= 0 else { return nil }
        self.init(line: line, character: character)
    }

    public var json: JSONValue { .object([("line", JSONValue(line)), ("character", JSONValue(character))]) }
}

/// A range of positions (LSP's `Range`).
public struct LSPRange: Equatable, Sendable, LSPEncodable {
    public var start: Position
    public var end: Position

    public init(start: Position, end: Position) {
        self.start = start
        self.end = end
    }

    public init?(json: JSONValue?) {
        guard let start = Position(json: json?["start"]), let end = Position(json: json?["end"]) else { return nil }
        self.init(start: start, end: end)
    }

    public var json: JSONValue { .object([("start", start.json), ("end", end.json)]) }
}

public struct Location: Sendable, LSPEncodable {
    public var uri: String
    public var range: LSPRange

    public var json: JSONValue { .object([("uri", .string(uri)), ("range", range.json)]) }
}

public struct TextEdit: Sendable, LSPEncodable {
    public var range: LSPRange
    public var newText: String

    public var json: JSONValue { .object([("range", range.json), ("newText", .string(newText))]) }
}

/// Edits by document, in order.
public struct WorkspaceEdit: Sendable, LSPEncodable {
    public var changes: [(uri: String, edits: [TextEdit])]

    public var json: JSONValue { .object([("changes", .object(changes.map { ($0.uri, $0.edits.json) }))]) }
}

/// Markdown text.
public struct MarkupContent: Sendable, LSPEncodable {
    public var markdown: String

    public var json: JSONValue { .object([("kind", "markdown"), ("value", .string(markdown))]) }
}

// MARK: - Params

/// A request's `textDocument.uri`.
struct TextDocumentParams {
    var uri: String

    init(json: JSONValue) throws(LanguageServer.RequestError) {
        guard let uri = json["textDocument"]?["uri"]?.string else { throw .invalidParams("missing 'textDocument.uri'") }
        self.uri = uri
    }
}

/// A request's `textDocument.uri` and `position`.
struct TextDocumentPositionParams {
    var uri: String
    var position: Position

    init(json: JSONValue) throws(LanguageServer.RequestError) {
        uri = try TextDocumentParams(json: json).uri
        guard let position = Position(json: json["position"]) else { throw .invalidParams("missing or invalid 'position'") }
        self.position = position
    }
}

struct ReferenceParams {
    var at: TextDocumentPositionParams
    var includeDeclaration: Bool

    init(json: JSONValue) throws(LanguageServer.RequestError) {
        at = try TextDocumentPositionParams(json: json)
        includeDeclaration = json["context"]?["includeDeclaration"]?.bool ?? true
    }
}

struct RenameParams {
    var at: TextDocumentPositionParams
    var newName: String

    init(json: JSONValue) throws(LanguageServer.RequestError) {
        guard let newName = json["newName"]?.string else { throw .invalidParams("missing 'newName'") }
        at = try TextDocumentPositionParams(json: json)
        self.newName = newName
    }
}

struct CodeActionParams {
    var uri: String
    /// Nil when missing or malformed (reported once the document is known).
    var range: LSPRange?

    init(json: JSONValue) throws(LanguageServer.RequestError) {
        uri = try TextDocumentParams(json: json).uri
        range = LSPRange(json: json["range"])
    }
}

struct InitializeParams {
    /// The position encodings the client offers (`capabilities.general.positionEncodings`).
    var positionEncodings: [String]

    init(json: JSONValue) {
        positionEncodings = json["capabilities"]?["general"]?["positionEncodings"]?.array?.compactMap(\.string) ?? []
    }
}

struct DidOpenParams {
    var uri: String
    var version: Int
    var text: String

    init?(json: JSONValue) {
        guard let item = json["textDocument"], let uri = item["uri"]?.string, let text = item["text"]?.string else { return nil }
        self.uri = uri
        version = item["version"]?.int ?? 0
        self.text = text
    }
}

/// One `TextDocumentContentChangeEvent`.
public enum ContentChange: Sendable {
    /// The whole new text.
    case full(String)
    /// A range replaced.
    case edit(LSPRange, String)
    /// Not a change event.
    case malformed

    public init(json: JSONValue) {
        guard let text = json["text"]?.string else { self = .malformed; return }
        guard let range = json["range"] else { self = .full(text); return }
        guard let typed = LSPRange(json: range) else { self = .malformed; return }
        self = .edit(typed, text)
    }
}

struct DidChangeParams {
    var uri: String
    var version: Int?
    var changes: [ContentChange]

    init?(json: JSONValue) {
        guard let uri = json["textDocument"]?["uri"]?.string, let changes = json["contentChanges"]?.array else { return nil }
        self.uri = uri
        version = json["textDocument"]?["version"]?.int
        self.changes = changes.map(ContentChange.init(json:))
    }
}

struct DidCloseParams {
    var uri: String

    init?(json: JSONValue) {
        guard let uri = json["textDocument"]?["uri"]?.string else { return nil }
        self.uri = uri
    }
}

// MARK: - Results and notifications

struct InitializeResult: LSPEncodable {
    var positionEncoding: PositionEncoding

    var json: JSONValue {
        let legend: JSONValue = .object([
            ("tokenTypes", .array(SemanticTokenType.allCases.map { .string($0.rawValue) })),
            ("tokenModifiers", .array(SemanticTokenModifier.allCases.map { .string($0.rawValue) })),
        ])
        let capabilities: JSONValue = .object([
            ("positionEncoding", .string(positionEncoding.rawValue)),
            ("textDocumentSync", .object([("openClose", true), ("change", 2)])),
            ("hoverProvider", true),
            ("definitionProvider", true),
            ("referencesProvider", true),
            ("completionProvider", .object([("triggerCharacters", [">", " ", ","])])),
            ("documentSymbolProvider", true),
            ("renameProvider", .object([("prepareProvider", true)])),
            ("documentFormattingProvider", true),
            ("codeActionProvider", .object([("codeActionKinds", ["quickfix"])])),
            ("semanticTokensProvider", .object([("legend", legend), ("full", true)])),
        ])
        return .object([("capabilities", capabilities),
                         ("serverInfo", .object([("name", "lifecycle"), ("version", .string(LifecycleVersion.number))]))])
    }
}

/// A diagnostic as the client shows it.
public struct LSPDiagnostic: Sendable, LSPEncodable {
    public struct Related: Sendable {
        public var location: Location
        public var message: String
    }

    public var range: LSPRange
    public var severity: DiagnosticSeverity
    /// The diagnostic's stable id (`Diagnostic.id`).
    public var code: String
    public var message: String
    public var relatedInformation: [Related]?

    public var json: JSONValue {
        var fields: [(String, JSONValue)] = [
            ("range", range.json),
            ("severity", JSONValue(severity.rawValue)),
            ("code", .string(code)),
            ("source", "lifecycle"),
            ("message", .string(message)),
        ]
        if let relatedInformation {
            fields.append(("relatedInformation", .array(relatedInformation.map {
                .object([("location", $0.location.json), ("message", .string($0.message))])
            })))
        }
        return .object(fields)
    }
}

struct PublishDiagnosticsParams: LSPEncodable {
    var uri: String
    var version: Int?
    var diagnostics: [LSPDiagnostic]

    var json: JSONValue {
        var fields: [(String, JSONValue)] = [("uri", .string(uri))]
        if let version { fields.append(("version", JSONValue(version))) }
        fields.append(("diagnostics", diagnostics.json))
        return .object(fields)
    }
}

struct MessageParams: LSPEncodable {
    var type: MessageType
    var message: String

    var json: JSONValue { .object([("type", JSONValue(type.rawValue)), ("message", .string(message))]) }
}

struct Hover: LSPEncodable {
    var contents: MarkupContent
    var range: LSPRange

    var json: JSONValue { .object([("contents", contents.json), ("range", range.json)]) }
}

/// `textDocument/definition`: none, one place, or several.
enum DefinitionResult: LSPEncodable {
    case none
    case one(Location)
    case many([Location])

    var json: JSONValue {
        switch self {
        case .none: .null
        case .one(let location): location.json
        case .many(let locations): locations.json
        }
    }
}

struct CompletionItem: LSPEncodable {
    var label: String
    var kind: CompletionItemKind
    var detail: String?
    var documentation: MarkupContent?
    var insertText: String?
    var filterText: String?
    var textEdit: TextEdit?

    var json: JSONValue {
        var fields: [(String, JSONValue)] = [("label", .string(label)), ("kind", JSONValue(kind.rawValue))]
        if let detail { fields.append(("detail", .string(detail))) }
        if let documentation { fields.append(("documentation", documentation.json)) }
        if let insertText { fields.append(("insertText", .string(insertText))) }
        if let filterText { fields.append(("filterText", .string(filterText))) }
        if let textEdit { fields.append(("textEdit", textEdit.json)) }
        return .object(fields)
    }
}

struct CompletionList: LSPEncodable {
    var isIncomplete = false
    var items: [CompletionItem]

    var json: JSONValue { .object([("isIncomplete", .bool(isIncomplete)), ("items", items.json)]) }
}

struct DocumentSymbol: LSPEncodable {
    var name: String
    var kind: SymbolKind
    var detail: String?
    var range: LSPRange
    var selectionRange: LSPRange
    var children: [DocumentSymbol]

    var json: JSONValue {
        var fields: [(String, JSONValue)] = [("name", .string(name)), ("kind", JSONValue(kind.rawValue))]
        if let detail { fields.append(("detail", .string(detail))) }
        fields.append(("range", range.json))
        fields.append(("selectionRange", selectionRange.json))
        fields.append(("children", children.json))
        return .object(fields)
    }
}

/// A quick fix.
struct CodeAction: LSPEncodable {
    var title: String
    var diagnostics: [LSPDiagnostic]
    var isPreferred: Bool
    var edit: WorkspaceEdit

    var json: JSONValue {
        .object([("title", .string(title)), ("kind", "quickfix"), ("diagnostics", diagnostics.json),
                 ("isPreferred", .bool(isPreferred)), ("edit", edit.json)])
    }
}

struct PrepareRenameResult: LSPEncodable {
    var range: LSPRange
    var placeholder: String

    var json: JSONValue { .object([("range", range.json), ("placeholder", .string(placeholder))]) }
}

struct SemanticTokens: LSPEncodable {
    var data: [Int]

    var json: JSONValue { .object([("data", .array(data.map { JSONValue($0) }))]) }
}

/// `lifecycle/catalog`'s params: which catalog (UIKit's when none is named).
struct CatalogParams {
    var uri: String?

    init(json: JSONValue) { uri = json["uri"]?.string }
}

/// `lifecycle/catalog`: a catalog's URI and text.
struct CatalogResult: LSPEncodable {
    var uri: String
    var text: String

    var json: JSONValue { .object([("uri", .string(uri)), ("text", .string(text))]) }
}

/// The JSON-RPC `null` result (`shutdown`).
struct NullResult: LSPEncodable {
    var json: JSONValue { .null }
}
