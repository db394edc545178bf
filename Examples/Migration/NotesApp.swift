// The rest of the app, in brief: what the app delegate uses, so that the example (and the
// scene delegate written from it) type-checks against the iOS SDK.
import UIKit

final class NoteStore {
    struct Note {
        var id: Int
        var title: String
    }

    var pushToken: Data?
    private var notes: [Note] = []

    func load() {}
    func save() {}
    func reloadIfChanged() {}
    func startAutosave() {}
    func stopAutosave() {}
    func dropCaches() {}
    func note(id: Int) -> Note? { notes.first { $0.id == id } }
    func recent(_ count: Int) -> [Note] { Array(notes.prefix(count)) }
}

enum DeepLink {
    case note(Int)
    case newNote

    init?(url: URL) {
        guard url.scheme == "notes", let id = Int(url.lastPathComponent) else { return nil }
        self = .note(id)
    }

    init?(activity: NSUserActivity) {
        guard let id = activity.userInfo?["id"] as? Int else { return nil }
        self = .note(id)
    }

    init?(shortcut: UIApplicationShortcutItem) {
        switch shortcut.type {
        case "new-note": self = .newNote
        case "open-note": self = .note((shortcut.userInfo?["id"] as? NSNumber)?.intValue ?? 0)
        default: return nil
        }
    }
}

enum Router {
    /// Shows what the link names in the window's navigation stack.
    static func open(_ link: DeepLink, in window: UIWindow?, store: NoteStore) -> Bool {
        guard let navigation = window?.rootViewController as? UINavigationController else { return false }
        navigation.popToRootViewController(animated: false)
        if case .note(let id) = link, store.note(id: id) == nil { return false }
        navigation.pushViewController(UIViewController(), animated: false)
        return true
    }
}

enum Appearance {
    static func apply() {
        UINavigationBar.appearance().prefersLargeTitles = true
    }
}

final class NotesViewController: UITableViewController {
    let store: NoteStore

    init(store: NoteStore) {
        self.store = store
        super.init(style: .insetGrouped)
    }

    required init?(coder: NSCoder) { nil }
}
