import UIKit

// expected-error@+5 {{'AppDelegate' does not adopt the scene life cycle: built with the iOS 27 SDK, the app will not launch}}
// expected-note@+4 {{the deployment target is iOS 27.0: the app is built with the iOS 27 SDK or later}}
// expected-note@+3 {{no Info.plist was given; if the app's declares a 'UIApplicationSceneManifest', pass it with '--info-plist'}}
// expected-note@+2 {{adopt scenes in one of two ways: declare a 'UIApplicationSceneManifest' in Info.plist, or return a configuration from 'application(_:configurationForConnecting:options:)'}}
// expected-note@+1 {{'lifecycle migrate AppDelegate+Launch.swift AppDelegate.swift -o SceneDelegate.swift' writes the scene delegate, the configuration and the manifest}}
final class AppDelegate: UIResponder {
    var window: UIWindow?
}
