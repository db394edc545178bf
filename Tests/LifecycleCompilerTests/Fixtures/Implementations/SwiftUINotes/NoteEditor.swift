import SwiftUI

/// One note: loaded when it appears, saved when it goes.
struct NoteEditor: View {
    @EnvironmentObject private var store: NoteStore
    let noteID: Note.ID
    @State private var text = ""
    @State private var isLoading = true

    var body: some View {
        TextEditor(text: $text)
            .overlay { if isLoading { ProgressView() } }
            .onAppear {
                store.beginEditing(noteID)
            }
            .task {
                text = await store.load(noteID)
                isLoading = false
            }
            .onDisappear {
                store.update(noteID, text: text)
                store.endEditing(noteID)
            }
            // A local value's changes: not the scene phase.
            .onChange(of: text) {
                store.markDirty(noteID)
            }
    }
}
