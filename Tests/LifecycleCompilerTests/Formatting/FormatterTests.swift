import Foundation
import Testing
import LifecycleCompiler
@testable import LifecycleSyntax

/// `lifecycle fmt`: the layout is canonical (idempotent), keeps every comment, and never
/// changes meaning: a formatted spec checks to the same model, diagnostics and outputs.
@Suite struct FormatterTests {
    /// Everything a model says, without source ranges (which formatting moves).
    static func describe(_ model: Model) -> String {
        var out = ""
        for type in model.types {
            out += "\(type.kind) \(type.name) \(type.parents.map { model.types[$0].name }) origin=\(type.origin ?? "-")\n"
            for method in type.methods {
                out += "  func \(method.selector) \(method.parameterText) async=\(method.isAsync) throws=\(method.isThrowing) -> \(method.returnType ?? "-") returns=\(method.returns ?? "-") body=\(method.body ?? "-") available=\(method.availability.map { "\($0)" } ?? "-") objc=\(method.objcSelector ?? "-")\n"
            }
            for property in type.properties { out += "  var \(property.name): \(property.type)\n" }
        }
        out += "own=\(model.ownTypes) uikit=\(model.importsUIKit) platform=\(model.platform.map { "\($0)" } ?? "-")\n"
        for system in model.systems {
            out += "system \(system.name) \(system.description ?? "-")\n"
            for instance in system.instances {
                out += "  instance \(instance.name): \(system.machine(of: system.instance(named: instance.name)!).name) \(instance.label ?? "-")\n"
            }
            for event in system.events {
                let steps = event.steps.map { step in
                    switch step.action {
                    case .fire(let name): "\(system.instances[step.instance].name).\(name)"
                    case .new: "new \(system.instances[step.instance].name)"
                    }
                }
                let conditions = event.conditions.map { "\(system.instances[$0.instance].name) is \(system.machine(of: $0.instance).states[$0.state].name)" }
                out += "  on \(event.name) by \(event.trigger?.rawValue ?? "-") when \(conditions): \(steps) \(event.description ?? "-")\n"
            }
        }
        for machine in model.machines {
            out += "machine \(machine.name) \(machine.description ?? "-") initial=\(machine.initialState)\n"
            if let delegate = machine.delegate {
                out += "  delegate \(delegate.name) \(delegate.adopted.map { model.types[$0].name }) super=\(delegate.superclass.map(String.init) ?? "-")\n"
            }
            for state in machine.states {
                out += "  state \(state.name) \(state.kind) parent=\(state.parent.map(String.init) ?? "-") children=\(state.children) \(state.description ?? "-")\n"
            }
            for transition in machine.transitions {
                let callbacks = transition.callbacks.map { model.method($0).selector }
                out += "  \(transition.isInternal ? "internal " : "")\(transition.source) -> \(transition.target) on \(transition.event ?? "-") by \(transition.trigger?.rawValue ?? "-") calls \(callbacks) \(transition.description ?? "-")\n"
            }
            for requirement in machine.requirements {
                out += "  require \(model.method(requirement.callback).selector) \(requirement.reason ?? "-")\n"
            }
        }
        return out
    }

