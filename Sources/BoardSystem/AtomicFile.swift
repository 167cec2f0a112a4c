/// Writing a whole file so that readers see the old contents or the new, never a part.
///
/// The bytes go to a temporary file beside the target (`PATH.PID.tmp`, so two
/// processes never share one), which is synced to the disk and then renamed
/// over the target. On any failure the temporary file is removed and the
/// target is left as it was.
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
        let temporary = "\(path).\(Program.processID).tmp"
        let descriptor: FileDescriptor
        do {
            descriptor = try .open(temporary, .writeOnly, options: [.create, .truncate], permissions: permissions)
        } catch {
            throw .cannotCreate(path: path, error)
        }
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
}
