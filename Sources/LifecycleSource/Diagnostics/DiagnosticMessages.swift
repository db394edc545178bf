/// Every message the compiler can produce, in one place, sorted by name.
///
/// Each factory's name is the diagnostic's stable `id` (taken from `#function`), so tests
/// and editors can match on ids rather than wording. Wording follows the Swift compiler's
/// guide: one lowercase phrase, names in single quotes, no final period, "did you mean"
/// when a fix is plausible, and notes that only point somewhere end in "here".
extension Diagnostic {
    static func make(_ severity: Severity, _ message: String, at range: SourceRange, fixIt: FixIt? = nil,
                     function: String = #function) -> Diagnostic {
        let id = function.prefix { $0 != "(" }
        return Diagnostic(severity, id: String(id), message, at: range, fixIt: fixIt)
    }

    package static func didYouMean(_ suggestion: String?) -> String {
        Suggestions.didYouMean(suggestion)
    }

    /// An error about a name that may be misspelt: `message`, then "did you mean" and a fix-it
    /// that writes `suggestion` when there is one. The id is the calling factory's name.
    static func misspelt(_ message: String, suggestion: String?, at range: SourceRange,
                         function: String = #function) -> Diagnostic {
        make(.error, message + didYouMean(suggestion), at: range,
             fixIt: suggestion.map { FixIt(replace: range, with: $0) }, function: function)
    }

    // MARK: - Lexical and syntax errors (alphabetical)

    package static func classWithSeveralSuperclasses(_ title: String, at range: SourceRange) -> Diagnostic {
        make(.error, "\(title) can have only one superclass", at: range)
    }

    package static func expectedAccessor(found: String, at range: SourceRange) -> Diagnostic {
        make(.error, "expected 'get' or 'get set' in accessor block, found \(found)", at: range)
    }

    package static func expectedArrow(after name: String, found: String, at range: SourceRange) -> Diagnostic {
        make(.error, "expected '->' after '\(name)' in transition, found \(found)", at: range)
    }

    package static func expectedBody(_ owner: String, found: String, at range: SourceRange) -> Diagnostic {
        make(.error, "expected '{' to start the body of \(owner), found \(found)", at: range)
    }

    package static func expectedCallback(found: String, at range: SourceRange) -> Diagnostic {
        make(.error, "expected a callback such as 'viewDidLoad()' or 'scene(_:willConnectTo:options:)', found \(found)", at: range)
    }

    package static func expectedColonAfterProperty(_ name: String, found: String, at range: SourceRange) -> Diagnostic {
        make(.error, "expected ':' and a type after property '\(name)', found \(found)", at: range)
    }

    package static func expectedDeclaration(found: String, suggestion: String?, at range: SourceRange) -> Diagnostic {
        misspelt("expected 'machine', 'protocol', 'class' or 'import' at top level, found \(found)", suggestion: suggestion, at: range)
    }

    package static func expectedImportTarget(found: String, at range: SourceRange) -> Diagnostic {
        make(.error, "expected a module name or a quoted file path after 'import', found \(found)", at: range)
    }

    package static func expectedMember(found: String, at range: SourceRange) -> Diagnostic {
        make(.error, "expected a state, a transition, 'delegate' or 'require', found \(found)", at: range)
    }

    package static func expectedName(_ what: String, found: String, at range: SourceRange) -> Diagnostic {
        make(.error, "expected \(what) name, found \(found)", at: range)
    }

    package static func expectedParameters(_ name: String, found: String, at range: SourceRange) -> Diagnostic {
        make(.error, "expected '(' to start the parameter list of '\(name)', found \(found)", at: range)
    }

    package static func expectedStateKeyword(after modifier: String, found: String, at range: SourceRange) -> Diagnostic {
        make(.error, "expected 'state' after '\(modifier)', found \(found)", at: range)
    }

    package static func expectedString(after keyword: String, found: String, at range: SourceRange) -> Diagnostic {
        make(.error, "expected a string literal after '\(keyword)', found \(found)", at: range)
    }

    package static func expectedTarget(found: String, at range: SourceRange) -> Diagnostic {
        make(.error, "expected a target state after '->', found \(found)", at: range)
    }

    package static func expectedTrigger(found: String, suggestion: String?, at range: SourceRange) -> Diagnostic {
        misspelt("expected 'user' or 'system' after 'by', found \(found)", suggestion: suggestion, at: range)
    }

    package static func expectedType(_ position: String, at range: SourceRange) -> Diagnostic {
        make(.error, "expected a Swift type \(position)", at: range)
    }

    package static func expectedTypeMember(_ owner: String, found: String, at range: SourceRange) -> Diagnostic {
        make(.error, "expected 'func' or 'var' in \(owner), found \(found)", at: range)
    }

    package static func invalidEscape(_ escape: String, at range: SourceRange) -> Diagnostic {
        make(.error, "invalid escape sequence '\(escape)' in string literal; use \\\", \\\\, \\n, \\t, \\r, \\0 or \\u{…}", at: range)
    }

    package static func invalidUTF8(byte: UInt8, at range: SourceRange) -> Diagnostic {
        let hex = String(byte, radix: 16, uppercase: true)
        return make(.error, "invalid UTF-8 byte 0x\(hex.count < 2 ? "0" + hex : hex); source files must be UTF-8", at: range)
    }

