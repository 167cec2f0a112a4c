import BoardProtocol
import BoardSystem
import FlightData
import FoundationEssentials

/// The state file, `state.json` in the state directory: read leniently, written atomically.
///
/// A missing file is the first run. A corrupt or unreadable one, or a
/// directory that cannot be written, warns once on stderr and the command
/// goes on with defaults; it never stops a command. A file whose pins, hidden flights or last viewed
/// flight cannot all be read is kept aside as a corrupt one is, and the rest of it is read. One a
/// newer `board` wrote (a later `schema`) is read for what this one knows and never written over.
///
/// Two `board` commands may run at once (two tmux panes): a save takes a lock
/// (`flock` on the state directory), reads the file again and applies only what this
/// process changed since it loaded (the tab, the last viewed flight, the pins and hidden flights it
/// added, removed or reordered), so neither undoes the other. Pins are told apart by identity, id and
/// date: the same id on another day is another pin. Pins and hidden flights of days before the
/// daemon's today have left the window for good, and are dropped when the state is saved; dropped
/// pins are kept in `endedPins` until `board pins` names them.
struct StateStore {
    let directory: String
    var path: String { directory + "/state.json" }
    /// One warning a command about its state, the first: the rest follow from it.
    private(set) var warned = false
    /// How long a save waits for another `board` to finish its own (a save takes milliseconds), counted
    /// from the last time the lock changed hands: forty commands at once on a loaded machine queue for
    /// longer, each behind the others' saves.
    static let lockWait = Duration.seconds(2)
    /// The longest a save waits behind a queue that keeps moving.
    static let lockWaitInAll = Duration.seconds(30)
    /// The state as this process last read or wrote it: what its changes are measured against.
    private var baseline = ClientState()
    /// The wall clock a corrupt file's kept copy is named by (a test sets its own).
    var now: () -> Date = { Date() }

    init(directory: String) { self.directory = directory }

    mutating func load() -> ClientState {
        switch read() {
        case .missing: baseline = ClientState()
        case .unreadable(let why):
            warn("cannot read \(path) (\(why)); using defaults")
            baseline = ClientState()
        case .corrupt:
            if let kept = keepAside() {
                warn("\(path) is corrupt; kept it as \(kept) and started from defaults")
            } else {
                warn("\(path) is corrupt; starting from defaults (it will be rewritten)")
            }
            rewrite(ClientState())
        case .found(let state, let unreadable) where !unreadable.isEmpty:
            let parts = unreadable.joined(separator: ", ")
            if let kept = keepAside() {
                warn("\(path) has unreadable \(parts); kept it as \(kept) and read the rest")
            } else {
                warn("\(path) has unreadable \(parts); read the rest (it will be rewritten)")
            }
            rewrite(state)
        case .found(let state, _): baseline = state
        case .newer(let state, let schema):
            warn(Self.newerNote(path, schema: schema, reading: true))
            baseline = state
        }
        return baseline
    }

    /// What the file holds, read without a word: a corrupt or unreadable file is defaults and stays as
    /// it is, and a part of one that cannot be read is left out and kept. A shell's Tab and tmux's
    /// status line read it so: a Tab on a corrupt file kept it aside and rewrote it empty, its warning
    /// lost, and the next command by hand said only "No pinned flights".
    mutating func loadLeavingItAsItIs() -> ClientState {
        switch read() {
        case .found(let state, _), .newer(let state, _): baseline = state
        case .missing, .unreadable, .corrupt: baseline = ClientState()
        }
        return baseline
    }

    /// What a save says of a file a newer `board` wrote: this one reads what it knows of it, and
    /// writes nothing over it, as git refuses a repository of a newer format; its pins are kept whole.
    static func newerNote(_ path: String, schema: Int, reading: Bool) -> String {
        let part = reading ? ": read what this board knows, saving nothing over it" : ", so it is left as it is"
        return "\(path) is a newer board's (schema \(schema))\(part); update board or move it away"
    }

