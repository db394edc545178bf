import LifecycleSource
import LifecycleSyntax

/// What `application(_:didFinishLaunchingWithOptions:)` does with `window`, and so what
/// `scene(_:willConnectTo:options:)` does with it once the window belongs to the scene.
///
/// The statements that name `window` move, with the declarations of the locals they use and
/// the statements that configure those locals (`root.title = …`), when that is plainly window
/// set-up: at the top of the body (no `if`, no `#if`), on lines of their own, reading nothing a
/// scene does not have (`launchOptions`), and declaring nothing the code that stays uses. They
/// move line for line, in order, with `UIWindow(frame: …)` made `UIWindow(windowScene:
/// windowScene)`; otherwise they are quoted in a comment that says what to move. What stays
/// in `didFinishLaunching` runs at launch, before any scene connects.
enum WindowSetUp {
    /// No statement names the window: the storyboard (or nothing) makes it.
    case none
    /// The lines that move (each a line range of the file, line break included), the method
    /// they come from, the replacements of `UIWindow(…)` arguments (absolute ranges), and
    /// whether they create the window.
    case moved(lines: [Range<Int>], source: SwiftProgram.Located<ScannedMethod>, replacements: [(Range<Int>, String)], createsWindow: Bool)
    /// The lines to quote, the method, and why they do not move.
    case quoted(lines: [Range<Int>], source: SwiftProgram.Located<ScannedMethod>, reason: String)

    /// Names `scene(_:willConnectTo:options:)` declares: moved code using them would mean
    /// something else there.
    static let sceneNames: Set<String> = ["scene", "session", "connectionOptions", "windowScene"]

    /// Statements that start with these are control flow, never plainly set-up.
    static let controlWords: Set<String> = ["if", "guard", "switch", "for", "while", "repeat", "do", "defer", "return", "#if", "#elseif", "#else", "#endif"]

    init(launch: SwiftProgram.Located<ScannedMethod>) {
        self = Self.analyse(launch)
    }

