import SwiftUI

struct RecipeList: View {
    @Environment(\.scenePhase) private var scenePhase
    var book: RecipeBook

    var body: some View {
        List(book.recipes) { recipe in
            Text(recipe.title)
        }
        .onChange(of: scenePhase) { oldPhase, newPhase in
            guard newPhase != .active else {
                book.refresh()
                return
            }
            if oldPhase == .background {
                book.restoreScrollPosition()
                return
            }
            if newPhase == .background {
                book.save()
            } else {
                book.pauseTimers()
            }
        }
    }
}
