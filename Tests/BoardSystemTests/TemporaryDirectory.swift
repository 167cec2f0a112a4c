import Foundation

/// A fresh directory for one test, removed afterwards.
func withTemporaryDirectory(_ body: (String) throws -> Void) throws {
    let path = FileManager.default.temporaryDirectory.path + "/board-system-tests-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    defer { try? FileManager.default.removeItem(atPath: path) }
    try body(path)
}

/// The file's bytes, or nil when it cannot be read.
func contents(_ path: String) -> [UInt8]? { FileManager.default.contents(atPath: path).map { Array($0) } }

/// The names in a directory, sorted.
func names(in directory: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
}
