import Foundation
import Testing
import LifecycleCompiler

/// `fmt` wraps long statements at their callback lists (issue 40).
@Suite struct FormatterWrappingTests {
    static let long = """
    protocol P {
        func applicationWillFinishLaunching(_ a: Int)
        func applicationDidFinishLaunching(_ a: Int)
        func applicationDidDiscardSessions(_ a: Int)
    }
    machine M {
        delegate D: P
        initial state A {
            entry calls applicationWillFinishLaunching(_:), applicationDidFinishLaunching(_:), applicationDidDiscardSessions(_:)
        }
        state B
        A -> B on launch by user calls applicationWillFinishLaunching(_:), applicationDidFinishLaunching(_:), applicationDidDiscardSessions(_:) "The user taps the icon." // why
        B -> A on back
    }

    """

    @Test func longStatementsWrapAfterCommasWithAContinuationIndent() throws {
        let formatted = try #require(Formatter.format(path: "M.lifecycle", source: Self.long).text)
        let lines = formatted.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.allSatisfy { $0.count <= 100 }, "\(formatted)")
        #expect(formatted.contains("""
            A -> B on launch by user calls applicationWillFinishLaunching(_:),
                applicationDidFinishLaunching(_:), applicationDidDiscardSessions(_:)
                "The user taps the icon." // why
            B -> A on back
        """), "\(formatted)")
        #expect(formatted.contains("""
                entry calls applicationWillFinishLaunching(_:), applicationDidFinishLaunching(_:),
                    applicationDidDiscardSessions(_:)
        """), "\(formatted)")
        // Idempotent, and only whitespace changed: the same model.
        #expect(Formatter.format(path: "M.lifecycle", source: formatted).text == formatted)
        let before = try #require(Compiler.compile(path: "M.lifecycle", source: Self.long).model)
        let after = try #require(Compiler.compile(path: "M.lifecycle", source: formatted).model)
        #expect(before.machines[0].transitions.map { $0.callbacks.count } == after.machines[0].transitions.map { $0.callbacks.count })
        #expect(before.machines[0].transitions.map(\.description) == after.machines[0].transitions.map(\.description))
        #expect(Self.words(Self.long) == Self.words(formatted))
    }

    @Test func theLimitIsASetting() throws {
        let wide = try #require(Formatter.format(path: "M.lifecycle", source: Self.long, lineLength: 400).text)
        #expect(wide.contains("applicationDidFinishLaunching(_:), applicationDidDiscardSessions(_:) \"The user taps the icon.\" // why\n"))
        let narrow = try #require(Formatter.format(path: "M.lifecycle", source: Self.long, lineLength: 40).text)
        #expect(Formatter.format(path: "M.lifecycle", source: narrow, lineLength: 40).text == narrow)
        #expect(narrow.contains("\n        applicationDidFinishLaunching(_:),\n"), "\(narrow)")
    }

    /// Every example and fixture spec: wrapping at any limit keeps the words and is idempotent.
    @Test func examplesWrapIdempotently() throws {
        let folder = Repository.root.appendingPathComponent("Examples")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".lifecycle") }
        #expect(names.count >= 5)
        for name in names {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            for limit in [40, 80, 100, 160] {
                let once = try #require(Formatter.format(path: name, source: text, lineLength: limit).text, "\(name)")
                #expect(Formatter.format(path: name, source: once, lineLength: limit).text == once, "\(name) at \(limit)")
                #expect(Self.words(once) == Self.words(text), "\(name) at \(limit)")
            }
        }
    }

    static func words(_ text: String) -> [Substring] { text.split(whereSeparator: { $0 == " " || $0 == "\n" }) }
}
