import LifecycleCompiler

/// `lifecycle render FILE -o OUT.svg|png|pdf [--dot PATH] [--machine NAME] [--no-clusters] [--descriptions]`
enum RenderCommand: Command {
    static let name = "render"
    static let abstract = "Draw a spec as SVG, PNG or PDF with Graphviz 'dot'."
    static let usage = "render <file> -o <out.svg|out.png|out.pdf> [--dot <path>] [--machine <name>] [--no-clusters] [--descriptions] [--force] [--layout <engine>] [--timeout <seconds>]"
    static let arguments = [("<file>", "A .lifecycle spec.")]
    static let options = [
        OptionSpec(name: "-o", aliases: ["--output"], valueName: "out", help: "The image to write; its extension picks the format (svg, png, pdf)."),
        OptionSpec(name: "--dot", valueName: "path", help: "The Graphviz 'dot' program (default: 'dot' on PATH)."),
        OptionSpec(name: "--machine", valueName: "name", help: "Draw only this machine."),
        OptionSpec(name: "--no-clusters", help: "Draw composite states as plain boxes (for very large specs)."),
        OptionSpec(name: "--descriptions", help: "Write the descriptions into the drawing, not only as tooltips (which a PNG or PDF loses)."),
        OptionSpec(name: "--force", help: "Replace an existing image lifecycle did not render (never the spec itself)."),
        OptionSpec(name: "--timeout", valueName: "seconds", help: "Stop 'dot' after this long (default 60)."),
        OptionSpec(name: "--layout", valueName: "engine",
                   help: "Graphviz layout engine: dot (default, layered), or sfdp, fdp, neato, circo, twopi (much faster on big specs)."),
        CommonOptions.warningsAsErrors,
        CommonOptions.errorLimit,
        CommonOptions.color,
        CommonOptions.stateLimit,
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

        // Where the image goes: through a symbolic link to the file it names, and never over
        // the spec itself, nor over a file lifecycle did not render unless `--force`.
        let destination = FileSystem.resolvingLinks(output)
        switch FileSystem.kind(of: destination) {
        case .directory:
            Terminal.err("\(output): error: cannot write file: is a directory\n")
            return .failure
        case .regular:
            if FileSystem.sameFile(destination, path) {
                Terminal.err("\(output): error: '\(output)' is the spec being rendered; not overwriting it\n")
                return .failure
            }
            if !arguments.has("--force") {
                switch FileSystem.prefix(of: destination, count: 4096) {
                case .failure(let failure):
                    Terminal.err("\(output): error: cannot read the existing file: \(failure.message)\n")
                    return .failure
                case .success(let header):
                    if let header, !isRenderedImage(header, format: format) {
                        Terminal.err("\(output):1:1: error: '\(output)' was not rendered by lifecycle; not overwriting it\n"
                            + "\(output):1:1: note: use '--force' to replace it\n")
                        return .failure
                    }
                }
            }
        case .missing, .special:
            break
        }

        let spec = OutputWriter.displayPath(path)
        var drawing = options
        let attempts = options.clusters ? 2 : 1
        for attempt in 1...attempts {
            let bytes = DotGenerator(model: model, options: drawing).generate(specPath: spec, command: OutputWriter.regenerateCommand("render", spec: path, options: " -o \(OutputWriter.commandPath(output))"))
            switch draw(bytes, dot: dot, layout: layout, format: format, output: output, destination: destination,
                        timeout: timeout, advice: advice, canRetry: attempt < attempts) {
            case .done(let code):
                return code
            case .clustersFailed:
                // Graphviz 2.43's "trouble in init_rank" on some clustered graphs: draw the
                // composite states as boxes instead, and say so.
                Terminal.err("lifecycle render: warning: Graphviz could not lay out the clusters of this diagram; drawing composite states as boxes ('--no-clusters')\n")
                drawing.clusters = false
            }
        }
        return .failure
    }

    enum Drawing {
        case done(ExitCode)
        /// `dot` failed laying out clusters ("trouble in init_rank"); worth a try without.
        case clustersFailed
    }

