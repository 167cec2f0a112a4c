import BoardArguments
import BoardLink
import BoardProtocol
import BoardSystem
import FlightData
import FoundationEssentials

/// Runs `boardd`: reads the arguments and the config, takes the socket, serves. Returns the exit status.
public enum Daemon {
    public static func main(_ arguments: [String]) -> Int32 {
        FileDescriptor.openClosedStandardDescriptors()
        // A reload or a status asked for while the daemon starts (its config read, Redis reached) waits
        // for the loop; stopping signals end a start at once, as there is nothing to save yet.
        UnixSignal.hold([.hangUp, .userDefined1, .userDefined2])
        UnixSignal.ignoreBrokenPipe()
        UnixSignal.ignoreFileSizeLimit()
        let command: DaemonCommand
        do { command = try DaemonCommand.parse(arguments) } catch {
            printError("boardd: \(error.pointing(to: "boardd --help"))")
            return 2
        }
        switch command {
        case .help:
            print(DaemonCommand.usage)
            return 0
        case .version:
            print("boardd \(boardVersion) (protocol \(wireProtocolVersion))")
            return 0
        case .checkConfig(let options):
            // Everything the start checks before it takes the socket or reaches Redis: a config that
            // passes here does not stop the daemon's start.
            let config: DaemonConfig
            switch loadConfig(options) {
            case .success(let loaded): config = loaded
            case .failure(let error):
                printError("boardd: \(error)")
                return 2
            }
            if case .failure(let failure) = preflight(options, config: config) {
                printError("boardd: \(failure.message)")
                return failure.status
            }
            print("\(config.source): ok (\(config.summary))".escapingControlCharacters)
            return 0
        case .serve(let options):
            return serve(options)
        }
    }

    static func loadConfig(_ options: DaemonOptions) -> Result<DaemonConfig, ConfigError> {
        var config: DaemonConfig
        if let path = options.config {
            do { config = try DaemonConfig.load(path: path) } catch { return .failure(error) }
        } else if let found = BoardPaths.defaultConfig() {
            let label = found.explicit ? "\(found.path) (from BOARDD_CONFIG)" : found.path
            do { config = try DaemonConfig.load(path: found.path, label: label) } catch { return .failure(error) }
        } else {
            config = .builtIn
        }
        if let seed = options.seed { config.schedule.seed = seed }
        return .success(config)
    }

    static func serve(_ given: DaemonOptions) -> Int32 {
        let log = Log(minimum: given.logLevel)
        var config: DaemonConfig
        switch loadConfig(given) {
        case .success(let loaded): config = loaded
        case .failure(let error):
            log.error("\(error)")
            Autostarted.noteFailure("\(error)", socket: given.socket)
            return 2
        }
        let options: DaemonOptions
        let startingClock: DaemonClock?
        switch preflight(given, config: config) {
        case .success(let checked): (options, startingClock) = checked
        case .failure(let failure):
            printError("boardd: \(failure.message)")
            Autostarted.noteFailure(failure.message, socket: given.socket)
            return failure.status
        }
        var clock = startingClock ?? DaemonClock()
        var follower: ReplicationFollower?
        var followedSource = ""
        if let url = options.follow {
            switch startFollowing(url, options: options, local: config, log: log) {
            case .success(let (started, snapshot)):
                follower = started
                followedSource = snapshot.source
                config = snapshot.config
                clock.follow(snapshot.clock)
            case .failure(let failure):
                printError("boardd: \(failure.message)")
                return failure.status
            }
        }
        let instance = makeInstanceID()
        var publisher: ReplicationPublisher?
        if let url = options.publish {
            switch startPublishing(url, options: options, config: config, clock: clock, instance: instance, log: log) {
            case .success(let started): publisher = started
            case .failure(let failure):
                printError("boardd: \(failure.message)")
                return failure.status
            }
        }
        let listener: SocketListener
        do { listener = try takeSocket(options, log: log) } catch {
            publisher?.releaseLease()
            if case ListenError.alreadyServing(let path) = error, Autostarted.isSet,
                SocketListener.answers(path, within: .seconds(1))
            {
                // Several boards started one each at once (tmux panes at login): the first serves, and
                // what board asked for is done. No error in the log for a race nobody lost.
                log.info("another boardd serves \(path): this one, started by board, steps aside")
                return 0
            }
            log.error("\(error)")
            return 1
        }
        let path = listener.path
        var service = BoardService(config: config, clock: clock, instance: instance)
        service.replication = publisher?.source
        var feed: ReplicaFeed?
        if let follower, let url = options.follow {
            do {
                feed = try ReplicaFeed(keys: follower.keys, server: url.server, source: followedSource)
            } catch {
                log.error("cannot start following: \(error)")
                listener.remove()
                return 1
            }
            follower.feed = feed
            service.replication = feed
        }
        let server: BoardServer
        do {
            server = try BoardServer(
                service: service, listener: listener, limits: options.limits, log: log,
                reloadConfig: { loadConfig(options) })
        } catch {
            log.error("cannot start: \(error)")
            publisher?.releaseLease()
            listener.remove()
            return 1
        }
        var following: SystemThread?
        if let follower, let feed {
            do {
                try server.follow(feed)
                let handed = ReplicationFollowerHandOff(follower: follower)
                following = try SystemThread(name: "boardd-follow") { handed.follower.run() }
            } catch {
                log.error("cannot start following: \(error)")
                listener.remove()
                return 1
            }
        }
        var publishing: SystemThread?
        if let publisher {
            server.replication = publisher.source
            let handed = ReplicationPublisherHandOff(publisher: publisher)
            do { publishing = try SystemThread(name: "boardd-publish") { handed.publisher.run() } } catch {
                log.error("cannot start publishing: \(error)")
                publisher.releaseLease()
                listener.remove()
                return 1
            }
        }
        // Many watchers need many descriptors.
        ResourceLimits.raiseOpenFiles(to: options.limits.maxClients + 64)
        var mode =
            clock.isSimulated ? "simulated clock at \(service.localTime.iso8601(clock.now)), speed \(clock.speed)" : "real clock"
        if let url = options.follow { mode += ", a replica following \(url.server)" }
        let how = listener.isActivated ? "serving \(path), passed by the service manager" : "serving \(path)"
        log.info(
            "\(how) (\(config.summary), \(mode), config: \(config.source))")
        if let notifier = SystemdNotifier.fromEnvironment() {
            server.onEvent = { event in
                let notification: ServiceNotification =
                    switch event {
                    case .reloading: .reloading(monotonicMicroseconds: SystemdNotifier.monotonicMicroseconds())
                    // A refused reload is said where `systemctl status` shows it, not only in the journal.
                    case .reloaded(refused: nil): .ready(status: "serving \(path)")
                    case .reloaded(refused: let why?): .ready(status: "serving \(path); kept the old config: \(why)")
                    case .stopping: .stopping
                    }
                if let error = notifier.send(notification) { log.warning("cannot notify the service manager: \(error)") }
            }
            if let error = notifier.send(.ready(status: "serving \(path)")) {
                log.warning("cannot notify the service manager: \(error)")
            }
        }
        server.run()
        // The publisher stopped with the server (`replication.stop`); joined when it finished in time,
        // so no thread outlives the daemon's own end (one still waiting on Redis ends with the process).
        if let publishing, server.replication?.hasFinished == true { publishing.join() }
        if let following, server.replica?.hasFinished == true { following.join() }
        log.flushSuppressed(all: true)
        return 0
    }

