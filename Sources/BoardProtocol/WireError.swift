/// The error codes of the wire protocol.
public enum WireErrorCode: String, Sendable, CaseIterable {
    case badRequest, unknownMethod, invalidParams, notFound, tooLarge, tooManyClients
    case protocolUnsupported, outsideWindow, clockNotSimulated, replica, `internal`
}

/// An error reply: a code from the contract and a sentence for people.
public struct WireError: Error, Hashable, Sendable, CustomStringConvertible {
    public let code: WireErrorCode
    public let message: String

    public init(_ code: WireErrorCode, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }

    public var json: JSON { ["code": .string(code.rawValue), "message": .string(message)] }
}