    /// Moves the file aside, so that what it held can be recovered by hand, before what was read
    /// replaces it; a second one in the same second is kept too (`-2`), not over the first. Its
    /// new path, or nil when it could not be moved.
    private func keepAside() -> String? {
        let stamped = path + ".corrupt-" + Self.fileStamp(now())
        let kept = ([stamped] + (2...99).map { "\(stamped)-\($0)" }).first { !FileSystem.exists($0) } ?? stamped
        return (try? FileSystem.rename(path, to: kept)) != nil ? kept : nil
    }

    /// Writes `state` now, as the warnings say: a command that saves nothing would otherwise leave
    /// the file, and the warning, for every later run.
    private mutating func rewrite(_ state: ClientState) {
        baseline = state
        if let failure = write(baseline) { warn(failure + "; the tab, last flight and pins are not saved") }
    }

    /// Which state file is there now, and when it was written: every save renames a new file into place,
    /// and as a freed inode's number is soon given again, the time its data was written counts too.
    struct Version: Equatable {
        let device: UInt64
        let inode: UInt64
        let size: Int64
        let modified: Int64
    }

    var version: Version? {
        (try? FileStatus(path: path)).map { Version(device: $0.device, inode: $0.inode, size: $0.size, modified: $0.modified) }
    }

    /// The state on disk, when it is one (a missing or corrupt file stays for the next command to report,
    /// not a screen in use): this process's later saves merge over it.
    mutating func reread() -> ClientState? {
        switch read() {
        case .found(let state, _), .newer(let state, _):
            baseline = state
            return state
        case .missing, .unreadable, .corrupt: return nil
        }
    }

    /// Saves this process's changes to `state` over whatever is on disk now; returns the state as saved.
    ///
    /// With `today` (the daemon's date), pins of earlier days are pruned: their flights have left the window.
    /// A failure to save is a warning (the command's own work is done).
    @discardableResult
    mutating func save(_ state: ClientState, pruningBefore today: LocalDate? = nil) -> ClientState {
        let (saved, failure) = write(state, pruningBefore: today)
        if let failure { warn(failure + "; the tab, last flight and pins are not saved") }
        return saved
    }

    /// Saves as `save` does, for a command whose whole work is the change (`board pin`): a failure is
    /// its error, the reason why.
    mutating func saveChange(_ state: ClientState, pruningBefore today: LocalDate?) throws(SaveFailure) -> ClientState {
        let (saved, failure) = write(state, pruningBefore: today)
        if let failure { throw SaveFailure(reason: failure) }
        return saved
    }

    struct SaveFailure: Error {
        /// `cannot write /path/state.json (Permission denied)`.
        let reason: String
    }

