import BoardLink
import BoardProtocol
import BoardSystem

extension Daemon {
    /// The connect and reply timeouts of a replica's Redis: the start waits at most 4 s (connecting,
    /// then the state's reply).
    static let followTimeouts = RedisConnection.Timeouts(connect: .seconds(2), reply: .seconds(2))

    /// Before serving: the source's state, from which the replica takes its schedule and its clock.
    ///
    /// The keys are those of the local config's airport code (`MTN` by default). A password file
    /// that cannot be used is exit 2; a Redis that refuses or does not answer, no source's state,
    /// or a state it cannot read is exit 1, in one line: a replica has no board to serve without
    /// its source's settings.
    static func startFollowing(_ url: RedisURL, options: DaemonOptions, local: DaemonConfig, log: Log)
        -> Result<(ReplicationFollower, ReplicationFollower.Snapshot), ReplicationStartFailure>
    {
        let password: RedisPassword?
        do { password = try RedisPassword.load(file: options.redisPasswordFile) } catch {
            return .failure(ReplicationStartFailure(message: "\(error)", status: 2))
        }
        let code = local.schedule.airport.code
        let keys = ReplicationKeys(airportCode: code)
        let follower = ReplicationFollower(
            link: RedisLink(url, password: password, timeouts: followTimeouts), keys: keys, log: log)
        func failure(_ message: String) -> Result<(ReplicationFollower, ReplicationFollower.Snapshot), ReplicationStartFailure> {
            .failure(ReplicationStartFailure(message: message, status: 1))
        }
        switch follower.start() {
        case .following(let snapshot):
            log.info("redis \(url.server): following \(keys.log), source instance \(snapshot.source)")
            return .success((follower, snapshot))
        case .noSource:
            return failure(
                "no source publishes \(code) on \(url.server): \(keys.state) is empty; start boardd --publish \(url) first (a replica takes its schedule and clock from it)"
            )
        case .unreadable(let reason):
            return failure("cannot follow \(code) on \(url.server): \(reason)")
        case .refused(let error):
            return failure("\(error)\(Self.passwordHint(error))")
        case .unreachable(let error) where error.isWrongPath:
            return failure("\(error)")
        case .unreachable(let error):
            return failure("\(error); a replica starts from its source's state: start it once Redis answers")
        }
    }
}
