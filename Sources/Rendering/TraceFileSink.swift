import Foundation
import Output
import Trace

/// Writes trace lines to a file (or standard output) as they come, under a hidden temporary
/// name until `close`, so a failed or interrupted run leaves no half trace.
public final class TraceFileSink {
    private let handle: FileHandle
    private let path: String
    private let temporary: String?

    /// A sink writing to `path` (`-` for standard output); throws `OutputError.unwritable`.
    public init(path: String) throws {
        self.path = path
        if path == "-" {
            handle = FileHandle.standardOutput
            temporary = nil
            return
        }
        let temporary = StagedFile.temporaryName(for: path, tag: "-trace")
        guard FileManager.default.createFile(atPath: temporary, contents: nil),
              let opened = FileHandle(forWritingAtPath: temporary) else {
            throw OutputError.unwritable("cannot write the trace to \(path)")
        }
        handle = opened
        self.temporary = temporary
    }

    /// Abandons the trace: the temporary file goes, nothing takes the final name.
    public func cancel() {
        guard let temporary else { return }
        try? handle.close()
        unlink(temporary)
    }

    /// Writes `events`, one JSON line each.
    public func write(_ events: [TraceEvent]) {
        guard !events.isEmpty else { return }
        let text = events.map { $0.jsonLine + "\n" }.joined()
        handle.write(Data(text.utf8))
    }

    /// Gives the trace its final name; throws `OutputError.unwritable`.
    public func close() throws {
        guard let temporary else { return }
        do {
            try handle.close()
            try StagedFile.commit(temporary, to: path)
        } catch {
            unlink(temporary)
            throw OutputError.unwritable("cannot finish writing the trace to \(path)")
        }
    }
}
