import Glibc

exit(BoardClient.main(Array(CommandLine.arguments.dropFirst())))
