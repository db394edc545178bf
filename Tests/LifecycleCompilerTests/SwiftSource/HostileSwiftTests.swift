import Testing
import LifecycleCompiler

/// `check --impl` on hostile Swift files — unterminated literals of every kind, `#if` blocks
/// nested or chained by the thousand, deep nesting, huge switches in a SwiftUI handler — never
/// traps and takes time linear in the input: four times the input takes well under sixteen
/// times as long (a quadratic pass would), measured in CPU time. Memory follows: every
/// structure the reader keeps is one entry per token, directive or declaration.
@Suite struct HostileSwiftTests {
    static let sceneSpec = """
    import UIKit
    machine Scene {
        delegate SceneDelegate: UIResponder, UIWindowSceneDelegate
        initial state Foreground
        state Background
        Foreground -> Background on leave by user calls sceneDidEnterBackground(_:)
        Background -> Foreground on reopen by user calls sceneWillEnterForeground(_:)
        require sceneDidEnterBackground(_:)
    }
    """

    static let phaseSpec = """
    import SwiftUI
    platform iOS 17.0
    machine AppPhase {
        delegate A: App
        scenePhase Inactive: .inactive, Active: .active, Background: .background
        initial state Inactive
        state Active
        state Background
        Inactive -> Active on activate by system
        Active -> Inactive on interrupt by user
        Inactive -> Background on leave by user
        Background -> Inactive on reopen by user
    }
    """

    static let callback = "func sceneDidEnterBackground(_ scene: UIScene) {}\n"
    static let head = "class SceneDelegate: UIResponder, UIWindowSceneDelegate {\n"

    static func file(_ shape: String, _ n: Int) -> String {
        switch shape {
        case "nested #if": head + String(repeating: "#if A\n" + callback, count: n) + String(repeating: "#endif\n", count: n) + "}\n"
        case "chained #elseif": head + "#if A0\n" + callback + (1..<n).map { "#elseif A\($0)\n" + callback }.joined() + "#endif\n}\n"
        case "unterminated multi-line string": head + "let s = \"\"\"\n" + String(repeating: callback, count: n)
        case "unterminated raw string": head + String(repeating: "let s = #\"\(callback)", count: n)
        case "unterminated regex": head + String(repeating: "let r = #/\n" + callback, count: n)
        case "unterminated interpolation": head + "let s = \"" + String(repeating: "\\(f(\"", count: n)
        case "unterminated comment": head + "/* " + String(repeating: "/* " + callback, count: n)
        case "deep braces": head + String(repeating: "func f() { if x { ", count: n) + callback
        case "huge switch":
            "struct A: App {\n@Environment(\\.scenePhase) var scenePhase\nvar body: some Scene { WindowGroup { }.onChange(of: scenePhase) { old, new in\nswitch (old, new) {\n"
                + String(repeating: "case (.inactive, .active), (.active, .inactive): if !(new == .active || old == .background) { f() } else { g() }\n", count: n)
                + "default: break\n}\n} }\n}\n"
        default:  // deep conditions in a handler
            "struct A: App {\n@Environment(\\.scenePhase) var scenePhase\nvar body: some Scene { WindowGroup { }.onChange(of: scenePhase) { old, new in\n"
                + String(repeating: "if !(new == .active && (old != .background || ", count: n) + String(repeating: ")) { ", count: n)
                + "f()" + String(repeating: " }", count: n) + "\n} }\n}\n"
        }
    }

    static let shapes = ["nested #if", "chained #elseif", "unterminated multi-line string", "unterminated raw string", "unterminated regex",
                         "unterminated interpolation", "unterminated comment", "deep braces", "huge switch", "deep conditions"]

    static let models = (scene: Compiler.compile(path: "Spec.lifecycle", source: sceneSpec).model!,
                         phase: Compiler.compile(path: "Spec.lifecycle", source: phaseSpec).model!)

    static func check(_ source: String) -> Diagnostics {
        let swift = SourceFile(id: FileID(7), path: "Hostile.swift", bytes: Array(source.utf8))
        return ImplementationCheck.check(source.hasPrefix("struct") ? models.phase : models.scene, against: [swift])
    }

    @Test(arguments: shapes)
    func hostileSwiftIsLinear(_ shape: String) {
        let small = Self.file(shape, 1_000), large = Self.file(shape, 4_000)
        _ = Self.check(small)
        let (ratio, _, largeTime) = Scaling.ratio(small: { _ = Self.check(small) }, large: { _ = Self.check(large) })
        #expect(ratio < 9 || largeTime < 0.05, "\(shape): 4x the input took \(ratio)x the time")
    }

    /// The verdicts on some of them: a callback only under nested `#if`s is said to be so, never passed.
    @Test func hostileVerdicts() {
        let nested = Self.check(Self.file("nested #if", 100)).all
        #expect(nested.contains { $0.id == "implementedOnlyUnderCondition" || $0.id == "missingImplementation" })
        #expect(!nested.contains { $0.severity == .note && $0.id == "inheritedImplementation" })
        // In an unterminated string, nothing is a declaration: the required callback is missing.
        #expect(Self.check(Self.file("unterminated multi-line string", 10)).all.contains { $0.id == "missingImplementation" })
        // `#elseif` chains: each declaration under its own flag, none under all of them.
        #expect(Self.check(Self.file("chained #elseif", 50)).all.contains { $0.id == "implementedOnlyUnderCondition" })
    }
}