    /// Formats `text`, then checks the properties every formatted spec must have.
    @discardableResult
    func checkFormatting(_ text: String, name: String) -> String? {
        let result = Formatter.format(path: name, source: text)
        guard let formatted = result.text else {
            Issue.record("\(name): not formatted: \(result.diagnostics.all.map(\.message))")
            return nil
        }
        // Idempotent.
        let again = Formatter.format(path: name, source: formatted).text
        #expect(again == formatted, "\(name): formatting is not idempotent:\n\(LineDiff.unified(old: formatted, new: again ?? "", oldName: "once", newName: "twice"))")
        // The same meaning: model, diagnostics and generated outputs.
        let before = Compiler.compile(path: name, source: text), after = Compiler.compile(path: name, source: formatted)
        #expect(before.diagnostics.all.map { "\($0.id): \($0.message)" } == after.diagnostics.all.map { "\($0.id): \($0.message)" },
                "\(name): formatting changed the diagnostics")
        switch (before.model, after.model) {
        case (let a?, let b?):
            #expect(Self.describe(a) == Self.describe(b), "\(name): formatting changed the model")
            #expect(SwiftGenerator(model: a).body() == SwiftGenerator(model: b).body(), "\(name): formatting changed the Swift")
            #expect(DotGenerator(model: a).body() == DotGenerator(model: b).body(), "\(name): formatting changed the DOT")
        case (nil, nil): break
        default: Issue.record("\(name): formatting changed whether the spec checks")
        }
        // Every comment is still there, in the same order.
        #expect(Self.comments(text) == Self.comments(formatted), "\(name): formatting lost or reordered a comment")
        // No trailing whitespace, at most one blank line in a row, one final newline.
        for line in formatted.split(separator: "\n", omittingEmptySubsequences: false) {
            #expect(line.last != " " && line.last != "\t", "\(name): trailing whitespace in '\(line)'")
        }
        #expect(!formatted.contains("\n\n\n"), "\(name): two blank lines in a row")
        #expect(formatted.isEmpty || (formatted.hasSuffix("\n") && !formatted.hasSuffix("\n\n")))
        return formatted
    }

    /// The comments of a spec, found with the lexer's own rules (tokens in between skipped).
    static func comments(_ text: String) -> [String] {
        let file = SourceFile(id: FileID(0), path: "c", bytes: Array(text.utf8))
        var layout = Layout(file: file, index: Parser.parse(file, recordingIndex: true).index!)
        layout.run()
        return layout.lines.flatMap { line -> [String] in
            var found: [String] = []
            if let comment = line.comment { found.append(comment) }
            found += line.tokens.filter { $0.kind == .blockComment }.map(\.text)
            if let trailing = line.trailing { found.append(trailing) }
            return found
        }.map { $0.trimmingCharacters(in: .whitespaces) }
    }

    @Test("every example is formatted already, and formatting it keeps its meaning")
    func examples() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Repository.examples.path)
            .filter { $0.hasSuffix(".lifecycle") }.sorted()
        #expect(!files.isEmpty)
        for name in files {
            let text = try String(contentsOf: Repository.examples.appendingPathComponent(name), encoding: .utf8)
            let formatted = checkFormatting(text, name: name)
            #expect(formatted == text, "Examples/\(name) is not formatted: run 'lifecycle fmt -i Examples/\(name)'")
        }
    }

    @Test("the property generator's random specs keep their meaning when formatted", arguments: 0..<3)
    func generatedSpecs(batch: Int) {
        let names = HostileSpecGenerator.TypeNames()
        for index in 0..<20 {
            var generator = HostileSpecGenerator(seed: 7_000 + UInt64(batch * 20 + index), typeNames: names)
            let spec = generator.spec()
            checkFormatting(spec.text, name: "seed-\(spec.seed).lifecycle")
        }
    }

    @Test("the diagnostics corpus: formatted when it parses, refused when it does not")
    func diagnosticsCorpus() throws {
        let folder = Repository.fixtures.appendingPathComponent("Diagnostics")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".lifecycle") }.sorted()
        for name in files {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            let parsed = Parser.parse(SourceFile(id: FileID(0), path: name, bytes: Array(text.utf8)))
            if parsed.diagnostics.hasErrors {
                #expect(Formatter.format(path: name, source: text).text == nil, "\(name) has syntax errors but was formatted")
            } else {
                checkFormatting(text, name: name)
            }
        }
    }

    @Test("layout: indentation, blocks, spacing, comments, blank lines, aligned transitions")
    func layout() {
        let input = """
        import UIKit   // trailing
        /* header
           block */


        protocol P {   var x: Int { get set }
          func f(_ a: Int,
                 b: /* c */ Int) async throws -> [Int: String] returns "[:]" // after
          func g() body "x()"
        }
        class C {   }
        machine M "d" { delegate X: UIResponder, P
           initial state A "a" { initial state A1
              state A2 }
           state B


           A1->A2 on go by user calls f(_:b:), g // why
           A2 -> B
              // lone
           B -> A on back by system "x"
           require f(_:b:)
        }

        """
        let expected = """
        import UIKit // trailing
        /* header
           block */

        protocol P {
            var x: Int { get set }
            func f(_ a: Int,
                 b: /* c */ Int) async throws -> [Int: String] returns "[:]" // after
            func g() body "x()"
        }
        class C {}
        machine M "d" {
            delegate X: UIResponder, P
            initial state A "a" {
                initial state A1
                state A2
            }
            state B

            A1 -> A2 on go   by user   calls f(_:b:), g // why
            A2 -> B
            // lone
            B  -> A  on back by system "x"
            require f(_:b:)
        }

        """
        let formatted = checkFormatting(input, name: "layout.lifecycle")
        #expect(formatted == expected, "\n\(LineDiff.unified(old: expected, new: formatted ?? "", oldName: "expected", newName: "formatted"))")
    }

    @Test("newer syntax keeps its meaning: platform, @available, @objc, internal transitions, extensions, systems")
    func newerSyntax() {
        let input = """
        import UIKit
        platform   iOS 13.0
        protocol PlayerDelegate {
          @available(iOS, introduced: 13.0, deprecated: 15.0, renamed: "playerDidFinish(_:reason:)")   func playerDidFinish(_ p: Int)
          @available(iOS 13.0, *)  @objc(playerDidStall:)
             func playerDidStall(_ p: Int)
          func player(_ p: Int, didTick t: Int)
        }
        extension UIApplicationDelegate {   @available(iOS 14.0, *) func applicationDidTick(_ a: UIApplication)
        }
        machine Player "p" {
          delegate D: PlayerDelegate
          initial state Idle
          state Playing {
            // ticks
            internal on tick by system calls player(_:didTick:) "t"
            internal on stall by system calls playerDidStall(_:)
            internal on tap
          }
          Idle->Playing on play by user
          Playing -> Idle on stop by user calls playerDidFinish(_:)
        }
        system Two "two players" { instance A: Player "first"
          instance new: Player
          on start by user: new A, A.play, A.stop "go"
          on again by system: new.play,   new . stop
          on round
             when A is   Idle
             and
             new is Idle : A.play, A.stop }

        """
        let expected = """
        import UIKit
        platform iOS 13.0
        protocol PlayerDelegate {
            @available(iOS, introduced: 13.0, deprecated: 15.0, renamed: "playerDidFinish(_:reason:)")
            func playerDidFinish(_ p: Int)
            @available(iOS 13.0, *)
            @objc(playerDidStall:)
            func playerDidStall(_ p: Int)
            func player(_ p: Int, didTick t: Int)
        }
        extension UIApplicationDelegate {
            @available(iOS 14.0, *)
            func applicationDidTick(_ a: UIApplication)
        }
        machine Player "p" {
            delegate D: PlayerDelegate
            initial state Idle
            state Playing {
                // ticks
                internal on tick  by system calls player(_:didTick:) "t"
                internal on stall by system calls playerDidStall(_:)
                internal on tap
            }
            Idle    -> Playing on play by user
            Playing -> Idle    on stop by user calls playerDidFinish(_:)
        }
        system Two "two players" {
            instance A: Player "first"
            instance new: Player
            on start by user: new A, A.play, A.stop "go"
            on again by system: new.play, new.stop
            on round when A is Idle and new is Idle: A.play, A.stop
        }

        """
        let compiled = Compiler.compile(path: "newer.lifecycle", source: input)
        #expect(!compiled.diagnostics.hasErrors, "\(compiled.diagnostics.all.map(\.message))")
        let model = compiled.model
        #expect(model?.platform.map { "\($0)" } == "iOS 13.0")
        #expect(model?.systems.first?.events.count == 3)
        #expect(model?.machines.first?.transitions.filter(\.isInternal).count == 3)
        let formatted = checkFormatting(input, name: "newer.lifecycle")
        #expect(formatted == expected, "\n\(LineDiff.unified(old: expected, new: formatted ?? "", oldName: "expected", newName: "formatted"))")
    }

    @Test("a statement broken by a comment continues on an indented line, and stays put")
    func continuation() {
        let input = "machine M {\n  initial state A\n  A -> A // loop\n    on tick by system\n}\n"
        let formatted = checkFormatting(input, name: "continuation.lifecycle")
        #expect(formatted == "machine M {\n    initial state A\n    A -> A // loop\n        on tick by system\n}\n")
    }

    @Test("a file with syntax errors is not formatted; an empty file stays empty")
    func refusals() {
        let broken = Formatter.format(path: "b.lifecycle", source: "machine M { state }")
        #expect(broken.text == nil && broken.diagnostics.hasErrors)
        #expect(Formatter.format(path: "e.lifecycle", source: "").text == "")
        #expect(Formatter.format(path: "e.lifecycle", source: "\n\n// only\n\n").text == "// only\n")
        // CRLF line ends become LF; a byte-order mark goes.
        #expect(Formatter.format(path: "w.lifecycle", source: "\u{FEFF}import UIKit\r\n\r\n\r\nmachine M {\r\n}\r\n").text == "import UIKit\n\nmachine M {}\n")
    }

    @Test("deep nesting is formatted without recursion")
    func deepNesting() {
        var text = "machine M {\n"
        for depth in 0..<100 { text += "initial state S\(depth) {\n" }
        text += "initial state Leaf\n" + String(repeating: "}\n", count: 100) + "}\n"
        let formatted = checkFormatting(text, name: "deep.lifecycle")
        #expect(formatted?.contains("\n" + String(repeating: "    ", count: 101) + "initial state Leaf\n") == true)
    }

    @Test("the --check diff names the changed lines")
    func diff() {
        let diff = LineDiff.unified(old: "a\nb\nc\nd\n", new: "a\nB\nc\nd\n", oldName: "x", newName: "x (formatted)")
        #expect(diff == "--- x\n+++ x (formatted)\n@@ -1,4 +1,4 @@\n a\n-b\n+B\n c\n d\n")
        #expect(LineDiff.unified(old: "same\n", new: "same\n", oldName: "x", newName: "y").isEmpty)
        // Far apart changes make two hunks.
        let old = (0..<20).map { "l\($0)" }.joined(separator: "\n")
        let new = old.replacingOccurrences(of: "l3\n", with: "L3\n").replacingOccurrences(of: "l15\n", with: "L15\n")
        #expect(LineDiff.unified(old: old, new: new, oldName: "a", newName: "b").components(separatedBy: "@@ -").count == 3)
    }
}
