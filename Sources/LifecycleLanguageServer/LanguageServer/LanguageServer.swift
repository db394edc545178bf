import LifecycleSource
import LifecycleChecking

/// `lifecycle lsp`: the Language Server Protocol server, without I/O.
///
/// The executable's loop feeds it the bytes read from stdin (`receive(_:now:)`), writes out
/// the bytes it returns, and calls `tick(now:)` when `nextDeadline` passes (debounced
/// diagnostics). Time comes in as seconds on any monotonic clock; files on disk come through
/// `readFile` (imports of open documents, definitions in imported files).
///
/// The protocol layer (`MessageFramer`, `JSONValue`, `RPCMessage`, and `LSPTypes.swift`: the
/// methods, params, results and kinds as Swift types, the only code that reads or writes
/// their JSON) is kept apart from the features (`LanguageServer+Features.swift`), which take
/// typed params, build typed results, and call the compiler's own stages: `Compiler.compile`
/// as `lifecycle check` does (diagnostics with the same ids, the same path identity), the
/// parser's `TokenIndex` and the `KeywordTable`, and the `Formatter` (`lifecycle fmt`).
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
    /// The SwiftUI catalog's document, as `catalogURI` is UIKit's.
    public static let swiftUICatalogURI = "lifecycle:/SwiftUI.lifecycle"

    /// The document of a built-in module's catalog: `lifecycle:/CoreBluetooth.lifecycle`.
    public static func catalogURI(of module: String) -> String { "lifecycle:/\(module).lifecycle" }

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
                send(LanguageServer.log(.error, "lifecycle lsp: \(message)"), to: &output)
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
            if let params = publishDiagnostics(uri) { send(.notification("textDocument/publishDiagnostics", params.json), to: &output) }
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

    /// A `window/logMessage` notification.
    static func log(_ type: MessageType, _ message: String) -> JSONValue {
        .notification("window/logMessage", MessageParams(type: type, message: message).json)
    }

    func request(id: JSONValue, method: String, params: JSONValue) -> JSONValue {
        guard let known = RequestMethod(rawValue: method) else {
            guard initialized else { return .errorResponse(id: id, code: .serverNotInitialized, message: "the server is not initialized yet") }
            guard !shutdownRequested else { return .errorResponse(id: id, code: .invalidRequest, message: "the server is shutting down") }
            return .errorResponse(id: id, code: .methodNotFound, message: "unknown method '\(method)'")
        }
        if known == .initialize {
            guard !initialized else { return .errorResponse(id: id, code: .invalidRequest, message: "'initialize' was already received") }
            initialized = true
            return .response(id: id, result: initialize(InitializeParams(json: params)).json)
        }
        guard initialized else { return .errorResponse(id: id, code: .serverNotInitialized, message: "the server is not initialized yet") }
        guard !shutdownRequested else { return .errorResponse(id: id, code: .invalidRequest, message: "the server is shutting down") }
        do throws(RequestError) {
            let result: any LSPEncodable = switch known {
            case .initialize: NullResult()
            case .shutdown: shutdown()
            case .hover: try hover(TextDocumentPositionParams(json: params))
            case .definition: try definition(TextDocumentPositionParams(json: params))
            case .references: try references(ReferenceParams(json: params))
            case .completion: try completion(TextDocumentPositionParams(json: params))
            case .documentSymbol: try documentSymbols(TextDocumentParams(json: params))
            case .prepareRename: try prepareRename(TextDocumentPositionParams(json: params))
            case .rename: try rename(RenameParams(json: params))
            case .formatting: try formatting(TextDocumentParams(json: params))
            case .codeAction: try codeActions(CodeActionParams(json: params))
            case .semanticTokens: try semanticTokens(TextDocumentParams(json: params))
            case .catalog: catalog(CatalogParams(json: params))
            }
            return .response(id: id, result: result.json)
        } catch {
            return .errorResponse(id: id, code: error.code, message: error.message)
        }
    }

    struct RequestError: Error {
        var code: RPCErrorCode
        var message: String
        static func invalidParams(_ message: String) -> RequestError { RequestError(code: .invalidParams, message: message) }
        static func failed(_ message: String) -> RequestError { RequestError(code: .requestFailed, message: message) }
    }

    /// The text of a catalog: the module's its URI names, else UIKit's.
    func catalog(_ params: CatalogParams) -> CatalogResult {
        let catalog = BuiltInModules.all.first { LanguageServer.catalogURI(of: $0.module) == params.uri } ?? BuiltInModules.uiKit
        return CatalogResult(uri: LanguageServer.catalogURI(of: catalog.module), text: catalog.source)
    }

    func shutdown() -> NullResult {
        shutdownRequested = true
        return NullResult()
    }

    func notification(_ method: String, _ params: JSONValue, now: Double) -> [JSONValue] {
        guard let known = NotificationMethod(rawValue: method) else { return [] } // initialized, $/cancelRequest, didSave, …
        if known == .exit {
            exitStatus = shutdownRequested ? 0 : 1
            return []
        }
        guard initialized, !shutdownRequested else { return [] }
        switch known {
        case .exit: return []
        case .didOpen: return DidOpenParams(json: params).map { didOpen($0, now: now) } ?? []
        case .didChange: return DidChangeParams(json: params).map { didChange($0, now: now) } ?? []
        case .didClose: return DidCloseParams(json: params).map { didClose($0, now: now) } ?? []
        }
    }

    func initialize(_ params: InitializeParams) -> InitializeResult {
        encoding = params.positionEncodings.contains(PositionEncoding.utf8.rawValue) ? .utf8 : .utf16
        return InitializeResult(positionEncoding: encoding)
    }

    // MARK: - Documents

    func didOpen(_ params: DidOpenParams, now: Double) -> [JSONValue] {
        let uri = params.uri
        if documents[uri] == nil {
            guard documents.count < LanguageServer.maximumDocuments else {
                return [.notification("window/showMessage", MessageParams(type: .warning, message: "lifecycle lsp: more than \(LanguageServer.maximumDocuments) open documents; '\(uri)' is not analysed").json)]
            }
            documentOrder.append(uri)
        }
        documents[uri] = TextDocument(uri: uri, version: params.version, text: Array(params.text.utf8))
        analyses[uri] = nil
        schedule(uri, now: now, delay: 0)
        scheduleImporters(of: uri, now: now)
        return []
    }

    func didChange(_ params: DidChangeParams, now: Double) -> [JSONValue] {
        let uri = params.uri
        guard var document = documents[uri] else { return [] }
        documents[uri] = nil // no second reference while it is edited in place
        var failed = false
        for change in params.changes where !failed {
            failed = !document.apply(change, encoding: encoding, maximumSize: LanguageServer.maximumDocumentSize)
        }
        if let version = params.version { document.version = version }
        documents[uri] = document
        analyses[uri] = nil
        schedule(uri, now: now, delay: LanguageServer.debounce)
        scheduleImporters(of: uri, now: now)
        if failed {
            return [LanguageServer.log(.error, "lifecycle lsp: a change to '\(uri)' was malformed or made it larger than \(LanguageServer.maximumDocumentSize) bytes; ignored")]
        }
        return []
    }

    func didClose(_ params: DidCloseParams, now: Double) -> [JSONValue] {
        let uri = params.uri
        guard documents[uri] != nil else { return [] }
        // Importers read the closed document's unsaved text: they read the file on disk now.
        scheduleImporters(of: uri, now: now)
        documents[uri] = nil
        analyses[uri] = nil
        pending[uri] = nil
        documentOrder.removeAll { $0 == uri }
        return [.notification("textDocument/publishDiagnostics", PublishDiagnosticsParams(uri: uri, version: nil, diagnostics: []).json)]
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

    /// The document and analysis of the open document `uri`.
    func target(_ uri: String) throws(RequestError) -> (TextDocument, Analysis) {
        guard let document = documents[uri] else { throw .failed("'\(uri)' is not open") }
        guard let analysis = analysis(uri) else { throw .failed("'\(uri)' is larger than \(LanguageServer.maximumDocumentSize) bytes") }
        return (document, analysis)
    }

    /// The document, analysis and byte offset of a request's `textDocument` and `position`.
    func target(_ params: TextDocumentPositionParams) throws(RequestError) -> (TextDocument, Analysis, Int) {
        let (document, analysis) = try target(params.uri)
        return (document, analysis, document.offset(of: params.position, encoding: encoding))
    }
}
