import GalleyApp
import Glibc

exit(GalleyMain.run(Array(CommandLine.arguments.dropFirst())))
