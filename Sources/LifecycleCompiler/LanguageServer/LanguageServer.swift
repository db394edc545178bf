/// `lifecycle lsp`: the Language Server Protocol server, without I/O.
///
/// The executable's loop feeds it the bytes read from stdin (`receive(_:now:)`), writes out
/// the bytes it returns, and calls `tick(now:)` when `nextDeadline` passes (debounced
/// diagnostics). Time comes in as seconds on any monotonic clock; files on disk come through
/// `readFile` (imports of open documents, definitions in imported files).
///
/// The protocol layer (`MessageFramer`, `JSONValue`, `RPCMessage`) is kept apart from the
/// features (`LanguageServer+Features.swift`), which call the compiler's own stages: the
/// `Parser` and `Checker` (diagnostics, with the same ids as `lifecycle check`), and the
/// `Formatter` (`lifecycle fmt`).
///
/// Hostile clients: malformed frames and JSON get JSON-RPC errors (or a log message when no
/// request id can be read), unknown requests `MethodNotFound`, unknown notifications are
/// ignored, a document over `maximumDocumentSize` is refused with a diagnostic, and open
/// documents are capped at `maximumDocuments`; no input traps, recurses without bound, or
/// makes the server hold more than the documents it was given plus one message. Imports are
/// read through `readFile`, which refuses anything but a regular file (the executable's never
/// opens a FIFO or `/dev/stdin`, the server's own input).
public final class LanguageServer {
    public static let maximumDocumentSize = 32 << 20
    public static let maximumDocuments = 1_000
    /// Diagnostics wait this long after the last change (seconds)…
    public static let debounce = 0.2
    /// …but no longer than this after the first change of a burst.
    public static let maximumDelay = 1.0
    /// The URI of the built-in UIKit catalog, a read-only virtual document.
    public static let catalogURI = "lifecycle:/UIKit.lifecycle"

    /// The bytes of a file an open document imports, or why it cannot be read.
    let readFile: (String) -> Result<[UInt8], LoadFailure>
    /// The real path of a file, as `lifecycle check` asks the file system (nil: none, paths
    /// are folded textually).
    let identity: PathIdentity?
    var framer = MessageFramer()
    var documents: [String: TextDocument] = [:]
    /// Open documents in the order they were opened (deterministic iteration).
    var documentOrder: [String] = []
    var analyses: [String: (version: Int, analysis: Analysis)] = [:]
    /// Documents waiting for diagnostics: when they are due, and when the burst began.
    var pending: [String: (due: Double, since: Double)] = [:]
    var encoding = PositionEncoding.utf16
    var initialized = false
    var shutdownRequested = false
    /// Set once the client said `exit` (or went away): the process exit status.
    public private(set) var exitStatus: Int32?

    public init(identity: PathIdentity? = nil, readFile: @escaping (String) -> Result<[UInt8], LoadFailure>) {
        self.readFile = readFile
        self.identity = identity
    }

    // MARK: - Input

    /// Handles bytes from the client; returns bytes to send back.
    public func receive(_ bytes: some Collection<UInt8>, now: Double) -> [UInt8] {
        framer.append(bytes)
        var output: [UInt8] = []
        while exitStatus == nil, let item = framer.next() {
            switch item {
            case .problem(let message):
                send(.notification("window/logMessage", .object([("type", 1), ("message", .string("lifecycle lsp: \(message)"))])), to: &output)
            case .body(let body):
                for message in handle(body: body, now: now) { send(message, to: &output) }
            }
        }
        return output
    }

    /// The client closed its end without `exit`: the exit status to use (1: no `shutdown`).
    public func endOfInput() -> Int32 {
        if exitStatus == nil { exitStatus = shutdownRequested ? 0 : 1 }
        return exitStatus!
    }

    /// When `tick(now:)` should next run, if anything is pending.
    public var nextDeadline: Double? {
        pending.values.map { min($0.due, $0.since + LanguageServer.maximumDelay) }.min()
    }

    /// Publishes the diagnostics that are due.
    public func tick(now: Double) -> [UInt8] {
        var output: [UInt8] = []
        for uri in documentOrder {
            guard let entry = pending[uri], min(entry.due, entry.since + LanguageServer.maximumDelay) <= now else { continue }
            pending[uri] = nil
            if let message = publishDiagnostics(uri) { send(message, to: &output) }
        }
        return output
    }

    func send(_ message: JSONValue, to output: inout [UInt8]) {
        output.append(contentsOf: MessageFramer.frame(message.serialized()))
    }

