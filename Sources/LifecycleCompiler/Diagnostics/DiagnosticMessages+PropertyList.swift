/// Messages about property lists (`check --info-plist`, `migrate --info-plist`): formats the
/// reader does not take, binary and XML property lists that are not well formed, and an edit
/// that would not read back as intended. XML that is not
/// well formed at all gets the `xml…` messages of `DiagnosticMessages+Import`.
extension Diagnostic {
    static func plistBinaryMalformed(_ path: String, reason: String, at range: SourceRange) -> Diagnostic {
        make(.error, "'\(path)' is not a readable binary property list: \(reason)", at: range)
    }

    static func plistDuplicateKey(_ key: String, at range: SourceRange) -> Diagnostic {
        make(.error, "duplicate key '\(key)' in '<dict>'", at: range)
    }

    static func plistEditNotVerified(_ path: String, reason: String, at range: SourceRange) -> Diagnostic {
        make(.error, "the edited '\(path)' does not read back as intended (\(reason)); it is not written", at: range)
    }

    static func plistExpected(_ what: String, found: String, at range: SourceRange) -> Diagnostic {
        make(.error, "expected \(what), found \(found)", at: range)
    }

    static func plistInvalidValue(_ text: String, kind: String, at range: SourceRange) -> Diagnostic {
        make(.error, "'\(text)' is not a valid '<\(kind)>'", at: range)
    }

    static func plistKeyWithoutValue(_ key: String, at range: SourceRange) -> Diagnostic {
        make(.error, "key '\(key)' has no value", at: range)
    }

    static func plistNotXML(_ path: String, format: String, at range: SourceRange) -> Diagnostic {
        make(.error, "'\(path)' is \(format), not an XML property list; convert it with 'plutil -convert xml1 \(path)'", at: range)
    }

    static func plistUnknownElement(_ name: String, at range: SourceRange) -> Diagnostic {
        make(.error, "unknown property list element '<\(name)>'", at: range)
    }
}
