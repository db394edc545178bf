import LifecycleSource
import LifecycleModel

/// How a compilation is set up: what the command line (and `check`'s `lifecycle.json`) says,
/// merged once by the caller into one value that `Compiler.compile` hands to the parser and
/// the checker.
public struct CompileSettings: Sendable {
    /// Report every warning as an error (`--warnings-as-errors`); applied as each diagnostic is
    /// collected (`Diagnostics.warningsAsErrors`).
    public var warningsAsErrors: Bool
    /// The deployment target given outside the spec (`check --platform`); it wins over the
    /// spec's `platform`.
    public var platform: Platform?
    /// How many composed states a system's exploration may visit (`--state-limit`).
    public var stateLimit: Int
    /// Keep only the first this many diagnostics in printing order and count the rest
    /// (`Diagnostics.limit`), so that memory does not grow with the number of errors; 0 keeps
    /// all.
    public var diagnosticLimit: Int
    /// What each named group of warnings is set to (`--warn`, `lifecycle.json`'s `warnings`).
    public var groupLevels: [String: DiagnosticGroups.Level] = [:]

    public init(warningsAsErrors: Bool = false, platform: Platform? = nil, stateLimit: Int = Checker.defaultStateLimit,
                diagnosticLimit: Int = 0) {
        self.warningsAsErrors = warningsAsErrors
        self.platform = platform
        self.stateLimit = stateLimit
        self.diagnosticLimit = diagnosticLimit
    }

    /// An empty collection that keeps and promotes diagnostics as these settings say.
    public func diagnostics() -> Diagnostics {
        Diagnostics(limit: diagnosticLimit, warningsAsErrors: warningsAsErrors, groupLevels: groupLevels)
    }
}
