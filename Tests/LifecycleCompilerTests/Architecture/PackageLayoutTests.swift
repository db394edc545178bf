import Foundation
import Testing

/// The compiler's stages are SwiftPM library targets (issue 44): the compiler refuses a use
/// against their order, since a target sees only the targets it depends on. What is left to a
/// test is that the Architecture article's table is `Package.swift`'s, and that no source imports
/// a target it does not declare (SwiftPM compiles such an import when the target happens to be
/// built first).
@Suite struct PackageLayoutTests {
    static let article = Repository.root.appendingPathComponent("Sources/LifecycleCompiler/LifecycleCompiler.docc/Architecture.md")
    static let manifest = Repository.root.appendingPathComponent("Package.swift")

    /// One row of the article's table: `LifecycleModel:  Model, Automata  ← Source, Syntax`.
    struct Row: Equatable {
        var target: String
        var folders: [String]
        var dependencies: [String]
    }

    /// The article's table: the code block after "The stages are SwiftPM library targets".
    static func drawnTargets() throws -> [Row] {
        let text = try String(contentsOf: article, encoding: .utf8)
        let paragraph = try #require(text.range(of: "The stages are SwiftPM library targets"), "the Architecture article has no table of targets")
        let open = try #require(text.range(of: "```text\n", range: paragraph.upperBound..<text.endIndex))
        let close = try #require(text.range(of: "```", range: open.upperBound..<text.endIndex))
        return try text[open.upperBound..<close.lowerBound].split(separator: "\n").map { line in
            let parts = line.split(separator: "←", maxSplits: 1)
            let head = parts[0].split(separator: ":", maxSplits: 1)
            try #require(head.count == 2, "a row without 'Target:': \(line)")
            func list(_ text: Substring) -> [String] {
                text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            }
            return Row(target: head[0].trimmingCharacters(in: .whitespaces),
                       folders: list(head[1]),
                       dependencies: parts.count > 1 ? list(parts[1]).map { "Lifecycle" + $0 } : [])
        }
    }

    /// `Package.swift`'s `.target(name: "Lifecycle…", dependencies: [...])` declarations, in order.
    static func declaredTargets() throws -> [(target: String, dependencies: [String])] {
        let text = try String(contentsOf: manifest, encoding: .utf8)
        let pattern = try Regex(#"\.target\(name: "(Lifecycle\w+)"(?:, dependencies: \[([^\]]*)\])?\)"#)
        return text.matches(of: pattern).map { match in
            let name = String(match.output[1].substring!)
            let dependencies = match.output[2].substring.map {
                $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespacesAndNewlines).trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
                    .filter { !$0.isEmpty }
            } ?? []
            return (name, dependencies)
        }
    }

    /// The folders and top-level files a target's directory holds (`Compiler.swift` is a stage of its own).
    static func contents(of target: String) throws -> [String] {
        let url = Repository.root.appendingPathComponent("Sources/\(target)")
        return try FileManager.default.contentsOfDirectory(atPath: url.path).filter { !$0.hasPrefix(".") }.sorted()
    }

    @Test func theArticlesTableIsPackageSwifts() throws {
        let drawn = try Self.drawnTargets()
        let declared = try Self.declaredTargets().filter { $0.target != "LifecycleCompiler" }
        #expect(drawn.count >= 8, "the table has \(drawn.count) rows")
        #expect(drawn.map(\.target) == declared.map(\.target), "the article's targets differ from Package.swift's, or their order does")
        for (row, target) in zip(drawn, declared) where row.target == target.target {
            #expect(Set(row.dependencies) == Set(target.dependencies),
                    "\(row.target): the article says it depends on \(row.dependencies), Package.swift on \(target.dependencies)")
            let contents = try Self.contents(of: row.target)
            #expect(contents == row.folders.sorted(), "\(row.target): the article lists \(row.folders), Sources/\(row.target) holds \(contents)")
        }
        // Each target depends only on targets before it: the order is the line a reader follows.
        for (index, row) in drawn.enumerated() {
            let earlier = Set(drawn[..<index].map(\.target))
            for dependency in row.dependencies {
                #expect(earlier.contains(dependency), "\(row.target) depends on \(dependency), which is not before it in the table")
            }
        }
        // The umbrella re-exports every stage, and depends on each.
        let umbrella = try #require(try Self.declaredTargets().first { $0.target == "LifecycleCompiler" })
        #expect(Set(umbrella.dependencies) == Set(drawn.map(\.target)))
        let exports = try String(contentsOf: Repository.root.appendingPathComponent("Sources/LifecycleCompiler/LifecycleCompiler.swift"), encoding: .utf8)
        for row in drawn { #expect(exports.contains("@_exported import \(row.target)\n"), "the umbrella does not re-export \(row.target)") }
    }

    /// Every `import Lifecycle…` in a stage's sources names a target it declares.
    @Test func everyImportOfAStageIsADeclaredDependency() throws {
        let declared = Dictionary(uniqueKeysWithValues: try Self.declaredTargets().map { ($0.target, Set($0.dependencies)) })
        var imports = 0
        for (target, dependencies) in declared where target != "LifecycleCompiler" {
            let root = Repository.root.appendingPathComponent("Sources/\(target)")
            let enumerator = try #require(FileManager.default.enumerator(atPath: root.path))
            for case let path as String in enumerator where path.hasSuffix(".swift") {
                let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
                for line in text.split(separator: "\n") where line.hasPrefix("import Lifecycle") || line.contains(" import Lifecycle") {
                    let module = String(line.split(separator: " ").last!)
                    imports += 1
                    #expect(dependencies.contains(module), "Sources/\(target)/\(path) imports \(module), which \(target) does not depend on in Package.swift")
                }
            }
        }
        #expect(imports > 100, "the scan found only \(imports) imports")
    }

    /// The table's reader sees what it would see of a wrong row.
    @Test func aRowReadsAsItsTargetFoldersAndDependencies() throws {
        let rows = try Self.drawnTargets()
        let model = try #require(rows.first { $0.target == "LifecycleModel" })
        #expect(model == Row(target: "LifecycleModel", folders: ["Model", "Automata"], dependencies: ["LifecycleSource", "LifecycleSyntax"]))
    }
}
