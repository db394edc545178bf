//
//  SwiftUIAppApp.swift
//  SwiftUIApp
//

import SwiftUI

@main
struct SwiftUIAppApp: App {
    // Added to the template: an app delegate for push notifications.
    @UIApplicationDelegateAdaptor(AppDelegate.self) var appDelegate

    var body: some Scene {
        WindowGroup {
            ContentView()
        }
    }
}
