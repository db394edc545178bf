import Foundation

/// The zip of the bundle and its checksum, with the tools every Mac and Linux machine that
/// builds Swift has (`zip`; `sha256sum` or `shasum`).
enum Archive {
    /// Zips the folder `name` of `directory` into `zip` (replacing it): the entries in path
    /// order, without folder entries (`-D`) or extra fields such as owners and extended times
    /// (`-X`), compressed at level 9, with times written in UTC (zip stores local time), so
    /// the same files give the same bytes with the same `zip`.
    static func zip(_ name: String, in directory: URL, to zip: URL) throws {
        try? FileManager.default.removeItem(at: zip)
        var entries: [String] = []
        if let walker = FileManager.default.enumerator(atPath: directory.appendingPathComponent(name).path) {
            while let relative = walker.nextObject() as? String {
                var isFolder: ObjCBool = false
                if FileManager.default.fileExists(atPath: directory.appendingPathComponent(name + "/" + relative).path, isDirectory: &isFolder),
                   !isFolder.boolValue {
                    entries.append(name + "/" + relative)
                }
            }
        }
        // Sorted by bytes, not by the locale.
        entries.sort { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        let tool = try Tool.find(["/usr/bin/zip", "/bin/zip", "/usr/local/bin/zip", "/opt/homebrew/bin/zip"])
        try Tool.run(tool, ["-X", "-D", "-9", "-q", zip.path] + entries, in: directory, environment: ["TZ": "UTC", "LC_ALL": "C"])
    }

    /// The file's SHA-256 in hexadecimal, as `swift package compute-checksum` prints it.
    static func sha256(of file: URL) throws -> String {
        let output: String
        if let tool = try? Tool.find(["/usr/bin/sha256sum", "/bin/sha256sum"]) {
            output = try Tool.run(tool, [file.path])
        } else {
            output = try Tool.run(try Tool.find(["/usr/bin/shasum"]), ["-a", "256", file.path])
        }
        let checksum = String(output.prefix { $0.isHexDigit })
        guard checksum.count == 64 else { throw BundleRequest.Failure(message: "cannot read a SHA-256 in '\(output)'") }
        return checksum
    }
}
