import BoardLink
import Foundation
import Glibc
import Testing

/// `scripts/install.sh`, with the test build's binaries (building release binaries here would take minutes).
@Suite struct InstallTests {
    static let script = Repository.root + "/scripts/install.sh"

    func install(_ arguments: [String], home: String) throws -> ProcessResult {
        var env = ProcessInfo.processInfo.environment
        env["HOME"] = home
        for name in ["XDG_CONFIG_HOME", "XDG_DATA_HOME"] { env.removeValue(forKey: name) }
        // No user manager to reload here, whatever the machine has.
        env["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=/nonexistent"
        env["XDG_RUNTIME_DIR"] = home + "/run"
        return try run("/bin/bash", [Self.script, "--binaries", Binaries.directory] + arguments, environment: env, timeout: 60)
    }

    func installed(_ output: String) -> [String] { Self.paths(said: "installed", in: output) }

    /// The paths of the lines `word` starts (`installed`, `removed`, `absent`), as the script says what it did.
    static func paths(said word: String, in output: String) -> [String] {
        output.split(separator: "\n").filter { $0.hasPrefix(word + " ") }.map {
            String($0.dropFirst(word.count + 1)).trimmingCharacters(in: .whitespaces)
        }
    }

    /// A first install into a sandbox's `name` (a system prefix), HOME beside it; the sandbox lives as
    /// long as the caller keeps it.
    func firstInstall(into name: String) throws -> (sandbox: Sandbox, home: String, prefix: String, result: ProcessResult) {
        let sandbox = Sandbox()
        let home = sandbox.path + "/home"
        let prefix = sandbox.path + "/" + name
        let result = try install([prefix], home: home)
        #expect(result.status == 0, "\(result.stderr)")
        return (sandbox, home, prefix, result)
    }

    @Test func aSystemPrefixGetsEverythingUnderItAndASecondRunChangesNothing() throws {
        let (sandbox, home, prefix, first) = try firstInstall(into: "usr-local")
        defer { withExtendedLifetime(sandbox) {} }
        let expected = [
            "/bin/board", "/bin/boardd", "/lib/systemd/user/boardd.service", "/lib/systemd/user/boardd.socket",
            "/share/board/tmux.conf", "/share/bash-completion/completions/board", "/share/zsh/site-functions/_board",
            "/share/fish/vendor_completions.d/board.fish",
        ].map { prefix + $0 }
        #expect(installed(first.stdout).sorted() == expected.sorted(), "\(first.stdout)")
        for program in ["board", "boardd"] { #expect(access(prefix + "/bin/" + program, X_OK) == 0) }
        let service = try String(contentsOfFile: prefix + "/lib/systemd/user/boardd.service", encoding: .utf8)
        #expect(service.contains("\nExecStart=\(prefix)/bin/boardd\n"), "the unit starts the boardd installed beside it")
        let socketUnit = try String(contentsOfFile: prefix + "/lib/systemd/user/boardd.socket", encoding: .utf8)
        #expect(socketUnit.contains("ListenStream=%t/board/boardd.sock"))
        let bash = try String(contentsOfFile: prefix + "/share/bash-completion/completions/board", encoding: .utf8)
        #expect(bash.contains("complete -F _board board"))
        #expect(first.stdout.contains("systemctl --user enable --now boardd.socket"))
        // Shells look for completions elsewhere than an arbitrary prefix: each says how to load its own.
        #expect(first.stdout.contains("bash: add to ~/.bashrc:  source \(prefix)/share/bash-completion/completions/board"))
        #expect(
            first.stdout.contains(
                "fish: add to ~/.config/fish/config.fish:  set -p fish_complete_path \(prefix)/share/fish/vendor_completions.d"),
            "\(first.stdout)")
        #expect(FileManager.default.fileExists(atPath: home) == false, "nothing under HOME for a system prefix")

        let second = try install([prefix], home: home)
        #expect(second.status == 0)
        #expect(installed(second.stdout).isEmpty, "\(second.stdout)")
        #expect(second.stdout.split(separator: "\n").filter { $0.hasPrefix("unchanged ") }.count == expected.count)
    }

    @Test func theDefaultPrefixPutsUnitsAndCompletionsWhereAUsersShellsAndSystemdLook() throws {
        let sandbox = Sandbox()
        let home = sandbox.path + "/home"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        let result = try install([], home: home)
        #expect(result.status == 0, "\(result.stderr)")
        let expected = [
            "/.local/bin/board", "/.local/bin/boardd", "/.config/systemd/user/boardd.service",
            "/.config/systemd/user/boardd.socket",
            "/.local/share/board/tmux.conf", "/.local/share/bash-completion/completions/board",
            "/.local/share/zsh/site-functions/_board", "/.config/fish/completions/board.fish",
        ].map { home + $0 }
        #expect(installed(result.stdout).sorted() == expected.sorted(), "\(result.stdout)")
        let service = try String(contentsOfFile: home + "/.config/systemd/user/boardd.service", encoding: .utf8)
        #expect(service.contains("\nExecStart=%h/.local/bin/boardd\n"))
        #expect(result.stdout.contains("fpath=(\(home)/.local/share/zsh/site-functions $fpath)"))
    }

    /// A boardd that board started by itself from the installed binary runs on once uninstalled
    /// (from the deleted file): the uninstall says which pid, and how to stop it.
    @Test func uninstallSaysWhichDaemonStillRunsFromTheRemovedBinary() throws {
        let (sandbox, home, prefix, _) = try firstInstall(into: "opt")
        let socket = sandbox.path + "/run/boardd.sock"
        try FileManager.default.createDirectory(atPath: sandbox.path + "/run", withIntermediateDirectories: true)
        let pid = try spawnChild(
            [prefix + "/bin/boardd", "--socket", socket, "--now", "2026-11-30T12:00:00-05:00", "--speed", "0"],
            environment: sandbox.environment(), stdout: .devNull, stderr: .devNull)
        defer {
            kill(pid, SIGTERM)
            reap(pid)
        }
        try waitUntil("the installed boardd to answer", timeout: 30) {
            (try? BoardConnection(path: socket, timeoutMilliseconds: 200)) != nil
        }
        let removed = try install(["--uninstall", prefix], home: home)
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(
            removed.stdout.contains("still runs from the removed \(prefix)/bin/boardd: pid \(pid) (stop it: kill \(pid))"),
            "\(removed.stdout)")
    }

    /// Two prefixes under HOME share the user's units and bash and fish completions: removing the
    /// one whose boardd the service does not start keeps them, and says whose they are. It removed
    /// them, and the other install's service with them.
    @Test func uninstallingAnotherPrefixUnderHomeKeepsTheUnitsItDoesNotOwn() throws {
        let sandbox = Sandbox()
        let home = sandbox.path + "/home"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        let other = home + "/apps"
        #expect(try install([other], home: home).status == 0)
        let second = try install([], home: home)
        #expect(second.status == 0, "the default prefix last: its service starts its boardd")
        // Taking the units from the other install is said, under the service's line.
        #expect(
            second.stdout.contains(
                "installed  \(home)/.config/systemd/user/boardd.service\n"
                    + "           (it started \(other)/bin/boardd, another install's; it starts %h/.local/bin/boardd now)\n"),
            "\(second.stdout)")
        #expect(!(try install([], home: home)).stdout.contains("another install's"), "its own units again: nothing to say")
        let removed = try install(["--uninstall", other], home: home)
        #expect(removed.status == 0, "\(removed.stderr)")
        let shared = [
            "/.config/systemd/user/boardd.service", "/.config/systemd/user/boardd.socket",
            "/.local/share/bash-completion/completions/board", "/.config/fish/completions/board.fish",
        ].map { home + $0 }
        for file in shared {
            #expect(FileManager.default.fileExists(atPath: file), "\(file) kept")
            #expect(removed.stdout.contains("kept       \(file) (another install's: its service starts %h/.local/bin/boardd)"))
        }
        #expect(
            Self.paths(said: "removed", in: removed.stdout).sorted()
                == [
                    other + "/bin/board", other + "/bin/boardd", other + "/share/board/tmux.conf",
                    other + "/share/zsh/site-functions/_board",
                ]
                .sorted(), "\(removed.stdout)")
        // The default prefix's own uninstall removes them.
        let own = try install(["--uninstall"], home: home)
        for file in shared { #expect(!FileManager.default.fileExists(atPath: file), "\(file): \(own.stdout)") }
    }

