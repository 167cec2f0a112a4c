import BoardSystem
import Testing

@Suite struct FileSystemTests {
    @Test func aDirectoryIsMadeOnceWithItsPermissions() throws {
        try withTemporaryDirectory { directory in
            let made = directory + "/board"
            try FileSystem.makeDirectory(made, permissions: 0o700)
            #expect(try FileStatus(path: made).permissions == 0o700)
            #expect {
                try FileSystem.makeDirectory(made)
            } throws: { error in
                (error as? SystemError)?.isAlreadyExisting == true
            }
        }
    }

    @Test func removeAndRename() throws {
        try withTemporaryDirectory { directory in
            let a = directory + "/a"
            let b = directory + "/b"
            try AtomicFile.write(Array("a".utf8), to: a)
            try FileSystem.rename(a, to: b)
            #expect(!FileSystem.exists(a))
            #expect(contents(b) == Array("a".utf8))
            try FileSystem.remove(b)
            #expect(!FileSystem.exists(b))
            #expect {
                try FileSystem.remove(b)
            } throws: { error in
                (error as? SystemError)?.isMissing == true
            }
        }
    }

    @Test func onlyAnExecutableFileIsExecutable() throws {
        try withTemporaryDirectory { directory in
            let script = directory + "/script"
            try AtomicFile.write(Array("#!/bin/sh\n".utf8), to: script, permissions: 0o600)
            #expect(FileSystem.exists(script))
            #expect(!FileSystem.isExecutable(script))
            try AtomicFile.write(Array("#!/bin/sh\n".utf8), to: script, permissions: 0o700)
            // The permissions apply when the file is created: the rename put a new file in place.
            #expect(FileSystem.isExecutable(script))
            #expect(!FileSystem.isExecutable(directory + "/missing"))
        }
    }
}
