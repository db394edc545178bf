// The umbrella module: `import LifecycleCompiler` gives every stage of the compiler, as one
// module did before the stages became targets of their own (Architecture.md, "Code map").
@_exported import LifecycleSource
@_exported import LifecycleSyntax
@_exported import LifecycleXML
@_exported import LifecycleModel
@_exported import LifecycleChecking
@_exported import LifecycleQueries
@_exported import LifecycleConformance
@_exported import LifecycleGeneration
@_exported import LifecycleImplementation
@_exported import LifecycleLanguageServer
