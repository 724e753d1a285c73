import Foundation

/// Writes finished frames to a child process's standard input from a thread of its own, so
/// the next frame is drawn while ffmpeg takes this one. Frames wait in a small ring of
/// buffers; when every buffer is full, taking a buffer waits, so memory stays bounded. Large
/// frames are spliced into the pipe (`vmsplice`), so the pipe reads the buffer's own pages
/// and nothing copies them on the way in: a buffer is refilled only once a pipe's worth of
/// later bytes has followed it, when the program has surely read it. Small frames are copied.
final class FramePipeWriter {
    typealias Buffer = any RawVideoFrame

    private let process: ChildProcess
    private let condition = NSCondition()
    private var free: [Buffer]
    private var queue: [Buffer] = []
    private var failed = false
    private var closing = false
    private var thread: Thread?
    /// Spliced buffers the program may not have read yet, with the byte count at their end.
    private var unread: [(buffer: Buffer, end: Int)] = []
    private var splicedBytes = 0
    /// The pipe's capacity when frames are spliced, nil when they are copied.
    private let pipeCapacity: Int?

    /// A writer to `process` with `buffers` to fill.
    init(process: ChildProcess, buffers: [Buffer]) {
        self.process = process
        free = buffers
        // Splicing holds each buffer until a pipe's worth follows it: only worth it, and only
        // free of waiting on itself, when the other buffers hold more than a pipe.
        let capacity = process.inputCapacity, frameBytes = buffers.first?.bytes.count ?? 0
        let splices = ChildProcess.vmsplice != nil && capacity > 0 && (buffers.count - 2) * frameBytes >= capacity
        pipeCapacity = splices ? capacity : nil
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
            let ok = pipeCapacity == nil ? process.write(data.baseAddress!, count: data.count)
                : process.splice(data.baseAddress!, count: data.count)
            condition.lock()
            if let pipeCapacity {
                splicedBytes += data.count
                unread.append((buffer, splicedBytes))
                while let first = unread.first, splicedBytes - first.end >= pipeCapacity {
                    free.append(unread.removeFirst().buffer)
                }
            } else {
                free.append(buffer)
            }
            if !ok { failed = true }
            condition.broadcast()
        }
        queue.removeAll()
        thread = nil
        condition.broadcast()
        condition.unlock()
    }
}
