import LifecycleCompiler

/// `lifecycle render`: a spec drawn by Graphviz, or a system's sequence diagram, laid out here
/// (and drawn by Graphviz as PNG or PDF).
enum RenderCommand: Command {
    static let name = "render"
    static let abstract = "Draw a spec as SVG, PNG or PDF with Graphviz 'dot'."
    static let arguments = [ArgumentSpec("<file>", "A .lifecycle spec.")]
    static let output = OutputOptions.output("out", help: "The image to write; its extension picks the format (svg, png, pdf).")
    static let dot = OptionSpec(name: "--dot", valueName: "path", help: "The Graphviz 'dot' program (default: 'dot' on PATH).")
    static let force = OptionSpec(name: "--force", help: "Replace an existing image lifecycle did not render (never the spec itself).")
    static let timeout = OptionSpec(name: "--timeout", valueName: "seconds", help: "Stop 'dot' after this long (default 60).")
    static let layout = OptionSpec(name: "--layout", valueName: "engine",
                                   help: "Graphviz layout engine: dot (default, layered), or sfdp, fdp, neato, circo, twopi (much faster on big specs).")
    static let system = OptionSpec(name: "--system", valueName: "name",
                                   help: "Draw this system's sequence diagram: its instances' callbacks, event by event (an SVG needs no Graphviz).")
    static let events = OptionSpec(name: "--events", valueName: "a,b,...",
                                   help: "With --system: the events to draw, in order from the start (default: a sequence that takes every event, as 'paths --system' plans it).")
    static let scale = OptionSpec(name: "--scale", valueName: "n",
                                  help: "For a PNG: n times the default resolution, 96 dpi (2 for Retina; up to 8).")
    static let options = [output, dot] + DiagramOptions.options + [system, events, force, timeout, layout, scale] + DiagnosticOptions.all
    static let usageShape: [UsageTerm] = [
        .option(output, value: "<out.svg|out.png|out.pdf>"),
        .oneOf([[.option(DiagramOptions.machine)], [.option(system), .optional(events)]], required: false),
    ]

    /// Graphviz's layout engines.
    enum Layout: String, CaseIterable {
        case dot, sfdp, fdp, neato, circo, twopi
    }

    struct Options {
        var spec: String
        var output: String
        /// svg, png or pdf: the output's extension.
        var format: String
        var dot: String?
        var diagram: DiagramOptions
        var force: Bool
        var timeout: Double
        var layout: Layout
        var diagnostics: DiagnosticOptions
        /// `--events`, split at commas.
        var events: [String]?
        /// `--scale`: a PNG's resolution, in multiples of 72 dpi.
        var scale: Double = 1
    }

    static func parse(_ arguments: Arguments) throws(CLIError) -> Options {
        guard let output = arguments.value(output) else { throw .usage("missing '-o <out.svg|out.png|out.pdf>'") }
        let format = output.split(separator: ".").last.map { $0.lowercased() } ?? ""
        guard ["svg", "png", "pdf"].contains(format), output.contains(".") else {
            throw .usage("cannot tell the image format of '\(output)'; use a name ending in .svg, .png or .pdf")
        }
        var seconds = 60.0
        if let text = arguments.value(timeout) {
            guard let value = Double(text), value > 0 else { throw .usage("'--timeout' takes a number of seconds, not '\(text)'") }
            seconds = value
        }
        let layout = try arguments.choice(layout, of: Layout.allCases) ?? .dot
        let diagram = try DiagramOptions(arguments)
        let events = arguments.value(events).map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        if diagram.selection.system != nil {
            if events?.contains("") == true { throw .usage("'--events' takes event names separated by commas, not '\(arguments.value(Self.events) ?? "")'") }
        } else if events != nil {
            throw .usage("'--events' needs '--system'")
        }
        var scaled = 1.0
        if let text = arguments.value(scale) {
            guard let value = Double(text), value > 0, value <= 8 else { throw .usage("'--scale' takes a number greater than 0 and at most 8, not '\(text)'") }
            guard format == "png" else { throw .usage("'--scale' sets a PNG's resolution; '\(output)' is not a .png") }
            scaled = value
        }
        return Options(spec: try arguments.single("spec file"), output: output, format: format, dot: arguments.value(dot),
                       diagram: diagram, force: arguments.has(force), timeout: seconds, layout: layout,
                       diagnostics: try DiagnosticOptions(arguments), events: events, scale: scaled)
    }

    /// Above this many states, Graphviz's layout of clusters gets slow or fails.
    static let largeClustered = 100
    static let largeFlat = 400

