import Foundation
import Testing
import LifecycleCompiler

/// `check --impl`'s near misses against the Swift compiler's own: each case of the `check
/// --impl` corpus type-checked against Apple's iOS SDK (`IOSTypecheck`, where the workplace's
/// tool is installed), whose "instance method 'x' nearly matches optional requirement 'y'"
/// warnings must be near misses `check --impl` reports at the same line, for every callback the
/// spec calls or requires; and each near miss `check --impl` finds by a name, a label or a type
/// of a protocol must be one the compiler warns about. (`check --impl` also calls near misses the forms UIKit
/// never calls — `async`, `throws`, `static`, `@nonobjc`, another `@objc` selector — which the
/// compiler accepts silently.)
@Suite struct NearMissAgreementTests {
    struct Place: Hashable, CustomStringConvertible {
        var file: String
        var line: Int
        /// The callback's base name.
        var callback: String
        var description: String { "\(file):\(line) \(callback)" }
    }

    /// The compiler's near-miss warnings: file, line and the requirement's base name.
    static func compilerNearMisses(_ output: String) -> [Place] {
        var places: [Place] = []
        for line in output.split(separator: "\n") where line.contains(": warning: instance method '") && line.contains("nearly matches optional requirement") {
            let parts = line.split(separator: ":", maxSplits: 3)
            guard parts.count >= 3, let number = Int(parts[1]),
                  let start = line.range(of: "optional requirement '")?.upperBound,
                  let end = line[start...].firstIndex(of: "'") else { continue }
            places.append(Place(file: URL(fileURLWithPath: String(parts[0])).lastPathComponent, line: number, callback: String(line[start..<end])))
        }
        return places
    }

    @Test(arguments: ImplementationFixtureTests.cases)
    func nearMissesAreTheCompilers(_ name: String) throws {
        guard IOSTypecheck.isAvailable(for: "near misses of the check --impl corpus") else { return }
        let folder = ImplementationFixtureTests.root.appendingPathComponent(name)
        let swift = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }.sorted()
            .map { folder.appendingPathComponent($0) }
        guard !swift.isEmpty else { return }
        let compiler = Self.compilerNearMisses(try IOSTypecheck.typecheck(swift).output)
        // Not a comparison of two empty sets: these cases hold near misses the compiler warns of.
        if ["LabelOff", "Typo", "WindowSceneParameter", "CalledNearMiss"].contains(name) {
            #expect(!compiler.isEmpty, "\(name): no near-miss warning read from the compiler's output")
        }
        let (compilation, _) = try ImplementationFixtureTests.run(name)
        let model = try #require(compilation.model)
        let refs = model.machines.flatMap { machine in machine.transitions.flatMap(\.callbacks) + machine.requirements.map(\.callback) }
        let callbacks = Set(refs.map { model.method($0).name })
        // The compiler's heuristic is about a protocol's optional requirements, not a superclass's methods.
        let protocolCallbacks = Set(refs.filter { model.types[$0.type].kind == .protocol }.map { model.method($0).name })
        // check --impl's near misses: the warnings at one, and the notes on a missing callback.
        var ours: [(place: Place, isForm: Bool)] = []
        func place(_ range: SourceRange?, _ message: String) -> Place? {
            guard let range, message.hasPrefix("'") else { return nil }
            let file = compilation.files[range.file]
            guard file.path.hasSuffix(".swift") else { return nil }
            let line = LineTable(file.bytes).line(of: range.startOffset)
            let selector = message.dropFirst().prefix { $0 != "'" }
            return Place(file: PathNames.lastComponent(file.path), line: line, callback: String(selector.prefix { $0 != "(" }))
        }
        for diagnostic in compilation.diagnostics.all {
            var messages: [(SourceRange?, String)] = []
            if diagnostic.id == "nearMissOfCalledCallback" { messages.append((diagnostic.range, diagnostic.message)) }
            for note in diagnostic.notes where note.message.contains(", so UIKit never calls it") { messages.append((note.range, note.message)) }
            for (range, message) in messages {
                // The callback is the expected one: "'x' nearly matches 'y'…" names it second.
                guard var found = place(range, message) else { continue }
                let isForm = message.contains("as declared here")
                if !isForm, let expected = message.split(separator: "'", omittingEmptySubsequences: false).dropFirst(3).first { found.callback = String(expected.prefix { $0 != "(" }) }
                ours.append((found, isForm))
            }
        }
        let ourPlaces = Set(ours.map(\.place))
        for warning in compiler where callbacks.contains(warning.callback) {
            #expect(ourPlaces.contains(warning), "\(name): the compiler warns of a near miss check --impl does not report: \(warning)")
        }
        for (found, isForm) in ours where !isForm && protocolCallbacks.contains(found.callback) {
            #expect(compiler.contains(found), "\(name): check --impl reports a near miss the compiler does not warn of: \(found)")
        }
    }
}