    private mutating func write(_ state: ClientState, pruningBefore today: LocalDate?) -> (ClientState, failure: String?) {
        if let failure = createDirectory() { return (state, failure) }
        // The lock is the state directory itself (flock works on a directory), so no file is added beside the state.
        // Best effort: a lock that stays with one holder for two seconds (it stopped, or went astray) never
        // stops the save, which then goes on without it.
        let lock: FileLock?
        do {
            lock = try FileLock(
                directory, .directory, waitingAtMost: Self.lockWait, inAll: Self.lockWaitInAll,
                holder: { [directory] in FileLock.holder(of: directory) })
        } catch {
            if case .heldElsewhere = error { warn("\(directory) stayed locked by another process; saved without the lock") }
            lock = nil
        }
        defer { lock?.release() }
        // A `board` killed while saving (kill -9) left its temporary file; under the lock, no save is half done.
        if lock != nil { AtomicFile.removeLeftovers(of: path) }
        var merged: ClientState
        // Made corrupt, or partly unreadable, since this process read it (an open live view saves long
        // after): kept aside as at load, before this save replaces it, so pins can be recovered by hand.
        switch read() {
        case .found(let current, let unreadable):
            if !unreadable.isEmpty, let kept = keepAside() {
                warn("\(path) has unreadable \(unreadable.joined(separator: ", ")); kept it as \(kept) and saved the rest")
            }
            merged = current
        case .corrupt:
            if let kept = keepAside() { warn("\(path) is corrupt; kept it as \(kept) and saved over it") }
            merged = baseline
        case .unreadable(let why):
            // Not this process's to replace: what it holds (pins made as another user, a file behind
            // permissions) would be lost for good. The command's own work is done; the save is not.
            return (state, "cannot read \(path) (\(why)); left as it is: make it readable or move it away")
        case .missing: merged = baseline
        case .newer(_, let schema): return (state, Self.newerNote(path, schema: schema, reading: false))
        }
        if state.tab != baseline.tab { merged.tab = state.tab }
        if state.lastViewed != baseline.lastViewed { merged.lastViewed = state.lastViewed }
        // Pane by pane: two panes saving at once each keep their own view.
        for entry in state.liveView.entries where baseline.liveView[entry.pane] != entry.view {
            merged.liveView.save(entry.view, for: entry.pane)
        }
        merged.pins = Self.merge(state.pins, since: baseline.pins, into: merged.pins)
        merged.hidden = Self.merge(state.hidden, since: baseline.hidden, into: merged.hidden)
        merged.endedPins = Self.merge(state.endedPins, since: baseline.endedPins, into: merged.endedPins)
        if let today {
            // A pin is never dropped unsaid: `board pins` names it once (`EndedPin`).
            for pin in merged.pins where pin.isBefore(today) { _ = RememberedFlight.add(pin, to: &merged.endedPins) }
            merged.endedPins = Array(merged.endedPins.suffix(PinnedParam.limit))
            merged.pins.removeAll { $0.isBefore(today) }
            merged.hidden.removeAll { $0.isBefore(today) }
        }
        if let failure = write(merged) { return (state, failure) }
        baseline = merged
        return (merged, nil)
    }

    /// A list of flights (the pins, the hidden) as this process left it (`mine`) over the list on disk now
    /// (`current`): the flights it removed since `baseline` go, those it added come in; when it changed the
    /// order (the watchlist moved, a pin put first), its order wins, and flights another process added
    /// meanwhile follow in theirs.
    static func merge(
        _ mine: [RememberedFlight], since baseline: [RememberedFlight], into current: [RememberedFlight]
    ) -> [RememberedFlight] {
        func has(_ list: [RememberedFlight], _ flight: RememberedFlight) -> Bool { list.contains { $0.isSame(as: flight) } }
        // Entries kept take this process's version: a pin of an identity made again for another
        // flight (after a config reload) carries its new name.
        let mineByIdentity = Dictionary(mine.map { ("\($0.id) \($0.date)", $0) }) { first, _ in first }
        var merged = current.filter { has(mine, $0) || !has(baseline, $0) }.map { mineByIdentity["\($0.id) \($0.date)"] ?? $0 }
        for flight in mine where !has(baseline, flight) && !has(merged, flight) { merged.append(flight) }
        let kept = baseline.filter { has(mine, $0) }
        let myOrder = mine.filter { has(baseline, $0) }
        let reordered = zip(kept, myOrder).contains { !$0.isSame(as: $1) } || mine.first.map { !has(baseline, $0) } ?? false
        guard reordered && mine.count > 1 else { return merged }
        let mineFirst = mine.filter { has(merged, $0) }
        return mineFirst + merged.filter { !has(mine, $0) }
    }

    /// `20261130T170000Z`: a time for a file name, in UTC, without colons.
    static func fileStamp(_ date: Date) -> String {
        String(date.formatted(.iso8601).filter { !"-:".contains($0) })
    }

    private enum ReadResult {
        /// `unreadable` says why: `Permission denied`, `is a directory, not a regular file`.
        case missing
        case unreadable(String)
        case corrupt
        /// The state, and the parts of it the file held but could not be read (`ClientState.unreadableParts`).
        case found(ClientState, unreadable: [String])
        /// A file of a later schema than `ClientState.schema`: what this version reads of it, never written over.
        case newer(ClientState, schema: Int)
    }

