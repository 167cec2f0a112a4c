import BoardSystem
import Glibc
import Testing

/// A log file past its size is renamed to `.1` and started afresh on the same descriptor.
struct RotatingFileTests {
    @Test func aFileLargerThanTheLimitIsRotatedOnTheSameDescriptor() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/boardd.log"
            let log = try FileDescriptor.open(path, .writeOnly, options: [.create, .append])
            defer { log.close() }
            try log.writeAll(String(repeating: "old line\n", count: 200))
            #expect(RotatingFile.rotate(log, ifLargerThan: 4096) == nil, "under the limit")
            try log.writeAll(String(repeating: "old line\n", count: 400))
            #expect(RotatingFile.rotate(log, ifLargerThan: 4096) == path)
            try log.writeAll("new line\n")
            #expect(contents(path) == Array("new line\n".utf8))
            #expect(contents(path + ".1")?.count == 600 * 9)
            #expect(try names(in: directory) == ["boardd.log", "boardd.log.1"])
        }
    }

    @Test func aRemovedFileOrAPipeIsLeftAlone() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/gone.log"
            let log = try FileDescriptor.open(path, .writeOnly, options: [.create, .append])
            defer { log.close() }
            try log.writeAll(String(repeating: "x", count: 5000))
            try FileSystem.remove(path)
            #expect(RotatingFile.rotate(log, ifLargerThan: 10) == nil)
            #expect(try names(in: directory).isEmpty)
            var ends: [Int32] = [0, 0]
            #expect(pipe(&ends) == 0)
            defer { for end in ends { close(end) } }
            #expect(!RotatingFile.isRegularFile(FileDescriptor(ends[1])))
            #expect(RotatingFile.rotate(FileDescriptor(ends[1]), ifLargerThan: 0) == nil)
        }
    }
}