    /// Handles one message body; returns the messages to send.
    public func handle(body: [UInt8], now: Double) -> [JSONValue] {
        let value: JSONValue
        switch JSONValue.parse(body) {
        case .failure(let error):
            return [.errorResponse(id: nil, code: .parseError, message: "invalid JSON at byte \(error.offset): \(error.message)")]
        case .success(let parsed): value = parsed
        }
        switch RPCMessage.classify(value) {
        case .invalid(let id, let code, let message):
            return [.errorResponse(id: id, code: code, message: message)]
        case .response:
            return []
        case .notification(let method, let params):
            return notification(method, params ?? .null, now: now)
        case .request(let id, let method, let params):
            return [request(id: id, method: method, params: params ?? .null)]
        }
    }

    // MARK: - Dispatch

    func request(id: JSONValue, method: String, params: JSONValue) -> JSONValue {
        if method == "initialize" {
            guard !initialized else { return .errorResponse(id: id, code: .invalidRequest, message: "'initialize' was already received") }
            initialized = true
            return .response(id: id, result: initialize(params))
        }
        guard initialized else { return .errorResponse(id: id, code: .serverNotInitialized, message: "the server is not initialized yet") }
        guard !shutdownRequested else { return .errorResponse(id: id, code: .invalidRequest, message: "the server is shutting down") }
        let handler: ((JSONValue) -> Result<JSONValue, RequestError>)?
        switch method {
        case "shutdown":
            shutdownRequested = true
            return .response(id: id, result: .null)
        case "textDocument/hover": handler = hover
        case "textDocument/definition": handler = definition
        case "textDocument/references": handler = references
        case "textDocument/completion": handler = completion
        case "textDocument/documentSymbol": handler = documentSymbols
        case "textDocument/prepareRename": handler = prepareRename
        case "textDocument/rename": handler = rename
        case "textDocument/formatting": handler = formatting
        case "textDocument/codeAction": handler = codeActions
        case "textDocument/semanticTokens/full": handler = semanticTokens
        case "lifecycle/catalog": handler = catalog
        default: handler = nil
        }
        guard let handler else { return .errorResponse(id: id, code: .methodNotFound, message: "unknown method '\(method)'") }
        switch handler(params) {
        case .success(let result): return .response(id: id, result: result)
        case .failure(let error): return .errorResponse(id: id, code: error.code, message: error.message)
        }
    }

    struct RequestError: Error {
        var code: RPCErrorCode
        var message: String
        static func invalidParams(_ message: String) -> RequestError { RequestError(code: .invalidParams, message: message) }
    }

    func notification(_ method: String, _ params: JSONValue, now: Double) -> [JSONValue] {
        if method == "exit" {
            exitStatus = shutdownRequested ? 0 : 1
            return []
        }
        guard initialized, !shutdownRequested else { return [] }
        switch method {
        case "textDocument/didOpen": return didOpen(params, now: now)
        case "textDocument/didChange": return didChange(params, now: now)
        case "textDocument/didClose": return didClose(params, now: now)
        default: return [] // initialized, $/cancelRequest, didSave, configuration…: nothing to do
        }
    }

    func initialize(_ params: JSONValue) -> JSONValue {
        let offered = params["capabilities"]?["general"]?["positionEncodings"]?.array?.compactMap(\.string) ?? []
        encoding = offered.contains("utf-8") ? .utf8 : .utf16
        let legend: JSONValue = .object([
            ("tokenTypes", .array(SemanticTokenType.allCases.map { .string($0.rawValue) })),
            ("tokenModifiers", .array([.string("declaration"), .string("readonly")])),
        ])
        let capabilities: JSONValue = .object([
            ("positionEncoding", .string(encoding.rawValue)),
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
                         ("serverInfo", .object([("name", "lifecycle"), ("version", "0.1.0")]))])
    }

    // MARK: - Documents

    func didOpen(_ params: JSONValue, now: Double) -> [JSONValue] {
        guard let item = params["textDocument"], let uri = item["uri"]?.string, let text = item["text"]?.string else { return [] }
        if documents[uri] == nil {
            guard documents.count < LanguageServer.maximumDocuments else {
                return [.notification("window/showMessage", .object([("type", 2), ("message", .string("lifecycle lsp: more than \(LanguageServer.maximumDocuments) open documents; '\(uri)' is not analysed"))]))]
            }
            documentOrder.append(uri)
        }
        documents[uri] = TextDocument(uri: uri, version: item["version"]?.int ?? 0, text: Array(text.utf8))
        analyses[uri] = nil
        schedule(uri, now: now, delay: 0)
        scheduleImporters(of: uri, now: now)
        return []
    }

