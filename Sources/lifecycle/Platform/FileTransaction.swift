#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import LifecycleCompiler

/// Writes several files all or nothing, as package managers install: every target is checked
/// first, every new content is staged next to its file and flushed to disk, and only then are
/// they renamed into place together; a failure at any step puts back every file already
/// replaced, so each file is byte for byte what it was. `migrate --update` writes the scene
/// delegate, the app delegate and Info.plist through one.
///
/// 1. **Check** (nothing written): no target is a directory, a device or a read-only file, its
///    folder takes new files, a symbolic link does not lead outside `project`, no file is
///    written twice, and each file still holds the bytes the command read (`expecting`).
/// 2. **Stage**: each content goes to a temporary file in its target's folder (`mkstemps`),
///    with the old file's owner, group and mode, flushed (`fsync`).
/// 3. **Keep**: each existing target gets a second name (a hard link, else a flushed copy),
///    so that it can be put back.
/// 4. **Rename**, in order, with SIGINT, SIGTERM and SIGHUP held until the last rename or the
///    roll-back is done; a file with other hard links, or whose owner the new file could not
///    be given, is written in place last (as `FileSystem.writeAtomically` does), and put back
///    in place on failure.
/// 5. The kept names are removed, and each folder is flushed.
///
/// Tests make the Nth step of stages 2 to 4 fail with `LIFECYCLE_FAIL_WRITE=N` (counted from
/// 1 over the whole transaction), and check that every file is as it was.
struct FileTransaction {
    struct Failure: Error {
        /// The file the failure is about.
        var path: String
        var message: String
        /// Files that could not be put back, each with where its old content is.
        var notRestored: [(path: String, keptAt: String)] = []
    }

    /// One file to write.
    struct Change {
        /// As the command was given it (for messages).
        var path: String
        var bytes: [UInt8]
        /// What the file must still hold when the transaction commits (nil: it must not
        /// exist), or `.anything` for a file the command did not read.
        var expecting: Expectation
    }

    enum Expectation {
        case bytes([UInt8]?)
        case anything
    }

    private(set) var changes: [Change] = []
    /// The folder no symbolic link may lead out of (real path); nil: anywhere.
    var project: String?

    init(project: String? = nil) {
        self.project = project
    }

    /// The deepest folder holding every one of `paths` (their folders' real paths): what a
    /// command that edits the files it was given calls its project.
    static func project(containing paths: [String]) -> String? {
        var common: [Substring]?
        for path in paths {
            guard let folder = FileSystem.realPath(FileSystem.folder(of: path)) else { continue }
            let parts = folder.split(separator: "/")
            common = common.map { Array(zip($0, parts).prefix { $0 == $1 }.map(\.0)) } ?? parts
        }
        return common.map { "/" + $0.joined(separator: "/") }
    }

    /// Adds a file to write; `expecting` is what it must still hold at `commit()`.
    mutating func write(_ bytes: [UInt8], to path: String, expecting: Expectation) {
        changes.append(Change(path: path, bytes: bytes, expecting: expecting))
    }

    /// A change as it is carried out: where it really goes, and what was there.
    private struct Step {
        var change: Change
        var destination: String
        var existing: stat?
        /// The content the file held (for an in-place write's roll-back).
        var old: [UInt8]?
        var inPlace: Bool
        var staged: FileSystem.TemporaryFile?
        /// The second name of the old file while the transaction runs.
        var kept: String?
        var done = false
    }

