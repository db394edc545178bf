import SwiftUI

/// The app of SwiftUILifecycle.lifecycle, hand-written: its App reads the aggregate phase.
@main
struct NotesApp: App {
    @UIApplicationDelegateAdaptor(PushDelegate.self) private var appDelegate
    @StateObject private var store = NoteStore()
    @Environment(\.scenePhase) private var scenePhase

    var body: some Scene {
        WindowGroup {
            ContentView()
                .environmentObject(store)
        }
        .onChange(of: scenePhase) { oldPhase, newPhase in
            switch (oldPhase, newPhase) {
            case (.inactive, .active):
                store.resumeSync()
            case (.active, .inactive):
                store.pauseSync()
            case (.inactive, .background):
                store.save()
            default:
                break
            }
        }
    }
}

/// The notes, saved when the app leaves the screen.
@MainActor
final class NoteStore: ObservableObject {
    @Published var titles: [String] = []
    private var syncing = false

    func resumeSync() { syncing = true }
    func pauseSync() { syncing = false }
    func save() {}
}
