// swift-tools-version:6.1
// A package that checks its lifecycle spec in every build and regenerates the spec's outputs
// with `swift package lifecycle`. It depends on the lifecycle package by relative path; a team
// would write `.package(url: "…/lifecycle.git", from: "0.4.0")` instead.
import PackageDescription

let package = Package(
    name: "PluginDemo",
    dependencies: [
        .package(name: "lifecycle", path: "../.."),
    ],
    targets: [
        .target(
            name: "Downloads",
            exclude: ["Download.svg"],
            plugins: [.plugin(name: "LifecyclePlugin", package: "lifecycle")]
        ),
        // The suite `lifecycle tests` generates from Download.lifecycle, and the driver that makes
        // DownloadTask do each event of the spec: `swift test` runs every path of the spec.
        .testTarget(name: "DownloadsTests", dependencies: ["Downloads"]),
    ]
)
