import BoardArguments
import BoardProtocol
import BoardSystem

/// What `boardd` was asked to do, read from its arguments before anything runs.
enum DaemonCommand: Equatable {
    case serve(DaemonOptions)
    case checkConfig(DaemonOptions)
    case help
    case version
}

struct DaemonOptions: Equatable {
    var socket: String?
    var config: String?
    var seed: UInt64?
    var now: String?
    var speed: Double?
    var logLevel: Log.Level = .info
    var limits = ServerLimits()
    /// `--publish URL`: the Redis this daemon publishes its clock and config to, as a source.
    var publish: RedisURL?
    /// `--follow URL`: the Redis this daemon follows a source through, as a replica.
    var follow: RedisURL?
    var redisPasswordFile: String?
}

extension DaemonCommand {
    static let usage = """
        usage: boardd [--socket PATH] [--config FILE] [--seed N] [--now TIME] [--speed X]
                      [--log-level debug|info|warning|error] [--max-clients N]
                      [--request-timeout SECONDS] [--stall-timeout SECONDS]
                      [--publish URL | --follow URL] [--redis-password-file FILE]
               boardd --check-config [--config FILE] [any flag above]
               boardd --help | --version

        Serves the flight board on a Unix socket (default:
        $XDG_RUNTIME_DIR/board/boardd.sock, else /tmp/board-$UID/boardd.sock).
          --socket PATH     the socket to serve (also BOARD_SOCKET)
          --config FILE     the config (also BOARDD_CONFIG; default $XDG_CONFIG_HOME/board/boardd.json
                            when it exists, else built-in defaults)
          --seed N          the schedule's seed, overriding the config
          --now TIME        start a simulated clock at TIME (ISO-8601, e.g. 2026-11-30T09:00:00-05:00)
          --speed X         run the simulated clock X times real time (0 freezes it)
          --log-level L     the least important messages to log (default info); debug
                            adds each client's connecting, refused requests and closing
          --max-clients N   connections served at once (default 10000); more get tooManyClients
          --request-timeout SECONDS
                            close a client whose request line does not finish in time (default 10)
          --stall-timeout SECONDS
                            close a client that stops reading what it is sent (default 30)
          --publish URL     be the source of replicas: publish the clock and the config to Redis at
                            URL, redis://[USER@]HOST[:PORT][/DB] or unix:///PATH (docs/SCALE.md)
          --follow URL      be a replica: take the schedule and the clock from the source that
                            publishes to Redis at URL, and serve the same boards (docs/SCALE.md)
          --redis-password-file FILE
                            Redis's password, the file's first line (only its owner may read it);
                            else BOARDD_REDIS_PASSWORD; never on the command line
          --check-config    check the config and the flags beside it, and exit: 0 when they are good,
                            2 with the reason when not

        Signals: SIGTERM, SIGINT or SIGQUIT shut down cleanly (the socket is removed); SIGHUP
        reloads the config (docs/CONFIG.md); SIGUSR1 binds a removed socket again at once and,
        like SIGUSR2, logs a status line; SIGPIPE is ignored (docs/RELIABILITY.md).
        A socket removed under the daemon is bound again within a second. When stderr is a
        file it is rotated to FILE.1 past 1 MiB; repeated messages are rate-limited.
        Under systemd it serves the socket passed by socket activation (LISTEN_FDS), reports
        READY/RELOADING/STOPPING to NOTIFY_SOCKET, and logs without timestamps to the journal
        (config/boardd.socket, config/boardd.service).
        """

    /// Every flag `boardd` takes.
    static let flags: [Flag] = [
        Flag("--socket", value: .file, summary: "the socket to serve"),
        Flag("--config", value: .file, summary: "the config file"),
        Flag("--seed", value: .number, summary: "the schedule's seed"),
        Flag("--now", value: .free, summary: "start a simulated clock at TIME"),
        Flag("--speed", value: .number, summary: "the simulated clock's speed"),
        Flag("--log-level", value: .choices(Log.Level.allCases.map(\.name)), summary: "the least important messages to log"),
        Flag("--max-clients", value: .number, summary: "connections served at once"),
        Flag("--request-timeout", value: .number, summary: "seconds a request line may take"),
        Flag("--stall-timeout", value: .number, summary: "seconds a client may stop reading"),
        Flag("--publish", value: .free, summary: "publish the clock and config to Redis at URL"),
        Flag("--follow", value: .free, summary: "follow the source that publishes to Redis at URL"),
        Flag("--redis-password-file", value: .file, summary: "the file holding Redis's password"),
        Flag("--check-config", summary: "check the config and exit"),
        Flag("--help", short: "-h", summary: "show help"),
        Flag("--version", short: "-V", summary: "show the version"),
    ]

