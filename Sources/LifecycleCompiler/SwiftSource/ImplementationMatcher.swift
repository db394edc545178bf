/// How a class's scanned methods relate to one expected method.
public enum ImplementationMatch: Equatable, Sendable {
    /// A method with the expected selector, parameter types and return type exists (the first one found).
    case implemented(ScannedMethod)
    /// No exact match, but these methods look like attempts at it (see `ImplementationMatcher`).
    case nearMiss([ScannedMethod])
    /// Nothing resembling the expected method.
    case missing
}

/// Compares an expected method with the methods a class implements.
///
/// - Exact: same selector, same parameter types after `SwiftTypeText.normalized`, and the same return
///   type (no return clause, `Void` and `()` are the same). Default values, parameter names, `override`,
///   `async`/`throws` and attributes are ignored — check `isOverride` on the returned method yourself.
/// - Near miss (when nothing is exact), in source order:
///   - the same base name with other labels (`sceneDidBecomeActive(scene:)`), other parameter types
///     (`UIWindowScene` for `UIScene`) or another return type (`Void` instead of `Bool`);
///   - a base name within edit distance 2 of the expected one, ignoring case, with the same number of
///     parameters (`sceneDidDisconnected(_:)` for `sceneDidDisconnect(_:)`).
///     Helpers such as `sceneDidEnterBackgroundHandler()` are too far away to count.
/// - Otherwise missing.
public enum ImplementationMatcher {
    /// Matches `expected` against `methods` (typically `SwiftSourceScanner.methods(ofClass:)`).
    public static func match(_ expected: ScannedMethod, in methods: [ScannedMethod]) -> ImplementationMatch {
        let expectedTypes = expected.parameters.map { SwiftTypeText.normalized($0.type) }
        for m in methods where m.selector == expected.selector {
            if m.parameters.map({ SwiftTypeText.normalized($0.type) }) == expectedTypes
                && SwiftTypeText.sameReturnType(m.returnType, expected.returnType) {
                return .implemented(m)
            }
        }
        let near = methods.filter { m in
            m.baseName == expected.baseName
                || (m.parameters.count == expected.parameters.count
                    && editDistance(m.baseName.lowercased(), expected.baseName.lowercased(), limit: 2) <= 2)
        }
        return near.isEmpty ? .missing : .nearMiss(near)
    }

    /// Builds the expected method from a Swift declaration such as
    /// `"func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey : Any]? = nil) -> Bool"`
    /// (modifiers/attributes allowed, no body needed). Returns nil if it does not parse.
    /// The result's `offset` is the `func` keyword's offset within `declaration`.
    public static func expected(_ declaration: String) -> ScannedMethod? {
        let prefix = "protocol __Expected {\n"
        let source = prefix + declaration + "\n}"
        guard let type = SwiftSourceScanner(source: source).scan().first, type.methods.count == 1,
              var m = type.methods.first else { return nil }
        m.offset -= prefix.utf8.count
        return m
    }

    /// Edit distance, or `limit + 1` once it is known to exceed `limit`; very long names are
    /// compared for equality only.
    static func editDistance(_ a: String, _ b: String, limit: Int) -> Int {
        if a.unicodeScalars.count > 200 || b.unicodeScalars.count > 200 { return a == b ? 0 : limit + 1 }
        return Suggestions.editDistance(a, b, limit: limit)
    }
}
