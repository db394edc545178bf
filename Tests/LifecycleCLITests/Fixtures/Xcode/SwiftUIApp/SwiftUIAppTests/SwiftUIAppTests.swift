//
//  SwiftUIAppTests.swift
//  SwiftUIAppTests
//

import Testing
@testable import SwiftUIApp

struct SwiftUIAppTests {

    @Test func example() async throws {
        // Write your test here and use APIs like `#expect(...)` to check expected conditions.
    }
}
