#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

exit(LifecycleTool.main(Array(CommandLine.arguments.dropFirst())).rawValue)
