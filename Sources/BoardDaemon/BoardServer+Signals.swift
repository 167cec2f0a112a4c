import BoardProtocol
import BoardSystem
import FoundationEssentials

/// The main loop's signals, its socket's path and its shutdown.
extension BoardServer {
    func handleSignals() {
        for signal in signals.drain() {
            switch signal {
            case .interrupt, .terminate, .quit:
                loop.log.info("\(signal): shutting down")
                stop()
            case .hangUp:
                onEvent(.reloading)
                refusedReload = reload()
                onEvent(.reloaded(refused: refusedReload))
            case .userDefined1, .userDefined2:
                if signal == .userDefined1 { checkSocket() }  // at once, as tmux recreates its socket on SIGUSR1
                logStatus(signal)
            case .windowChanged, .terminalStop, .continued: break  // not asked for: the daemon has no terminal
            }
        }
    }

    /// Ends the loop, telling the supervisor once.
    private func stop() {
        if loop.isRunning { onEvent(.stopping) }
        loop.stop()
    }

    /// Reads the config again (SIGHUP): the new one is served from this instant, or the old one kept and
    /// the refusal returned (for the supervisor's status line as well as the log).
    private func reload() -> String? {
        if let replica {
            let source = replica.shared.withLock { $0.source }
            loop.log.info("SIGHUP: a replica takes its config from its source (instance \(source)); nothing to reload")
            return nil
        }
        switch reloadConfig() {
        case .success(let config):
            let previous = service.config.source
            if config.replication != service.config.replication {
                loop.log.warning("replication in the config changed: it takes effect when boardd is started again")
            }
            if let replication, ReplicationKeys(airportCode: config.schedule.airport.code) != replication.keys {
                // The replicas of the new code find nothing until then: the keys are the start's.
                loop.log.warning(
                    "airport.code changed to \(config.schedule.airport.code): published under \(replication.keys.log) and its keys until boardd is started again"
                )
            }
            reload(to: config)
            loop.link.publish(service)
            replication?.configChanged(config.replicatedSettings)
            // What it sets, as the start says it: a reload from seed 7 to 8 is seen in the log.
            if config.source == previous {
                loop.log.info("reloaded the config from \(config.source) (\(config.summary))")
            } else {
                // The config file found by default was moved or deleted: a new schedule, maybe not the one meant.
                loop.log.warning("reloaded the config from \(config.source) (\(config.summary)), no longer from \(previous)")
            }
            publish()
            return nil
        case .failure(let error):
            loop.log.error("kept the old config: \(error)")
            return "\(error)"
        }
    }

    /// Serves `config` from now on (a reload, or a replica taking its source's). Another schedule
    /// (`ScheduleConfig`: seed, days, flights, announcements, hall, airport) ends every `events.watch`
    /// with a `reloaded` event and closes its connection: its flights and their changes were the old
    /// schedule's (a `board wait` on a flight the new one lacks waited for ever). The client subscribes
    /// again, as after a restart, and the daemon answers with the new schedule, or refuses a flight it lacks.
    func reload(to config: DaemonConfig) {
        let replaced = config.schedule != service.config.schedule
        service.reload(config)
        guard replaced else { return }
        let subscribers = loop.connections.tokens { $0.events != nil }
        for token in subscribers {
            guard let id = loop.connections.update(token, { $0.events?.requestID }) ?? nil else { continue }
            loop.enqueue(WireLine.reloaded(id: id), to: token)
            loop.connections.update(token) { connection in
                connection.events = nil
                connection.inbox.removeAll()
                connection.peerClosed = true
                connection.closing = .reloaded
                connection.closeWhenFlushed = true
            }
            loop.flush(token)
        }
        if !subscribers.isEmpty {
            loop.log.info("another schedule: \(subscribers.count) events subscription(s) ended, to be taken again")
        }
    }

    /// One line for SIGUSR1 and SIGUSR2: clients, watchers, subscribers, splices, clock and config.
    private func logStatus(_ signal: UnixSignal) {
        let link = loop.link
        let watchers = link.watchers.load(ordering: .relaxed)
        // Subscribers are all the main loop's.
        let followers = loop.connections.tokens { $0.events != nil }.count
        loop.log.info(
            "\(signal): serving \(acceptor.listener.path): \(link.clients.load(ordering: .relaxed)) client(s), \(watchers) watching, "
                + "\(followers) following events, \(link.readLoopClients.load(ordering: .relaxed)) on the read loop, "
                + "\(link.spliceStatistics.readBack.load(ordering: .relaxed) >> 10) KiB read back from splices, "
                + "clock \(service.localTime.iso8601(service.clock.now)), config \(service.config.source)"
                + (refusedReload.map { " as it was before the last reload, which was refused: \($0)" } ?? ""))
    }

    /// Looks at the socket's path: a removed socket is bound again; one taken by another daemon ends this one.
    func checkSocket() {
        nextSocketCheck = loop.now + SocketListener.checkInterval
        loop.log.flushSuppressed()  // a flood that stopped is counted within a second or two
        let listening = acceptor.listener.descriptor
        if let why = acceptor.keepBound(loop) {
            loop.log.warning(why)
            stop()
        } else if readLoopThread != nil, listenerToShare || acceptor.listener.descriptor != listening {
            shareListener()
        }
    }

    /// Says goodbye to watchers and subscribers, closes every client, stops the read loop and removes the socket.
    func shutdown() {
        loop.closeAll(saying: WireLine.shutdown(reason: "boardd is shutting down"))
        if let readLoopThread {
            loop.link.stop()
            readLoopThread.join()
        }
        loop.link.close()  // and with it any client handed over since the last turn
        acceptor.listener.remove()
        // The lease given back, so a new source need not wait for it to expire; never longer than a second.
        replication?.stop(waitingAtMost: .seconds(1))
        replica?.stop(waitingAtMost: .seconds(1))
        loop.log.info("stopped")
    }
}
