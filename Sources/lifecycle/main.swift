Allocator.tuneForLargeInputs()
exitProcess(LifecycleTool.main(Array(CommandLine.arguments.dropFirst())).rawValue)
