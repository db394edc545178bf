import Foundation

/// `lifecycle.artifactbundle` (SE-0305): `info.json` and one folder per variant, each the
/// executable built for some triples.
///
/// ```json
/// {
///   "schemaVersion": "1.0",
///   "artifacts": {
///     "lifecycle": {
///       "version": "0.4.0",
///       "type": "executable",
///       "variants": [
///         { "path": "lifecycle-0.4.0-linux-x86_64/bin/lifecycle", "supportedTriples": ["x86_64-unknown-linux-gnu"] }
///       ]
///     }
///   }
/// }
/// ```
///
/// Written the same way every time: `info.json` by hand (keys in this order, variants sorted by
/// path), every file's modification time set to `fixedDate` and its permissions to 0755 or
/// 0644, so the zip of the same executables has the same bytes.
struct ArtifactBundle {
    static let name = "lifecycle.artifactbundle"
    static let artifact = "lifecycle"

    /// One executable of the bundle: its path in the bundle and the triples it runs on.
    struct Variant: Equatable {
        var path: String
        var triples: [String]
    }

    var version: String
    var variants: [Variant] = []

    /// 2000-01-01 00:00:00 UTC, or `SOURCE_DATE_EPOCH` when set (the reproducible-builds
    /// convention): every file's time in the bundle and the zip.
    static var fixedDate: Date {
        if let text = ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"], let seconds = TimeInterval(text), seconds >= 315_532_800 {
            return Date(timeIntervalSince1970: seconds)
        }
        return Date(timeIntervalSince1970: 946_684_800)
    }

    /// The folder of a variant built for `platform` (`linux-x86_64`, `macos`).
    func variantPath(platform: String) -> String {
        "\(Self.artifact)-\(version)-\(platform)/bin/\(Self.artifact)"
    }

    /// `info.json`'s text.
    var infoJSON: String {
        let rows = variants.sorted { $0.path < $1.path }.map { variant in
            let triples = variant.triples.map { "\"\(Self.escaped($0))\"" }.joined(separator: ", ")
            return "        { \"path\": \"\(Self.escaped(variant.path))\", \"supportedTriples\": [\(triples)] }"
        }
        return """
        {
          "schemaVersion": "1.0",
          "artifacts": {
            "\(Self.artifact)": {
              "version": "\(Self.escaped(version))",
              "type": "executable",
              "variants": [
        \(rows.joined(separator: ",\n"))
              ]
            }
          }
        }

        """
    }

    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    }

    /// The variants of the bundle at `url` (another host's), read from its `info.json`.
    static func variants(of url: URL) throws -> [Variant] {
        let data = try Data(contentsOf: url.appendingPathComponent("info.json"))
        guard let root = try JSONSerialization.jsonObject(with: data) as? [String: Any],
              let artifacts = root["artifacts"] as? [String: Any],
              let artifact = artifacts[Self.artifact] as? [String: Any],
              let variants = artifact["variants"] as? [[String: Any]] else {
            throw BundleRequest.Failure(message: "\(url.path)/info.json has no '\(Self.artifact)' artifact with variants")
        }
        return try variants.map { variant in
            guard let path = variant["path"] as? String, let triples = variant["supportedTriples"] as? [String] else {
                throw BundleRequest.Failure(message: "\(url.path)/info.json has a variant without 'path' or 'supportedTriples'")
            }
            return Variant(path: path, triples: triples)
        }
    }

    /// Gives every file and folder under `url` (itself included) the fixed time, and the
    /// permissions 0755 (folders and executables) or 0644.
    static func normalize(_ url: URL) throws {
        let files = FileManager.default
        var paths = [url.path]
        if let walker = files.enumerator(atPath: url.path) {
            while let relative = walker.nextObject() as? String { paths.append(url.path + "/" + relative) }
        }
        // Children before their folder, so setting a file's time does not touch its folder's afterwards.
        for path in paths.sorted(by: >) {
            var isFolder: ObjCBool = false
            _ = files.fileExists(atPath: path, isDirectory: &isFolder)
            let executable = isFolder.boolValue || files.isExecutableFile(atPath: path)
            try files.setAttributes([.posixPermissions: executable ? 0o755 : 0o644, .modificationDate: fixedDate], ofItemAtPath: path)
        }
    }
}
