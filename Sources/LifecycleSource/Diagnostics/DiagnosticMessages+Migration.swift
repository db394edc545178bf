/// Messages of `lifecycle migrate`: why there is nothing to migrate, and what the migration
/// could not do by itself, each at the place in the app delegate it is about.
extension Diagnostic {
    package static func migrateAlreadyAdopted(_ appDelegate: String, at range: SourceRange) -> Diagnostic {
        make(.error, "'\(appDelegate)' already adopts the scene life cycle; there is nothing to migrate", at: range)
    }

    package static func migrateAssignsConstant(_ name: String, appDelegate: String, at range: SourceRange) -> Diagnostic {
        make(.warning, "the moved code assigns '\(name)', which '\(appDelegate)' declares without a setter; declare it 'var' so that the scene delegate can set it",
             at: range)
    }

    package static func migrateAssignsPrivateSetter(_ name: String, callback: String, appDelegate: String, access: String,
                                            at range: SourceRange) -> Diagnostic {
        make(.warning, "the moved code of '\(callback)' assigns '\(name)', whose setter is \(access) to '\(appDelegate)'; remove '\(access)(set)' so that the scene delegate can set it",
             at: range)
    }

    package static func migrateCannotForward(_ selector: String, appDelegate: String, at range: SourceRange) -> Diagnostic {
        make(.warning, "the moved code uses '\(selector)' of '\(appDelegate)', which the scene delegate cannot forward (it is generic or variadic); call it through 'appDelegate'",
             at: range)
    }

    package static func migrateClassDeclaredTwice(_ name: String, at range: SourceRange) -> Diagnostic {
        make(.error, "'\(name)' is declared twice; give each file once", at: range)
    }

    package static func migrateClassExists(_ name: String, at range: SourceRange) -> Diagnostic {
        make(.error, "a class '\(name)' is declared already; 'lifecycle migrate' writes a new one", at: range)
    }

    package static func migrateCoderRestoration(_ selector: String, at range: SourceRange) -> Diagnostic {
        make(.warning, "'\(selector)' is not moved: a scene saves and restores its state as a user activity ('stateRestorationActivity(for:)')",
             at: range)
    }

    package static func migrateEditNotVerified(_ appDelegate: String, reason: String, at range: SourceRange) -> Diagnostic {
        make(.error, "'\(appDelegate)' cannot be edited safely: \(reason); nothing is written", at: range)
    }

    package static func migrateForwardedUsesWindow(_ selector: String, appDelegate: String, at range: SourceRange) -> Diagnostic {
        make(.warning, "'\(selector)' of '\(appDelegate)', which the moved code calls, uses 'window', which is nil once the app adopts scenes; move it to the scene delegate",
             at: range)
    }

    package static func migrateLaunchOptionsNil(_ name: String, at range: SourceRange) -> Diagnostic {
        make(.warning, "'\(name)' is nil once the app adopts scenes: what a launch brings (a URL, an activity, a quick action, a notification response) comes in the connection options of 'scene(_:willConnectTo:options:)', which the scene delegate hands on to its callbacks",
             at: range)
    }

    package static func migrateNameTaken(_ name: String, appDelegate: String, at range: SourceRange) -> Diagnostic {
        make(.warning, "the moved code uses '\(name)' of '\(appDelegate)', a name the scene delegate has for its own; rename it", at: range)
    }

    package static func migrateNoAppDelegate(_ files: String, at range: SourceRange) -> Diagnostic {
        make(.error, "no app delegate in \(files): no class adopts 'UIApplicationDelegate'", at: range)
    }

    package static func migrateNotMoved(_ selector: String, replacement: String, at range: SourceRange) -> Diagnostic {
        make(.warning, "'\(selector)' is not moved; move its body to '\(replacement)' of the scene delegate by hand", at: range)
    }

    package static func migrateSelfPassed(_ callback: String, appDelegate: String, at range: SourceRange) -> Diagnostic {
        make(.warning, "'self' in the moved code of '\(callback)' is the scene delegate now, not '\(appDelegate)'", at: range)
    }

    package static func migrateSuperNotGiven(_ selector: String, className: String, helper: String, at range: SourceRange) -> Diagnostic {
        make(.warning, "'super.\(selector)' runs the implementation of '\(className)', which is not among the files given; give its file too, or move what it does into '\(helper)' of the scene delegate",
             at: range)
    }

    package static func migrateUntypedProperty(_ name: String, appDelegate: String, at range: SourceRange) -> Diagnostic {
        make(.warning, "the moved code uses '\(name)', whose type '\(appDelegate)' does not write; write it for '<#Type#>' in the scene delegate",
             at: range)
    }

    package static func migrateUsesPrivateMember(_ name: String, callback: String, appDelegate: String, access: String,
                                         at range: SourceRange) -> Diagnostic {
        make(.warning, "the moved code of '\(callback)' uses '\(name)', which is \(access) to '\(appDelegate)'; make it internal so that the scene delegate reaches it",
             at: range)
    }

    package static func migrateWindowSetUpQuoted(_ reason: String, at range: SourceRange) -> Diagnostic {
        make(.warning, "the window set-up of 'application(_:didFinishLaunchingWithOptions:)' is quoted in 'scene(_:willConnectTo:options:)', not moved: \(reason)",
             at: range)
    }
}
