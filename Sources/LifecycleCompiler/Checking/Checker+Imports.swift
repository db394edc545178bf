/// `import UIKit` and `import "Other.lifecycle"`: the declarations other files bring.
extension Checker {
    /// The modules `import NAME` knows.
    static let modules = ["UIKit"]

    /// Follows the root's imports depth-first with an explicit stack (no recursion on input),
    /// reading each file once. Returns the imported files in dependency order, each with its
    /// origin (the module name or the file's path).
    mutating func loadImports() -> [(FileSyntax, String)] {
        struct Frame {
            var syntax: FileSyntax
            var path: String
            var next = 0
        }
        var result: [(FileSyntax, String)] = []
        var done: Set<String> = [Checker.normalize(root.file.path)]
        var stack = [Frame(syntax: root, path: Checker.normalize(root.file.path))]
        while !stack.isEmpty {
            let top = stack.count - 1
            guard stack[top].next < stack[top].syntax.imports.count else {
                let frame = stack.removeLast()
                if !stack.isEmpty { result.append((frame.syntax, frame.syntax.file.path)) }
                continue
            }
            let decl = stack[top].syntax.imports[stack[top].next]
            stack[top].next += 1
            switch decl.target {
            case .module(let nameSyntax):
                let name = text(nameSyntax.range)
                if name != "UIKit" {
                    let suggestion = Suggestions.bestMatch(for: name, in: Checker.modules)
                    report(.unknownModule(name, suggestion: suggestion, at: nameSyntax.range))
                    // A misspelt 'UIKit' ('UIkit') is reported once; the catalog is then read
                    // as if spelt right, so that every UIKit name after it does not fail too.
                    guard suggestion == "UIKit" else { continue }
                }
                if done.insert("module:UIKit").inserted {
                    importsUIKit = true
                    let file = files.add(path: UIKitCatalog.fileName, bytes: Array(UIKitCatalog.source.utf8))
                    let (syntax, catalogDiagnostics) = Parser.parse(file, diagnosticLimit: diagnostics.limit)
                    diagnostics.append(contentsOf: catalogDiagnostics)
                    result.append((syntax, "UIKit"))
                }
            case .file(let literal):
                let path = Checker.resolve(value(literal), relativeTo: stack[top].path)
                if let cycleStart = stack.firstIndex(where: { $0.path == path }) {
                    let chain = stack[cycleStart...].map { PathNames.lastComponent($0.path) } + [PathNames.lastComponent(path)]
                    report(.importCycle(chain, at: literal.range))
                    continue
                }
                guard done.insert(path).inserted else { continue }
                switch loader(path, files) {
                case .failure(let failure):
                    report(.unreadableImport(value(literal), reason: failure.message, at: literal.range))
                case .success(let file):
                    let (syntax, parsed) = Parser.parse(file, diagnosticLimit: diagnostics.limit)
                    diagnostics.append(contentsOf: parsed)
                    stack.append(Frame(syntax: syntax, path: path))
                }
            }
        }
        return result
    }

    /// `relative` resolved against the folder of `base`, with `.` and `..` folded.
    static func resolve(_ relative: String, relativeTo base: String) -> String {
        if relative.hasPrefix("/") { return normalize(relative) }
        let folder = base.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        return normalize(folder.isEmpty ? relative : folder + "/" + relative)
    }

    /// Folds `.` and `..` components and repeated slashes.
    static func normalize(_ path: String) -> String {
        let absolute = path.hasPrefix("/")
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
                continue
            }
            if part == ".." && absolute { continue }
            parts.append(part)
        }
        let joined = parts.joined(separator: "/")
        return absolute ? "/" + joined : (joined.isEmpty ? "." : joined)
    }
}
