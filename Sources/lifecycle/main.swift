Allocator.tuneForLargeInputs()
Terminal.prepareStandardStreams()
let status = LifecycleTool.main(Array(CommandLine.arguments.dropFirst()))
exitProcess(Terminal.finish(status).rawValue)