    /// `--uninstall` removes exactly what the install put in place, and says what was already gone; a
    /// prefix with a space is quoted in the lines to paste; an empty `--binaries` is refused rather
    /// than read as "build them".
    @Test func uninstallRemovesWhatTheInstallPutAndAPathWithASpaceIsQuoted() throws {
        let (sandbox, home, prefix, installed) = try firstInstall(into: "my prefix")
        defer { withExtendedLifetime(sandbox) {} }
        #expect(installed.stdout.contains("source-file '\(prefix)/share/board/tmux.conf'"), "\(installed.stdout)")
        #expect(installed.stdout.contains("fpath=('\(prefix)/share/zsh/site-functions' $fpath)"))
        #expect(installed.stdout.contains("scripts/install.sh --uninstall '\(prefix)'"))
        let files = self.installed(installed.stdout)
        #expect(files.count == 8)

        let removed = try install(["--uninstall", prefix], home: home)
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(Self.paths(said: "removed", in: removed.stdout).sorted() == files.sorted(), "\(removed.stdout)")
        for file in files { #expect(!FileManager.default.fileExists(atPath: file), "\(file)") }
        let again = try install(["--uninstall", prefix], home: home)
        #expect(again.status == 0 && Self.paths(said: "absent", in: again.stdout).count == 8)

        var env = ProcessInfo.processInfo.environment
        env["HOME"] = home
        let empty = try run("/bin/bash", [Self.script, "--binaries=", prefix], environment: env, timeout: 60)
        #expect(empty.status == 2 && empty.stderr == "install.sh: --binaries needs a directory, not an empty word\n")
    }

    /// A PREFIX that cannot be written (a file where a directory goes; for a user, `/usr/local`) stops
    /// the install at the first file, exit 1, naming it: it said "installed" for each and exited 0.
    @Test func aPrefixThatCannotBeWrittenStopsTheInstallSayingWhere() throws {
        let sandbox = Sandbox()
        let blocked = sandbox.path + "/blocked"
        try FileManager.default.createDirectory(atPath: sandbox.path, withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: blocked, contents: Data("a file\n".utf8)))
        let result = try install([blocked + "/usr"], home: sandbox.path + "/home")
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(installed(result.stdout).isEmpty, "\(result.stdout)")
        #expect(!result.stdout.contains("next steps"), "\(result.stdout)")
        #expect(result.stderr.contains("install.sh: cannot write \(blocked)/usr/bin/board; stopped there"), "\(result.stderr)")
    }

