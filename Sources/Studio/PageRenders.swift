import Foundation
import GameKit
import Output
import Rendering

/// Renders started from the page: one at a time, of the scene shown, at its own size, into the
/// opened folder's `out/` (which the watcher does not look at), by the same `RenderJob` as
/// `aria-render render`. Its progress is read by the page; a cancel (or the server stopping)
/// stops it between two frames, and the render then leaves nothing half-written.
final class PageRenders: @unchecked Sendable {
    /// The formats the page offers, by extension.
    static let formats = ["mp4", "webm", "gif", "png"]
    /// What the page lists: the files of `out/` in these formats.
    static let listed: Set<String> = ["mp4", "webm", "gif", "png", "wav"]

    /// The state of the latest render.
    struct Status {
        var output = ""
        var command = ""
        var total = 0
        var done = 0
        var state = "idle"      // idle, running, done, failed, cancelled
        var message = ""
        var started = Date()
        var finished: Date?
    }

    let folder: String
    private let lock = NSLock()
    private var status = Status()
    private var cancelRequested = false
    private let finishedSignal = DispatchSemaphore(value: 0)

    /// Renders into `folder`/out.
    init(folder: String) { self.folder = folder }

    private func locked<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock(); defer { lock.unlock() }
        return try body()
    }

    /// Starts rendering `version` of the scene at `scenePath` as `format` (the frame `frame` for
    /// png); nil when one is running already, else the output path.
    func start(scene: LiveScene, scenePath: String, format: String, frame: Int) -> String? {
        guard Self.formats.contains(format), let version = scene.versionShown else { return nil }
        let name = version.opened.scene.name
        let stamp = Self.stampFormatter.string(from: Date())
        let output = folder + "/out/\(name)-\(stamp).\(format)"
        let clamped = max(0, min(version.frameCount - 1, frame))
        let started: Bool = locked {
            guard status.state != "running" else { return false }
            cancelRequested = false
            status = Status(output: output,
                            command: "aria-render render \(Self.quoted(scenePath))" + (format == "png" ? " --frame \(clamped)" : "") + " -o \(Self.quoted(output))",
                            total: format == "png" ? 1 : version.frameCount, state: "running")
            return true
        }
        guard started else { return nil }
        var request = RenderRequest(recorded: version.recorded, game: version.opened.game)
        request.output = output
        request.quiet = true
        if format == "png" { request.frames = .single(clamped) }
        var job = RenderJob(request)
        job.stop = { [self] in
            locked {
                if status.done < status.total { status.done += 1 }
                return cancelRequested ? SIGINT : nil
            }
        }
        let runningJob = job
        Thread.detachNewThread { [self] in
            let outcome: (String, String)
            do {
                _ = try runningJob.run()
                outcome = ("done", "")
            } catch let error as OutputError where { if case .interrupted = error { return true } else { return false } }() {
                outcome = ("cancelled", "cancelled: nothing was written")
            } catch {
                outcome = ("failed", "\(error)")
            }
            locked {
                status.state = outcome.0
                status.message = outcome.1
                if outcome.0 == "done" { status.done = status.total }
                status.finished = Date()
            }
            finishedSignal.signal()
        }
        return output
    }

    /// Asks the running render to stop; true when one was running.
    @discardableResult
    func cancel() -> Bool {
        locked {
            guard status.state == "running" else { return false }
            cancelRequested = true
            return true
        }
    }

    /// Cancels a running render and waits (at most `timeout` s) until it has cleaned up.
    func cancelAndWait(timeout: Double = 30) {
        if cancel() { _ = finishedSignal.wait(timeout: .now() + timeout) }
    }

    /// The latest render's progress and the finished renders, as the page reads them (JSON).
    func statusJSON() throws -> Data {
        let current = locked { status }
        let elapsed = (current.finished ?? Date()).timeIntervalSince(current.started)
        let rate = elapsed > 0 ? Double(current.done) / elapsed : 0
        let left = rate > 0 ? Double(current.total - current.done) / rate : 0
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder + "/out")) ?? [])
            .filter { Self.listed.contains(($0 as NSString).pathExtension.lowercased()) && !$0.hasPrefix(".") }
        let dated = names.map { name -> (String, Date) in
            let date = (try? FileManager.default.attributesOfItem(atPath: folder + "/out/" + name)[.modificationDate] as? Date) ?? .distantPast
            return (name, date)
        }.sorted { $0.1 > $1.1 }.map(\.0)
        let object: [String: Any] = [
            "state": current.state, "output": current.output.isEmpty ? "" : "out/" + (current.output as NSString).lastPathComponent,
            "command": current.command, "done": current.done, "total": current.total, "fps": rate, "secondsLeft": left,
            "message": current.message, "renders": dated.map { "out/" + $0 },
        ]
        return try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
    }

    private static let stampFormatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        formatter.locale = Locale(identifier: "en_US_POSIX")
        return formatter
    }()

    /// `text` as a shell reads it back: quoted when it holds more than plain characters.
    static func quoted(_ text: String) -> String {
        text.allSatisfy { $0.isLetter || $0.isNumber || "-_./".contains($0) } ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
