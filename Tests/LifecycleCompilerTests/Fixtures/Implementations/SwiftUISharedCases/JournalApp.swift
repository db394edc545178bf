import SwiftUI

@main
struct JournalApp: App {
    @Environment(\.scenePhase) private var scenePhase
    @State private var journal = Journal()
    @State private var lastChange = Date.distantPast

    var body: some Scene {
        WindowGroup {
            JournalView(journal: journal)
        }
        .onChange(of: scenePhase) { oldPhase, newPhase in
            switch (oldPhase, newPhase) {
            case (.inactive, .active):
                journal.resume()
            case (.active, .inactive), (.background, .inactive):
                // One body for both: pausing here cannot tell an interruption from a return.
                journal.pause()
            case (_, .background):
                journal.save()
            default:
                break
            }
            if !(oldPhase == .background && newPhase == .inactive) {
                lastChange = .now
            }
        }
    }
}