    /// A PREFIX holding `&`, `|` or `\` is written into the unit as it is: a sed replacement read
    /// `&` as the text it matched (`ExecStart=…/RExecStart=…D/bin/boardd`).
    /// Two prefixes are refused, installing nothing: the last was taken, the first passed over unsaid.
    @Test func twoPrefixesAreRefused() throws {
        let sandbox = Sandbox()
        let home = sandbox.path + "/home"
        let result = try install([sandbox.path + "/a", sandbox.path + "/b"], home: home)
        #expect(result.status == 2)
        #expect(
            result.stderr
                == "install.sh: one PREFIX only, not both \(sandbox.path)/a and \(sandbox.path)/b; see scripts/install.sh --help\n"
        )
        #expect(result.stdout.isEmpty && !FileManager.default.fileExists(atPath: sandbox.path + "/b"))
    }

    @Test func aPrefixWithCharactersSedWouldReadIsWrittenIntoTheUnitAsItIs() throws {
        let (sandbox, _, prefix, _) = try firstInstall(into: #"R&D|x\1"#)
        defer { withExtendedLifetime(sandbox) {} }
        let service = try String(contentsOfFile: prefix + "/lib/systemd/user/boardd.service", encoding: .utf8)
        #expect(service.contains("\nExecStart=\(prefix)/bin/boardd\n"), "\(service)")
        let shipped = try String(contentsOfFile: Repository.root + "/config/boardd.service", encoding: .utf8)
        #expect(service.split(separator: "\n").count == shipped.split(separator: "\n").count, "every other line kept")
    }

    @Test(.enabled(if: which("systemd-analyze") != nil, "systemd-analyze is not installed"))
    func systemdAcceptsTheInstalledUnits() throws {
        let sandbox = Sandbox()
        let prefix = sandbox.path + "/prefix"
        #expect(try install([prefix], home: sandbox.path + "/home").status == 0)
        let units = prefix + "/lib/systemd/user"
        var env = ProcessInfo.processInfo.environment
        env["XDG_RUNTIME_DIR"] = sandbox.path
        let result = try run(
            try #require(which("systemd-analyze")), ["--user", "verify", units + "/boardd.socket", units + "/boardd.service"],
            environment: env)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    }
}
