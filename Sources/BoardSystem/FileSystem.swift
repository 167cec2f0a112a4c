import Glibc

/// Paths rather than open files: making directories, removing and renaming files, asking what may be run.
public enum FileSystem {
    /// Makes one directory with `permissions` (as the umask allows); throws when it exists (`isAlreadyExisting`).
    public static func makeDirectory(_ path: String, permissions: UInt32 = 0o700) throws(SystemError) {
        guard mkdir(path, mode_t(permissions)) == 0 else { throw SystemError("mkdir") }
    }

    /// Removes a file or a socket (`unlink`); never a directory.
    public static func remove(_ path: String) throws(SystemError) {
        guard unlink(path) == 0 else { throw SystemError("unlink") }
    }

    /// Moves `source` over `destination` in one step (`rename`): a reader sees the old file or the new, never half.
    public static func rename(_ source: String, to destination: String) throws(SystemError) {
        guard Glibc.rename(source, destination) == 0 else { throw SystemError("rename") }
    }

    /// Whether something exists at `path` (`access(F_OK)`).
    public static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

    /// Where the symbolic link at `path` points (`readlink`); nil when `path` is not a link.
    public static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count >= 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The first symbolic link on the way to `path` (the path itself, or a directory above it) whose
    /// target does not exist, with that target; nil when there is none.
    public static func danglingLink(on path: String) -> (link: String, target: String)? {
        var prefix = path.hasPrefix("/") ? "" : "."
        for part in path.split(separator: "/") {
            prefix += "/" + part
            if let target = linkTarget(prefix), !exists(prefix) { return (prefix, target) }
            if !exists(prefix) { return nil }
        }
        return nil
    }

    /// Whether this process may run `path` (`access(X_OK)`).
    public static func isExecutable(_ path: String) -> Bool { access(path, X_OK) == 0 }

    /// The names in a directory, without `.` and `..` (`opendir`, `readdir`), in no particular order.
    public static func names(in directory: String) throws(SystemError) -> [String] {
        guard let stream = opendir(directory) else { throw SystemError("opendir") }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}
