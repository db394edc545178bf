import LifecycleCompiler

/// `lifecycle render FILE -o OUT.svg|png|pdf [--dot PATH] [--machine NAME] [--no-clusters]`
enum RenderCommand: Command {
    static let name = "render"
    static let abstract = "Draw a spec as SVG, PNG or PDF with Graphviz 'dot'."
    static let usage = "render <file> -o <out.svg|out.png|out.pdf> [--dot <path>] [--machine <name>] [--no-clusters] [--layout <engine>] [--timeout <seconds>]"
    static let arguments = [("<file>", "A .lifecycle spec.")]
    static let options = [
        OptionSpec(name: "-o", aliases: ["--output"], valueName: "out", help: "The image to write; its extension picks the format (svg, png, pdf)."),
        OptionSpec(name: "--dot", valueName: "path", help: "The Graphviz 'dot' program (default: 'dot' on PATH)."),
        OptionSpec(name: "--machine", valueName: "name", help: "Draw only this machine."),
        OptionSpec(name: "--no-clusters", help: "Draw composite states as plain boxes (for very large specs)."),
        OptionSpec(name: "--timeout", valueName: "seconds", help: "Stop 'dot' after this long (default 60)."),
        OptionSpec(name: "--layout", valueName: "engine",
                   help: "Graphviz layout engine: dot (default, layered), or sfdp, fdp, neato, circo, twopi (much faster on big specs)."),
        CommonOptions.warningsAsErrors,
        CommonOptions.errorLimit,
        CommonOptions.color,
    ]

    /// Above this many states, Graphviz's layout of clusters gets slow or fails.
    static let largeClustered = 100
    static let largeFlat = 400

    static func run(_ arguments: Arguments) -> ExitCode {
        guard let output = arguments.value("-o") else { return usageError("missing '-o <out.svg|out.png|out.pdf>'") }
        let format = output.split(separator: ".").last.map { $0.lowercased() } ?? ""
        guard ["svg", "png", "pdf"].contains(format), output.contains(".") else {
            return usageError("cannot tell the image format of '\(output)'; use a name ending in .svg, .png or .pdf")
        }
        var timeout = 60.0
        if let text = arguments.value("--timeout") {
            guard let value = Double(text), value > 0 else { return usageError("'--timeout' takes a number of seconds, not '\(text)'") }
            timeout = value
        }
        let layout = arguments.value("--layout") ?? "dot"
        guard ["dot", "sfdp", "fdp", "neato", "circo", "twopi"].contains(layout) else {
            return usageError("'--layout' takes dot, sfdp, fdp, neato, circo or twopi, not '\(layout)'")
        }
        let path: String, model: Model
        switch compileSpec(arguments) {
        case .failure(let code): return code
        case .success(let compiled): (path, model) = compiled
        }
        guard let dot = Subprocess.find(arguments.value("--dot") ?? "dot") else {
            Terminal.err("""
            lifecycle render: error: Graphviz 'dot' was not found\(arguments.value("--dot").map { " at '\($0)'" } ?? " on PATH")
            note: install Graphviz: 'sudo apt-get install graphviz' (Debian, Ubuntu) or 'brew install graphviz' (macOS)
            note: or write the DOT file with 'lifecycle dot \(path) -o diagram.dot' and render it elsewhere

            """)
            return .failure
        }
        guard let options = DotCommand.diagramOptions(arguments, model: model) else { return .inputErrors }
        let drawn = model.machines.filter { options.machine == nil || $0.name == options.machine }
        let states = drawn.reduce(0) { $0 + $1.states.count }
        let advice = largeSpecAdvice(path: path, model: model, states: states, options: options, layout: layout)
        if let advice, layout == "dot", (options.clusters && states > largeClustered) || states > largeFlat {
            Terminal.err("lifecycle render: note: this diagram has \(states) states; Graphviz may take a long time. \(advice)\n")
        }

        let spec = OutputWriter.displayPath(path)
        let bytes = DotGenerator(model: model, options: options).generate(specPath: spec, command: "lifecycle render \(spec) -o \(output)")
        let folder = output.contains("/") ? String(output[..<output.lastIndex(of: "/")!]) : "."
        let dotFile = "\(folder.isEmpty ? "/" : folder)/.\(output.split(separator: "/").last!).lifecycle-render.dot"
        let imageFile = "\(folder.isEmpty ? "/" : folder)/.\(output.split(separator: "/").last!).lifecycle-render.\(format)"
        defer {
            FileSystem.remove(dotFile)
            FileSystem.remove(imageFile)
        }
        if case .failure(let failure) = FileSystem.writeAtomically(bytes, to: dotFile) {
            Terminal.err("\(output): error: cannot write file: \(failure.message)\n")
            return .failure
        }
        switch Subprocess.run(dot, ["-K\(layout)", "-T\(format)", dotFile, "-o", imageFile], timeout: timeout) {
        case .failure(let failure):
            Terminal.err("lifecycle render: error: cannot run '\(dot)': \(failure.message)\n")
            return .failure
        case .success(let outcome):
            guard let status = outcome.status else {
                Terminal.err("lifecycle render: error: 'dot' did not finish within \(Int(timeout)) seconds and was stopped\n"
                    + "note: \(advice ?? "raise the limit with '--timeout'")\n")
                return .failure
            }
            if !outcome.stderr.isEmpty { Terminal.err(abridged(outcome.stderr)) }
            guard status == 0 else {
                Terminal.err("lifecycle render: error: 'dot' failed with exit status \(status)\n")
                if mentions(outcome.stderr, "init_rank") || mentions(outcome.stderr, "trouble") {
                    Terminal.err("note: Graphviz cannot lay out this many clusters. \(advice ?? "Try '--no-clusters'.")\n")
                }
                return .failure
            }
        }
        // Rendered images are derived artifacts: replace them atomically.
        if case .failure(let failure) = FileSystem.move(imageFile, to: output) {
            Terminal.err("\(output): error: cannot write file: \(failure.message)\n")
            return .failure
        }
        return .success
    }

