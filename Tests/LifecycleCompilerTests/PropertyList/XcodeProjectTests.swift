import Foundation
import Testing
import LifecycleCompiler

/// Reading an Xcode project's targets and build settings (`XcodeProject`), and what an app
/// target's settings say about its Info.plist and deployment target (`XcodeAppTarget`), on the
/// fixture projects written after Xcode's templates and on small projects that vary one setting.
@Suite struct XcodeProjectTests {
    static let fixtures = Repository.root.appendingPathComponent("Tests/LifecycleCLITests/Fixtures/Xcode")

    static func project(_ relative: String) throws -> XcodeProject {
        let files = SourceFiles()
        let file = files.add(path: "project.pbxproj", bytes: Array(try Data(contentsOf: fixtures.appendingPathComponent(relative))))
        let (project, diagnostics) = XcodeProject.read(file)
        #expect(diagnostics.isEmpty, "\(diagnostics.all.map(\.message))")
        return try #require(project)
    }

    static func app(_ relative: String, name: String) throws -> XcodeAppTarget {
        let project = try project(relative)
        let target = try XcodeAppTarget.choose(nil, in: project, projectName: name).get()
        let (settings, diagnostics) = project.buildSettings(of: target)
        #expect(diagnostics.isEmpty)
        return XcodeAppTarget(projectName: name, target: target.name, settings: try #require(settings))
    }

    /// A one-target project whose target's Release configuration sets `targetSettings`, its
    /// project's `projectSettings`.
    static func small(target targetSettings: String, project projectSettings: String = "SDKROOT = iphoneos; IPHONEOS_DEPLOYMENT_TARGET = 17.0;",
                      extraObjects: String = "", targetConfiguration: String = "") -> XcodeAppTarget? {
        let text = """
        // !$*UTF8*$!
        { objects = {
            P = { isa = PBXProject; buildConfigurationList = PL; targets = ( T ); };
            PL = { isa = XCConfigurationList; buildConfigurations = ( PR ); defaultConfigurationName = Release; };
            PR = { isa = XCBuildConfiguration; buildSettings = { \(projectSettings) }; name = Release; };
            T = { isa = PBXNativeTarget; name = Notes; buildConfigurationList = TL; productType = "com.apple.product-type.application"; };
            TL = { isa = XCConfigurationList; buildConfigurations = ( TD, TR ); defaultConfigurationName = Release; };
            TD = { isa = XCBuildConfiguration; buildSettings = { INFOPLIST_FILE = Debug.plist; }; name = Debug; };
            TR = { isa = XCBuildConfiguration; \(targetConfiguration) buildSettings = { \(targetSettings) }; name = Release; };
            \(extraObjects)
          };
          rootObject = P; }
        """
        let files = SourceFiles()
        let (project, _) = XcodeProject.read(files.add(path: "project.pbxproj", bytes: Array(text.utf8)))
        guard let project, let target = project.targets.first else { return nil }
        guard let settings = project.buildSettings(of: target).0 else { return nil }
        return XcodeAppTarget(projectName: "Notes.xcodeproj", target: target.name, settings: settings)
    }

    @Test func targetsOfTheSwiftUITemplate() throws {
        let project = try Self.project("SwiftUIApp/SwiftUIApp.xcodeproj/project.pbxproj")
        #expect(project.targets.map(\.name) == ["SwiftUIApp", "SwiftUIAppTests", "SwiftUIAppUITests"])
        #expect(project.targets.map(\.isApplication) == [true, false, false])
        // The only application target is chosen by default; a test target by name.
        #expect(try XcodeAppTarget.choose(nil, in: project, projectName: "SwiftUIApp.xcodeproj").get().name == "SwiftUIApp")
        #expect(try XcodeAppTarget.choose("SwiftUIAppTests", in: project, projectName: "SwiftUIApp.xcodeproj").get().name == "SwiftUIAppTests")
        guard case .failure(let problem) = XcodeAppTarget.choose("SwiftUIAp", in: project, projectName: "SwiftUIApp.xcodeproj") else {
            Issue.record("an unknown target was chosen")
            return
        }
        #expect(problem.message == "no target 'SwiftUIAp' in 'SwiftUIApp.xcodeproj'; did you mean 'SwiftUIApp'?")
        #expect(problem.note == "its targets: 'SwiftUIApp', 'SwiftUIAppTests', 'SwiftUIAppUITests'")
    }

    /// Each template's settings: the target's win over the project's, the default
    /// configuration is read, the deployment target becomes the platform.
    @Test func theTemplatesSettings() throws {
        let swiftUI = try Self.app("SwiftUIApp/SwiftUIApp.xcodeproj/project.pbxproj", name: "SwiftUIApp.xcodeproj")
        #expect(swiftUI.settings.configuration == "Release")
        #expect(swiftUI.generatedSceneManifest?.value == "YES")
        #expect(swiftUI.infoPlistFile == nil)
        #expect(swiftUI.platform.map { "\($0.0)" } == "iOS 26.2")
        #expect(swiftUI.settings["SWIFT_COMPILATION_MODE"]?.value == "wholemodule", "the project's Release settings")
        #expect(swiftUI.settings["LD_RUNPATH_SEARCH_PATHS"]?.value == "$(inherited) @executable_path/Frameworks")

        let uikit = try Self.app("UIKitApp/UIKitApp.xcodeproj/project.pbxproj", name: "UIKitApp.xcodeproj")
        #expect(uikit.generatesInfoPlist != nil)
        #expect(uikit.generatedSceneManifest == nil)
        #expect(uikit.infoPlistPath().0 == "UIKitApp/Info.plist")

        let legacy = try Self.app("LegacyApp/LegacyApp.xcodeproj/project.pbxproj", name: "LegacyApp.xcodeproj")
        #expect(legacy.generatesInfoPlist == nil)
        #expect(legacy.infoPlistPath().0 == "LegacyApp/Info.plist")
        #expect(legacy.platform.map { "\($0.0)" } == "iOS 12.0")

        let moved = try Self.app("GeneratedWithoutManifest/Recipes.xcodeproj/project.pbxproj", name: "Recipes.xcodeproj")
        #expect(moved.generatesInfoPlist != nil && moved.generatedSceneManifest == nil && moved.infoPlistFile == nil)
        #expect(moved.platform.map { "\($0.0)" } == "iOS 27.0")
    }

    /// `INFOPLIST_KEY_…` settings count only when Xcode generates the Info.plist.
    @Test func generatedKeysNeedGenerateInfoPlistFile() throws {
        let ignored = try #require(Self.small(target: "GENERATE_INFOPLIST_FILE = NO; INFOPLIST_KEY_UIApplicationSceneManifest_Generation = YES;"))
        #expect(ignored.generatedSceneManifest == nil)
        #expect(ignored.sceneManifestSetting?.isYes == true)
        let generated = try #require(Self.small(target: "GENERATE_INFOPLIST_FILE = YES; INFOPLIST_KEY_UIApplicationSceneManifest_Generation = YES;"))
        #expect(generated.generatedSceneManifest != nil)
        let off = try #require(Self.small(target: "GENERATE_INFOPLIST_FILE = YES; INFOPLIST_KEY_UIApplicationSceneManifest_Generation = NO;"))
        #expect(off.generatedSceneManifest == nil)
    }

    @Test func infoPlistPathsExpandXcodesVariables() throws {
        func path(_ value: String, extra: String = "") -> String? {
            Self.small(target: "INFOPLIST_FILE = \"\(value)\"; \(extra)")?.infoPlistPath().0
        }
        #expect(path("$(SRCROOT)/Notes/Info.plist") == "Notes/Info.plist")
        #expect(path("${PROJECT_DIR}/Support/$(TARGET_NAME)-Info.plist") == "Support/Notes-Info.plist")
        #expect(path("$(PROJECT_NAME)/$(PRODUCT_NAME).plist", extra: "PRODUCT_NAME = NotesApp;") == "Notes/NotesApp.plist")
        #expect(path("$(PRODUCT_NAME).plist") == "Notes.plist", "PRODUCT_NAME defaults to the target's name")
        #expect(path("./Notes/Info.plist") == "Notes/Info.plist")
        #expect(path("/absolute/Info.plist") == "/absolute/Info.plist")
        let unknown = try #require(Self.small(target: "INFOPLIST_FILE = \"$(CONFIGURATION)/Info.plist\";"))
        let (none, diagnostics) = unknown.infoPlistPath()
        #expect(none == nil)
        #expect(diagnostics.all.map(\.message) == ["cannot expand '$(CONFIGURATION)' in 'INFOPLIST_FILE'; pass the Info.plist with '--info-plist'"])
        #expect(diagnostics.all.first?.severity == .warning)
    }

    @Test func deploymentTargetsOfEachSDK() {
        func platform(_ settings: String) -> String? {
            Self.small(target: "", project: settings)?.platform.map { "\($0.0)" }
        }
        #expect(platform("SDKROOT = iphoneos; IPHONEOS_DEPLOYMENT_TARGET = 15.4;") == "iOS 15.4")
        #expect(platform("SDKROOT = macosx; MACOSX_DEPLOYMENT_TARGET = 14.0;") == "macOS 14.0")
        #expect(platform("SDKROOT = xros; XROS_DEPLOYMENT_TARGET = 2.0;") == "visionOS 2.0")
        #expect(platform("SDKROOT = appletvos; TVOS_DEPLOYMENT_TARGET = 17.0;") == "tvOS 17.0")
        #expect(platform("SDKROOT = auto; SUPPORTED_PLATFORMS = \"iphoneos iphonesimulator macosx\"; IPHONEOS_DEPLOYMENT_TARGET = 18.0; MACOSX_DEPLOYMENT_TARGET = 15.0;") == "iOS 18.0")
        #expect(platform("SDKROOT = iphoneos;") == nil, "no deployment target set: none assumed")
        #expect(platform("SDKROOT = iphoneos; IPHONEOS_DEPLOYMENT_TARGET = \"$(RECOMMENDED_IPHONEOS_DEPLOYMENT_TARGET)\";") == nil)
    }

    /// A configuration based on an `.xcconfig` file names it: its settings are not read.
    @Test func xcconfigBasesAreNamed() throws {
        let based = try #require(Self.small(target: "GENERATE_INFOPLIST_FILE = YES;",
                                            extraObjects: "X = { isa = PBXFileReference; path = Shared/Release.xcconfig; };",
                                            targetConfiguration: "baseConfigurationReference = X;"))
        #expect(based.settings.baseConfigurations.map(\.name) == ["Shared/Release.xcconfig"])
    }

    @Test func projectsThatAreNotProjectsGiveLocatedErrors() {
        func error(_ text: String) -> String? {
            let files = SourceFiles()
            let (project, diagnostics) = XcodeProject.read(files.add(path: "project.pbxproj", bytes: Array(text.utf8)))
            #expect(project == nil)
            return diagnostics.all.first?.message
        }
        #expect(error("( a )") == "expected a dictionary at the top in the Xcode project, found an array")
        #expect(error("{ rootObject = P; }") == "expected an 'objects' dictionary in the Xcode project, found none")
        #expect(error("{ objects = { }; }") == "expected a 'rootObject' in the Xcode project, found none")
        #expect(error("{ objects = { }; rootObject = P; }") == "the Xcode project refers to the project object 'P', which its 'objects' do not hold")
        #expect(error("{ objects = { P = { targets = ( T ); }; }; rootObject = P; }") == "the Xcode project refers to the target 'T', which its 'objects' do not hold")
    }
}
