/// Messages only the language server produces.
extension Diagnostic {
    package static func documentTooLarge(limit: Int, at range: SourceRange) -> Diagnostic {
        make(.error, "document is larger than the editor limit of \(limit) bytes; run 'lifecycle check' on it instead", at: range)
    }
}
