import CloudKit

final class Journal {
    static let shared = Journal()
    func save() {}
    func accept(_ metadata: CKShare.Metadata) {}
}
