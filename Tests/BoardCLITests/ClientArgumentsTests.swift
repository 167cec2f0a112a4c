import Testing

@testable import BoardCLI
