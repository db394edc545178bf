import LifecycleCompiler

/// `lifecycle fmt FILE... [--check] [-i]`: the canonical layout (`Formatter`).
enum FmtCommand: Command {
    static let name = "fmt"
    static let abstract = "Format lifecycle specs in the canonical layout (only whitespace changes)."
    static let usage = "fmt <file>... [--check] [-i]"
    static let arguments = [("<file>", "One or more .lifecycle specs. Without -i or --check, the formatted text goes to stdout.")]
    static let options = [
        OptionSpec(name: "--check", help: "Change nothing; print a diff and exit 1 for each file that is not formatted."),
        OptionSpec(name: "-i", aliases: ["--in-place"], help: "Rewrite each file that is not formatted (atomically)."),
        CommonOptions.color,
    ]

    static func run(_ arguments: Arguments) -> ExitCode {
        guard !arguments.positionals.isEmpty else { return usageError("missing spec file argument") }
        let check = arguments.has("--check"), inPlace = arguments.has("-i")
        if check && inPlace { return usageError("'--check' and '-i' cannot be used together") }
        var frontend: Frontend
        do { frontend = try Frontend(arguments) } catch { return usageError(error.message) }
        var status = ExitCode.success
        func worsen(_ code: ExitCode) { if code.rawValue > status.rawValue { status = code } }
        for path in arguments.positionals {
            let file: SourceFile
            switch FileSystem.read(path, into: frontend.files) {
            case .failure(let failure):
                Terminal.err("\(path): error: cannot read file: \(failure.message)\n")
                worsen(.failure)
                continue
            case .success(let read): file = read
            }
            let result = Formatter.format(file)
            frontend.diagnostics.append(contentsOf: result.diagnostics)
            guard let formatted = result.text else {
                worsen(.inputErrors)
                continue
            }
            let original = file.text(file.wholeRange)
            if check {
                if formatted != original {
                    Terminal.out("\(path): not formatted; 'lifecycle fmt -i \(path)' would change it:\n")
                    Terminal.out(LineDiff.unified(old: original, new: formatted, oldName: path, newName: path + " (formatted)"))
                    worsen(.inputErrors)
                }
            } else if inPlace {
                guard formatted != original else { continue }
                if case .failure(let failure) = FileSystem.writeAtomically(Array(formatted.utf8), to: path) {
                    Terminal.err("\(path): error: cannot write file: \(failure.message)\n")
                    worsen(.failure)
                }
            } else {
                Terminal.out(formatted)
            }
        }
        frontend.printDiagnostics()
        return status
    }
}
