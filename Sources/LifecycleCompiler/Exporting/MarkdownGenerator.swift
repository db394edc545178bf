/// Generates one Markdown page of a spec, for a wiki or a pull request (GitHub renders its
/// Mermaid blocks as diagrams).
///
/// The page is a title, then one section per machine: its description, delegate, a Mermaid
/// diagram, a table of states (description, the composite it lies in), a table of
/// transitions (from, event, by, to, the callbacks in order, description) and the `require`d
/// callbacks with their reasons. A page is a list of `Section`s, so a new kind of
/// declaration (a system of machines) is one more case and one more `emit…` method.
///
/// Names, events and selectors (identifiers) are code spans; free text is escaped for
/// CommonMark and GitHub (`\|` in tables, `\<`, `\*`, `\@`, …), line breaks are `<br>`.
public struct MarkdownGenerator {
    let export: ExportModel

    public init(model: Model, options: ExportFormat.Options = .init()) {
        export = ExportModel(model: model, options: options)
    }

    /// A part of the page.
    enum Section {
        case machine(Int)
    }

    var sections: [Section] { export.machines.map { .machine($0) } }

    public func body() -> [UInt8] {
        var printer = Printer()
        emit(into: &printer)
        return printer.bytes
    }

    func emit(into printer: inout Printer) {
        let model = export.model
        let single = export.machines.count == 1
        // One machine: the page is about it. Several: the file is the title, each machine a section.
        if single {
            printer.line("# \(Self.text(model.machines[export.machines[0]].name))")
        } else {
            printer.line("# \(Self.text(export.fileTitle))")
            printer.line()
            printer.line(export.machines.isEmpty ? "No machines."
                : "Machines: " + export.machines.map { "`\(model.machines[$0].name)`" }.joined(separator: ", ") + ".")
        }
        for section in sections {
            switch section {
            case .machine(let index): emitMachine(index, heading: single ? nil : "##", into: &printer)
            }
        }
    }

    /// A machine's section; `heading` is nil when the machine is the page's title.
    func emitMachine(_ index: Int, heading: String?, into printer: inout Printer) {
        let machine = export.model.machines[index]
        let sub = (heading ?? "#") + "#"
        if let heading {
            printer.line()
            printer.line("\(heading) \(Self.text(machine.name))")
        }
        if let description = machine.description {
            printer.line()
            printer.line(Self.text(description))
        }
        if let delegate = export.delegateLine(machine) {
            printer.line()
            printer.line("Delegate: `\(delegate)`.")
        }
        printer.line()
        printer.line("```mermaid")
        printer.lines(MermaidGenerator(model: export.model).diagram(machine: index)
            .dropLast().description)
        printer.line("```")

        printer.line()
        printer.line("\(sub) States")
        printer.line()
        printer.line("| State | Description | Inside |")
        printer.line("|---|---|---|")
        for (index, state) in machine.states.enumerated() {
            var name = "`\(state.name)`"
            let isInitial = state.parent.map { machine.states[$0].initialChild == index } ?? (machine.initialState == index)
            if isInitial { name += " (initial)" }
            if state.isFinal { name += " (final)" }
            let parent = state.parent.map { "`\(machine.states[$0].name)`" } ?? ""
            printer.line("| \(name) | \(Self.cell(state.description ?? "")) | \(parent) |")
        }

        printer.line()
        printer.line("\(sub) Transitions")
        printer.line()
        if machine.transitions.isEmpty {
            printer.line("None.")
        } else {
            printer.line("| From | Event | By | To | Callbacks | Description |")
            printer.line("|---|---|---|---|---|---|")
            for transition in machine.transitions {
                let callbacks = export.callbacks(transition).enumerated()
                    .map { "\($0.offset + 1). `\($0.element)`" }.joined(separator: "<br>")
                let cells = [
                    "`\(machine.states[transition.source].name)`",
                    transition.event.map { "`\($0)`" } ?? "",
                    transition.trigger?.rawValue ?? "",
                    "`\(machine.states[transition.target].name)`",
                    callbacks,
                    Self.cell(transition.description ?? ""),
                ]
                printer.line("| " + cells.joined(separator: " | ") + " |")
            }
        }

        if !machine.requirements.isEmpty {
            printer.line()
            printer.line("\(sub) Required callbacks")
            printer.line()
            for requirement in machine.requirements {
                let selector = export.model.method(requirement.callback).selector
                printer.line("- `\(selector)`" + (requirement.reason.map { ": \(Self.text($0))" } ?? ""))
            }
        }
    }

    /// Free text in a paragraph, a heading or a list item: ASCII punctuation that CommonMark or
    /// GitHub reads as markup (emphasis, links, HTML, headings, tables, math, mentions) is
    /// backslash-escaped, line breaks are `<br>`, hidden characters spelled out (`\\u{202E}`).
    static func text(_ text: String) -> String {
        // At the start of a line, `-`, `+`, `=` and the `.` or `)` after digits make lists and
        // headings; elsewhere they are plain.
        var atStart = true, digitsOnly = true
        return ExportText.escape(text, lineBreak: "<br>") { scalar, out in
            defer {
                atStart = false
                digitsOnly = digitsOnly && ("0"..."9").contains(scalar)
            }
            switch scalar {
            case "\\", "`", "*", "_", "{", "}", "[", "]", "<", ">", "#", "|", "~", "&", "$", "@":
                out += "\\"
            case "-", "+", "=":
                if atStart { out += "\\" }
            case ".", ")":
                if digitsOnly && !atStart { out += "\\" }
            default:
                break
            }
            out.unicodeScalars.append(scalar)
        }
    }

    /// Free text in a table cell: as `text`, and never empty of meaning.
    static func cell(_ text: String) -> String { Self.text(text) }
}