    /// Reads `boardd`'s arguments; `--help` and `--version` win over whatever follows them.
    static func parse(_ arguments: [String]) throws(UsageError) -> DaemonCommand {
        var options = DaemonOptions()
        var check = false
        var tokenizer = FlagTokenizer(arguments, flags: flags, takesArguments: false) { word in
            // A word that is no flag at all is an argument, which boardd takes none of.
            word.hasPrefix("-") ? "unknown option \"\(word)\"" : "boardd takes flags only, not \"\(word)\""
        }
        while let token = try tokenizer.next() {
            guard case .flag(let flag, let value) = token else { continue }  // no arguments: every word is a flag
            let text = value ?? ""
            switch flag.name {
            case "--help": return .help
            case "--version": return .version
            case "--check-config": check = true
            case "--socket", "--config":
                guard !text.isEmpty else { throw UsageError(message: "\(flag.name) needs a path, not \"\"") }
                if flag.name == "--socket" { options.socket = text } else { options.config = text }
            case "--seed":
                // The config's range (a JSON integer): a seed the flag takes can be written in a config too.
                guard let seed = UInt64(text), seed <= UInt64(Int64.max) else {
                    throw UsageError(message: "--seed needs a whole number from 0 to \(Int64.max), not \"\(text)\"")
                }
                options.seed = seed
            case "--now": options.now = text
            case "--speed":
                guard let speed = DecimalNumber.value(text), speed >= 0, speed <= JSON.maxClockSpeed else {
                    throw UsageError(message: "--speed needs a number from 0 to 1000000, not \"\(text)\"")
                }
                options.speed = speed
            case "--log-level":
                guard let level = Log.Level(name: text) else {
                    throw UsageError(message: "--log-level needs debug, info, warning or error, not \"\(text)\"")
                }
                options.logLevel = level
            case "--max-clients":
                guard let count = Int(text), (1...100_000).contains(count) else {
                    throw UsageError(message: "--max-clients needs a number from 1 to 100000, not \"\(text)\"")
                }
                options.limits.maxClients = count
            case "--request-timeout", "--stall-timeout":
                guard let seconds = DecimalNumber.value(text), seconds > 0, seconds <= 86_400 else {
                    throw UsageError(message: "\(flag.name) needs a number of seconds over 0, at most 86400, not \"\(text)\"")
                }
                if flag.name == "--request-timeout" {
                    options.limits.partialLineTimeout = seconds
                } else {
                    options.limits.stalledWriteTimeout = seconds
                }
            case "--publish":
                do { options.publish = try RedisURL(parsing: text) } catch { throw UsageError(message: "--publish: \(error)") }
            case "--follow":
                do { options.follow = try RedisURL(parsing: text) } catch { throw UsageError(message: "--follow: \(error)") }
            case "--redis-password-file":
                guard !text.isEmpty else { throw UsageError(message: "--redis-password-file needs a path, not \"\"") }
                options.redisPasswordFile = text
            default:
                throw UsageError(message: "unknown option \"\(flag.name)\"")  // declared above but not read here
            }
        }
        // The socket it would serve, too long whether --socket or the environment gave it (not for
        // --check-config, which serves none).
        if !check, let problem = UnixSocket.pathProblem(flag: options.socket) { throw UsageError(message: problem) }
        if options.follow != nil {
            if options.publish != nil {
                throw UsageError(message: "--follow and --publish cannot go together: a daemon is a source or a replica")
            }
            try options.refuseTheSourcesFlags(replicaBecause: "--follow")
        }
        return check ? .checkConfig(options) : .serve(options)
    }
}

extension DaemonOptions {
    static let passwordFileAlone =
        "--redis-password-file goes with --publish URL, --follow URL or replication in the config (docs/CONFIG.md)"

    /// A replica takes its clock and schedule from its source: `--now`, `--speed` and `--seed` are refused.
    func refuseTheSourcesFlags(replicaBecause why: String) throws(UsageError) {
        for (flag, given) in [("--now", now != nil), ("--speed", speed != nil), ("--seed", seed != nil)] where given {
            throw UsageError(message: "\(flag) goes to the source: a replica (\(why)) takes its clock and schedule from it")
        }
    }

    /// These options with the config's `replication` where no flag says where Redis is (the flags win,
    /// the password file too); a replica by the config refuses the source's flags as `--follow` does.
    func replication(from config: DaemonConfig) throws(UsageError) -> DaemonOptions {
        guard publish == nil, follow == nil else { return self }
        guard let settings = config.replication else {
            if redisPasswordFile == nil { return self }
            throw UsageError(message: Self.passwordFileAlone)
        }
        var options = self
        switch settings.role {
        case .publish: options.publish = settings.url
        case .follow:
            options.follow = settings.url
            try refuseTheSourcesFlags(replicaBecause: "replication.follow in \(config.source)")
        }
        options.redisPasswordFile = redisPasswordFile ?? settings.passwordFile
        return options
    }
}
