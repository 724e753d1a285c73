import Foundation

/// Writes finished frames to a child process's standard input from a thread of its own, so
/// the next frame is drawn while ffmpeg takes this one. Frames wait in a small ring of
/// buffers; when every buffer is full, taking a buffer waits, so memory stays bounded. Bytes
/// go from the buffer straight to the pipe.
final class FramePipeWriter {
    typealias Buffer = any RawVideoFrame

    private let process: ChildProcess
    private let condition = NSCondition()
    private var free: [Buffer]
    private var queue: [Buffer] = []
    private var failed = false
    private var closing = false
    private var thread: Thread?

    /// A writer to `process` with `buffers` to fill.
    init(process: ChildProcess, buffers: [Buffer]) {
        self.process = process
        free = buffers
        let thread = Thread { [unowned self] in self.work() }
        thread.name = "ffmpeg-pipe"
        self.thread = thread
        thread.start()
    }

    /// A buffer to fill with the next frame, once one is free; nil if writing has failed.
    func emptyBuffer() -> Buffer? {
        condition.lock()
        defer { condition.unlock() }
        while free.isEmpty && !failed { condition.wait() }
        return failed ? nil : free.removeLast()
    }

    /// Queues a filled buffer for writing.
    func submit(_ buffer: Buffer) {
        condition.lock()
        queue.append(buffer)
        condition.broadcast()
        condition.unlock()
    }

    /// Waits until everything queued is written (or writing failed) and stops the thread.
    /// Returns false if a write failed.
    func close() -> Bool {
        condition.lock()
        closing = true
        condition.broadcast()
        while thread != nil { condition.wait() }
        let ok = !failed
        condition.unlock()
        return ok
    }

    private func work() {
        condition.lock()
        while true {
            while queue.isEmpty && !closing && !failed { condition.wait() }
            if queue.isEmpty || failed { break }
            let buffer = queue.removeFirst()
            condition.unlock()
            let data = buffer.bytes
            let ok = process.write(data.baseAddress!, count: data.count)
            condition.lock()
            free.append(buffer)
            if !ok { failed = true }
            condition.broadcast()
        }
        queue.removeAll()
        thread = nil
        condition.broadcast()
        condition.unlock()
    }
}
