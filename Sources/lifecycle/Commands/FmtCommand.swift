import LifecycleCompiler

/// `lifecycle fmt`: the canonical layout (`Formatter`).
enum FmtCommand: Command {
    static let name = "fmt"
    static let abstract = "Format lifecycle specs in the canonical layout (only whitespace changes)."
    static let arguments = [
        ArgumentSpec("<file>", "One or more .lifecycle specs. Without -i or --check, the formatted text goes to stdout.", count: .oneOrMore),
    ]
    static let check = OptionSpec(name: "--check", help: "Change nothing; print a diff and exit 1 for each file that is not formatted.")
    static let inPlace = OptionSpec(name: "-i", aliases: ["--in-place"], help: "Rewrite each file that is not formatted (atomically).")
    static let lineLength = OptionSpec(name: "--line-length", valueName: "n",
                                       help: "Wrap callback lists of lines longer than n characters (default 100, or lifecycle.json's lineLength).")
    static let config = OptionSpec(name: "--config", valueName: "file", help: "Read lineLength from a lifecycle.json (the command line wins).")
    static let options = [check, inPlace, lineLength, config, DiagnosticOptions.color]

    enum Mode {
        case print, check, inPlace
    }

    struct Options {
        var specs: [String]
        var mode: Mode
        var diagnostics: DiagnosticOptions
        var lineLength = Formatter.defaultLineLength
    }

    static func parse(_ arguments: Arguments) throws(CLIError) -> Options {
        guard !arguments.positionals.isEmpty else { throw .usage("missing spec file argument") }
        let check = arguments.has(check), inPlace = arguments.has(inPlace)
        if check && inPlace { throw .usage("'--check' and '-i' cannot be used together") }
        var options = Options(specs: arguments.positionals, mode: check ? .check : inPlace ? .inPlace : .print,
                              diagnostics: try DiagnosticOptions(arguments))
        if let given = try arguments.number(lineLength, minimum: 20) {
            options.lineLength = given
        } else if let path = arguments.value(config) {
            options.lineLength = try CheckConfiguration.lineLength(path) ?? Formatter.defaultLineLength
        }
        return options
    }

    static func run(_ options: Options) throws(CLIError) -> ExitCode {
        var frontend = Frontend(options.diagnostics)
        var status = ExitCode.success
        func worsen(_ code: ExitCode) { if code.rawValue > status.rawValue { status = code } }
        for path in options.specs {
            let file: SourceFile
            do { file = try frontend.read(path) } catch {
                worsen(Reporter.report(error, command: self))
                continue
            }
            let result = Formatter.format(file, lineLength: options.lineLength)
            frontend.diagnostics.append(contentsOf: result.diagnostics)
            guard let formatted = result.text else {
                worsen(.inputErrors)
                continue
            }
            let original = file.text(file.wholeRange)
            switch options.mode {
            case .check:
                if formatted != original {
                    let shown = Diagnostic.printablePath(path)
                    Terminal.out("\(shown): not formatted; 'lifecycle fmt -i \(shown)' would change it:\n")
                    Terminal.out(LineDiff.unified(old: original, new: formatted, oldName: shown, newName: shown + " (formatted)"))
                    worsen(.inputErrors)
                }
            case .inPlace:
                guard formatted != original else { continue }
                if case .failure(let failure) = FileSystem.writeAtomically(Array(formatted.utf8), to: path) {
                    worsen(Reporter.report(.cannotWrite(path, failure.message), command: self))
                }
            case .print:
                Terminal.out(formatted)
            }
        }
        frontend.printDiagnostics()
        return status
    }
}
