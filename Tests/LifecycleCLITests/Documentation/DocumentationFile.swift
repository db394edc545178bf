import Foundation

/// A Markdown document of the repository (the README or a DocC article) read as the
/// documentation tests need it: its fenced blocks, in order.
struct DocumentationFile {
    /// The DocC catalog, relative to the package root.
    static let catalog = "Sources/LifecycleCompiler/LifecycleCompiler.docc/"

    /// The documents whose `console` and `text` blocks show commands run from the package root
    /// (`DocumentedCommandTests`, `CheckImplDocumentTests`). The language reference runs its
    /// commands in a folder of its own (`LanguageReferenceTests`); the migration and logs
    /// articles have tests of their own.
    static let commandDocuments = [
        "README.md",
        catalog + "AskingTheSpec.md",
        catalog + "Delegates.md",
        catalog + "Diagrams.md",
        catalog + "Editor.md",
    ]

    /// One fenced block: its info string (`console`, `text`, `lifecycle`, or empty), its lines
    /// without the opening fence's indentation, where it opens (1-based line) and the heading
    /// it stands under.
    struct Block {
        var fence: String
        var lines: [String]
        var line: Int
        var heading: String
    }

    let path: String
    let text: String

    /// Reads `path`, relative to the package root.
    init(_ path: String) throws {
        self.path = path
        text = try String(contentsOfFile: CLIRunner.packageRoot + "/" + path, encoding: .utf8)
    }

    var lines: [String] { text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }

    /// Every fenced block, in order. A fence may be indented (a block in a list item); the
    /// block's lines lose that indentation.
    var blocks: [Block] {
        var blocks: [Block] = []
        var open: (block: Block, indent: Int)?
        var heading = ""
        for (index, line) in lines.enumerated() {
            let trimmed = line.drop { $0 == " " }
            let indent = line.count - trimmed.count
            if var current = open {
                if trimmed == "```" {
                    blocks.append(current.block)
                    open = nil
                } else {
                    current.block.lines.append(String(line.dropFirst(min(indent, current.indent))))
                    open = current
                }
            } else if trimmed.hasPrefix("```") {
                open = (Block(fence: String(trimmed.dropFirst(3)), lines: [], line: index + 1, heading: heading), indent)
            } else if line.hasPrefix("#") {
                heading = String(line.drop { $0 == "#" }.dropFirst())
            }
        }
        return blocks
    }

    /// The blocks of every document in `paths`, each with its document.
    static func blocks(of paths: [String]) throws -> [(document: String, block: Block)] {
        try paths.flatMap { path in try DocumentationFile(path).blocks.map { (path, $0) } }
    }
}
