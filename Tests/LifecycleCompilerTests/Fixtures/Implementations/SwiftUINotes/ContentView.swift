import SwiftUI

/// The window's root: the list of notes, and the editor pushed over it.
struct ContentView: View {
    @EnvironmentObject private var store: NoteStore
    @EnvironmentObject private var settings: Settings
    @Environment(\.scenePhase) private var phase
    @State private var path: [Note.ID] = []
    @State private var showsPrivacyCover = false
    @State private var search = ""

    var body: some View {
        NavigationStack(path: $path) {
            List(store.notes(matching: search)) { note in
                NavigationLink(value: note.id) {
                    NoteRow(note: note, fontSize: settings.fontSize)
                }
            }
            .searchable(text: $search)
            .navigationTitle("Notes")
            .navigationDestination(for: Note.ID.self) { id in
                NoteEditor(noteID: id)
            }
            .toolbar {
                Button("New", systemImage: "square.and.pencil") {
                    path.append(store.newNote().id)
                }
            }
        }
        .overlay {
            if showsPrivacyCover { PrivacyCover() }
        }
        .onChange(of: phase) { newPhase in
            // The one-parameter form: the old phase is not compared.
            if newPhase == .background {
                showsPrivacyCover = true
            } else if newPhase == .active {
                showsPrivacyCover = false
                store.markRead(path)
            } else if newPhase == .inactive {
                // The app switcher shows the window's snapshot: cover it.
                showsPrivacyCover = settings.hidesInSwitcher
            }
        }
    }
}

struct NoteRow: View {
    var note: Note
    var fontSize: Settings.FontSize

    var body: some View {
        VStack(alignment: .leading) {
            Text(note.title).font(fontSize.font)
            Text(note.modified, style: .relative).foregroundStyle(.secondary)
        }
    }
}

struct PrivacyCover: View {
    var body: some View {
        Rectangle().fill(.regularMaterial).ignoresSafeArea()
    }
}