    /// Graphviz's messages, at most `limit` lines of them: on a graph it cannot lay out it
    /// prints thousands.
    static func abridged(_ text: String, limit: Int = 20) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let body = lines.last == "" ? lines.dropLast() : lines[...]
        guard body.count > limit else { return text }
        return body.prefix(limit).joined(separator: "\n") + "\n… (\(body.count - limit) more lines from 'dot')\n"
    }

    /// Whether `text` contains `word` (`String.contains(_:)` of a string needs macOS 13).
    static func mentions(_ text: String, _ word: String) -> Bool {
        let haystack = Array(text.utf8), needle = Array(word.utf8)
        guard !needle.isEmpty, haystack.count >= needle.count else { return needle.isEmpty }
        return (0...(haystack.count - needle.count)).contains { haystack[$0..<($0 + needle.count)].elementsEqual(needle) }
    }

    /// What to try for a big diagram: one machine, or no clusters.
    static func largeSpecAdvice(path: String, model: Model, states: Int, options: DotGenerator.Options,
                                layout: String) -> String? {
        var tips: [String] = []
        if layout == "dot" && states > largeClustered {
            tips.append("use a faster layout ('--layout sfdp')")
        }
        if options.machine == nil && model.machines.count > 1 {
            let biggest = model.machines.max { $0.states.count < $1.states.count }!
            tips.append("draw one machine at a time ('--machine \(biggest.name)')")
        }
        if options.clusters && model.machines.contains(where: { $0.states.contains(where: \.isComposite) }) {
            tips.append("draw composite states as boxes ('--no-clusters')")
        }
        guard !tips.isEmpty else { return nil }
        return "Try to " + tips.joined(separator: ", or ") + "."
    }
}
