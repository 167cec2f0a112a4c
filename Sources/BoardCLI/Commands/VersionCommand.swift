import BoardProtocol

/// `board --version`: the program's and the protocol's versions.
struct VersionCommand: RunnableCommand, Equatable {
    func run(on client: inout BoardClient) throws(ClientError) {
        Output.print(
            client.options.json
                ? (["schema": 1, "version": .string(boardVersion), "protocol": .int(wireProtocolVersion)] as JSON).text
                : "board \(boardVersion) (protocol \(wireProtocolVersion))")
    }
}
