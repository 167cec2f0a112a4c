import BoardLink
import BoardSystem
import Foundation
import Testing

/// Where boardd's Redis password comes from: a file only its owner may read (OpenSSH's rule for a
/// private key), or `BOARDD_REDIS_PASSWORD`; no message ever shows it.
struct RedisPasswordTests {
    static func withFile(_ contents: String, mode: Int, _ body: (String) throws -> Void) throws {
        let path = FileManager.default.temporaryDirectory.path + "/board-redis-password-\(UUID().uuidString)"
        try Data(contents.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
        try body(path)
    }

    @Test(arguments: ["hunter2\n", "hunter2\r\n", "hunter2", "hunter2\nsecond line\n"])
    func theFirstLineOfAnOwnerOnlyFileIsThePassword(contents: String) throws {
        try Self.withFile(contents, mode: 0o600) { path throws in
            #expect(try RedisPassword.read(file: path) == RedisPassword("hunter2"))
        }
        try Self.withFile(contents, mode: 0o400) { path throws in
            #expect(try RedisPassword.read(file: path) == RedisPassword("hunter2"))
        }
    }

    @Test(arguments: [0o644, 0o640, 0o604, 0o620, 0o666])
    func aFileOthersMayReadOrWriteIsRefusedNamingItsModeAndTheFix(mode: Int) throws {
        try Self.withFile("hunter2\n", mode: mode) { path throws in
            #expect {
                try RedisPassword.read(file: path)
            } throws: { error in
                "\(error)"
                    == "redis password file \(path): mode 0\(String(mode, radix: 8)) lets others read or write it; "
                    + "run chmod 600 \(path) (only its owner may)"
            }
        }
    }

    @Test func anEmptyOrMissingFileIsRefusedByName() throws {
        try Self.withFile("\nhunter2\n", mode: 0o600) { path throws in
            #expect(throws: RedisPasswordError(path: path, .empty)) { try RedisPassword.read(file: path) }
        }
        #expect {
            try RedisPassword.read(file: "/nonexistent/password")
        } throws: { error in
            "\(error)" == "redis password file /nonexistent/password: stat: No such file or directory"
        }
    }

    @Test func theFileWinsOverTheEnvironmentWhichIsTheFallback() throws {
        let environment: (String) -> String? = { $0 == RedisPassword.environmentVariable ? "from-env" : nil }
        try Self.withFile("from-file\n", mode: 0o600) { path throws in
            #expect(try RedisPassword.load(file: path, environment: environment) == RedisPassword("from-file"))
        }
        #expect(try RedisPassword.load(file: nil, environment: environment) == RedisPassword("from-env"))
        #expect(try RedisPassword.load(file: nil, environment: { _ in nil }) == nil)
    }
}