    /// The largest state file read: a thousand pins and the live view take a few hundred KiB.
    static let maxFileSize = 8 * 1024 * 1024

    /// One `open`, whose error alone says whether the file is missing: asking again afterwards
    /// (as `contents(atPath:)` then `fileExists` did) raced a command creating it meanwhile
    /// and warned "cannot read" about a file that was fine.
    private func read() -> ReadResult {
        let bytes: [UInt8]
        do { bytes = try RegularFile.read(path, limit: Self.maxFileSize) } catch {
            switch error {
            case .cannotOpen(let reason) where reason.isMissing: return .missing
            case .tooLarge(let limit): return .unreadable("larger than \(limit / 1024 / 1024) MiB, the most a state file holds")
            case .cannotOpen, .cannotRead, .notRegular: return .unreadable("\(error)")
            }
        }
        guard let json = try? JSON.parse(bytes), let state = ClientState(json: json) else { return .corrupt }
        if let schema = json["schema"]?.int, schema > ClientState.schema { return .newer(state, schema: schema) }
        return .found(state, unreadable: ClientState.unreadableParts(of: json))
    }

    /// Makes the state directory when missing; why it cannot be, when it cannot.
    private func createDirectory() -> String? {
        var isDirectory = false
        if FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), !isDirectory {
            return "cannot save in \(directory): it is a file, not a directory"
        }
        // Never the home directory itself, as git and ssh never make it: a HOME that is not there
        // (a service's, a typo) is said, not made with the state inside.
        if let home = BoardPaths.homeDirectory(), home != "/", directory.hasPrefix(home + "/"), !FileSystem.exists(home) {
            return "cannot save in \(directory): the home directory \(home) does not exist"
        }
        do {
            try FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            return "cannot create \(directory)"
        }
        return Self.untrusted(directory)
    }

    /// Why `directory` is not one to save in; nil when it is. The directory is this user's (or
    /// root's) and no one else may write it, sticky or not (another user's file at a name a save
    /// takes could not be removed there). Each directory above it, and each link on the way, is
    /// this user's or root's, and none another user may write without the sticky bit: anyone who
    /// could move the directory could put a link to another of this user's in its place.
    static func untrusted(_ directory: String, user: UInt32 = Program.userID) -> String? {
        func trusted(_ owner: UInt32) -> Bool { owner == user || owner == 0 }
        guard let status = try? FileStatus(path: directory) else { return nil }
        if !trusted(status.owner) {
            return "not saving in \(directory): it belongs to user \(status.owner); set BOARD_STATE_DIR to a directory of yours"
        }
        if status.isWritableByOthers {
            return "not saving in \(directory): others may write it; chmod go-w it, or set BOARD_STATE_DIR"
        }
        var path = directory
        while true {
            guard let entry = try? FileStatus(path: path, followingLinks: false) else { return nil }
            if !trusted(entry.owner) {
                return
                    "not saving in \(directory): \(path) belongs to user \(entry.owner), who could move it; set BOARD_STATE_DIR"
            }
            if entry.kind != .symbolicLink, entry.isWritableByOthers, !entry.isSticky {
                return "not saving in \(directory): others may write \(path) and move it; set BOARD_STATE_DIR"
            }
            let parent = BoardPaths.directory(of: path)
            if parent == path { return nil }
            path = parent
        }
    }

    /// Writes through a temporary file, fsync and rename, so a reader never sees half a file; why it
    /// could not, when it could not.
    private func write(_ state: ClientState) -> String? {
        var bytes = state.json.bytes
        bytes.append(UInt8(ascii: "\n"))
        do { try AtomicFile.write(bytes, to: path, permissions: 0o600) } catch {
            switch error {
            case .cannotCreate(_, let reason): return "cannot write \(path) (\(SystemError.message(for: reason.code)))"
            case .cannotReplace: return "cannot write \(path)"
            }
        }
        return nil
    }

    private mutating func warn(_ message: String) {
        guard !warned else { return }
        warned = true
        Output.warning(message)
    }
}
