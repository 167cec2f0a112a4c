import Testing

@testable import BoardDaemon