    /// Carries out every change, or none.
    func commit() -> Result<Void, Failure> {
        var steps: [Step] = []
        // 1. Check.
        for change in changes {
            switch check(change, after: steps) {
            case .failure(let failure): return .failure(failure)
            case .success(let step): steps.append(step)
            }
        }
        var faults = FaultInjection.fromEnvironment
        func cleanUp() {
            for step in steps {
                if let staged = step.staged { FileSystem.remove(staged.path); staged.release() }
                if let kept = step.kept { FileSystem.remove(kept) }
            }
        }
        // 2. Stage.
        for index in steps.indices where !steps[index].inPlace {
            switch stage(&steps[index], faults: &faults) {
            case .success: continue
            case .failure(let failure):
                cleanUp()
                return .failure(failure)
            }
        }
        // 3 and 4, signals held: no interruption between the first rename and the last (or the
        // roll-back), where it would leave some files new and some old.
        let result: Result<Void, Failure> = Interruption.holdingSignals {
            for index in steps.indices where steps[index].existing != nil && !steps[index].inPlace {
                if let failure = keep(&steps[index], faults: &faults) {
                    return .failure(failure)
                }
            }
            let order = steps.indices.filter { !steps[$0].inPlace } + steps.indices.filter { steps[$0].inPlace }
            for index in order {
                let step = steps[index]
                let failed: Int32? = faults.next()
                    ?? (step.inPlace ? FileSystem.writeInPlace(step.change.bytes, to: step.destination)
                        : FileSystem.place(step.staged!.path, over: step.destination))
                if let code = failed {
                    let failure = Failure(path: step.change.path, message: FaultInjection.describe(code))
                    return .failure(rollBack(&steps, failure))
                }
                steps[index].done = true
                if !step.inPlace { steps[index].staged?.release() }
            }
            return .success(())
        }
        if case .failure(let failure) = result {
            // What could not be put back keeps its second name.
            let kept = Set(failure.notRestored.map(\.keptAt))
            for step in steps {
                if let staged = step.staged, !step.done { FileSystem.remove(staged.path); staged.release() }
                if let name = step.kept, !kept.contains(name) { FileSystem.remove(name) }
            }
            return .failure(failure)
        }
        // 5. Done: the old files' second names go, and the folders are flushed.
        for step in steps {
            if let kept = step.kept { FileSystem.remove(kept) }
        }
        var folders: [String] = []
        for step in steps where !folders.contains(FileSystem.folder(of: step.destination)) {
            folders.append(FileSystem.folder(of: step.destination))
        }
        for folder in folders { FileSystem.flushFolder(folder) }
        return .success(())
    }

    /// Stage 1 for one change: where it goes, and whether it can.
    private func check(_ change: Change, after earlier: [Step]) -> Result<Step, Failure> {
        func fail(_ message: String) -> Result<Step, Failure> { .failure(Failure(path: change.path, message: message)) }
        switch FileSystem.kind(of: change.path) {
        case .directory: return fail("is a directory")
        case .special: return fail("is not a regular file")
        case .missing, .regular: break
        }
        let destination = FileSystem.resolvingLinks(change.path)
        if let project, let folder = FileSystem.realPath(FileSystem.folder(of: destination)),
           folder != project && !folder.hasPrefix(project == "/" ? "/" : project + "/") {
            return fail("leads to '\(destination)' through a symbolic link, outside '\(project)', the folder of the files given; not writing through it")
        }
        if earlier.contains(where: { $0.destination == destination }) {
            return fail("is written twice by this command")
        }
        var info = stat()
        let exists = withSystemPath(destination, { stat($0, &info) }) == 0
        var step = Step(change: change, destination: destination, existing: exists ? info : nil, old: nil, inPlace: false)
        if exists {
            let mode = info.st_mode & 0o7777
            if mode & 0o222 == 0 || withSystemPath(destination, { access($0, W_OK) }) != 0 {
                return fail("the file is read-only (mode \(String(mode, radix: 8)))")
            }
            step.inPlace = info.st_nlink > 1 || info.st_uid != geteuid() && geteuid() != 0
        }
        let folder = FileSystem.folder(of: destination)
        if !step.inPlace && withSystemPath(folder, { access($0, W_OK | X_OK) }) != 0 {
            return fail("cannot create files in its folder '\(folder)': \(Terminal.describe(errno: errno))")
        }
        // The file is as the command read it: nobody changed it meanwhile.
        switch FileSystem.contents(of: destination) {
        case .failure(let failure):
            return fail("cannot read the existing file: \(failure.message)")
        case .success(let current):
            step.old = current
            if case .bytes(let expected) = change.expecting, current != expected {
                return fail(expected == nil ? "was created while lifecycle ran" : "changed while lifecycle ran")
            }
        }
        return .success(step)
    }

