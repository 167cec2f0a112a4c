import BoardSystem
import Glibc
import Testing

@Suite struct FileLockTests {
    @Test func aSecondLockOnTheSameFileIsRefusedUntilTheFirstIsReleased() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/boardd.sock.lock"
            let first = try FileLock(path, .file, waiting: false)
            #expect {
                try FileLock(path, .file, waiting: false)
            } throws: { error in
                (error as? FileLock.LockError) == .heldElsewhere(path: path)
            }
            first.release()
            let again = try FileLock(path, .file, waiting: false)
            again.release()
        }
    }

    @Test func aFileLockCreatesItsFilePrivate() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/boardd.sock.lock"
            let lock = try FileLock(path, .file, waiting: true)
            defer { lock.release() }
            let status = try FileStatus(path: path)
            #expect(status.kind == .regular)
            #expect(status.permissions == 0o600)
        }
    }

    @Test func aDirectoryLockAddsNoFile() throws {
        try withTemporaryDirectory { directory in
            let lock = try FileLock(directory, .directory, waiting: true)
            #expect {
                try FileLock(directory, .directory, waiting: false)
            } throws: { error in
                (error as? FileLock.LockError) == .heldElsewhere(path: directory)
            }
            lock.release()
            #expect(try names(in: directory).isEmpty)
        }
    }

    @Test func whatCannotBeOpenedIsNotLocked() throws {
        try withTemporaryDirectory { directory in
            let missing = directory + "/missing"
            #expect {
                try FileLock(missing, .directory, waiting: true)
            } throws: { error in
                guard case .cannotOpen(let path, let reason)? = error as? FileLock.LockError else { return false }
                return path == missing && reason.isMissing
            }
            // A file is not a directory.
            let file = directory + "/file"
            try AtomicFile.write([1], to: file)
            #expect(throws: FileLock.LockError.self) { try FileLock(file, .directory, waiting: true) }
        }
    }

    /// The holder is the process `/proc/locks` lists for the directory's device and inode: this one
    /// while it holds the lock, none once it lets go, and another directory's lock is not it.
    @Test func theHolderIsTheProcessTheKernelLists() throws {
        try withTemporaryDirectory { directory in
            #expect(FileLock.holder(of: directory) == nil)
            let lock = try FileLock(directory, .directory, waiting: true)
            #expect(FileLock.holder(of: directory) == getpid())
            try withTemporaryDirectory { other in #expect(FileLock.holder(of: other) == nil) }
            lock.release()
            #expect(FileLock.holder(of: directory) == nil)
        }
    }

    /// A holder that keeps the lock (stopped in its save) holds a waiter `limit` at most, however long
    /// `inAll` is: only the lock changing hands starts the wait again.
    @Test func aHolderThatKeepsTheLockHoldsAWaiterItsLimitAtMost() throws {
        try withTemporaryDirectory { directory in
            let lock = try FileLock(directory, .directory, waiting: true)
            defer { lock.release() }
            let started = ContinuousClock.now
            #expect(throws: FileLock.LockError.self) {
                try FileLock(
                    directory, .directory, waitingAtMost: .milliseconds(300), inAll: .seconds(30),
                    holder: { FileLock.holder(of: directory) })
            }
            #expect(ContinuousClock.now - started < .seconds(10))
        }
    }
}
