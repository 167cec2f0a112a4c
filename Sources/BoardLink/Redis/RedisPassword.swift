import BoardSystem

/// A Redis password, which no message ever shows: its description is a mask.
///
/// It comes from `BOARDD_REDIS_PASSWORD` or a file (`--redis-password-file`), never from a URL
/// or a command line, where `ps` and shell history would keep it. The file is held to
/// OpenSSH's rule for a private key: one that anyone but its owner may read or write
/// (`mode & 0o077`) is refused, naming its mode and the `chmod` that fixes it.
public struct RedisPassword: Hashable, Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    public let bytes: [UInt8]

    public init(_ bytes: [UInt8]) { self.bytes = bytes }

    public init(_ text: String) { self.bytes = Array(text.utf8) }

    public var description: String { "(a password)" }
    public var debugDescription: String { description }

    /// The environment variable that may hold the password.
    public static let environmentVariable = "BOARDD_REDIS_PASSWORD"
    /// The most a password file may hold: its first line is the password.
    public static let fileLimit = 64 << 10

    /// The password to use: the file's when one is given, else the environment's; nil when neither says one.
    public static func load(
        file: String?, environment: (String) -> String? = Environment.value
    ) throws(RedisPasswordError) -> RedisPassword? {
        if let file { return try read(file: file) }
        return environment(environmentVariable).map(RedisPassword.init)
    }

    /// The first line of the file at `path` (a trailing `\r\n` or `\n` dropped), if only its owner may read and write it.
    public static func read(file path: String) throws(RedisPasswordError) -> RedisPassword {
        let status: FileStatus
        do { status = try FileStatus(path: path) } catch { throw RedisPasswordError(path: path, .cannotRead(error.description)) }
        guard status.permissions & 0o077 == 0 else { throw RedisPasswordError(path: path, .openToOthers(status.permissions)) }
        let bytes: [UInt8]
        do { bytes = try RegularFile.read(path, limit: fileLimit) } catch {
            throw RedisPasswordError(path: path, .cannotRead(error.description))
        }
        var line = bytes.prefix { $0 != UInt8(ascii: "\n") }
        if line.last == UInt8(ascii: "\r") { line.removeLast() }
        guard !line.isEmpty else { throw RedisPasswordError(path: path, .empty) }
        return RedisPassword(Array(line))
    }
}

/// A password file that is not used, and why, in one line naming the file (never its contents).
public struct RedisPasswordError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Reason: Hashable, Sendable {
        case cannotRead(String)
        /// Others may read or write it: its permission bits.
        case openToOthers(UInt32)
        /// Its first line is empty.
        case empty
    }

    public let path: String
    public let reason: Reason

    public init(path: String, _ reason: Reason) {
        self.path = path
        self.reason = reason
    }

    public var description: String {
        switch reason {
        case .cannotRead(let why): "redis password file \(path): \(why)"
        case .openToOthers(let mode):
            "redis password file \(path): mode 0\(String(mode, radix: 8)) lets others read or write it; "
                + "run chmod 600 \(path) (only its owner may)"
        case .empty: "redis password file \(path): its first line is empty"
        }
    }
}
