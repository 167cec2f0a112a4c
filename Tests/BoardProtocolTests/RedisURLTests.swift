import BoardLink
import BoardProtocol
import Testing

/// `redis://[USER@]HOST[:PORT][/DB]` and `unix:///PATH`: what each URL means, and one line for each mistake.
struct RedisURLTests {
    @Test(arguments: [
        ("redis://localhost", RedisURL(endpoint: .tcp(host: "localhost", port: 6379))),
        ("redis://10.0.0.5:6380", RedisURL(endpoint: .tcp(host: "10.0.0.5", port: 6380))),
        (
            "redis://board@cache.example:7000/3",
            RedisURL(endpoint: .tcp(host: "cache.example", port: 7000), user: "board", database: 3)
        ),
        ("redis://[::1]:6379/1", RedisURL(endpoint: .tcp(host: "::1", port: 6379), database: 1)),
        ("redis://[fe80::1]", RedisURL(endpoint: .tcp(host: "fe80::1", port: 6379))),
        ("unix:///run/redis/redis.sock", RedisURL(endpoint: .unix(path: "/run/redis/redis.sock"))),
        // A scheme in any case, as RFC 3986 reads it; the path's case is kept.
        ("REDIS://Cache.Example", RedisURL(endpoint: .tcp(host: "Cache.Example", port: 6379))),
        ("Unix:///Run/R.sock", RedisURL(endpoint: .unix(path: "/Run/R.sock"))),
    ])
    func urlsAreRead(text: String, url: RedisURL) throws {
        #expect(try RedisURL(parsing: text) == url)
        // Its description reads back the same.
        #expect(try RedisURL(parsing: url.description) == url)
    }

    @Test func theServerIsNamedWithoutUserOrDatabase() throws {
        #expect(try RedisURL(parsing: "redis://board@h:7000/3").server == "redis://h:7000")
        #expect(try RedisURL(parsing: "redis://[::1]").server == "redis://[::1]:6379")
        #expect(try RedisURL(parsing: "unix:///tmp/r.sock").server == "unix:///tmp/r.sock")
    }

    static let expected = "expected redis://[USER@]HOST[:PORT][/DB] or unix:///PATH"

    @Test(arguments: [
        ("localhost:6379", "redis URL 'localhost:6379': \(expected)"),
        ("http://h", "redis URL 'http://h': \(expected)"),
        ("redis://", "redis URL 'redis://': the host is empty; \(expected)"),
        ("redis://h:0", "redis URL 'redis://h:0': the port '0' is not a number from 1 to 65535; \(expected)"),
        ("redis://h:65536", "redis URL 'redis://h:65536': the port '65536' is not a number from 1 to 65535; \(expected)"),
        ("redis://h:x", "redis URL 'redis://h:x': the port 'x' is not a number from 1 to 65535; \(expected)"),
        ("redis://h/-1", "redis URL 'redis://h/-1': the database '-1' is not a number from 0; \(expected)"),
        ("redis://h/", "redis URL 'redis://h/': the database '' is not a number from 0; \(expected)"),
        ("redis://h?db=1", "redis URL 'redis://h?db=1': a redis URL takes no query or fragment; \(expected)"),
        ("redis://[::1", "redis URL 'redis://[::1': an IPv6 address lacks its ']'; \(expected)"),
        ("redis://h st", "redis URL 'redis://h st': the host 'h st' is not a host name or an address; \(expected)"),
        (
            "unix://relative.sock",
            "redis URL 'unix://relative.sock': a unix URL names an absolute path: unix:///PATH; \(expected)"
        ),
        ("rediss://h", "redis URL 'rediss://h': TLS (rediss://) is not supported; use a Unix socket or a tunnel; \(expected)"),
    ])
    func mistakesAreOneLineNamingTheURL(text: String, message: String) {
        #expect(throws: RedisURLError.self) { try RedisURL(parsing: text) }
        do { _ = try RedisURL(parsing: text) } catch { #expect(error.description == message) }
    }

    /// A password typed into the URL is refused, and the message quotes the URL with the password masked.
    @Test(arguments: ["redis://board:hunter2@h:6379", "redis://:hunter2@h"])
    func aPasswordInTheURLIsRefusedWithoutRepeatingIt(text: String) {
        do {
            _ = try RedisURL(parsing: text)
            Issue.record("accepted \(text)")
        } catch {
            #expect(!error.description.contains("hunter2"))
            #expect(error.description.contains(":***@h"))
            #expect(error.description.contains("BOARDD_REDIS_PASSWORD or --redis-password-file"))
        }
    }

    @Test func theBackoffDoublesFromATenthOfASecondToFiveWithJitter() {
        var backoff = RedisBackoff(seed: 7)
        var steps: [Duration] = []
        var waits: [Duration] = []
        for _ in 0..<10 {
            steps.append(backoff.step)
            waits.append(backoff.next())
        }
        #expect(steps == [100, 200, 400, 800, 1600, 3200, 5000, 5000, 5000, 5000].map { Duration.milliseconds($0) })
        for (wait, step) in zip(waits, steps) { #expect(wait >= step / 2 && wait <= step, "\(wait) of \(step)") }
        // Jittered: not all at the same fraction of their step.
        #expect(Set(zip(waits, steps).map { Int(($0 / $1) * 1000) }).count > 5)
        // The same seed, the same waits; a success starts again from the first step.
        var again = RedisBackoff(seed: 7)
        #expect((0..<10).map { _ in again.next() } == waits)
        again.reset()
        #expect(again.step == .milliseconds(100))
    }

    @Test func aPasswordNeverPrints() {
        let password = RedisPassword("hunter2")
        #expect("\(password)" == "(a password)")
        #expect(String(reflecting: password) == "(a password)")
    }
}