    static func run(_ options: Options) throws(CLIError) -> ExitCode {
        if options.diagram.selection.system != nil { return try runSequence(options) }
        var frontend = Frontend(options.diagnostics)
        let path = options.spec, output = options.output, format = options.format, layout = options.layout.rawValue
        let model = try frontend.model(path)
        let drawing = try options.diagram.generatorOptions(for: model)
        let dot = try graphviz(options, spec: path)
        let drawn = model.machines.filter { drawing.machine == nil || $0.name == drawing.machine }
        let states = drawn.reduce(0) { $0 + $1.states.count }
        let advice = largeSpecAdvice(path: path, model: model, states: states, options: drawing, layout: layout)
        if let advice, layout == "dot", (drawing.clusters && states > largeClustered) || states > largeFlat {
            Reporter.say(.note, "this diagram has \(states) states; Graphviz may take a long time. \(advice)", command: self)
        }

        let destination = try destination(options)
        let spec = OutputWriter.displayPath(path)
        // Graphviz's "trouble in init_rank" on some clustered graphs: its maintainers' workaround
        // is the other ranking pass (`newrank=true`), which keeps the clusters; when that fails
        // too, composite states are drawn as boxes. Each fallback is said.
        let attempts: [Attempt] = drawing.clusters ? [.asWritten, .newRank, .withoutClusters] : [.asWritten]
        for (number, attempt) in attempts.enumerated() {
            var generator = drawing
            if attempt == .withoutClusters { generator.clusters = false }
            let scaleText = options.scale == options.scale.rounded() ? String(Int(options.scale)) : String(options.scale)
            let flags = options.diagram.flags(generator) + (options.scale == 1 ? "" : " --scale \(scaleText)")
                + " -o \(OutputWriter.commandPath(output))"
            let bytes = DotGenerator(model: model, options: generator)
                .generate(specPath: spec, command: OutputWriter.regenerateCommand(name, spec: path, options: flags))
            switch try draw(bytes, dot: dot, layout: layout, format: format, output: output, destination: destination,
                            graphAttributes: (attempt == .newRank ? ["-Gnewrank=true"] : [])
                                + (options.scale == 1 ? [] : ["-Gdpi=\(96 * options.scale)"]),
                            timeout: options.timeout, advice: advice, canRetry: number < attempts.count - 1) {
            case .done:
                if attempt == .newRank {
                    Reporter.say(.warning, "Graphviz could not rank the clusters of this diagram ('trouble in init_rank'); drawn with its other ranking ('newrank=true')", command: self)
                }
                return .success
            case .clustersFailed:
                if attempts[number + 1] == .withoutClusters {
                    Reporter.say(.warning, "Graphviz could not lay out the clusters of this diagram; drawing composite states as boxes ('--no-clusters')", command: self)
                }
            }
        }
        return .failure
    }

    /// Graphviz's `dot`: `--dot`'s, or the one on `PATH`.
    static func graphviz(_ options: Options, spec path: String) throws(CLIError) -> String {
        guard let dot = Subprocess.find(options.dot ?? "dot") else {
            throw .failure("Graphviz 'dot' was not found\(options.dot.map { " at '\($0)'" } ?? " on PATH")", notes: [
                "install Graphviz: 'sudo apt-get install graphviz' (Debian, Ubuntu) or 'brew install graphviz' (macOS)",
                "or write the DOT file with 'lifecycle dot \(path) -o diagram.dot' and render it elsewhere",
            ])
        }
        return dot
    }

    /// Where the image goes: through a symbolic link to the file it names, and never over
    /// the spec or one of its imports, nor over a file lifecycle did not render unless `--force`.
    static func destination(_ options: Options) throws(CLIError) -> String {
        let output = options.output, format = options.format
        let destination = FileSystem.resolvingLinks(output)
        switch FileSystem.kind(of: destination) {
        case .directory:
            throw .cannotWrite(output, "is a directory")
        case .regular:
            try OutputWriter.refuseInput(output)
            if !options.force {
                switch FileSystem.prefix(of: destination, count: 4096) {
                case .failure(let failure):
                    throw .file(FileProblem(path: output, message: "cannot read the existing file: \(failure.message)"))
                case .success(let header):
                    if let header, !isRenderedImage(header, format: format) {
                        throw OutputWriter.notOverwriting(output, "was not rendered by lifecycle", note: "use '--force' to replace it")
                    }
                }
            }
        case .missing, .special:
            break
        }
        return destination
    }

    /// How `dot` is asked to draw, in the order tried.
    enum Attempt {
        case asWritten
        /// `-Gnewrank=true`: Graphviz's other ranking pass, which lays out clusters that make
        /// the default one fail.
        case newRank
        /// `--no-clusters`: composite states as boxes.
        case withoutClusters
    }

    enum Drawing {
        case done
        /// `dot` failed laying out clusters ("trouble in init_rank"); worth a try without.
        case clustersFailed
    }

