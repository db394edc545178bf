import SwiftUI

@main
// expected-note@+1 {{the app adopts scenes: 'NotesApp' is a SwiftUI 'App'}}
struct NotesApp: App {
    @UIApplicationDelegateAdaptor(AppDelegate.self) var appDelegate

    var body: some Scene {
        WindowGroup {
            ContentView()
        }
    }
}
