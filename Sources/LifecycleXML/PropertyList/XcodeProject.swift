import LifecycleSource

/// An Xcode project's `project.pbxproj`, read as far as `check --xcodeproj` needs: its targets,
/// and a target's build settings in one configuration, each with its place in the file.
///
/// The file is an old-style property list (`OpenStepReader`) whose `objects` map identifiers to
/// objects, each with an `isa`: the `PBXProject` (`rootObject`) lists the targets
/// (`PBXNativeTarget`: `name`, `productType`, `buildConfigurationList`); an
/// `XCConfigurationList` lists its `XCBuildConfiguration`s (`name`, `buildSettings`) and names
/// the default one. A target's setting wins over the project's of the same configuration, as in
/// Xcode; settings from `.xcconfig` files (`baseConfigurationReference`) are not read, only
/// named (`BuildSettings.baseConfigurations`), so a caller can say so.
public struct XcodeProject: Sendable {
    public let file: SourceFile
    public let list: PropertyList
    /// The `PBXProject` object.
    let project: Int
    /// Object identifiers to their values.
    let objects: [String: Int]

    /// A target of the project, in the project's order.
    public struct Target: Sendable {
        public var name: String
        /// The target's `name` value.
        public var range: SourceRange
        /// `com.apple.product-type.application` for an app; nil for an aggregate target.
        public var productType: String?
        let object: Int

        public var isApplication: Bool { productType == "com.apple.product-type.application" }
    }

    public var targets: [Target] = []

    /// One build setting as a configuration's `buildSettings` writes it.
    public struct Setting: Sendable {
        public var name: String
        /// The value; a list's items joined with spaces, as Xcode reads them.
        public var value: String
        /// The value in the file.
        public var range: SourceRange
        /// Whether the target's configuration sets it (else the project's).
        public var isTargets: Bool

        /// Whether the value is one of Xcode's spellings of yes.
        public var isYes: Bool { ["YES", "yes", "TRUE", "true", "1"].contains(value) }
    }

    /// A target's build settings in one configuration: its own, then the project's.
    public struct BuildSettings: Sendable {
        /// The configuration (`Release`).
        public var configuration: String
        var target: [Setting]
        var project: [Setting]
        /// The `.xcconfig` files the two configurations are based on: their settings are not read.
        public var baseConfigurations: [(name: String, range: SourceRange)]

        /// The setting `name` (unconditional: `NAME[sdk=…]` is another name), the target's first.
        public subscript(name: String) -> Setting? {
            target.first { $0.name == name } ?? project.first { $0.name == name }
        }
    }

    /// Reads the project; nil and a located error when it is not a property list or not an
    /// Xcode project (no `objects`, no `rootObject`, a target that is not an object).
    public static func read(_ file: SourceFile) -> (XcodeProject?, Diagnostics) {
        var (list, diagnostics) = OpenStepReader.read(file)
        guard let list else { return (nil, diagnostics) }
        do {
            return (try XcodeProject(file: file, list: list), diagnostics)
        } catch {
            diagnostics.append(error.diagnostic)
            return (nil, diagnostics)
        }
    }

    struct Failure: Error {
        var diagnostic: Diagnostic
    }

    init(file: SourceFile, list: PropertyList) throws(Failure) {
        self.file = file
        self.list = list
        let root = list.values[list.root]
        guard root.kind == .dictionary else {
            throw Failure(diagnostic: .xcodeProjectExpected("a dictionary at the top", found: "an \(root.kind == .array ? "array" : "string")",
                                                            at: root.range))
        }
        guard let objectsValue = list.value(forKey: "objects", in: list.root), list.values[objectsValue].kind == .dictionary else {
            throw Failure(diagnostic: .xcodeProjectExpected("an 'objects' dictionary", found: "none", at: root.range))
        }
        var objects: [String: Int] = [:]
        for entry in list.values[objectsValue].entries where list.values[entry.value].kind == .dictionary {
            objects[entry.key] = entry.value
        }
        self.objects = objects
        guard let rootEntry = list.entry("rootObject", in: list.root) else {
            throw Failure(diagnostic: .xcodeProjectExpected("a 'rootObject'", found: "none", at: root.range))
        }
        self.project = try Self.object(rootEntry.value, in: list, objects: objects, as: "the project object")
        guard let targetList = list.value(forKey: "targets", in: project) else { return }
        for item in list.values[targetList].items {
            let target = try Self.object(item, in: list, objects: objects, as: "the target")
            guard let nameValue = list.value(forKey: "name", in: target) else { continue }
            targets.append(Target(name: list.values[nameValue].text, range: list.values[nameValue].range,
                                  productType: list.value(forKey: "productType", in: target).map { list.values[$0].text },
                                  object: target))
        }
    }

