Allocator.tuneForLargeInputs()
Terminal.prepareStandardStreams()
let status = LifecycleTool.main(ProcessArguments.decoded())
exitProcess(Terminal.finish(status).rawValue)
