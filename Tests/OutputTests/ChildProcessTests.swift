import Foundation
@testable import Output
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The encoder runs a few nice levels below the renderer, so the drawing that feeds it is
/// never the one kept waiting.
@Suite struct ChildProcessTests {
    private func niceness(of pid: pid_t) -> Int32 {
        getpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(pid))
    }

    @Test func aLoweredProgramRunsBelowThisOne() throws {
        let process = try ChildProcess(executable: "/bin/sleep", arguments: ["1"])
        defer { process.terminate() }
        let own = niceness(of: getpid())
        process.lowerPriority(by: 5)
        #expect(niceness(of: process.pid) == min(own + 5, 19))
    }
}
