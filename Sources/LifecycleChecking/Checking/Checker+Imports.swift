import LifecycleSource
import LifecycleSyntax

/// `import UIKit` and `import "Other.lifecycle"`: the declarations other files bring.
extension Checker {
    /// The modules `import NAME` knows (`BuiltInModules`).
    package static var modules: [String] { BuiltInModules.names }

    /// A module's catalog: the file name its diagnostics use and its `.lifecycle` source.
    static func catalog(of module: String) -> (fileName: String, source: String) {
        let catalog = BuiltInModules.named(module) ?? UIKitCatalog.self
        return (catalog.fileName, catalog.source)
    }

    /// Reads a built-in module's catalog, and the modules it re-exports, once each; `modules`
    /// lists those imported by name (what the generated Swift imports).
    mutating func loadModule(_ module: String, into result: inout [(FileSyntax, String)], done: inout Set<String>,
                             reexported: Bool = false) {
        if !reexported && !modules.contains(module) { modules.append(module) }
        guard done.insert("module:" + module).inserted, let catalog = BuiltInModules.named(module) else { return }
        if module == "UIKit" { importsUIKit = true }
        if module == "SwiftUI" { importsSwiftUI = true }
        loadedModules.append(module)
        let file = files.add(path: catalog.fileName, bytes: Array(catalog.source.utf8))
        let (syntax, catalogDiagnostics) = Parser.parse(file, diagnosticLimit: diagnostics.limit)
        diagnostics.append(contentsOf: catalogDiagnostics)
        result.append((syntax, module))
        for other in catalog.reexports { loadModule(other, into: &result, done: &done, reexported: true) }
    }

    /// Follows the root's imports depth-first with an explicit stack (no recursion on input),
    /// reading each file once. Returns the imported files in dependency order, each with its
    /// origin (the module name or the file's path).
    ///
    /// With an `identity` (the command line), an import is opened as the kernel would open
    /// it: the importing file's folder joined with the import's path, `..` left for the file
    /// system to resolve after the links before it (`link/../x.lifecycle` is the `x.lifecycle`
    /// next to the folder `link` points to, as for `cat`), and a file's identity, for reading
    /// it once and for finding cycles, is its real path. Messages name it by the joined path.
    /// Without one, `.` and `..` are folded textually.
    mutating func loadImports() -> [(FileSyntax, String)] {
        struct Frame {
            var syntax: FileSyntax
            /// The path the file was opened with: imports in it are relative to its folder.
            var path: String
            /// What tells two files apart (`key(of:)`).
            var key: String
            var next = 0
        }
        let identity = self.identity
        func key(of path: String) -> String {
            guard let identity else { return path }
            // A file that can't be resolved keeps its path, marked so that it never equals a
            // real path.
            return identity(path) ?? "?" + path
        }
        var result: [(FileSyntax, String)] = []
        let rootPath = identity == nil ? Checker.normalize(root.file.path) : root.file.path
        let rootKey = key(of: rootPath)
        var done: Set<String> = [rootKey]
        var stack = [Frame(syntax: root, path: rootPath, key: rootKey)]
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
                var module = text(nameSyntax.range)
                if BuiltInModules.named(module) == nil {
                    let suggestion = Suggestions.bestMatch(for: module, in: Checker.modules)
                    report(.unknownModule(module, modules: Checker.modules.sorted(), suggestion: suggestion, at: nameSyntax.range))
                    // A misspelt 'UIKit' ('UIkit') is reported once; the catalog is then read
                    // as if spelt right, so that every UIKit name after it does not fail too.
                    guard let suggestion else { continue }
                    module = suggestion
                }
                loadModule(module, into: &result, done: &done)
            case .file(let literal):
                let path = identity == nil
                    ? Checker.resolve(value(literal), relativeTo: stack[top].path)
                    : Checker.join(value(literal), relativeTo: stack[top].path)
                let fileKey = key(of: path)
                if let cycleStart = stack.firstIndex(where: { $0.key == fileKey }) {
                    let chain = stack[cycleStart...].map { PathNames.lastComponent($0.path) } + [PathNames.lastComponent(path)]
                    report(.importCycle(chain, at: literal.range))
                    continue
                }
                guard done.insert(fileKey).inserted else { continue }
                switch loader(path, files) {
                case .failure(let failure):
                    report(.unreadableImport(value(literal), reason: failure.message, at: literal.range))
                case .success(let file):
                    let (syntax, parsed) = Parser.parse(file, diagnosticLimit: diagnostics.limit)
                    diagnostics.append(contentsOf: parsed)
                    stack.append(Frame(syntax: syntax, path: path, key: fileKey))
                }
            }
        }
        return result
    }

    /// `relative` resolved against the folder of `base`, with `.` and `..` folded.
    package static func resolve(_ relative: String, relativeTo base: String) -> String {
        if relative.hasPrefix("/") { return normalize(relative) }
        let folder = base.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        return normalize(folder.isEmpty ? relative : folder + "/" + relative)
    }

    /// `relative` joined to the folder of `base` as the kernel would open it: `.` components
    /// and repeated slashes dropped, `..` kept (after a symbolic link it is the link target's
    /// parent, which only the file system knows).
    static func join(_ relative: String, relativeTo base: String) -> String {
        let folder = base.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        let joined = relative.hasPrefix("/") || folder.isEmpty && !base.hasPrefix("/") ? relative : folder + "/" + relative
        let absolute = joined.hasPrefix("/")
        let parts = joined.split(separator: "/").filter { $0 != "." }
        let folded = parts.joined(separator: "/")
        return absolute ? "/" + folded : (folded.isEmpty ? "." : folded)
    }

    /// Folds `.` and `..` components and repeated slashes.
    package static func normalize(_ path: String) -> String {
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
