import BoardSystem
import Foundation
import Testing

@Suite struct FileStatusTests {
    @Test func kindsAndPermissions() throws {
        try withTemporaryDirectory { directory in
            let file = directory + "/file"
            try AtomicFile.write([1, 2], to: file, permissions: 0o640)
            let fileStatus = try FileStatus(path: file)
            #expect(fileStatus.kind == .regular)
            #expect(fileStatus.permissions == 0o640)
            #expect(!fileStatus.isWritableByOthers)
            #expect(fileStatus.owner == Program.userID)

            let directoryStatus = try FileStatus(path: directory)
            #expect(directoryStatus.kind == .directory)
            #expect(!directoryStatus.isSticky)

            let socket = directory + "/s.sock"
            let listener = try UnixSocket.listen(path: socket)
            defer { listener.close() }
            #expect(try FileStatus(path: socket).kind == .socket)
            #expect(try FileStatus(path: socket).permissions == 0o600)
        }
    }

    @Test func aLinkIsFollowedUnlessAskedNotTo() throws {
        try withTemporaryDirectory { directory in
            let file = directory + "/file"
            try AtomicFile.write([1], to: file)
            let link = directory + "/link"
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: file)
            #expect(try FileStatus(path: link).kind == .regular)
            #expect(try FileStatus(path: link, followingLinks: false).kind == .symbolicLink)
        }
    }

    @Test func anOpenFileIsTheFileAtItsPath() throws {
        try withTemporaryDirectory { directory in
            let file = directory + "/file"
            try AtomicFile.write([1], to: file)
            let descriptor = try FileDescriptor.open(file, .readOnly)
            defer { descriptor.close() }
            let byDescriptor = try FileStatus(descriptor)
            let byPath = try FileStatus(path: file)
            #expect(byDescriptor == byPath)
            #expect(byDescriptor.inode != 0)
        }
    }

    @Test func nothingThereIsMissing() throws {
        try withTemporaryDirectory { directory in
            #expect {
                try FileStatus(path: directory + "/missing")
            } throws: { error in
                (error as? SystemError)?.isMissing == true
            }
        }
    }

    @Test func stickyAndGroupWritableBits() throws {
        try withTemporaryDirectory { directory in
            let shared = directory + "/shared"
            try FileSystem.makeDirectory(shared)
            try FileManager.default.setAttributes([.posixPermissions: 0o1777], ofItemAtPath: shared)
            let status = try FileStatus(path: shared)
            #expect(status.isSticky)
            #expect(status.isWritableByOthers)
            #expect(status.permissions == 0o1777)
        }
    }
}
