import Glibc

/// Writing a whole file so that readers see the old contents or the new, never a part.
///
/// The bytes go to a temporary file beside the target (`PATH.PID.tmp`, so two
/// processes never share one), which is synced to the disk and then renamed
/// over the target. On any failure the temporary file is removed and the
/// target is left as it was.
///
/// The temporary file is always a new one (`O_CREAT | O_EXCL | O_NOFOLLOW`): when something is at
/// its name (a leftover, another writer's file, a symbolic link another user planted in a
/// directory they may write), the write takes another name (`PATH.PID-TAG.tmp`, as `mkstemp`
/// does), never writing through it nor removing it.
///
/// A writer killed between creating and renaming (kill -9) leaves its temporary
/// file behind; `removeLeftovers(of:)` removes those whose process has ended.
public enum AtomicFile {
    /// Why an atomic write failed, and at which step.
    public enum WriteError: Error, Hashable, Sendable, CustomStringConvertible {
        /// The temporary file could not be created (a missing or read-only directory, permissions).
        case cannotCreate(path: String, SystemError)
        /// Writing, syncing or renaming it failed; the target is unchanged.
        case cannotReplace(path: String, SystemError)

        public var description: String {
            switch self {
            case .cannotCreate(let path, let error): "cannot create a temporary file beside \(path): \(error)"
            case .cannotReplace(let path, let error): "cannot replace \(path): \(error)"
            }
        }
    }

    /// Replaces `path` with `bytes`; the file gets `permissions` when it is created.
    public static func write(_ bytes: [UInt8], to path: String, permissions: UInt32 = 0o600) throws(WriteError) {
        let (temporary, descriptor) = try createTemporary(for: path, permissions: permissions)
        do {
            defer { descriptor.close() }
            try descriptor.writeAll(bytes)
            try descriptor.sync()
        } catch {
            try? FileSystem.remove(temporary)
            throw .cannotReplace(path: path, error)
        }
        do { try FileSystem.rename(temporary, to: path) } catch {
            try? FileSystem.remove(temporary)
            throw .cannotReplace(path: path, error)
        }
    }

    /// A new temporary file beside `path`, and its name: `PATH.PID.tmp`, else, while something is at
    /// that name, `PATH.PID-TAG.tmp` with a random tag (a few tries).
    private static func createTemporary(for path: String, permissions: UInt32) throws(WriteError) -> (String, FileDescriptor) {
        var temporary = temporaryPath(for: path, processID: Program.processID)
        for _ in 0..<8 {
            do {
                return (
                    temporary,
                    try .open(temporary, .writeOnly, options: [.create, .exclusive, .noFollow], permissions: permissions)
                )
            } catch let error where error.code == EEXIST {
                temporary = temporaryPath(for: path, processID: Program.processID, tag: UInt32.random(in: 1...UInt32.max))
            } catch {
                throw .cannotCreate(path: path, error)
            }
        }
        throw .cannotCreate(path: path, SystemError("open", code: EEXIST))
    }

    /// The temporary file a process writes beside `path`: `PATH.PID.tmp`, or `PATH.PID-TAG.tmp`.
    public static func temporaryPath(for path: String, processID: Int32, tag: UInt32? = nil) -> String {
        "\(path).\(processID)\(tag.map { "-\(String($0, radix: 16))" } ?? "").tmp"
    }

    /// Removes the temporary files of writes to `path` whose process is no longer running; the names removed.
    ///
    /// Call it while holding the lock that orders the writers, so that no write in progress is
    /// mistaken for one: a running writer's process is alive, and its file is left alone.
    @discardableResult
    public static func removeLeftovers(of path: String) -> [String] {
        let directory = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
        let name = path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
        var removed: [String] = []
        for entry in (try? FileSystem.names(in: directory.isEmpty ? "/" : directory)) ?? [] {
            guard entry.hasPrefix(name + "."), entry.hasSuffix(".tmp") else { continue }
            // `PID` or `PID-TAG`.
            let middle = entry.dropFirst(name.count + 1).dropLast(4)
            guard let pid = middle.split(separator: "-", maxSplits: 1).first.flatMap({ Int32($0) }), pid > 0, !isRunning(pid)
            else { continue }
            if (try? FileSystem.remove(directory + "/" + entry)) != nil { removed.append(entry) }
        }
        return removed
    }

    /// Whether a process with this id exists (`kill(pid, 0)`; EPERM means it does, as another user's).
    static func isRunning(_ pid: Int32) -> Bool { kill(pid, 0) == 0 || errno == EPERM }
}
