/// Reading a small file whole, refusing anything that is not a regular file of bounded size.
///
/// The file is opened without blocking (`O_NONBLOCK`): opening a FIFO with no
/// writer would otherwise wait forever, and a device could be read without end.
/// Symbolic links are followed, as a config kept elsewhere is often linked.
/// What is read is what `fstat` described: the same open file, so a file
/// replaced meanwhile cannot slip past the checks.
public enum RegularFile {
    /// Why a file could not be read.
    public enum ReadError: Error, Hashable, Sendable, CustomStringConvertible {
        /// `open` failed; `isMissing` on the error tells a missing file from the rest.
        case cannotOpen(SystemError)
        /// It is a directory, a FIFO, a device or a socket.
        case notRegular(FileStatus.Kind)
        /// It is larger than the limit (in bytes).
        case tooLarge(limit: Int)
        /// `fstat` or `read` failed.
        case cannotRead(SystemError)

        public var description: String {
            switch self {
            case .cannotOpen(let error): SystemError.message(for: error.code)
            case .notRegular(let kind): "is \(kind.name), not a regular file"
            case .tooLarge(let limit): "is larger than \(limit / 1024) KiB"
            case .cannotRead(let error): SystemError.message(for: error.code)
            }
        }
    }

    /// The last `count` bytes (or fewer) of the regular file at `path`, none before `offset`: what a
    /// log gained since it was `offset` bytes long (all of it when it is shorter now: rotated).
    public static func tail(_ path: String, count: Int, after offset: Int64 = 0) throws(ReadError) -> [UInt8] {
        let (fd, status) = try openRegular(path)
        defer { fd.close() }
        let start = status.size < offset ? 0 : max(offset, status.size - Int64(count))
        let total = Int(status.size - start)
        var bytes: [UInt8] = []
        // Each read asks for what is left: the buffer shrinks by what came.
        var buffer = [UInt8](repeating: 0, count: total)
        while bytes.count < total {
            let n: Int
            do { n = try fd.read(into: &buffer, at: start + Int64(bytes.count)) } catch { throw .cannotRead(error) }
            if n == 0 { break }
            bytes += buffer[..<n]
            buffer.removeLast(n)
        }
        return bytes
    }

    /// `path` opened without blocking, and its status: a regular file, else why not.
    private static func openRegular(_ path: String) throws(ReadError) -> (FileDescriptor, FileStatus) {
        let fd: FileDescriptor
        do { fd = try .open(path, .readOnly, options: .nonBlocking) } catch { throw .cannotOpen(error) }
        let status: FileStatus
        do { status = try FileStatus(fd) } catch {
            fd.close()
            throw .cannotRead(error)
        }
        guard status.kind == .regular else {
            fd.close()
            throw .notRegular(status.kind)
        }
        return (fd, status)
    }

    /// The whole of the regular file at `path`, at most `limit` bytes.
    public static func read(_ path: String, limit: Int) throws(ReadError) -> [UInt8] {
        let (fd, status) = try openRegular(path)
        defer { fd.close() }
        guard status.size <= Int64(limit) else { throw .tooLarge(limit: limit) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(status.size))
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let n: Int
            do { n = try fd.read(into: &buffer) } catch { throw .cannotRead(error) }
            if n == 0 { return bytes }
            bytes += buffer[..<n]
            // It may grow while being read.
            guard bytes.count <= limit else { throw .tooLarge(limit: limit) }
        }
    }
}
