import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory lifecycle-bundle [--output-dir DIR]
/// [--include OTHER.artifactbundle]...`: builds `lifecycle` in release for this host (`Host`)
/// and writes, into `DIR` (default `.build/artifactbundle`):
///
/// - `lifecycle.artifactbundle/`: `info.json` and the executable (`ArtifactBundle`), with the
///   variants of the `--include`d bundles (built on other hosts) beside this host's;
/// - `lifecycle.artifactbundle.zip`: what a `binaryTarget(url:checksum:)` downloads, zipped
///   the same way every time (entries in path order, fixed times and permissions, no extra
///   fields, `TZ=UTC`);
/// - `lifecycle.artifactbundle.zip.sha256`: its SHA-256, the `checksum:` (what `swift package
///   compute-checksum` prints).
///
/// The version in `info.json` and the variant's folder is what the built tool's `--version`
/// prints, so it is kept in one place (`LifecycleVersion`).
@main
struct LifecycleBundlePlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let request = try BundleRequest(arguments)
        let root = context.package.directoryURL
        let output = request.outputDirectory.hasPrefix("/") ? URL(fileURLWithPath: request.outputDirectory)
            : root.appendingPathComponent(request.outputDirectory)
        let host = Host.current
        print("Building lifecycle in release for \(host.triples.joined(separator: " and "))…")
        let executable = try host.build(context: context, packageManager: packageManager)
        let version = try Self.version(of: executable)

        var bundle = ArtifactBundle(version: version)
        let files = FileManager.default
        // The bundle is made in the work folder, then moved into place whole.
        let staging = context.pluginWorkDirectoryURL.appendingPathComponent(ArtifactBundle.name)
        try? files.removeItem(at: staging)
        let own = ArtifactBundle.Variant(path: bundle.variantPath(platform: host.platform), triples: host.triples)
        try Self.copy(executable, to: staging.appendingPathComponent(own.path))
        bundle.variants.append(own)
        for include in request.includes {
            let other = URL(fileURLWithPath: include, relativeTo: root).standardizedFileURL
            for variant in try ArtifactBundle.variants(of: other) {
                guard !variant.triples.contains(where: own.triples.contains), !bundle.variants.contains(where: { $0.path == variant.path }) else { continue }
                try Self.copy(other.appendingPathComponent(variant.path), to: staging.appendingPathComponent(variant.path))
                bundle.variants.append(variant)
            }
        }
        try Data(bundle.infoJSON.utf8).write(to: staging.appendingPathComponent("info.json"))
        try ArtifactBundle.normalize(staging)

        // The zip and its checksum are made next to the staged bundle too; only then are the
        // three moved into place together, so the output folder has all the new ones or,
        // when something fails, what it had before.
        let work = context.pluginWorkDirectoryURL
        let zipName = ArtifactBundle.name + ".zip"
        try Archive.zip(ArtifactBundle.name, in: work, to: work.appendingPathComponent(zipName))
        let checksum = try Archive.sha256(of: work.appendingPathComponent(zipName))
        try Data("\(checksum)  \(zipName)\n".utf8).write(to: work.appendingPathComponent(zipName + ".sha256"))
        try files.createDirectory(at: output, withIntermediateDirectories: true)
        try Self.place([ArtifactBundle.name, zipName, zipName + ".sha256"], from: work, into: output)
        let placed = output.appendingPathComponent(ArtifactBundle.name), zip = output.appendingPathComponent(zipName)
        print("""
            Wrote \(placed.path) (\(bundle.variants.map { $0.triples.joined(separator: ", ") }.joined(separator: "; ")))
            Wrote \(zip.path)
            checksum \(checksum)
            .binaryTarget(name: "lifecycle", url: "https://…/\(zip.lastPathComponent)", checksum: "\(checksum)")
            """)
    }

    /// The version `lifecycle --version` prints (`lifecycle 0.4.0 (catalogs from the …)`).
    static func version(of executable: URL) throws -> String {
        let line = try Tool.run(executable.path, ["--version"])
        let words = line.split(separator: " ")
        guard words.count >= 2, words[0] == "lifecycle", words[1].allSatisfy({ $0.isNumber || $0 == "." }) else {
            throw BundleRequest.Failure(message: "'\(executable.path) --version' printed '\(line)', not 'lifecycle VERSION …'")
        }
        return String(words[1])
    }

    /// Moves the files `names` of `staging` into `output`, replacing what is there: the old
    /// ones are set aside first and put back if a move fails, then removed.
    static func place(_ names: [String], from staging: URL, into output: URL) throws {
        let files = FileManager.default
        let aside = { (name: String) in output.appendingPathComponent(".\(name).previous") }
        var setAside: [String] = [], moved: [String] = []
        do {
            for name in names where files.fileExists(atPath: output.appendingPathComponent(name).path) {
                try? files.removeItem(at: aside(name))
                try files.moveItem(at: output.appendingPathComponent(name), to: aside(name))
                setAside.append(name)
            }
            for name in names {
                try files.moveItem(at: staging.appendingPathComponent(name), to: output.appendingPathComponent(name))
                moved.append(name)
            }
        } catch {
            for name in moved { try? files.removeItem(at: output.appendingPathComponent(name)) }
            for name in setAside { try? files.moveItem(at: aside(name), to: output.appendingPathComponent(name)) }
            throw error
        }
        for name in setAside { try? files.removeItem(at: aside(name)) }
    }

    /// Copies a file, making the folders on its way.
    static func copy(_ source: URL, to destination: URL) throws {
        try FileManager.default.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: source, to: destination)
    }
}
