import BoardLink
import BoardProtocol
import BoardSystem
import FlightData
import Synchronization

/// Reading changes from the daemon: every page of an interval, or a followed stream that survives restarts.
enum EventStream {
    /// Every change `events.get` gives for `request`, page after page; the first page's answer with them.
    static func all(on connection: BoardConnection, _ request: EventsGetRequest, each: (EventChange) throws(ClientError) -> Void)
        throws(ClientError) -> EventsPage?
    {
        var first: EventsPage?
        var cursor: String?
        repeat {
            var asked = request
            if let cursor { asked.cursor = cursor }
            let json: JSON
            do {
                json = try connection.call(asked)
            } catch {
                throw clientError(error, method: .eventsGet, socket: connection.path)
            }
            let page: EventsPage
            do { page = try EventsPage(json: json) } catch { throw .failure(error.message) }
            if first == nil { first = page }
            for change in page.changes { try each(change) }
            // A page with nothing more never loops, whatever its `next` says.
            cursor = page.changes.isEmpty ? nil : page.next
        } while cursor != nil
        return first
    }

    /// One page of `events.get` on a connection of its own (a subscription's carries pushed changes).
    static func page(on socket: String, _ request: EventsGetRequest) throws(ConnectionError) -> EventsPage {
        let connection = try BoardConnection(path: socket, timeoutMilliseconds: 2000)
        let json = try connection.call(request)
        do { return try EventsPage(json: json) } catch { throw .malformedReply(error.message) }
    }

    /// New filters for a follow, and the daemon's instant each pinned flight was pinned, where known.
    struct Refilter {
        var filters: EventFilterParams
        var pinnedAt: [FlightKey: String] = [:]
    }

    /// How a follow ended.
    enum End: Equatable, Sendable {
        /// `handle` said it had what it wanted.
        case done
        case timedOut
    }

    /// Follows changes from `follow`'s resume point: each new one goes to `handle`, in order, once, until it returns true.
    ///
    /// A `skipped` gap is fetched with `events.get` on a connection of its own (the subscription's
    /// carries pushed changes). When the daemon goes away (closed, shut down, silent past the
    /// heartbeat), it reconnects with backoff and resubscribes from the last change handed on.
    /// The daemon's refusals (a bad filter, an unknown flight) end it with their error.
    ///
    /// `refilter`, asked after each message, gives new filters when they changed (`board events
    /// --pinned` and the pins saved meanwhile): the stream is then subscribed again with them on a new
    /// connection (a connection holds one subscription), from the last change handed on, saying nothing.
    /// A flight they add is followed from when it was pinned (`EventFollow.join`), not replayed from before.
    static func follow(
        client: BoardClient, first: BoardConnection, filters: EventFilterParams, follow: inout EventFollow,
        deadline: ContinuousClock.Instant? = nil, endingWhenUnread: Bool = false, subscribed: (String) -> Void = { _ in },
        refilter: () -> Refilter? = { nil }, skipped: (_ since: String, _ until: String?) -> Void = { _, _ in },
        handle: (EventChange) throws(ClientError) -> Bool
    ) throws(ClientError) -> End {
        var connection: BoardConnection? = first
        var filters = filters
        var backoff = Backoff()
        // A daemon that died without a word (a crash, kill -9) is started again, as the live view
        // starts one; one stopped on purpose (it said `shutdown`) is waited for.
        var revival = DaemonRevival(client: client)
        var warned = false
        // New filters, or a subscription the daemon ended on a reload: not a daemon gone.
        var resubscribing = false
        while true {
            if let deadline, deadline <= .now { return .timedOut }
            if resubscribing, connection == nil {
                // A new connection at once, without a word.
                resubscribing = false
                connection = try? BoardConnection(path: client.socket, timeoutMilliseconds: 1000)
            }
            guard let current = connection else {
                if !warned {
                    Output.warning("the daemon went away; reconnecting")
                    warned = true
                }
                var pause = backoff.next()
                if let deadline { pause = min(pause, max(.zero, deadline - .now)) }
                _ = DescriptorPoll.readable([], timeout: pause)
                connection = revival.connect(timeoutMilliseconds: 1000)
                continue
            }
            let id = current.send(follow.watchRequest(filters))
            var heartbeat = Heartbeat(now: .now)
            reading: while true {
                let step: EventFollow.Step
                do {
                    guard
                        let message = try LiveView.nextMessage(
                            from: current, heartbeat: &heartbeat, deadline: deadline, endingWhenUnread: endingWhenUnread)
                    else {
                        return .timedOut
                    }
                    if message["event"]?.string == "shutdown" { revival.shutdownAnnounced = true }
                    step = try follow.read(message, subscription: id)
                } catch .remote(let error) {
                    // A daemon back with its clock behind the last change (restarted at an earlier
                    // time) refuses that cursor: followed from its now, past that change.
                    if error.code == .invalidParams, follow.resumeFromNowPast() { break reading }
                    throw clientError(.remote(error), method: .eventsWatch, socket: client.socket)
                } catch {
                    connection = nil
                    break reading
                }
                switch step {
                case .subscribed(let now):
                    backoff.reset()
                    warned = false
                    subscribed(now)
                case .change(let change):
                    if follow.take(change), try handle(change) { return .done }
                case .skipped(let cursor, let since, let until):
                    if let since { skipped(since, until) }
                    // Fetched page by page; a daemon gone meanwhile is resumed from the last change taken.
                    var gap: EventsGetRequest? = EventFollow.gapRequest(filters, cursor: cursor, since: since, until: until)
                    while var current = gap {
                        let page: EventsPage
                        do { page = try Self.page(on: client.socket, current) } catch .remote(let error) {
                            throw clientError(.remote(error), method: .eventsGet, socket: client.socket)
                        } catch {
                            connection = nil
                            break reading
                        }
                        for change in page.changes where follow.take(change) {
                            if try handle(change) { return .done }
                        }
                        current.cursor = page.next
                        gap = page.changes.isEmpty || page.next == nil ? nil : current
                    }
                case .closed:
                    connection = nil
                    break reading
                case .reloaded:
                    // Subscribed again from the last change taken; a flight the new schedule lacks is refused then.
                    Output.warning("the daemon's config was reloaded with another schedule: what follows is the new schedule's")
                    resubscribing = true
                    connection = nil
                    break reading
                case .ignore: break
                }
                if let changed = refilter() {
                    let before = filters.pinned?.flights.flights ?? []
                    let after = changed.filters.pinned?.flights.flights ?? []
                    let added = after.subtracting(before).map { ($0, changed.pinnedAt[$0]) }
                    follow.join(Dictionary(added) { first, _ in first }, leaving: before.subtracting(after))
                    filters = changed.filters
                    resubscribing = true
                    connection = nil
                    break reading
                }
            }
        }
    }

    /// A failed events request as people read it; a daemon that predates the events methods says so.
    static func clientError(_ error: ConnectionError, method: WireMethod, socket: String) -> ClientError {
        if case .remote(let wire) = error, wire.code == .unknownMethod {
            return .failure(
                "the daemon on \(socket) does not know \(method.rawValue): it is older than this board; restart it \(ClientError.restart(socket))"
            )
        }
        return ClientError(error, socket: socket, autostartOffBy: nil)
    }
}

extension BoardClient {
    /// `flight` as an events filter names it: its identity and the name it was read by, so that after a
    /// reload with another schedule, where the identity may be another flight's, the daemon refuses it.
    func eventFlight(_ flight: FlightDocument) throws(ClientError) -> EventFlightParam {
        .identity(try identity(of: flight), flightName: flight.flightName)
    }
}