    static func analyse(_ launch: SwiftProgram.Located<ScannedMethod>) -> WindowSetUp {
        guard let body = launch.member.body else { return .none }
        let bytes = Array(launch.file.bytes)
        let reader = SwiftStatements(body: body, in: bytes)
        let statements = reader.statements
        let names = statements.map { Set(SwiftStatements.references(in: bytes, reader.range($0)).map(\.name)) }
        let windowed = statements.indices.filter { names[$0].contains("window") }
        guard let first = windowed.first, let last = windowed.last else { return .none }
        func quote(_ reason: String) -> WindowSetUp {
            // Quote the run's lines (whole lines, even shared ones).
            var quoted: [Range<Int>] = []
            for index in first...last {
                guard let firstToken = statements[index].tokens.first, let lastToken = statements[index].tokens.last else { continue }
                // Lines end in LF, CR LF or a lone CR (`LineEnd`); a line's range holds its line end.
                let (start, end) = bytes.withUnsafeBufferPointer { buffer in
                    let end = LineEnd.end(ofLineAt: reader.tokens[lastToken].end, in: buffer)
                    return (LineEnd.start(ofLineAt: reader.tokens[firstToken].start, in: buffer), end + LineEnd.length(at: end, in: buffer))
                }
                if let previous = quoted.last, previous.upperBound > start { quoted[quoted.count - 1] = previous.lowerBound..<max(end, previous.upperBound) }
                else { quoted.append(start..<end) }
            }
            return .quoted(lines: quoted, source: launch, reason: reason)
        }
        let launchOptions = launch.member.parameters.count > 1 ? launch.member.parameters[1].name : "launchOptions"
        let application = launch.member.parameters.first?.name ?? "application"
        // The statements that move: those that name the window, the declarations of the locals
        // they use, and the statements that configure those locals (`root.title = …`). A local
        // they declare or take along that other code uses keeps them where they are.
        var moving = Set(windowed)
        let declared = statements.map { Set(reader.declaredNames($0)) }
        var changed = true
        while changed {
            changed = false
            for index in statements.indices where !moving.contains(index) {
                let takenAlong = moving.filter { $0 > index }.contains { !names[$0].isDisjoint(with: declared[index]) }
                let locals = moving.reduce(into: Set<String>()) { $0.formUnion(declared[$1]) }
                let uses = names[index].intersection(locals)
                if takenAlong {
                    moving.insert(index)
                    changed = true
                } else if let local = uses.sorted().first {
                    let first = statements[index].tokens.first.map { reader.tokens[$0] }
                    guard let first, first.kind == .identifier, locals.contains(first.text), declared[index].isEmpty else {
                        return quote("'\(local)' is also used by code that stays")
                    }
                    moving.insert(index)
                    changed = true
                }
            }
        }
        // What could return before the set-up is done decides whether it runs: a plain
        // `guard … else { return true }` or `if … { return false }` moves with it (returning
        // from the scene callback instead); any other early return keeps it where it is.
        let lastMoved = moving.max() ?? 0
        var exitReplacements: [(Range<Int>, String)] = []
        for index in statements.indices where index < lastMoved && !moving.contains(index) {
            let statement = statements[index]
            let returns = statement.tokens.filter { reader.tokens[$0].isKeyword("return") }
            guard !returns.isEmpty else { continue }
            let word = reader.firstWord(statement) ?? ""
            let line = LineTable(launch.file.bytes).line(of: reader.tokens[returns[0]].start)
            guard let exit = simpleExit(statement, reader) else {
                return quote("it follows an early return ('\(word == "return" ? "return" : word)' on line \(line)), which the scene would not take")
            }
            if names[index].contains(launchOptions) { return quote("it follows an early return whose condition reads '\(launchOptions)', which a scene does not have") }
            if names[index].contains(application) && application != "_" { return quote("it follows an early return whose condition uses '\(application)'") }
            if let taken = names[index].intersection(sceneNames).sorted().first {
                return quote("it follows an early return whose condition uses the name '\(taken)', which 'scene(_:willConnectTo:options:)' declares")
            }
            moving.insert(index)
            exitReplacements.append(exit)
        }
        var lines: [Range<Int>] = []
        for index in moving.sorted() {
            let statement = statements[index]
            if statement.isConditional || reader.firstWord(statement).map(controlWords.contains) == true
                && simpleExit(statement, reader) == nil {
                return quote("it is inside '\(reader.firstWord(statement).map { controlWords.contains($0) ? $0 : "#if" } ?? "#if")'")
            }
            if names[index].contains(launchOptions) { return quote("it reads '\(launchOptions)', which a scene does not have") }
            if let taken = names[index].intersection(sceneNames).sorted().first {
                return quote("it uses the name '\(taken)', which 'scene(_:willConnectTo:options:)' declares")
            }
            if names[index].contains(application) && application != "_" { return quote("it uses '\(application)'") }
            guard let range = reader.lines(statement) else { return quote("it shares lines with other code") }
            lines.append(range)
        }
        let moved = moving.sorted()
        // `UIWindow(frame: …)` and `UIWindow()` become the scene's window.
        var replacements: [(Range<Int>, String)] = exitReplacements
        let tokens = reader.tokens
        let match = SwiftSourceScanner.matchBrackets(tokens)
        for index in moved {
            for k in statements[index].tokens where tokens[k].isKeyword("UIWindow") && k + 1 < tokens.count
                && tokens[k + 1].isPunct(UInt8(ascii: "(")) && match[k + 1] > k + 1 {
                let close = match[k + 1]
                let empty = close == k + 2
                let frame = k + 3 < close && tokens[k + 2].isKeyword("frame") && tokens[k + 3].isPunct(UInt8(ascii: ":"))
                if empty || frame { replacements.append((tokens[k + 1].start..<tokens[close].end, "(windowScene: windowScene)")) }
            }
        }
        return .moved(lines: lines, source: launch, replacements: replacements, createsWindow: replacements.count > exitReplacements.count)
    }

    /// `guard CONDITION else { return VALUE }` or `if CONDITION { return VALUE }` (no `else`),
    /// VALUE a literal or nothing: the replacement that makes it return from a callback that
    /// returns nothing (the value removed), or nil for any other statement.
    static func simpleExit(_ statement: SwiftStatements.Statement, _ reader: SwiftStatements) -> (Range<Int>, String)? {
        let tokens = reader.tokens
        let range = statement.tokens
        guard range.count >= 4, let first = range.first, let last = range.last, tokens[last].isPunct(UInt8(ascii: "}")),
              tokens[first].isKeyword("guard") || tokens[first].isKeyword("if") else { return nil }
        // The block: `{ return }` or `{ return LITERAL }`.
        var returnIndex = last - 1
        let literal = tokens[returnIndex].kind == .number || tokens[returnIndex].kind == .string
            || ["true", "false", "nil"].contains(where: tokens[returnIndex].isKeyword)
        if literal { returnIndex -= 1 }
        guard returnIndex - 1 > first, tokens[returnIndex].isKeyword("return"), tokens[returnIndex - 1].isPunct(UInt8(ascii: "{")) else { return nil }
        let open = returnIndex - 1
        if tokens[first].isKeyword("guard") {
            guard tokens[open - 1].isKeyword("else") else { return nil }
        }
        // No other `return` in the statement (in the condition's closures), no `else` branch.
        guard !range.contains(where: { $0 != returnIndex && tokens[$0].isKeyword("return") }) else { return nil }
        if tokens[first].isKeyword("if"), range.contains(where: { $0 > first && tokens[$0].isKeyword("else") }) { return nil }
        return literal ? (tokens[returnIndex].end..<tokens[last - 1].end, "") : (tokens[returnIndex].end..<tokens[returnIndex].end, "")
    }
}
