import BoardDaemon
import BoardSystem

Program.exit(Daemon.main(Array(CommandLine.arguments.dropFirst())))
