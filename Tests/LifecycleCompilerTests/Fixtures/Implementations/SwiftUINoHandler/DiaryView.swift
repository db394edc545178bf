import SwiftUI

struct DiaryView: View {
    @State private var text = ""

    var body: some View {
        TextEditor(text: $text)
            .onChange(of: text) { _, newText in
                Drafts.save(newText)
            }
    }
}
