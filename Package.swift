// swift-tools-version:6.1
// The `lifecycle` compiler: a library holding every stage (no I/O), a thin command-line
// executable, and a benchmark driver. No package dependencies: only what the toolchain ships.
import PackageDescription

let package = Package(
    name: "lifecycle",
    // The command-line tool, the library and the plugins need nothing newer than macOS 13.
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "lifecycle", targets: ["lifecycle"]),
        .library(name: "LifecycleCompiler", targets: ["LifecycleCompiler"]),
        // `plugins: [.plugin(name: "LifecyclePlugin", package: "lifecycle")]` checks a target's specs in its build.
        .plugin(name: "LifecyclePlugin", targets: ["LifecyclePlugin"]),
        // `swift package lifecycle …` regenerates committed skeletons and diagrams.
        .plugin(name: "LifecycleCommandPlugin", targets: ["LifecycleCommandPlugin"]),
    ],
    targets: [
        // The compiler's stages, one library target each, in the order they depend on each other
        // (LifecycleCompiler.docc/Architecture.md, "Code map"): a target imports only those
        // before it, so a use against the line does not compile. None does I/O.
        .target(name: "LifecycleSource"),
        .target(name: "LifecycleSyntax", dependencies: ["LifecycleSource"]),
        .target(name: "LifecycleXML", dependencies: ["LifecycleSource"]),
        .target(name: "LifecycleModel", dependencies: ["LifecycleSource", "LifecycleSyntax"]),
        .target(name: "LifecycleChecking", dependencies: ["LifecycleSource", "LifecycleSyntax", "LifecycleXML", "LifecycleModel"]),
        .target(name: "LifecycleQueries", dependencies: ["LifecycleSource", "LifecycleModel"]),
        .target(name: "LifecycleConformance", dependencies: ["LifecycleSource", "LifecycleSyntax", "LifecycleModel"]),
        .target(name: "LifecycleGeneration", dependencies: ["LifecycleSource", "LifecycleSyntax", "LifecycleXML", "LifecycleModel",
                                                            "LifecycleChecking", "LifecycleQueries", "LifecycleConformance"]),
        .target(name: "LifecycleImplementation", dependencies: ["LifecycleSource", "LifecycleSyntax", "LifecycleXML", "LifecycleModel",
                                                                "LifecycleChecking", "LifecycleGeneration"]),
        .target(name: "LifecycleLanguageServer", dependencies: ["LifecycleSource", "LifecycleSyntax", "LifecycleModel", "LifecycleChecking"]),
        // The umbrella the executable, the benchmark and the catalog generator import: it re-exports
        // every stage and holds the documentation catalog.
        .target(name: "LifecycleCompiler", dependencies: ["LifecycleSource", "LifecycleSyntax", "LifecycleXML", "LifecycleModel",
                                                          "LifecycleChecking", "LifecycleQueries", "LifecycleConformance",
                                                          "LifecycleGeneration", "LifecycleImplementation", "LifecycleLanguageServer"]),
        // glibc's <malloc.h> for `mallopt`; compiles nothing (Sources/GlibcMalloc).
        .systemLibrary(name: "GlibcMalloc"),
        // Release builds for installing: `swift build -c release -Xswiftc -static-executable`
        // links everything in, so that start-up loads and relocates no shared library
        // (LifecycleCompiler.docc/Performance.md, "Start-up"). It is a build flag rather than `unsafeFlags` here, so the
        // package stays usable as a dependency.
        .executableTarget(
            name: "lifecycle",
            dependencies: ["LifecycleCompiler", .target(name: "GlibcMalloc", condition: .when(platforms: [.linux]))]
        ),
        // Runs `lifecycle check` on each spec of a target, and its delegates against the target's
        // Swift files, as build commands (README, "In Xcode and SwiftPM builds"). The two plugins'
        // sources live in Examples/BinaryPlugins, the package that runs them on a prebuilt
        // `lifecycle` instead: one source for both packages (the Plugins article, "Prebuilt").
        .plugin(
            name: "LifecyclePlugin",
            capability: .buildTool(),
            dependencies: ["lifecycle"],
            path: "Examples/BinaryPlugins/Plugins/LifecyclePlugin"
        ),
        .plugin(
            name: "LifecycleCommandPlugin",
            capability: .command(
                intent: .custom(verb: "lifecycle",
                                description: "Regenerate the Swift delegate skeletons, diagrams and DOT files of the package's specs"),
                permissions: [.writeToPackageDirectory(
                    reason: "Writes each spec's Swift skeleton (adding only missing callbacks to an existing file) and its diagram beside the spec")]
            ),
            dependencies: ["lifecycle"],
            path: "Examples/BinaryPlugins/Plugins/LifecycleCommandPlugin"
        ),
        // `swift package --allow-writing-to-package-directory lifecycle-bundle`: builds `lifecycle`
        // in release for this host and writes `lifecycle.artifactbundle`, its zip and the zip's
        // checksum, for a `binaryTarget` (Examples/BinaryPlugins).
        .plugin(
            name: "LifecycleBundlePlugin",
            capability: .command(
                intent: .custom(verb: "lifecycle-bundle",
                                description: "Build lifecycle in release and write it as an artifact bundle, zipped, with its checksum"),
                permissions: [.writeToPackageDirectory(reason: "Writes lifecycle.artifactbundle, its zip and checksum (default: into .build/artifactbundle)")]
            ),
            path: "Sources/LifecycleBundlePlugin"
        ),
        // Seeded random numbers and synthetic specs, shared by the benchmark and the tests (no I/O).
        .target(name: "SpecGeneration"),
        // Not run by `swift test`: `swift run -c release lifecycle-bench` (see Sources/LifecycleBench/README.md).
        .executableTarget(
            name: "lifecycle-bench",
            dependencies: ["LifecycleCompiler", "SpecGeneration"],
            path: "Sources/LifecycleBench",
            exclude: ["README.md"]
        ),
        // The UIKit catalog's generator, for maintainers: reads Apple's symbol graphs and writes
        // Sources/LifecycleCompiler/Checking/Catalog/UIKitCatalog.swift, which is committed, so
        // the build never needs the graphs. `swift run lifecycle-catalog` (Sources/CatalogGenerator/README.md).
        .target(name: "CatalogGeneration", dependencies: ["LifecycleCompiler"]),
        .executableTarget(
            name: "lifecycle-catalog",
            dependencies: ["CatalogGeneration"],
            path: "Sources/CatalogGenerator",
            exclude: ["README.md"]
        ),
        .testTarget(
            name: "LifecycleCompilerTests",
            dependencies: ["LifecycleCompiler", "SpecGeneration", "CatalogGeneration"],
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
