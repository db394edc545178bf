import Foundation

/// Keeps the command plugin's outputs inside the package directory.
///
/// The permission `--allow-writing-to-package-directory` asks for is to write there, and on
/// Linux no sandbox enforces it: a package could ship `Sources/T/Spec.dot` as a symbolic link
/// to `../../../outside/evil.dot`, or a user could type `--output-dir ../x`. So every output
/// path is resolved as the file system would resolve it when `lifecycle` writes it (each
/// symbolic link followed, a dangling last one too, since `lifecycle` then creates the file it
/// points at; `..` after a link taken from the link's target) and must stay within the
/// package's own resolved directory.
struct PackageContainment {
    /// The package directory with its symbolic links resolved.
    let root: String

    init(packageDirectory: String) {
        root = Self.resolve(packageDirectory) ?? packageDirectory
    }

    /// Why the package-relative `path` may not be written, or nil when it stays inside.
    func problem(writing path: String, what: String) -> String? {
        if path.hasPrefix("/") {
            return "\(what) '\(path)' is an absolute path; give a path relative to the package directory"
        }
        guard let resolved = Self.resolve(root + "/" + path) else {
            return "\(what) '\(path)' goes through too many symbolic links"
        }
        guard resolved != root && !resolved.hasPrefix(root + "/") else { return nil }
        return "\(what) '\(path)' resolves to '\(resolved)', outside the package directory; not writing it"
    }

    /// The absolute `path` with `.`, `..` and every symbolic link resolved, the last component
    /// too when it is a link to nothing yet; nil after 40 links (a loop).
    static func resolve(_ path: String) -> String? {
        var pending = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        pending.reverse()
        var resolved: [String] = []
        var links = 0
        while let component = pending.popLast() {
            if component == "." { continue }
            if component == ".." {
                _ = resolved.popLast()
                continue
            }
            let candidate = "/" + (resolved + [component]).joined(separator: "/")
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: candidate) else {
                resolved.append(component)
                continue
            }
            links += 1
            guard links <= 40 else { return nil }
            if target.hasPrefix("/") { resolved = [] }
            pending.append(contentsOf: target.split(separator: "/", omittingEmptySubsequences: true).map(String.init).reversed())
        }
        return "/" + resolved.joined(separator: "/")
    }
}