    /// Runs `dot` on `bytes` into a temporary image next to the output, and renames it over
    /// the output. Temporaries have unique names (`FileSystem.TemporaryFile`), so concurrent
    /// renders to one output all finish, and are removed on every path, signals included.
    static func draw(_ bytes: [UInt8], dot: String, layout: String, format: String, output: String, destination: String,
                     graphAttributes: [String], timeout: Double, advice: String?, canRetry: Bool) throws(CLIError) -> Drawing {
        let dotFile: FileSystem.TemporaryFile, imageFile: FileSystem.TemporaryFile
        switch (FileSystem.TemporaryFile.make(nextTo: destination, suffix: ".dot"), FileSystem.TemporaryFile.make(nextTo: destination, suffix: ".\(format)")) {
        case (.success(let a), .success(let b)): (dotFile, imageFile) = (a, b)
        case (.failure(let failure), let other), (let other, .failure(let failure)):
            if case .success(let made) = other { made.close(); FileSystem.remove(made.path) }
            throw .cannotWrite(output, failure.message)
        }
        imageFile.close()
        var renamed = false
        defer {
            FileSystem.remove(dotFile.path)
            if !renamed { FileSystem.remove(imageFile.path) }
        }
        let written = bytes.withUnsafeBufferPointer { FileSystem.writeAll($0, to: dotFile.fd) }
        dotFile.close()
        if let code = written { throw .cannotWrite(output, Terminal.describe(errno: code)) }
        switch Subprocess.run(dot, ["-K\(layout)", "-T\(format)"] + graphAttributes + [dotFile.path, "-o", imageFile.path], timeout: timeout) {
        case .failure(let failure):
            throw .failure("cannot run '\(dot)': \(failure.message)")
        case .success(let outcome):
            guard let status = outcome.status else {
                throw .failure("'dot' did not finish within \(Int(timeout)) seconds and was stopped",
                               notes: [advice ?? "raise the limit with '--timeout'"])
            }
            let clusterTrouble = mentions(outcome.stderr, "init_rank") || mentions(outcome.stderr, "trouble")
            if status != 0 && clusterTrouble && canRetry { return .clustersFailed }
            if !outcome.stderr.isEmpty { Terminal.err(abridged(outcome.stderr, totalBytes: outcome.stderrSize)) }
            guard status == 0 else {
                throw .failure("'dot' failed with exit status \(status)",
                               notes: clusterTrouble ? ["Graphviz cannot lay out this many clusters. \(advice ?? "Try '--no-clusters'.")"] : [])
            }
            guard let size = FileSystem.size(of: imageFile.path), size > 0 else {
                throw .failure("'dot' exited successfully but wrote no image")
            }
        }
        // Keep the permissions of an image being replaced (`mkstemps` makes files 0600).
        FileSystem.copyMode(from: destination, orDefaultTo: imageFile.path)
        // Rendered images are derived artifacts: replace them atomically.
        if case .failure(let failure) = FileSystem.move(imageFile.path, to: destination) {
            throw .cannotWrite(output, failure.message)
        }
        renamed = true
        return .done
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

    /// `--system NAME`: the system's sequence diagram, as SVG written here (no Graphviz), with
    /// the header other generated files have, so `-o` protects an edited drawing; as PNG or
    /// PDF, the same layout drawn by Graphviz (`SequenceDOTGenerator`).
    static func runSequence(_ options: Options) throws(CLIError) -> ExitCode {
        var frontend = Frontend(options.diagnostics)
        let model = try frontend.model(options.spec)
        let system = try options.diagram.selection.system(in: model)
        let runs: [[Int]]
        if let events = options.events {
            switch SystemQueries.run(events, in: system) {
            case .success(let run): runs = [run.events.map(\.event)]
            case .failure(let failure): throw .query(failure.error)
            }
        } else {
            runs = SequenceDiagram.coveringRuns(model: model, system: system)
        }
        let spec = OutputWriter.displayPath(options.spec)
        var flags = " --system \(system.name)"
        if let events = options.events { flags += " --events \(events.joined(separator: ","))" }
        flags += " -o \(OutputWriter.commandPath(options.output))"
        let diagram = SequenceDiagram(model: model, system: system, runs: runs)
        guard options.format == "svg" else {
            // PNG and PDF: the same layout, drawn by Graphviz with every position pinned.
            let dot = try graphviz(options, spec: options.spec)
            let destination = try destination(options)
            _ = try draw(SequenceDOTGenerator(diagram: diagram).graph(), dot: dot, layout: "neato", format: options.format,
                         output: options.output, destination: destination,
                         graphAttributes: ["-n2"] + (options.scale == 1 ? [] : ["-Gdpi=\(96 * options.scale)"]),
                         timeout: options.timeout, advice: nil, canRetry: false)
            return .success
        }
        let bytes = SequenceSVGGenerator(diagram: diagram)
            .generate(specPath: spec, command: OutputWriter.regenerateCommand(name, spec: options.spec, options: flags))
        try OutputWriter.write(bytes, to: options.output, force: options.force, command: name)
        return .success
    }
}
