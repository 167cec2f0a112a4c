/// Where a Redis server is: `redis://[USER@]HOST[:PORT][/DB]` or `unix:///PATH`.
///
/// The password never goes in the URL (it would be seen in `ps`, in logs and in shell
/// history): one written there is refused with a message that does not repeat it. TCP goes
/// only where a URL says; nothing is guessed.
public struct RedisURL: Hashable, Sendable, CustomStringConvertible {
    public enum Endpoint: Hashable, Sendable {
        /// A host name or an address (IPv6 without its brackets), and a port.
        case tcp(host: String, port: Int)
        case unix(path: String)
    }

    public let endpoint: Endpoint
    /// The ACL user that `AUTH` names; nil for the default user.
    public let user: String?
    /// The database `SELECT` chooses; 0 is Redis's default and is not selected.
    public let database: Int

    public static let defaultPort = 6379
    /// What every URL error says is expected.
    public static let grammar = "redis://[USER@]HOST[:PORT][/DB] or unix:///PATH"

    public init(endpoint: Endpoint, user: String? = nil, database: Int = 0) {
        self.endpoint = endpoint
        self.user = user
        self.database = database
    }

    /// Reads a URL; a mistake is a `RedisURLError` whose one line quotes the URL (its password, if any, masked).
    public init(parsing given: String) throws(RedisURLError) {
        func fail(_ reason: String? = nil) -> RedisURLError { RedisURLError(url: given, reason: reason) }
        // A scheme is read in any case (RFC 3986 §3.1): `REDIS://host` is `redis://host`.
        let text = given.firstRange(of: "://").map { given[..<$0.lowerBound].lowercased() + given[$0.lowerBound...] } ?? given
        if text.hasPrefix("unix://") {
            let path = String(text.dropFirst("unix://".count))
            guard path.hasPrefix("/"), path.count > 1 else { throw fail("a unix URL names an absolute path: unix:///PATH") }
            guard !path.utf8.contains(0), !path.contains("?") else { throw fail("the path has a character a URL cannot hold") }
            self.init(endpoint: .unix(path: path))
            return
        }
        if text.hasPrefix("rediss://") { throw fail("TLS (rediss://) is not supported; use a Unix socket or a tunnel") }
        guard text.hasPrefix("redis://") else { throw fail() }
        var rest = Substring(text.dropFirst("redis://".count))
        guard !rest.contains("?"), !rest.contains("#") else { throw fail("a redis URL takes no query or fragment") }
        var user: String?
        if let at = rest.lastIndex(of: "@") {
            let userInfo = rest[..<at]
            guard !userInfo.contains(":") else {
                throw fail("a password never goes in the URL; give it in BOARDD_REDIS_PASSWORD or --redis-password-file")
            }
            guard !userInfo.isEmpty, !userInfo.contains("@"), !userInfo.contains("/") else { throw fail("the user is empty") }
            user = String(userInfo)
            rest = rest[rest.index(after: at)...]
        }
        var database = 0
        if let slash = rest.firstIndex(of: "/") {
            let digits = rest[rest.index(after: slash)...]
            guard let number = Self.number(digits, max: Int(Int32.max)) else {
                throw fail("the database '\(digits)' is not a number from 0")
            }
            database = number
            rest = rest[..<slash]
        }
        var host: Substring
        var portText: Substring?
        if rest.hasPrefix("[") {
            guard let close = rest.firstIndex(of: "]") else { throw fail("an IPv6 address lacks its ']'") }
            host = rest[rest.index(after: rest.startIndex)..<close]
            let after = rest[rest.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { throw fail() }
                portText = after.dropFirst()
            }
        } else if let colon = rest.firstIndex(of: ":") {
            host = rest[..<colon]
            portText = rest[rest.index(after: colon)...]
        } else {
            host = rest
        }
        guard !host.isEmpty else { throw fail("the host is empty") }
        guard host.allSatisfy({ $0.isLetter || $0.isNumber || "-._:%".contains($0) }), host.allSatisfy(\.isASCII) else {
            throw fail("the host '\(host)' is not a host name or an address")
        }
        var port = Self.defaultPort
        if let portText {
            guard let number = Self.number(portText, max: 65535), number > 0 else {
                throw fail("the port '\(portText)' is not a number from 1 to 65535")
            }
            port = number
        }
        self.init(endpoint: .tcp(host: String(host), port: port), user: user, database: database)
    }

    /// The server's name in messages: `redis://HOST:PORT` or `unix:///PATH`, with no user, database or password.
    public var server: String {
        switch endpoint {
        case .tcp(let host, let port): host.contains(":") ? "redis://[\(host)]:\(port)" : "redis://\(host):\(port)"
        case .unix(let path): "unix://\(path)"
        }
    }

    /// The URL again, in its shortest form.
    public var description: String {
        switch endpoint {
        case .unix: server
        case .tcp:
            (user.map { "redis://\($0)@" } ?? "redis://") + server.dropFirst("redis://".count)
                + (database == 0 ? "" : "/\(database)")
        }
    }

    /// Decimal digits only (no sign, no space), at most `max`.
    private static func number(_ text: Substring, max: Int) -> Int? {
        guard !text.isEmpty, text.count <= 10, text.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(text),
            value <= max
        else { return nil }
        return value
    }
}

/// A Redis URL that could not be read, in one line that quotes it (any password in it masked) and says what is expected.
public struct RedisURLError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The URL as given, its password (`USER:PASSWORD@`) masked.
    public let url: String
    /// What is wrong, when more can be said than the grammar.
    public let reason: String?

    public init(url: String, reason: String? = nil) {
        self.url = Self.masked(url)
        self.reason = reason
    }

    public var description: String {
        "redis URL '\(url)': " + (reason.map { "\($0); expected " } ?? "expected ") + RedisURL.grammar
    }

    /// `redis://user:secret@host` as `redis://user:***@host`: what was typed, never the password.
    static func masked(_ url: String) -> String {
        guard let colon = url.firstIndex(of: ":"), url[colon...].hasPrefix("://") else { return url }
        let rest = url[url.index(colon, offsetBy: 3)...]
        guard let at = rest.lastIndex(of: "@"), let colon = rest[..<at].firstIndex(of: ":") else { return url }
        return String(url[..<rest.index(after: colon)]) + "***" + String(rest[at...])
    }
}
