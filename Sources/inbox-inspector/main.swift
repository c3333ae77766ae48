import Foundation
import InboxCLI

exit(CLI.main(Array(CommandLine.arguments.dropFirst())))