    package static func invalidUnicodeEscape(at range: SourceRange) -> Diagnostic {
        make(.error, "expected 1 to 8 hexadecimal digits in braces after '\\u', as in '\\u{1F600}'", at: range)
    }

    package static func invalidUnicodeScalar(at range: SourceRange) -> Diagnostic {
        make(.error, "'\\u{…}' escape is not a valid Unicode scalar", at: range)
    }

    package static func objectiveCSelector(_ written: String, swift: String, at range: SourceRange) -> Diagnostic {
        make(.error, "'\(written)' is an Objective-C selector; write the Swift method reference '\(swift)'", at: range,
             fixIt: FixIt(replace: range, with: swift))
    }

    package static func labelWithoutColon(_ label: String, at range: SourceRange) -> Diagnostic {
        make(.error, "expected ':' after argument label '\(label)'; each label in a method reference ends with ':'", at: range,
             fixIt: FixIt(replace: range, with: ":"))
    }

    package static func colonWithoutLabel(at range: SourceRange) -> Diagnostic {
        make(.error, "expected an argument label before ':'; write '_' for an argument without a label", at: range,
             fixIt: FixIt(replace: range, with: "_"))
    }

    package static func unicodeArrow(at range: SourceRange) -> Diagnostic {
        make(.error, "'→' is not an arrow of the language; write '->'", at: range,
             fixIt: FixIt(replace: range, with: "->"))
    }

    package static func internalTransitionOutsideState(at range: SourceRange) -> Diagnostic {
        make(.error, "'internal' transition must be inside a state's body; it fires without leaving that state", at: range)
    }

    package static func memberOutsideMachine(_ what: String, at range: SourceRange) -> Diagnostic {
        make(.error, "\(what) declared outside a machine; declare it inside 'machine Name { … }'", at: range)
    }

    package static func misplacedTransitionClause(found: String, at range: SourceRange) -> Diagnostic {
        make(.error, "unexpected \(found); a transition's clauses come in the order 'on', 'by', 'calls', then its description", at: range)
    }

    package static func missingClosingBrace(_ owner: String, found: String, at range: SourceRange) -> Diagnostic {
        make(.error, "expected '}' at the end of \(owner), found \(found)", at: range,
             fixIt: FixIt(replace: range, with: "}"))
    }

    package static func nestingTooDeep(limit: Int, at range: SourceRange) -> Diagnostic {
        make(.error, "states are nested more than \(limit) levels deep; this body is skipped", at: range)
    }

    package static func nulByte(at range: SourceRange) -> Diagnostic {
        make(.error, "NUL byte in source file", at: range)
    }

    package static func stringInSwiftType(at range: SourceRange) -> Diagnostic {
        make(.error, "a Swift type cannot contain a string literal", at: range)
    }

    package static func unbalancedSwiftText(_ closer: String, at range: SourceRange) -> Diagnostic {
        make(.error, "unbalanced '\(closer)' in Swift signature", at: range)
    }

    package static func unbalancedSwiftType(at range: SourceRange) -> Diagnostic {
        make(.error, "unbalanced brackets in Swift type", at: range)
    }

    package static func unclosedMethodReference(_ name: String, found: String, at range: SourceRange) -> Diagnostic {
        make(.error, "expected ')' to close the method reference '\(name)(…)', found \(found)", at: range,
             fixIt: FixIt(replace: range, with: ")"))
    }

    package static func unclosedParameterList(at range: SourceRange) -> Diagnostic {
        make(.error, "expected ')' to close the parameter list", at: range, fixIt: FixIt(replace: range, with: ")"))
    }

    /// `joinsWords`: the characters on both sides of `character` are not spaces, so removing it
    /// would join them into one token (`A;state B`): the fix-it for a `;` puts a space instead.
    package static func unexpectedCharacter(_ character: String, joinsWords: Bool = false, at range: SourceRange) -> Diagnostic {
        if character == ";" {
            // Swift's separator, typed by habit: a spec's declarations need none.
            return make(.error, "unexpected ';': declarations need no separator, a line break or a space is enough",
                        at: range, fixIt: FixIt(replace: range, with: joinsWords ? " " : ""))
        }
        let shown = character.unicodeScalars.first.map { $0.value < 0x20 || $0.value == 0x7F ? "U+\(String($0.value, radix: 16, uppercase: true))" : character } ?? character
        return make(.error, "unexpected character '\(shown)'", at: range)
    }

    package static func unknownKeyword(_ word: String, suggestion: String, at range: SourceRange) -> Diagnostic {
        make(.error, "unknown keyword '\(word)'" + didYouMean(suggestion), at: range,
             fixIt: FixIt(replace: range, with: suggestion))
    }

    package static func unterminatedBlockComment(at range: SourceRange) -> Diagnostic {
        make(.error, "unterminated '/*' comment", at: range, fixIt: nil)
    }

    package static func unterminatedString(at range: SourceRange) -> Diagnostic {
        make(.error, "unterminated string literal; strings end with '\"' on the same line", at: range)
    }
}
