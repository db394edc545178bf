#if canImport(UIKit)
import UIKit
#elseif canImport(AppKit)
import AppKit
#endif
#if DEBUG
@testable import Foundation
#endif

#if os(iOS) || os(tvOS) // a comment after the condition
typealias PlatformColor = UIColor
#else
typealias PlatformColor = NSColor
#endif

class DirectiveHolder: NSObject {
#if DEBUG
    var debugName = "debug"
    #if targetEnvironment(simulator)
    func simulatorOnly() {}
    #elseif arch(arm64) && !targetEnvironment(macCatalyst)
    func deviceOnly() {}
    #else
    func otherwise() {}
    #endif
#elseif swift(>=5.9)
    func modernRelease() {}
#else
    func legacy() {}
#endif

#if compiler(>=6.0) && canImport(SwiftUI) // && a comment, not more condition
    func conditionWithComment() {}
#endif

#if (os(iOS) && !os(watchOS)) || (hasFeature(StrictConcurrency) /* feature */ && DEBUG)
    func parenthesised() {}
#endif

    func bodyDirectives(_ value: Int) -> Int {
        #if DEBUG
        print("debug \(value)")
        #endif
        switch value {
        case 0:
            return 0
        #if os(iOS)
        case 1:
            return 1
        #endif
        default:
            return value
        }
    }

#if false
    func neverCompiled() { print("kept for reference") }
#endif
}

#if canImport(SwiftUI)
import SwiftUI

struct DirectiveView: View {
    var body: some View {
        Text("hello")
            #if os(iOS)
            .navigationBarTitleDisplayMode(.inline)
            #elseif os(macOS)
            .frame(minWidth: 300)
            #endif
            .padding()
    }
}
#endif
