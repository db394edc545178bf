import Foundation

/// The start-up peer: Ragel, whose start-up "is essentially the floor" of a process
/// here. `ragel -V` compiles a state chart and writes it as Graphviz, the closest thing Ragel
/// does to `lifecycle check` on a small spec. The chart is the scene lifecycle of
/// `Examples/SceneLifecycle.lifecycle`, one letter per event, so both tools read a machine of
/// the same size.
struct RagelPeer {
    static let chart = """
    %%{
      machine scene;
      main := (
        start: ( 'c' -> inactive | 'b' -> background ),
        inactive: ( 'a' -> active | 'l' -> background ),
        active: ( 'i' -> inactive | 'r' -> inactive ),
        background: ( 'f' -> inactive | 's' -> suspended | 'd' -> start ),
        suspended: ( 'w' -> background )
      );
    }%%

    """

    /// The command line to time.
    let command: [String]

    /// Nil when Ragel is not installed or the chart does not compile.
    init?(folder: String) {
        guard let ragel = ["/usr/bin/ragel", "/usr/local/bin/ragel"].first(where: {
            FileManager.default.isExecutableFile(atPath: $0)
        }) else { return nil }
        let input = folder + "/scene.rl"
        guard FileManager.default.createFile(atPath: input, contents: Data(Self.chart.utf8)) else { return nil }
        command = [ragel, "-V", input, "-o", folder + "/scene-ragel.dot"]
        guard Measure.run(command).status == 0 else { return nil }
    }
}
