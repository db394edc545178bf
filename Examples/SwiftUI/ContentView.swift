import SwiftUI

/// The window's root view: it reads its own scene's phase.
struct ContentView: View {
    @EnvironmentObject private var store: NoteStore
    @Environment(\.scenePhase) private var scenePhase
    @State private var hidesContent = false

    var body: some View {
        NavigationStack {
            List(store.titles, id: \.self) { title in
                NavigationLink(title) { NoteEditor(title: title) }
            }
            .navigationTitle("Notes")
        }
        .opacity(hidesContent ? 0 : 1)
        .onChange(of: scenePhase) { oldPhase, newPhase in
            switch (oldPhase, newPhase) {
            case (.active, .inactive):
                // The app switcher shows a snapshot: hide the notes.
                hidesContent = true
            case (.inactive, .background):
                // Home from the app switcher: the snapshot of a suspended app hides them too.
                hidesContent = true
            case (.background, .inactive):
                // Back from the background: the window is seen again, still not interactive.
                hidesContent = false
            case (.inactive, .active):
                hidesContent = false
            default:
                break
            }
        }
    }
}

/// One note, pushed: it sees only its modifiers.
struct NoteEditor: View {
    let title: String
    @State private var text = ""

    var body: some View {
        TextEditor(text: $text)
            .navigationTitle(title)
            .onAppear { text = "" }
            .task { text = await load(title) }
            .onDisappear { save(text) }
    }

    func load(_ title: String) async -> String { title }
    func save(_ text: String) {}
}
