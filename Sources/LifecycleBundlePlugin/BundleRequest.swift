/// The bundle command's arguments: `[--output-dir DIR] [--include OTHER.artifactbundle]...`.
struct BundleRequest {
    /// A usage problem or a failed step, shown by SwiftPM as the plugin's error.
    struct Failure: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    static let usage = "usage: swift package --allow-writing-to-package-directory lifecycle-bundle [--output-dir <dir>] [--include <other.artifactbundle>]..."

    /// Where the bundle, its zip and checksum go, relative to the package (or absolute).
    var outputDirectory = ".build/artifactbundle"
    /// Bundles built on other hosts whose variants join this one (a Mac's universal binary
    /// beside Linux's static one).
    var includes: [String] = []

    init(_ arguments: [String]) throws {
        var index = 0
        func value(of option: String) throws -> String {
            index += 1
            guard index < arguments.count else { throw Failure(message: "'\(option)' needs a value\n\(Self.usage)") }
            return arguments[index]
        }
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "--output-dir": outputDirectory = try value(of: argument)
            case "--include": includes.append(try value(of: argument))
            default: throw Failure(message: "unknown argument '\(argument)'; expected --output-dir or --include\n\(Self.usage)")
            }
            index += 1
        }
    }
}
