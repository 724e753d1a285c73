import Drawing
import Foundation

/// A folder of PNG files, `frame_00000.png`…, numbered by scene frame. Each frame is filtered
/// for PNG into one of a small ring of buffers (on the drawing thread, while the frame is in
/// its core's cache: no copy of the frame as drawn) and compressed and written by worker
/// threads while the next frame is drawn; when every buffer is busy, `consume` waits, so
/// memory stays bounded however long the render. Frames wait in a hidden folder inside the
/// target and take their names when the render finishes, so a render that is cancelled or
/// fails leaves the folder as it was (unless the sink is `live`).
public final class PNGSequenceSink: FrameSink {
    private let folder: String
    private let condition = NSCondition()
    private var free: [UnsafeMutableRawPointer] = []
    private var buffers: [UnsafeMutableRawPointer] = []
    private var bufferSize = 0
    private var jobs: [(buffer: UnsafeMutableRawPointer, rows: PNGEncoder.FilteredRows, index: Int)] = []
    private var busy = 0
    private var failure: Error?
    private var closing = false
    private var workers: [Thread] = []
    private let workerCount: Int
    private let compressor: PNGEncoder.Compressor
    /// Where frames wait until `finish` (a hidden folder inside `folder`); nil when live.
    private let staging: String?
    /// Whether this sink made `folder`: a cancelled render then takes it away again, if empty.
    private let madeFolder: Bool
    /// The frames written into `staging`, by number.
    private var written: [Int] = []

    /// A sink writing into `folder` (made if needed) with `workers` encoding threads. A `live`
    /// sink writes each frame under its final name as soon as it is encoded (the kiosk's demo
    /// display watches for them), and a cancelled one leaves those it wrote.
    public init(folder: String, workers: Int = 2, compressor: PNGEncoder.Compressor = .isal, live: Bool = false) throws {
        self.folder = folder
        workerCount = max(1, workers)
        self.compressor = compressor
        madeFolder = !FileManager.default.fileExists(atPath: folder)
        try StagedFile.prepareFolder(folder)
        if live {
            staging = nil
        } else {
            let path = folder + "/.frames.partial-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
            guard mkdir(path, 0o755) == 0 else { throw StagedFile.unwritable(path) }
            staging = path
        }
    }

    deinit {
        stopWorkers()
        for buffer in buffers { buffer.deallocate() }
        removeStaging()
    }

    /// The frame files already in `folder` (`frame_NNNNN.png`), sorted; none when it does not exist.
    public static func existingFrames(in folder: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasPrefix("frame_") && $0.hasSuffix(".png") }.sorted()
    }

    /// The file name of frame `index`.
    public static func fileName(ofFrame index: Int) -> String {
        "frame_" + String(repeating: "0", count: max(0, 5 - String(index).count)) + String(index) + ".png"
    }

    public func consume(_ frame: FramePixels, index: Int) throws {
        let capacity = PNGEncoder.filteredCapacity(width: frame.width, height: frame.height)
        startWorkersIfNeeded(frameBytes: capacity)
        condition.lock()
        while free.isEmpty && failure == nil { condition.wait() }
        if let failure {
            condition.unlock()
            throw failure
        }
        let buffer = free.removeLast()
        condition.unlock()

        guard capacity <= bufferSize else {
            condition.lock()
            free.append(buffer)
            condition.unlock()
            throw RenderError.badCanvas(width: frame.width, height: frame.height)
        }
        let rows = PNGEncoder.filter(frame, into: buffer.assumingMemoryBound(to: UInt8.self))

        condition.lock()
        jobs.append((buffer, rows, index))
        condition.broadcast()
        condition.unlock()
    }

    /// Waits for the last frames to be written; returns the folder.
    public func finish() throws -> [String] {
        condition.lock()
        while (!jobs.isEmpty || busy > 0) && failure == nil { condition.wait() }
        let failure = self.failure
        condition.unlock()
        stopWorkers()
        if let failure { throw failure }
        if let staging {
            // Each frame takes its name in one step; a frame of an earlier render is replaced.
            for index in written {
                let name = Self.fileName(ofFrame: index)
                guard rename(staging + "/" + name, folder + "/" + name) == 0 else {
                    throw StagedFile.unwritable(folder + "/" + name)
                }
            }
            removeStaging()
        }
        return [folder]
    }

    public func cancel() {
        condition.lock()
        jobs.removeAll()
        condition.unlock()
        stopWorkers()
        guard staging != nil else { return }
        removeStaging()
        if madeFolder { rmdir(folder) }  // only when empty: the render made it and left nothing in it
    }

    private func removeStaging() {
        if let staging { try? FileManager.default.removeItem(atPath: staging) }
    }

    private func startWorkersIfNeeded(frameBytes: Int) {
        guard workers.isEmpty else { return }
        bufferSize = frameBytes
        // One buffer per worker plus one being filled keeps both cores busy.
        for _ in 0...workerCount {
            let buffer = UnsafeMutableRawPointer.allocate(byteCount: frameBytes, alignment: 64)
            buffers.append(buffer)
            free.append(buffer)
        }
        condition.lock()
        running = workerCount
        condition.unlock()
        for number in 0..<workerCount {
            let thread = Thread { [unowned self] in self.work() }
            thread.name = "png-encoder-\(number)"
            thread.start()
            workers.append(thread)
        }
    }

    private func stopWorkers() {
        condition.lock()
        closing = true
        condition.broadcast()
        while busy > 0 || running > 0 { condition.wait() }
        condition.unlock()
        workers.removeAll()
    }

    private var running = 0

    private func work() {
        let encoder = PNGEncoder(compressor: compressor)
        condition.lock()
        while true {
            while jobs.isEmpty && !closing { condition.wait() }
            if jobs.isEmpty && closing { break }
            let job = jobs.removeFirst()
            busy += 1
            condition.unlock()

            let path = (staging ?? folder) + "/" + Self.fileName(ofFrame: job.index)
            var error: Error?
            do {
                let file = try encoder.encode(job.rows, from: UnsafePointer(job.buffer.assumingMemoryBound(to: UInt8.self)))
                try StagedFile.write(file, to: path, tag: "-\(job.index)")
            } catch let caught {
                error = caught
            }

            condition.lock()
            if error == nil { written.append(job.index) }
            busy -= 1
            free.append(job.buffer)
            if let error, failure == nil { failure = error }
            condition.broadcast()
        }
        running -= 1
        condition.broadcast()
        condition.unlock()
    }
}
