// lifecycle-catalog: regenerates the UIKit catalog from Apple's symbol graphs (README.md next to
// this file says how to get them, on Linux or on a Mac).
//
//   swift run lifecycle-catalog --symbol-graphs DIR --sdk "iOS 26.2"
//       [-o Sources/LifecycleCompiler/Checking/Catalog/UIKitCatalog.swift] [--write-sample SAMPLE-DIR]
//
// DIR holds UIKit.symbols.json and the graphs of the frameworks UIKit's callbacks name but UIKit
// does not import (CloudKit.symbols.json, Intents.symbols.json); `Module@Other.symbols.json`
// extension graphs are ignored. A maintainer tool, not run by the build: Foundation is fine here.
import CatalogGeneration
import Foundation

var arguments = Array(CommandLine.arguments.dropFirst())

func fail(_ message: String, status: Int32) -> Never {
    FileHandle.standardError.write(Data("lifecycle-catalog: error: \(message)\n".utf8))
    exit(status)
}

@MainActor func option(_ name: String) -> String? {
    guard let index = arguments.firstIndex(of: name) else { return nil }
    guard index + 1 < arguments.count else { fail("'\(name)' needs a value", status: 2) }
    let value = arguments[index + 1]
    arguments.removeSubrange(index...(index + 1))
    return value
}

if arguments.contains("--help") || arguments.contains("-h") {
    print("""
    usage: lifecycle-catalog --symbol-graphs DIR --sdk "iOS 26.2" [-o FILE] [--write-sample SAMPLE-DIR]

    Writes the UIKit catalog (default Sources/LifecycleCompiler/Checking/Catalog/UIKitCatalog.swift)
    from DIR/UIKit.symbols.json and DIR's other Module.symbols.json files (the frameworks to import
    for types UIKit only declares forward). --write-sample writes the symbols it read, trimmed, to
    SAMPLE-DIR (the sync test's sample, Tests/LifecycleCompilerTests/Fixtures/SymbolGraphs).
    """)
    exit(0)
}

guard let folder = option("--symbol-graphs") else { fail("missing --symbol-graphs DIR (see --help)", status: 2) }
guard let sdk = option("--sdk") else { fail("missing --sdk, the SDK's name such as \"iOS 26.2\" (see --help)", status: 2) }
let output = option("-o") ?? "Sources/LifecycleCompiler/Checking/Catalog/UIKitCatalog.swift"
let sampleFolder = option("--write-sample")
guard arguments.isEmpty else { fail("unexpected arguments: \(arguments.joined(separator: " "))", status: 2) }

let names: [String]
do {
    names = try FileManager.default.contentsOfDirectory(atPath: folder)
        .filter { $0.hasSuffix(".symbols.json") && !$0.contains("@") }.sorted()
} catch {
    fail("cannot read '\(folder)': \(error.localizedDescription)", status: 3)
}
var graphs: [SymbolGraph] = []
var graphFiles: [String: String] = [:]
for name in names {
    let path = (folder as NSString).appendingPathComponent(name)
    guard let data = FileManager.default.contents(atPath: path) else { fail("cannot read '\(path)'", status: 3) }
    do {
        let graph = try SymbolGraph(bytes: Array(data), name: path)
        graphs.append(graph)
        graphFiles[graph.module] = name
    } catch {
        fail(error.description, status: 1)
    }
}

let result: CatalogGenerator.Output
do {
    result = try CatalogGenerator(sdk: sdk, graphs: graphs).generate()
} catch {
    fail(error.description, status: 1)
}
do {
    try Data(result.file.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
} catch {
    fail("cannot write '\(output)': \(error.localizedDescription)", status: 3)
}
print("wrote \(output): \(result.callbackCount) callbacks and \(result.propertyCount) properties from \(sdk) (\(graphs.map(\.module).joined(separator: ", "))), plus the overlay")
for line in result.report { print("note: \(line)") }

if let sampleFolder {
    do {
        try FileManager.default.createDirectory(atPath: sampleFolder, withIntermediateDirectories: true)
        for graph in graphs {
            guard let kept = result.consulted[graph.module], let name = graphFiles[graph.module] else { continue }
            let path = (sampleFolder as NSString).appendingPathComponent(name)
            try Data(graph.sample(keeping: kept).utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
            print("wrote \(path): \(kept.count) symbols")
        }
    } catch {
        fail("cannot write the sample to '\(sampleFolder)': \(error.localizedDescription)", status: 3)
    }
}
