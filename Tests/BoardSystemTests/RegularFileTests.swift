import BoardSystem
import Glibc
import Testing

/// Reading a small file whole: only a regular file of bounded size, never blocking.
struct RegularFileTests {
    @Test func aRegularFileIsReadWhole() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/config.json"
            let bytes = Array(repeating: UInt8(ascii: "x"), count: 40_000)
            try AtomicFile.write(bytes, to: path)
            #expect(try RegularFile.read(path, limit: 40_000) == bytes)
            // Through a symbolic link, as a config kept elsewhere often is.
            #expect(symlink(path, directory + "/link.json") == 0)
            #expect(try RegularFile.read(directory + "/link.json", limit: 40_000) == bytes)
        }
    }

    @Test func aFileOverTheLimitIsRefused() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/big"
            try AtomicFile.write(Array(repeating: 0, count: 2049), to: path)
            #expect(throws: RegularFile.ReadError.tooLarge(limit: 2048)) { try RegularFile.read(path, limit: 2048) }
        }
    }

    /// Opening a FIFO that has no writer blocks forever without O_NONBLOCK; here it is refused at once.
    @Test func aFIFOADeviceAndADirectoryAreRefused() throws {
        try withTemporaryDirectory { directory in
            let fifo = directory + "/fifo"
            #expect(mkfifo(fifo, 0o600) == 0)
            #expect(throws: RegularFile.ReadError.notRegular(.fifo)) { try RegularFile.read(fifo, limit: 1024) }
            #expect(throws: RegularFile.ReadError.notRegular(.characterDevice)) { try RegularFile.read("/dev/zero", limit: 1024) }
            #expect(throws: RegularFile.ReadError.notRegular(.directory)) { try RegularFile.read(directory, limit: 1024) }
            #expect("\(RegularFile.ReadError.notRegular(.fifo))" == "is a FIFO, not a regular file")
        }
    }

    @Test func aMissingFileSaysSo() throws {
        try withTemporaryDirectory { directory in
            let error = try #require(throws: RegularFile.ReadError.self) { try RegularFile.read(directory + "/none", limit: 10) }
            guard case .cannotOpen(let reason) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(reason.isMissing)
        }
    }
}
