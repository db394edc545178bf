import LifecycleCompiler

/// `lifecycle lsp`: the language server (`LanguageServer`) on stdin and stdout.
///
/// The loop reads what the client sent, hands it to the server, writes the replies, and
/// between messages waits no longer than the next debounced diagnostics are due. It ends on
/// `exit` (status 0 after `shutdown`, else 1) or when the client closes stdin.
enum LspCommand: Command {
    static let name = "lsp"
    static let abstract = "Run the language server on stdin and stdout, for editors (Language Server Protocol)."
    static let arguments: [ArgumentSpec] = []
    static let options = [OptionSpec(name: "--stdio", help: "Talk over stdin and stdout (the default and only transport).")]

    static func parse(_ arguments: Arguments) throws(CLIError) {
        if let extra = arguments.positionals.first { throw .usage("unexpected argument '\(extra)'") }
    }

    static func run(_ options: Void) -> ExitCode {
        StandardStreams.ignoreBrokenPipe()
        // Imports: regular files only (`import "/dev/stdin"` would read the client's messages).
        let server = LanguageServer(identity: FileSystem.realPath) { path in
            FileSystem.readImport(path, into: SourceFiles()).map { Array($0.bytes) }
        }
        while server.exitStatus == nil {
            let timeout = server.nextDeadline.map { $0 - StandardStreams.now() }
            if timeout.map({ $0 > 0 }) ?? true, StandardStreams.waitForInput(timeout: timeout) {
                guard let input = StandardStreams.readInput() else { break }
                Terminal.out(server.receive(input, now: StandardStreams.now()))
            }
            let due = server.tick(now: StandardStreams.now())
            if !due.isEmpty { Terminal.out(due) }
        }
        let status = server.exitStatus ?? server.endOfInput()
        return status == 0 ? .success : .inputErrors
    }
}
