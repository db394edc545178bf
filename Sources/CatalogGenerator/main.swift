// lifecycle-catalog: regenerates the built-in catalogs from Apple's symbol graphs (README.md next
// to this file says how to get them, on Linux or on a Mac).
//
//   swift run lifecycle-catalog --symbol-graphs DIR --sdk "iOS 26.2" [--catalog MODULE]...
//       [--output-dir Sources/LifecycleChecking/Checking/Catalog] [--write-sample SAMPLE-DIR]
//
// DIR holds the `Module.symbols.json` graph of each catalog of the SDK's platform (UIKit,
// Foundation, CoreBluetooth… for iOS; AppKit for macOS) and of the frameworks their callbacks
// name but they do not import (CloudKit, Intents); `Module@Other.symbols.json` extension graphs
// are ignored. A maintainer tool, not run by the build: Foundation is fine here.
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
    usage: lifecycle-catalog --symbol-graphs DIR --sdk "iOS 26.2" [--catalog MODULE]... [--output-dir DIR] [--write-sample SAMPLE-DIR]

    Writes <Module>Catalog.swift (into Sources/LifecycleChecking/Checking/Catalog by default) for every
    catalog of the SDK's platform (the word before the version: iOS, macOS), or for each --catalog,
    from DIR/<Module>.symbols.json and the graphs of the frameworks to import for types it only
    declares forward. --write-sample writes the symbols it read, trimmed, to SAMPLE-DIR/<platform>
    (the sync test's sample, Tests/LifecycleCompilerTests/Fixtures/SymbolGraphs).
    """)
    exit(0)
}

guard let folder = option("--symbol-graphs") else { fail("missing --symbol-graphs DIR (see --help)", status: 2) }
guard let sdk = option("--sdk") else { fail("missing --sdk, the SDK's name such as \"iOS 26.2\" (see --help)", status: 2) }
let outputFolder = option("--output-dir") ?? "Sources/LifecycleChecking/Checking/Catalog"
let sampleFolder = option("--write-sample")
var chosen: [String] = []
while let name = option("--catalog") { chosen.append(name) }
guard arguments.isEmpty else { fail("unexpected arguments: \(arguments.joined(separator: " "))", status: 2) }

let platform = String(sdk.prefix { $0 != " " })
let definitions = CatalogSelection.catalogs.filter { chosen.isEmpty ? $0.platform == platform : chosen.contains($0.module) }
for name in chosen where !definitions.contains(where: { $0.module == name }) {
    fail("no catalog '\(name)'; the catalogs are \(CatalogSelection.catalogs.map(\.module).joined(separator: ", "))", status: 2)
}
guard !definitions.isEmpty else { fail("no catalog is generated from a \(platform) SDK", status: 2) }
for definition in definitions where definition.platform != platform {
    fail("the \(definition.module) catalog is generated from a \(definition.platform) SDK, not \(sdk)", status: 2)
}

var graphs: [String: SymbolGraph] = [:]
var graphFiles: [String: String] = [:]
for module in Set(definitions.flatMap { [$0.graph] + $0.importGraphs }).sorted() {
    let name = module + ".symbols.json"
    let path = (folder as NSString).appendingPathComponent(name)
    guard let data = FileManager.default.contents(atPath: path) else { fail("cannot read '\(path)'", status: 3) }
    do {
        graphs[module] = try SymbolGraph(bytes: Array(data), name: path)
        graphFiles[module] = name
    } catch {
        fail(error.description, status: 1)
    }
}

var consulted: [String: Set<String>] = [:]
for definition in definitions {
    let result: CatalogGenerator.Output
    do {
        let inputs = ([definition.graph] + definition.importGraphs).compactMap { graphs[$0] }
        result = try CatalogGenerator(sdk: sdk, definition: definition, graphs: inputs).generate()
    } catch {
        fail("\(definition.module): \(error.description)", status: 1)
    }
    let output = (outputFolder as NSString).appendingPathComponent("\(definition.module)Catalog.swift")
    do {
        try Data(result.file.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
    } catch {
        fail("cannot write '\(output)': \(error.localizedDescription)", status: 3)
    }
    let owners = result.callbacksByOwner.map { "\($0.owner) \($0.count)" }.joined(separator: ", ")
    print("wrote \(output): \(result.callbackCount) callbacks (\(owners.isEmpty ? "none" : owners)) and \(result.propertyCount) properties from \(sdk), plus the overlay")
    for line in result.report { print("note: \(definition.module): \(line)") }
    for (module, kept) in result.consulted { consulted[module, default: []].formUnion(kept) }
}

if let sampleFolder {
    let folder = (sampleFolder as NSString).appendingPathComponent(platform)
    do {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for (module, graph) in graphs.sorted(by: { $0.key < $1.key }) {
            guard let kept = consulted[module], let name = graphFiles[module] else { continue }
            let path = (folder as NSString).appendingPathComponent(name)
            try Data(graph.sample(keeping: kept).utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
            print("wrote \(path): \(kept.count) symbols")
        }
    } catch {
        fail("cannot write the sample to '\(folder)': \(error.localizedDescription)", status: 3)
    }
}
