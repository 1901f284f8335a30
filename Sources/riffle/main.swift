// The `riffle` executable: everything it does lives in RiffleCLI, where unit tests reach it.
import RiffleCLI

await RiffleCommandLine.main()
