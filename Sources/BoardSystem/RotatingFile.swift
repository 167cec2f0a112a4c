import Glibc

/// Keeps a log file that a descriptor writes to (stderr) under a size, as logrotate's `copytruncate`
/// would not: the file is renamed to `PATH.1` (replacing the previous one) and a fresh `PATH` is opened
/// on the same descriptor number, so the writer carries on without knowing.
///
/// The path is the one `/proc/self/fd/N` names, checked to still be the same file (device and
/// inode): a file removed or replaced meanwhile is left alone.
public enum RotatingFile {
    /// Rotates when `descriptor` is a regular file larger than `limit` bytes; the path rotated, else nil.
    public static func rotate(_ descriptor: FileDescriptor, ifLargerThan limit: Int64) -> String? {
        guard let status = try? FileStatus(descriptor), status.kind == .regular, status.size > limit else { return nil }
        guard let path = path(of: descriptor), FileIdentity(path: path) == FileIdentity(descriptor) else { return nil }
        guard (try? FileSystem.rename(path, to: path + ".1")) != nil else { return nil }
        let fresh: FileDescriptor
        do { fresh = try .open(path, .writeOnly, options: [.create, .append], permissions: status.permissions & 0o666) } catch {
            return nil
        }
        defer { fresh.close() }
        guard dup2(fresh.rawValue, descriptor.rawValue) >= 0 else { return nil }
        return path
    }

    /// Whether `descriptor` is a regular file (only such a file can be rotated).
    public static func isRegularFile(_ descriptor: FileDescriptor) -> Bool {
        (try? FileStatus(descriptor))?.kind == .regular
    }

    /// The path an open file was opened by, as `/proc/self/fd/N` links to it; nil when it was removed.
    static func path(of descriptor: FileDescriptor) -> String? {
        var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = buffer.withUnsafeMutableBufferPointer { raw in
            raw.withMemoryRebound(to: CChar.self) {
                readlink("/proc/self/fd/\(descriptor.rawValue)", $0.baseAddress!, $0.count - 1)
            }
        }
        guard n > 0 else { return nil }
        let path = String(decoding: buffer[..<n], as: UTF8.self)
        guard path.hasPrefix("/"), !path.hasSuffix(" (deleted)") else { return nil }
        return path
    }
}