    /// Stage 2 for one change: the new content, flushed, in a temporary file next to it.
    private func stage(_ step: inout Step, faults: inout FaultInjection) -> Result<Void, Failure> {
        let path = step.change.path
        let file: FileSystem.TemporaryFile
        switch FileSystem.TemporaryFile.make(nextTo: step.destination) {
        case .failure(let failure): return .failure(Failure(path: path, message: failure.message))
        case .success(let made): file = made
        }
        step.staged = file
        let fd = file.fd
        func fail(_ code: Int32) -> Result<Void, Failure> {
            file.close()
            return .failure(Failure(path: path, message: FaultInjection.describe(code)))
        }
        if let existing = step.existing {
            var made = stat()
            if fstat(fd, &made) == 0, made.st_uid != existing.st_uid || made.st_gid != existing.st_gid {
                _ = fchown(fd, existing.st_uid, existing.st_gid)
            }
        }
        if let code = faults.next() { return fail(code) }
        if let code = step.change.bytes.withUnsafeBufferPointer({ FileSystem.writeAll($0, to: fd) }) { return fail(code) }
        let mode: mode_t = step.existing.map { $0.st_mode & 0o7777 } ?? 0o644 & ~FileSystem.currentUmask()
        fchmod(fd, mode)
        if fsync(fd) != 0 { return fail(errno) }
        if systemClose(fd) != 0 { return .failure(Failure(path: path, message: Terminal.describe(errno: errno))) }
        return .success(())
    }

    /// Stage 3 for one change: a second name for the old file (a hard link; a flushed copy
    /// where the file system has none).
    private func keep(_ step: inout Step, faults: inout FaultInjection) -> Failure? {
        let path = step.change.path
        if let code = faults.next() { return Failure(path: path, message: FaultInjection.describe(code)) }
        switch FileSystem.TemporaryFile.make(nextTo: step.destination, suffix: ".kept") {
        case .failure(let failure):
            return Failure(path: path, message: failure.message)
        case .success(let made):
            made.close()
            made.release()
            // The name is free again for a moment: a link cannot replace a file.
            FileSystem.remove(made.path)
            if withSystemPaths(step.destination, made.path, { link($0, $1) }) == 0 {
                step.kept = made.path
                return nil
            }
            // No hard links here: a copy, flushed, with the old file's mode.
            guard let old = step.old,
                  case .success = FileSystem.writeCopy(old, to: made.path, mode: step.existing!.st_mode & 0o7777) else {
                FileSystem.remove(made.path)
                return Failure(path: path, message: "cannot keep a copy of the file to put it back on failure: \(Terminal.describe(errno: errno))")
            }
            step.kept = made.path
            return nil
        }
    }

    /// Puts back every file already replaced, newest first; says which could not be.
    private func rollBack(_ steps: inout [Step], _ failure: Failure) -> Failure {
        var failure = failure
        for index in steps.indices.reversed() where steps[index].done {
            let step = steps[index]
            let restored: Bool
            if step.inPlace {
                restored = FileSystem.writeInPlace(step.old ?? [], to: step.destination) == nil
            } else if let kept = step.kept {
                restored = FileSystem.place(kept, over: step.destination) == nil
                if restored { steps[index].kept = nil }
            } else {
                // The file did not exist: the new one goes.
                restored = withSystemPath(step.destination, { unlink($0) }) == 0
            }
            if restored {
                steps[index].done = false
            } else {
                failure.notRestored.append((step.change.path, step.kept ?? step.destination))
            }
        }
        return failure
    }
}

/// `LIFECYCLE_FAIL_WRITE=N`: the Nth step of a `FileTransaction` (a staged write, a kept name,
/// a rename) fails as a full disk would, for the tests that check every file is left as it
/// was. Read once per transaction; without it, nothing fails on purpose.
struct FaultInjection {
    /// The step that fails (from 1), if any.
    var failing: Int?
    private var count = 0

    static let variable = "LIFECYCLE_FAIL_WRITE"

    static var fromEnvironment: FaultInjection {
        guard let value = getenv(variable).map({ String(cString: $0) }), let step = Int(value), step > 0 else {
            return FaultInjection(failing: nil)
        }
        return FaultInjection(failing: step)
    }

    /// Counts a step; the error it fails with when it is the one.
    mutating func next() -> Int32? {
        count += 1
        return count == failing ? EIO : nil
    }

    /// An errno as a message, saying when the failure was injected.
    static func describe(_ code: Int32) -> String {
        Terminal.describe(errno: code) + (getenv(variable) != nil && code == EIO ? " (\(variable))" : "")
    }
}
