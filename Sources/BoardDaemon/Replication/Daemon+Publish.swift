import BoardLink
import BoardProtocol
import BoardSystem

extension Daemon {
    /// Why `--publish` or `--follow` cannot start: the line to print and the exit status.
    struct ReplicationStartFailure: Error, Hashable, Sendable, CustomStringConvertible {
        let message: String
        let status: Int32

        var description: String { message }
    }

    /// The connect and reply timeouts of a source's Redis: the start waits at most 6 s (connecting, the lease's and the state's replies).
    static let publishTimeouts = RedisConnection.Timeouts(connect: .seconds(2), reply: .seconds(2))

    /// Before serving: the password, the first records (the config and the clock), the lease.
    ///
    /// A password file that cannot be used is exit 2; a refusal (a wrong password, a Redis that
    /// refuses the script) and a lease another source holds are exit 1, naming that source's
    /// instance. A Redis that does not answer within the timeouts is logged once, and the daemon
    /// serves: the publisher takes the lease and publishes when Redis answers.
    static func startPublishing(
        _ url: RedisURL, options: DaemonOptions, config: DaemonConfig, clock: DaemonClock, instance: String, log: Log
    ) -> Result<ReplicationPublisher, ReplicationStartFailure> {
        let lease: Duration
        switch ReplicationPublisher.leaseFromEnvironment() {
        case .success(let duration): lease = duration
        case .failure(let failure): return .failure(failure)
        }
        let password: RedisPassword?
        do { password = try RedisPassword.load(file: options.redisPasswordFile) } catch {
            return .failure(ReplicationStartFailure(message: "\(error)", status: 2))
        }
        let source: ReplicationSource
        do { source = try ReplicationSource(instance: instance, airportCode: config.schedule.airport.code) } catch {
            return .failure(ReplicationStartFailure(message: "cannot start publishing: \(error)", status: 1))
        }
        source.configChanged(config.replicatedSettings)
        source.clockMoved(clock.replicationState(.start))
        let link = RedisLink(url, password: password, timeouts: publishTimeouts)
        let publisher = ReplicationPublisher(
            link: link, source: source, lease: lease, log: log)
        switch publisher.start() {
        case .leased:
            log.info("redis \(url.server): holding \(source.keys.source) as instance \(instance)")
            return .success(publisher)
        case .heldBy(let holder):
            return .failure(
                ReplicationStartFailure(
                    message:
                        "another source publishes \(config.schedule.airport.code): \(source.keys.source) on \(url.server) is held by instance \(holder); stop it, or wait for its lease to expire",
                    status: 1))
        case .refused(let error):
            return .failure(ReplicationStartFailure(message: "\(error)\(Self.passwordHint(error))", status: 1))
        case .unreachable(let error):
            log.warning("\(error); serving, and publishing once Redis answers")
            return .success(publisher)
        }
    }

    /// Where boardd takes a password, after a refusal that asks for one (`NOAUTH`); nothing else.
    static func passwordHint(_ error: RedisError) -> String {
        guard case .refused(let message) = error.reason, message.hasPrefix("NOAUTH") else { return "" }
        return
            " (give boardd the password: --redis-password-file FILE, BOARDD_REDIS_PASSWORD, or replication.passwordFile in the config)"
    }
}
