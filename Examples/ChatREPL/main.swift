import ChatREPLCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

exit(await ChatREPLApp.run(arguments: Array(CommandLine.arguments.dropFirst())))
