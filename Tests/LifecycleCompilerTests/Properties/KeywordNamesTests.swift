import Foundation
import Testing
import LifecycleCompiler

/// Swift keywords as names, word by word: every keyword a spec can spell (all of Swift's
/// reserved words but `_` and the `.lifecycle` keywords) in every position that reaches
/// Swift or DOT — machine, state, event, delegate class, protocol and class name, method,
/// property, argument label, parameter name. The output must type-check and render; what no
/// escaping can make legal must be rejected by the checker with a located error.
@Suite(.serialized) struct KeywordNamesTests {
    static let words = HostileSpecGenerator.swiftKeywords

    /// One spec using every word; `rotation` picks which of protocol (0), class (1) or
    /// delegate (2) takes the bare word as its type name (they share one namespace).
    static func spec(rotation: Int) -> String {
        var out: [String] = []
        for word in words {
            let p = rotation == 0 ? word : "P_\(word)", c = rotation == 1 ? word : "C_\(word)"
            let d = rotation == 2 ? word : "D_\(word)"
            // Swift refuses 'super' in a method with a parameter named 'self' (see below).
            let classParameter = word == "self" ? "_ s: Int" : "_ \(word): Int"
            out.append("""
            protocol \(p) {
                func \(word)(\(word) x: Int, _ \(word): inout Int) -> Int
            }
            protocol Q_\(word) {
                var \(word): Int
            }
            class \(c) {
                func \(word)(_ x: Int, \(classParameter)) async throws
            }
            machine \(word) "Machine '\(word)'." {
                delegate \(d): \(c), \(p), Q_\(word)
                initial state \(word) {
                    initial state \(word)2
                }
                final state End
                \(word)2 -> \(word) on \(word) by user calls \(word)(\(word):_:)
                \(word) -> End on done calls \(word)(_:_:)
            }
            """)
        }
        return out.joined(separator: "\n\n")
    }

    @Test("every keyword in every position: checks clean, Swift type-checks, DOT renders", arguments: [0, 1, 2])
    func everyPosition(_ rotation: Int) throws {
        let source = Self.spec(rotation: rotation)
        let compilation = Compiler.compile(path: "Keywords\(rotation).lifecycle", source: source)
        let rendered = DiagnosticRenderer(files: compilation.files).render(compilation.diagnostics)
        let model = try #require(compilation.model, "does not check:\n\(rendered)")
        #expect(compilation.diagnostics.isEmpty, "\(rendered)")
        let swift = String(decoding: SwiftGenerator(model: model).body(), as: UTF8.self)
        let errors = try GeneratedCodeCompilesTests.typecheck(swift, name: "Keywords\(rotation).swift")
        #expect(errors.isEmpty, "keyword names do not type-check:\n\(errors)")
        if let dot = try GraphvizRequirement.dot() {
            let result = try Shell.run(dot, ["-Tsvg", "-o", "/dev/null"], input: Data(DotGenerator(model: model).body()))
            #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        }
    }

    @Test("a 'self' parameter in a class method is rejected where the override must call super")
    func selfParameter() throws {
        let source = """
        class Base {
            func update(_ self: Int)
            func render(_ self: Int) body "print(`self`)"
        }
        machine M {
            delegate D: Base
            initial state A
            A -> A on tick calls update, render
        }
        """
        let compilation = Compiler.compile(path: "Self.lifecycle", source: source)
        let errors = compilation.diagnostics.all.filter { $0.severity == .error }
        #expect(errors.map(\.id) == ["selfParameterInClassMethod"])
        let location = try #require(errors.first).range
        #expect(LineTable(compilation.files[location.file].bytes).line(of: location.startOffset) == 2)
        #expect(errors.first?.message == "class method 'update(_:)' has a parameter named 'self', which the generated override cannot pass on to 'super'; rename the parameter")
    }

    @Test("'_' and .lifecycle keywords can't be names: a parse error, never raw output", arguments: [
        "machine _ { initial state A }",
        "machine M { initial state _ }",
        "protocol P { func _() }",
        "machine M { initial state protocol }",
        "protocol class {}",
    ])
    func notNames(_ source: String) {
        let compilation = Compiler.compile(path: "Bad.lifecycle", source: source)
        #expect(compilation.diagnostics.hasErrors)
        #expect(compilation.model == nil)
    }
}
