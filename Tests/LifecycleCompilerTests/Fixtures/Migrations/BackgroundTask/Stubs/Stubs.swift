import UIKit

struct Photo {}

final class UploadQueue {
    func add(_ photo: Photo) {}
    func flush(_ done: @escaping () -> Void) {}
    func resume(_ done: @escaping (Int) -> Void) {}
    func retry(id: String) {}
}