    /// What the start checks before it takes its socket or reaches Redis, in the start's order: the
    /// replication settings with the flags, `--now`, the lease (`BOARDD_REPLICATION_LEASE_MS`) and the
    /// Redis password file. `--check-config` runs it alone, so a config it passes does not stop the start.
    static func preflight(_ given: DaemonOptions, config: DaemonConfig) -> Result<
        (options: DaemonOptions, clock: DaemonClock?), ReplicationStartFailure
    > {
        func refused(_ message: String) -> Result<(options: DaemonOptions, clock: DaemonClock?), ReplicationStartFailure> {
            .failure(ReplicationStartFailure(message: message, status: 2))
        }
        let options: DaemonOptions
        do { options = try given.replication(from: config) } catch { return refused(error.pointing(to: "boardd --help")) }
        let clock: DaemonClock?
        do { clock = try startingClock(options, config: config) } catch { return refused("\(error)") }
        if options.publish != nil, case .failure(let failure) = ReplicationPublisher.leaseFromEnvironment() {
            return .failure(failure)
        }
        if options.publish != nil || options.follow != nil {
            do { _ = try RedisPassword.load(file: options.redisPasswordFile) } catch { return refused("\(error)") }
        }
        return .success((options, clock))
    }

    /// The simulated clock `--now` and `--speed` ask for, nil for the real one; a `--now` that is no time,
    /// or one outside the clock's range, is refused.
    static func startingClock(_ options: DaemonOptions, config: DaemonConfig) throws(UsageError) -> DaemonClock? {
        guard options.now != nil || options.speed != nil else { return nil }
        let localTime = LocalTime(timeZone: config.schedule.airport.timeZone)
        var start = DaemonClock().now
        if let text = options.now {
            guard let parsed = InstantInput.parse(text, localTime: localTime, today: localTime.date(at: start)) else {
                throw UsageError(
                    message: "--now needs an ISO-8601 time such as 2026-11-30T09:00:00-05:00, not \"\(text)\"; see boardd --help")
            }
            guard ClockLimits.instants.contains(parsed) else {
                throw UsageError(message: "--now needs a time \(ClockLimits.instantsText), not \"\(text)\"; see boardd --help")
            }
            start = parsed
        }
        return DaemonClock(simulatedAt: start, speed: options.speed ?? 1)
    }

    /// The listening socket: the one the service manager passed (socket activation), else our own.
    static func takeSocket(_ options: DaemonOptions, log: Log) throws -> SocketListener {
        if let passed = try SocketActivation.takePassedSocket() {
            if let asked = options.socket ?? BoardPaths.environment("BOARD_SOCKET"), asked != passed.path {
                log.warning("serving the socket the service manager passed, \(passed.path), not \(asked)")
            }
            return SocketListener(activated: passed.descriptor, path: passed.path)
        }
        let path = options.socket ?? BoardPaths.defaultSocket()
        do { return try SocketListener(path: path) } catch {
            if case .alreadyServing = error, UnixSocket.isSocket(path: path) == nil { waitForTheHolderToBindAgain(path) }
            throw error
        }
    }

    /// The lock is held but the socket is gone: it was removed under a running daemon, which binds it
    /// again within `SocketListener.checkInterval`. Waiting for that (a little longer, bounded) before
    /// refusing lets whoever started this one (autostart) find the socket answering.
    static func waitForTheHolderToBindAgain(_ path: String) {
        _ = SocketListener.answers(path, within: SocketListener.checkInterval * 2)
    }

    /// A random id for this run, so clients can tell a restarted daemon: 16 hex digits.
    static func makeInstanceID() -> String {
        var random = SystemRandomNumberGenerator()
        return hexDigits(random.next())
    }

    /// `value` as 16 lowercase hex digits, zero-padded.
    static func hexDigits(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// One line on stderr, control characters escaped (an argument or a path may hold any byte).
    static func printError(_ message: String) {
        try? FileDescriptor.standardError.writeAll(message.escapingControlCharacters + "\n")
    }
}
