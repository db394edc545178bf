import SwiftUI

/// Notes: a list of notes, an editor, iCloud pushes.
@main
// expected-note@+1 {{the app adopts scenes: 'NotesApp' is a SwiftUI 'App'}}
struct NotesApp: App {
    /// SwiftUI creates it; push registration and launch options need it.
    @UIApplicationDelegateAdaptor(PushAppDelegate.self) private var appDelegate
    @StateObject private var store = NoteStore()
    @StateObject private var settings = Settings()
    @Environment(\.scenePhase) private var scenePhase

    var body: some Scene {
        WindowGroup {
            ContentView()
                .environmentObject(store)
                .environmentObject(settings)
                // Not a phase: the font size, which has nothing to do with the life cycle.
                .onChange(of: settings.fontSize) { oldSize, newSize in
                    if newSize == .large && oldSize != .large {
                        store.relayout()
                    }
                }
        }
        .onChange(of: scenePhase) { oldPhase, newPhase in
            switch (oldPhase, newPhase) {
            case (.inactive, .active):
                // Back on screen and interactive: refresh from iCloud.
                store.refresh()
                settings.reload()
            case (.active, .inactive):
                // Notification Center, the app switcher, a call: pause the autosave timer.
                store.pauseAutosave()
            case (_, .background):
                // Gone from the screen: save now, suspension may follow without a word.
                store.save()
                store.scheduleBackgroundRefresh()
            default:
                break
            }
        }
    }
}
