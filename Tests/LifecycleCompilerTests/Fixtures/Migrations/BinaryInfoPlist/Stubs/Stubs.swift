final class Player {
    func pause() {}
    func resumeIfNeeded() {}
}