    func didChange(_ params: JSONValue, now: Double) -> [JSONValue] {
        guard let uri = params["textDocument"]?["uri"]?.string, var document = documents[uri],
              let changes = params["contentChanges"]?.array else { return [] }
        documents[uri] = nil // no second reference while it is edited in place
        var failed = false
        for change in changes where !failed {
            failed = !document.apply(change, encoding: encoding, maximumSize: LanguageServer.maximumDocumentSize)
        }
        if let version = params["textDocument"]?["version"]?.int { document.version = version }
        documents[uri] = document
        analyses[uri] = nil
        schedule(uri, now: now, delay: LanguageServer.debounce)
        scheduleImporters(of: uri, now: now)
        if failed {
            return [.notification("window/logMessage", .object([("type", 1), ("message", .string("lifecycle lsp: a change to '\(uri)' was malformed or made it larger than \(LanguageServer.maximumDocumentSize) bytes; ignored"))]))]
        }
        return []
    }

    func didClose(_ params: JSONValue, now: Double) -> [JSONValue] {
        guard let uri = params["textDocument"]?["uri"]?.string, documents[uri] != nil else { return [] }
        // Importers read the closed document's unsaved text: they read the file on disk now.
        scheduleImporters(of: uri, now: now)
        documents[uri] = nil
        analyses[uri] = nil
        pending[uri] = nil
        documentOrder.removeAll { $0 == uri }
        return [.notification("textDocument/publishDiagnostics", .object([("uri", .string(uri)), ("diagnostics", [])]))]
    }

    func schedule(_ uri: String, now: Double, delay: Double) {
        let since = pending[uri]?.since ?? now
        pending[uri] = (due: now + delay, since: since)
    }

    /// Open documents whose last analysis read `uri`'s file get new diagnostics too.
    func scheduleImporters(of uri: String, now: Double) {
        guard let path = documents[uri].map({ Checker.normalize($0.path) }) else { return }
        for other in documentOrder where other != uri {
            if let entry = analyses[other], entry.analysis.importedPaths.contains(path) {
                analyses[other] = nil
                schedule(other, now: now, delay: LanguageServer.debounce)
            }
        }
    }

    /// The analysis of an open document, compiled now if it changed since the last one.
    func analysis(_ uri: String) -> Analysis? {
        guard let document = documents[uri] else { return nil }
        if let cached = analyses[uri], cached.version == document.version { return cached.analysis }
        guard document.bytes.count <= LanguageServer.maximumDocumentSize else { return nil }
        let analysis = compile(path: document.path, bytes: document.bytes)
        // Version numbers may repeat or be missing; a changed document drops its analysis.
        analyses[uri] = (document.version, analysis)
        return analysis
    }

    /// Compiles `bytes` as the file at `path`; its imports are the open documents' texts, or
    /// the files on disk.
    func compile(path: String, bytes: [UInt8]) -> Analysis {
        let files = SourceFiles()
        let root = files.add(path: path, bytes: bytes)
        return Analysis(root: root, files: files, identity: identity) { [self] path, files in
            if let open = openDocument(atPath: path), let text = documents[open] {
                return .success(files.add(path: path, bytes: text.bytes))
            }
            return readFile(path).flatMap { bytes in
                guard bytes.count <= SourceFile.maximumSize else { return .failure(LoadFailure("file is too large")) }
                return .success(files.add(path: path, bytes: bytes))
            }
        }
    }

    /// The URI of the open document whose file is `path`, if any: the same real path (with an
    /// `identity`), else the same path with `.` and `..` folded.
    func openDocument(atPath path: String) -> String? {
        let key = identity?(path) ?? Checker.normalize(path)
        return documentOrder.first { uri in
            guard let open = documents[uri]?.path else { return false }
            return (identity?(open) ?? Checker.normalize(open)) == key
        }
    }

    /// The document and analysis a request's `textDocument` names.
    func target(_ params: JSONValue) -> Result<(TextDocument, Analysis), RequestError> {
        guard let uri = params["textDocument"]?["uri"]?.string else { return .failure(.invalidParams("missing 'textDocument.uri'")) }
        guard let document = documents[uri] else { return .failure(RequestError(code: .requestFailed, message: "'\(uri)' is not open")) }
        guard let analysis = analysis(uri) else {
            return .failure(RequestError(code: .requestFailed, message: "'\(uri)' is larger than \(LanguageServer.maximumDocumentSize) bytes"))
        }
        return .success((document, analysis))
    }

    /// The document, analysis and byte offset of a request's `textDocument` and `position`.
    func targetPosition(_ params: JSONValue) -> Result<(TextDocument, Analysis, Int), RequestError> {
        target(params).flatMap { document, analysis in
            guard let offset = document.offset(of: params["position"], encoding: encoding) else {
                return .failure(.invalidParams("missing or invalid 'position'"))
            }
            return .success((document, analysis, offset))
        }
    }
}
