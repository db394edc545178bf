// swift-tools-version:6.1
// lifecycle's two plugins on a prebuilt `lifecycle`: the build-tool plugin checks a target's
// specs in every build, the command plugin regenerates their outputs, and neither compiles the
// tool in the app's build. This is the package a team publishes (README.md here says how); its
// plugins' sources are the ones the lifecycle package builds from source (its Package.swift
// points at Plugins/), so the two cannot drift.
import PackageDescription

let package = Package(
    name: "lifecycle-plugins",
    products: [
        .plugin(name: "LifecyclePlugin", targets: ["LifecyclePlugin"]),
        .plugin(name: "LifecycleCommandPlugin", targets: ["LifecycleCommandPlugin"]),
    ],
    targets: [
        // The artifact bundle `swift package --allow-writing-to-package-directory lifecycle-bundle
        // --output-dir Examples/BinaryPlugins` writes here (not committed). Published, it is
        //     .binaryTarget(name: "lifecycle", url: "https://…/lifecycle.artifactbundle.zip",
        //                   checksum: "<lifecycle.artifactbundle.zip.sha256>"),
        .binaryTarget(name: "lifecycle", path: "lifecycle.artifactbundle.zip"),
        .plugin(
            name: "LifecyclePlugin",
            capability: .buildTool(),
            dependencies: ["lifecycle"],
            path: "Plugins/LifecyclePlugin"
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
            path: "Plugins/LifecycleCommandPlugin"
        ),
    ]
)
