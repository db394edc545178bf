/// Messages about property lists (`check --info-plist`, `migrate --info-plist`): formats the
/// reader does not take, binary and XML property lists that are not well formed, and an edit
/// that would not read back as intended. XML that is not
/// well formed at all gets the `xml…` messages of `DiagnosticMessages+Import`.
extension Diagnostic {
    package static func plistBinaryMalformed(_ path: String, reason: String, at range: SourceRange) -> Diagnostic {
        make(.error, "'\(path)' is not a readable binary property list: \(reason)", at: range)
    }

    package static func plistDuplicateKey(_ key: String, at range: SourceRange) -> Diagnostic {
        make(.error, "duplicate key '\(key)' in '<dict>'", at: range)
    }

    package static func plistEditNotVerified(_ path: String, reason: String, at range: SourceRange) -> Diagnostic {
        make(.error, "the edited '\(path)' does not read back as intended (\(reason)); it is not written", at: range)
    }

    package static func plistExpected(_ what: String, found: String, at range: SourceRange) -> Diagnostic {
        make(.error, "expected \(what), found \(found)", at: range)
    }

    package static func plistInvalidValue(_ text: String, kind: String, at range: SourceRange) -> Diagnostic {
        make(.error, "'\(text)' is not a valid '<\(kind)>'", at: range)
    }

    package static func plistKeyWithoutValue(_ key: String, at range: SourceRange) -> Diagnostic {
        make(.error, "key '\(key)' has no value", at: range)
    }

    package static func plistNotXML(_ path: String, format: String, at range: SourceRange) -> Diagnostic {
        make(.error, "'\(path)' is \(format), not an XML property list; convert it with 'plutil -convert xml1 \(path)'", at: range)
    }

    package static func plistUnknownElement(_ name: String, at range: SourceRange) -> Diagnostic {
        make(.error, "unknown property list element '<\(name)>'", at: range)
    }
}

/// Messages of the old-style (OpenStep) property list reader (`project.pbxproj`) and of reading
/// an Xcode project's targets and build settings (`check --xcodeproj`).
extension Diagnostic {
    package static func plistBadEscape(at range: SourceRange) -> Diagnostic {
        make(.error, "expected four hexadecimal digits after '\\U' in a string", at: range)
    }

    package static func plistNestingTooDeep(_ limit: Int, at range: SourceRange) -> Diagnostic {
        make(.error, "property list nested more than \(limit) levels deep", at: range)
    }

    package static func plistOddData(at range: SourceRange) -> Diagnostic {
        make(.error, "data has an odd number of hexadecimal digits", at: range)
    }

    package static func plistTooManyValues(_ limit: Int, at range: SourceRange) -> Diagnostic {
        make(.error, "property list has more than \(limit) values", at: range)
    }

    package static func plistUnterminated(_ what: String, at range: SourceRange) -> Diagnostic {
        make(.error, "unterminated \(what)", at: range)
    }

    package static func xcodeUnexpandedVariable(_ variable: String, setting: String, at range: SourceRange) -> Diagnostic {
        make(.warning, "cannot expand '$(\(variable))' in '\(setting)'; pass the Info.plist with '--info-plist'", at: range)
    }

    package static func xcodeProjectExpected(_ what: String, found: String, at range: SourceRange) -> Diagnostic {
        make(.error, "expected \(what) in the Xcode project, found \(found)", at: range)
    }

    package static func xcodeProjectMissingObject(_ identifier: String, referencedAs what: String, at range: SourceRange) -> Diagnostic {
        make(.error, "the Xcode project refers to \(what) '\(identifier)', which its 'objects' do not hold", at: range)
    }
}
