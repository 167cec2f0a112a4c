import Glibc

exit(Daemon.main(Array(CommandLine.arguments.dropFirst())))
