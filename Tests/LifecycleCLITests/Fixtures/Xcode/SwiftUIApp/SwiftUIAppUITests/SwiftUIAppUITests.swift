//
//  SwiftUIAppUITests.swift
//  SwiftUIAppUITests
//

import XCTest

final class SwiftUIAppUITests: XCTestCase {

    @MainActor
    func testExample() throws {
        let app = XCUIApplication()
        app.launch()
    }
}
