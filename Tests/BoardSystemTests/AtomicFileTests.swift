import BoardSystem
import Foundation
import Testing

@Suite struct AtomicFileTests {
    @Test func aNewFileHoldsTheBytesWithTheGivenPermissions() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/state.json"
            try AtomicFile.write(Array("{}\n".utf8), to: path, permissions: 0o600)
            #expect(contents(path) == Array("{}\n".utf8))
            let status = try FileStatus(path: path)
            #expect(status.kind == .regular)
            #expect(status.permissions == 0o600)
        }
    }

    /// A symbolic link planted at the temporary file's name (another user's, in a directory both may
    /// write) is neither written through nor removed: the write takes another name, and the file the
    /// link points at keeps its bytes.
    @Test func aLinkPlantedAtTheTemporaryNameIsNeverWrittenThrough() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/state.json"
            let victim = directory + "/victim"
            try Data("precious".utf8).write(to: URL(fileURLWithPath: victim))
            let temporary = AtomicFile.temporaryPath(for: path, processID: Program.processID)
            try FileManager.default.createSymbolicLink(atPath: temporary, withDestinationPath: victim)
            try AtomicFile.write(Array("{}\n".utf8), to: path)
            #expect(contents(victim) == Array("precious".utf8))
            #expect(contents(path) == Array("{}\n".utf8))
            #expect(try FileStatus(path: path, followingLinks: false).kind == .regular)
            let planted = String(temporary.split(separator: "/").last!)
            #expect(try names(in: directory) == [planted, "state.json", "victim"].sorted())
            #expect(try FileStatus(path: temporary, followingLinks: false).kind == .symbolicLink)
        }
    }

    /// The daemon's log (`ChildProcess` output to a file) is never opened through a symbolic link.
    @Test func aChildsOutputFileIsNeverALink() throws {
        try withTemporaryDirectory { directory in
            let victim = directory + "/victim"
            try Data("precious".utf8).write(to: URL(fileURLWithPath: victim))
            try FileManager.default.createSymbolicLink(atPath: directory + "/boardd.log", withDestinationPath: victim)
            #expect(throws: (any Error).self) {
                _ = try ChildProcess.spawn(
                    ["/bin/echo", "appended"], stdout: .file(directory + "/boardd.log", append: true), stderr: .devNull)
            }
            #expect(contents(victim) == Array("precious".utf8))
        }
    }

    /// Without `HOME`, the home is the user's line of the password file, read as a file.
    @Test func theHomeIsReadFromThePasswordFile() throws {
        try withTemporaryDirectory { directory in
            let passwd = directory + "/passwd"
            try Data("root:x:0:0:root:/root:/bin/sh\nme:x:1234:1234::/home/me:/bin/sh\nbad:x:77:77::relative:/bin/sh\n".utf8)
                .write(to: URL(fileURLWithPath: passwd))
            #expect(Program.passwordDatabaseHome(passwd, user: 1234) == "/home/me")
            #expect(Program.passwordDatabaseHome(passwd, user: 0) == "/root")
            #expect(Program.passwordDatabaseHome(passwd, user: 77) == nil, "a relative home is none")
            #expect(Program.passwordDatabaseHome(passwd, user: 5) == nil)
            #expect(Program.passwordDatabaseHome(directory + "/missing", user: 0) == nil)
            // A comment field in Latin-1 (not UTF-8) on a line of its own, or on the user's line.
            var latin = Array("x:x:5:5:Jos".utf8) + [0xE9] + Array(":/home/x:/bin/sh\nme:x:1234:1234:".utf8) + [0xE9]
            latin += Array(":/home/me:/bin/sh\n".utf8)
            try Data(latin).write(to: URL(fileURLWithPath: passwd))
            #expect(Program.passwordDatabaseHome(passwd, user: 1234) == "/home/me")
        }
    }

    @Test func aWriteReplacesTheWholeFileAndLeavesNoTemporaryFile() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/state.json"
            try AtomicFile.write(Array(repeating: UInt8(ascii: "x"), count: 10_000), to: path)
            try AtomicFile.write(Array("short".utf8), to: path)
            #expect(contents(path) == Array("short".utf8))
            #expect(try names(in: directory) == ["state.json"])
        }
    }

    @Test func aMissingDirectoryCannotHoldTheTemporaryFile() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/missing/state.json"
            #expect {
                try AtomicFile.write([1, 2, 3], to: path)
            } throws: { error in
                guard case .cannotCreate(let failed, let reason)? = error as? AtomicFile.WriteError else { return false }
                return failed == path && reason.isMissing
            }
            let left = try names(in: directory)
            #expect(left.isEmpty)
        }
    }

    @Test func aFailedRenameLeavesTheTargetAsItWasAndRemovesTheTemporaryFile() throws {
        try withTemporaryDirectory { directory in
            // A non-empty directory cannot be renamed over.
            let path = directory + "/state.json"
            try FileSystem.makeDirectory(path)
            try AtomicFile.write([1], to: path + "/inside")
            #expect {
                try AtomicFile.write([1, 2, 3], to: path)
            } throws: { error in
                guard case .cannotReplace(let failed, _)? = error as? AtomicFile.WriteError else { return false }
                return failed == path
            }
            #expect(try names(in: directory) == ["state.json"])
            #expect(try names(in: path) == ["inside"])
            #expect(try FileStatus(path: path).kind == .directory)
        }
    }

    @Test func itsErrorsSayWhatFailedAndWhere() {
        let missing = SystemError("open", code: 2)
        #expect(
            AtomicFile.WriteError.cannotCreate(path: "/x/state.json", missing).description
                == "cannot create a temporary file beside /x/state.json: open: No such file or directory")
        #expect(
            AtomicFile.WriteError.cannotReplace(path: "/x/state.json", SystemError("rename", code: 21)).description
                == "cannot replace /x/state.json: rename: Is a directory")
    }

    /// A writer killed between create and rename leaves `PATH.PID.tmp`; those of ended processes are removed.
    @Test func leftoversOfWritersThatEndedAreRemovedAndOthersKept() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/state.json"
            // No process ever has the id pid_max (ids stay below it): a writer that is gone.
            let pidMax = try String(contentsOfFile: "/proc/sys/kernel/pid_max", encoding: .utf8)
            let gone = try #require(Int32(pidMax.trimmingCharacters(in: .whitespacesAndNewlines)))
            let alive = Program.processID
            for name in [
                "state.json", "state.json.\(gone).tmp", "state.json.\(alive).tmp", "state.json.corrupt-20261130T170000Z",
                "other.json.\(gone).tmp", "state.json.x.tmp", "state.json.\(gone)-1f2e.tmp", "state.json.\(alive)-1f2e.tmp",
            ] {
                try AtomicFile.write(Array("{}".utf8), to: directory + "/" + name)
            }
            // A tagged name (`PID-TAG`, taken when the plain one was in the way) is its writer's too.
            #expect(AtomicFile.removeLeftovers(of: path).sorted() == ["state.json.\(gone)-1f2e.tmp", "state.json.\(gone).tmp"])
            #expect(
                try names(in: directory)
                    == [
                        "other.json.\(gone).tmp", "state.json", "state.json.\(alive)-1f2e.tmp", "state.json.\(alive).tmp",
                        "state.json.corrupt-20261130T170000Z", "state.json.x.tmp",
                    ].sorted())
        }
    }
}
