// The component that calls the delegate: it transfers one file and tells its delegate what
// happens, in the order Download.lifecycle says. The suite `lifecycle tests` generates from the
// spec drives it (Tests/DownloadsTests) and checks every callback it makes.

/// What went wrong with a transfer.
enum DownloadFailure: Error {
    case connectionLost
}

/// One file transfer. The network would call `receive(_:)`, `complete()` and `fail(_:)`; the
/// user `start()` and `cancel()`; a retry timer `retryAfterFailure()`.
final class DownloadTask {
    enum Phase {
        case idle, transferring, failed, done, abandoned
    }

    let download: Download
    /// Told of every step (the controller; held strongly: `DownloadDelegate` is not class-bound).
    let delegate: any DownloadDelegate
    private(set) var phase = Phase.idle

    init(download: Download, delegate: any DownloadDelegate) {
        self.download = download
        self.delegate = delegate
    }

    /// The user taps Download.
    func start() {
        guard phase == .idle else { return }
        phase = .transferring
        delegate.downloadDidStart(download)
    }

    /// A chunk of `bytes` arrived.
    func receive(_ bytes: Int) {
        guard phase == .transferring else { return }
        delegate.download(download, didReceive: bytes)
    }

    /// The last byte arrived and the file is in place.
    func complete() {
        guard phase == .transferring else { return }
        phase = .done
        delegate.downloadDidFinish(download)
    }

    /// The transfer stopped with `error`.
    func fail(_ error: any Error) {
        guard phase == .transferring else { return }
        phase = .failed
        delegate.download(download, didFailWith: error)
    }

    /// After a failure: asks the delegate whether to try again, and starts again if it agrees.
    func retryAfterFailure() {
        guard phase == .failed, delegate.downloadShouldRetry(download) else { return }
        phase = .transferring
        delegate.downloadDidStart(download)
    }

    /// The user dismisses the error: the download is given up.
    func cancel() {
        guard phase == .failed else { return }
        phase = .abandoned
    }
}
