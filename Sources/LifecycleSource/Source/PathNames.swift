/// File names taken apart as text, the one way the library and the command line do it (the
/// library does no I/O, so these never look at the file system).
public enum PathNames {
    /// The part of `path` after its last `/` (`Examples/Scene.lifecycle` → `Scene.lifecycle`);
    /// trailing slashes are ignored, and a path of slashes only is returned as is.
    public static func lastComponent(_ path: String) -> String {
        String(path.split(separator: "/").last ?? Substring(path))
    }

    /// The last component without the file extension `suffix` (such as `.lifecycle`), when it
    /// has it.
    public static func lastComponent(_ path: String, dropping suffix: String) -> String {
        let last = lastComponent(path)
        return last.hasSuffix(suffix) ? String(last.dropLast(suffix.count)) : last
    }
}
