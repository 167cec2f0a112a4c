/// The version of both programs, from one place.
public let boardVersion = "0.1.0"

/// The protocol's version this code speaks.
public let wireProtocolVersion = 1