    /// The object a string value (an identifier) names.
    static func object(_ reference: Int, in list: PropertyList, objects: [String: Int], as what: String) throws(Failure) -> Int {
        let value = list.values[reference]
        guard value.kind == .string, let object = objects[value.text] else {
            throw Failure(diagnostic: .xcodeProjectMissingObject(value.text, referencedAs: what, at: value.range))
        }
        return object
    }

    /// The target's settings in `configuration`, or by default the configuration its
    /// configuration list names as default (Xcode's command-line builds and archives use it).
    /// Nil, with a located error, when the target has no such configuration.
    public func buildSettings(of target: Target, configuration: String? = nil) -> (BuildSettings?, Diagnostics) {
        var diagnostics = Diagnostics()
        do throws(Failure) {
            guard let targetList = list.value(forKey: "buildConfigurationList", in: target.object) else {
                throw Failure(diagnostic: .xcodeProjectExpected("a 'buildConfigurationList' for the target '\(target.name)'",
                                                                found: "none", at: target.range))
            }
            let targetConfigurations = try Self.object(targetList, in: list, objects: objects, as: "the configuration list")
            let name = configuration
                ?? list.value(forKey: "defaultConfigurationName", in: targetConfigurations).map { list.values[$0].text }
                ?? "Release"
            guard let targetConfiguration = try self.configuration(named: name, in: targetConfigurations) else {
                throw Failure(diagnostic: .xcodeProjectExpected("a configuration '\(name)' for the target '\(target.name)'",
                                                                found: "none", at: target.range))
            }
            var projectConfiguration: Int?
            if let projectList = list.value(forKey: "buildConfigurationList", in: project) {
                projectConfiguration = try self.configuration(named: name, in: try Self.object(projectList, in: list, objects: objects,
                                                                                                as: "the configuration list"))
            }
            var bases: [(name: String, range: SourceRange)] = []
            for configuration in [targetConfiguration, projectConfiguration].compactMap({ $0 }) {
                guard let reference = list.value(forKey: "baseConfigurationReference", in: configuration) else { continue }
                let referenceValue = list.values[reference]
                let fileReference = objects[referenceValue.text]
                let fileName = fileReference.flatMap { list.value(forKey: "path", in: $0) ?? list.value(forKey: "name", in: $0) }
                bases.append((fileName.map { list.values[$0].text } ?? referenceValue.text, referenceValue.range))
            }
            return (BuildSettings(configuration: name, target: settings(of: targetConfiguration, isTargets: true),
                                  project: projectConfiguration.map { settings(of: $0, isTargets: false) } ?? [],
                                  baseConfigurations: bases), diagnostics)
        } catch {
            diagnostics.append(error.diagnostic)
            return (nil, diagnostics)
        }
    }

    /// The `XCBuildConfiguration` named `name` in a configuration list.
    func configuration(named name: String, in configurationList: Int) throws(Failure) -> Int? {
        guard let configurations = list.value(forKey: "buildConfigurations", in: configurationList) else { return nil }
        for item in list.values[configurations].items {
            let configuration = try Self.object(item, in: list, objects: objects, as: "the build configuration")
            if let nameValue = list.value(forKey: "name", in: configuration), list.values[nameValue].text == name {
                return configuration
            }
        }
        return nil
    }

    /// A configuration's `buildSettings`, in the file's order.
    func settings(of configuration: Int, isTargets: Bool) -> [Setting] {
        guard let settings = list.value(forKey: "buildSettings", in: configuration) else { return [] }
        return list.values[settings].entries.map { entry in
            let value = list.values[entry.value]
            let text = value.kind == .array ? value.items.map { list.values[$0].text }.joined(separator: " ") : value.text
            return Setting(name: entry.key, value: text, range: value.range, isTargets: isTargets)
        }
    }
}
