import BoardCLI
import BoardSystem

Program.exit(BoardClient.main(Array(CommandLine.arguments.dropFirst())))
