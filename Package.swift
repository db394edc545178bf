// swift-tools-version:6.0
// The `lifecycle` compiler: a library holding every stage (no I/O), a thin command-line
// executable, and a benchmark driver. No package dependencies: only what the toolchain ships.
import PackageDescription

let package = Package(
    name: "lifecycle",
    products: [
        .executable(name: "lifecycle", targets: ["lifecycle"]),
        .library(name: "LifecycleCompiler", targets: ["LifecycleCompiler"]),
    ],
    targets: [
        .target(name: "LifecycleCompiler"),
        .executableTarget(name: "lifecycle", dependencies: ["LifecycleCompiler"]),
        .testTarget(
            name: "LifecycleCompilerTests",
            dependencies: ["LifecycleCompiler"],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "LifecycleCLITests",
            // Depends on the executable so that `swift test` builds it; the tests run the binary.
            dependencies: ["LifecycleCompiler", "lifecycle"],
            exclude: ["Fixtures"]
        ),
    ]
)
