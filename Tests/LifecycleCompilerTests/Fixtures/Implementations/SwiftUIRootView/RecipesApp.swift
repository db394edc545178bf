import SwiftUI

@main
struct RecipesApp: App {
    @State private var book = RecipeBook()

    var body: some Scene {
        WindowGroup {
            RecipeList(book: book)
        }
    }
}
