// listkernel-demo: everything lives in TerminalList (DemoMain), where it can be tested.
import TerminalList
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

exit(DemoMain.main())