    /// Runs `dot` on `bytes` into a temporary image next to the output, and renames it over
    /// the output. Temporaries have unique names (`FileSystem.TemporaryFile`), so concurrent
    /// renders to one output all finish, and are removed on every path, signals included.
    static func draw(_ bytes: [UInt8], dot: String, layout: String, format: String, output: String, destination: String,
                     timeout: Double, advice: String?, canRetry: Bool) -> Drawing {
        let dotFile: FileSystem.TemporaryFile, imageFile: FileSystem.TemporaryFile
        switch (FileSystem.TemporaryFile.make(nextTo: destination, suffix: ".dot"), FileSystem.TemporaryFile.make(nextTo: destination, suffix: ".\(format)")) {
        case (.success(let a), .success(let b)): (dotFile, imageFile) = (a, b)
        case (.failure(let failure), let other), (let other, .failure(let failure)):
            if case .success(let made) = other { made.close(); FileSystem.remove(made.path) }
            Terminal.err("\(output): error: cannot write file: \(failure.message)\n")
            return .done(.failure)
        }
        imageFile.close()
        var renamed = false
        defer {
            FileSystem.remove(dotFile.path)
            if !renamed { FileSystem.remove(imageFile.path) }
        }
        let written = bytes.withUnsafeBufferPointer { FileSystem.writeAll($0, to: dotFile.fd) }
        dotFile.close()
        if let code = written {
            Terminal.err("\(output): error: cannot write file: \(Terminal.describe(errno: code))\n")
            return .done(.failure)
        }
        switch Subprocess.run(dot, ["-K\(layout)", "-T\(format)", dotFile.path, "-o", imageFile.path], timeout: timeout) {
        case .failure(let failure):
            Terminal.err("lifecycle render: error: cannot run '\(dot)': \(failure.message)\n")
            return .done(.failure)
        case .success(let outcome):
            guard let status = outcome.status else {
                Terminal.err("lifecycle render: error: 'dot' did not finish within \(Int(timeout)) seconds and was stopped\n"
                    + "note: \(advice ?? "raise the limit with '--timeout'")\n")
                return .done(.failure)
            }
            let clusterTrouble = mentions(outcome.stderr, "init_rank") || mentions(outcome.stderr, "trouble")
            if status != 0 && clusterTrouble && canRetry { return .clustersFailed }
            if !outcome.stderr.isEmpty { Terminal.err(abridged(outcome.stderr, totalBytes: outcome.stderrSize)) }
            guard status == 0 else {
                Terminal.err("lifecycle render: error: 'dot' failed with exit status \(status)\n")
                if clusterTrouble {
                    Terminal.err("note: Graphviz cannot lay out this many clusters. \(advice ?? "Try '--no-clusters'.")\n")
                }
                return .done(.failure)
            }
            guard let size = FileSystem.size(of: imageFile.path), size > 0 else {
                Terminal.err("lifecycle render: error: 'dot' exited successfully but wrote no image\n")
                return .done(.failure)
            }
        }
        // Keep the permissions of an image being replaced (`mkstemps` makes files 0600).
        FileSystem.copyMode(from: destination, orDefaultTo: imageFile.path)
        // Rendered images are derived artifacts: replace them atomically.
        if case .failure(let failure) = FileSystem.move(imageFile.path, to: destination) {
            Terminal.err("\(output): error: cannot write file: \(failure.message)\n")
            return .done(.failure)
        }
        renamed = true
        return .done(.success)
    }

    /// Whether the start of an existing file is an image Graphviz renders: SVG says so in a
    /// comment; PNG and PDF are recognised by their signature only.
    static func isRenderedImage(_ header: [UInt8], format: String) -> Bool {
        if header.isEmpty { return false }
        let text = String(decoding: header, as: UTF8.self)
        switch format {
        case "svg": return mentions(text, "<!-- Generated by graphviz")
        case "png": return header.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        case "pdf": return header.starts(with: Array("%PDF-".utf8))
        default: return false
        }
    }

    /// Graphviz's messages, at most `limit` lines of at most `lineLimit` bytes each: on a
    /// graph it cannot lay out it prints thousands of lines, or megabytes on one. Hidden
    /// characters are escaped (`Diagnostic.oneLine`): the messages quote the spec's text.
    static func abridged(_ text: String, limit: Int = 20, lineLimit: Int = 500, totalBytes: Int? = nil) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var body = lines.last == "" ? lines.dropLast() : lines[...]
        var dropped = 0
        if body.count > limit {
            dropped = body.count - limit
            body = body.prefix(limit)
        }
        var result = body.map { line -> String in
            let shown = Diagnostic.oneLine(String(line))
            guard shown.utf8.count > lineLimit else { return shown }
            var cut = Array(shown.utf8.prefix(lineLimit))
            while let last = cut.last, last & 0xC0 == 0x80 { cut.removeLast() }
            if let last = cut.last, last >= 0xC0 { cut.removeLast() }
            return String(decoding: cut, as: UTF8.self) + " … (\(shown.utf8.count - cut.count) more bytes)"
        }.joined(separator: "\n") + "\n"
        if dropped > 0 { result += "… (\(dropped) more lines from 'dot')\n" }
        if let totalBytes, totalBytes > text.utf8.count {
            result += "… (\(totalBytes - text.utf8.count) more bytes from 'dot' not shown)\n"
        }
        return result
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
