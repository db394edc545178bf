// The failure callback lives in an extension in its own file: the build-tool plugin passes every
// Swift file of the target to `lifecycle check --impl`, so it counts, and `swift package
// lifecycle` (which runs `lifecycle swift --update`) does not add it to Download.swift again.
extension DownloadController {
    /// Runs when `Downloading` goes `Transferring → Failed` on `error` (by system), callback 1 of 1.
    /// The connection dropped or the disk is full.
    /// - Transferring: Bytes are arriving.
    /// - Failed: The transfer stopped with an error.
    ///
    /// Required by `Downloading`: Tell the user: a failed download is otherwise silent.
    func download(_ download: Download, didFailWith error: any Error) {
        log.append("failed \(download.name): \(error)")
    }
}
