import CVBus
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Where the demo's live detections come from (`--cv-stream`): standard input, or a Unix
/// socket that a detector process connects to.
public enum CVStreamSource: Sendable, Equatable {
    /// Lines on standard input (`-`).
    case standardInput
    /// A Unix socket the demo listens on (`unix:PATH`); any number of detectors may connect in turn.
    case unixSocket(String)

    /// The source an argument names: `-` or `unix:PATH`; nil for anything else.
    public init?(argument: String) {
        if argument == "-" {
            self = .standardInput
        } else if argument.hasPrefix("unix:"), argument.count > 5 {
            self = .unixSocket(String(argument.dropFirst(5)))
        } else {
            return nil
        }
    }
}

/// The kiosk's eyes: threads read detection lines (`CVLogLine`) from standard input or from
/// the clients of a Unix socket; each good line waits in a queue the demo loop drains. A bad
/// line is reported on the log and skipped (the first few of each client, then counted); an
/// over-long line is skipped whole; a client that goes away is forgotten; the server never
/// stops for a client.
final class CVStreamListener: @unchecked Sendable {
    /// The most clients connected at once; others are turned away.
    static let maxClients = 8
    /// The most lines waiting for the loop; more are dropped (and counted) until it drains them.
    static let maxWaiting = 10_000
    /// The bad lines of one client reported in full.
    static let reportedProblems = 20

    private let source: CVStreamSource
    private let log: DemoLog
    private let wakeUp: LoopWakeUp?
    private let lock = NSLock()
    private var waiting: [CVObservation] = []
    private var dropped = 0
    private var listening: Int32 = -1
    private var clients: Set<Int32> = []
    private var stopped = false
    private var clientCount = 0

    /// A listener on `source` that logs to `log` and wakes the loop through `wakeUp` on each line.
    init(source: CVStreamSource, log: DemoLog, wakeUp: LoopWakeUp?) {
        self.source = source
        self.log = log
        self.wakeUp = wakeUp
    }

    /// Starts reading; throws `KioskError.cvStream` when the socket cannot be made.
    func start() throws {
        switch source {
        case .standardInput:
            let thread = Thread { [self] in read(from: 0, name: "stdin") }
            thread.start()
        case .unixSocket(let path):
            listening = try Self.listen(at: path)
            let socket = listening
            let thread = Thread { [self] in accept(on: socket) }
            thread.start()
        }
    }

    /// Stops listening and drops every client (the stream on standard input ends with the process).
    func stop() {
        lock.lock()
        stopped = true
        let open = clients
        let socket = listening
        lock.unlock()
        for client in open { shutdown(client, Int32(SHUT_RDWR)) }
        if socket >= 0 {
            shutdown(socket, Int32(SHUT_RDWR))
            close(socket)
            if case .unixSocket(let path) = source { unlink(path) }
        }
    }

    /// The lines that arrived since the last call, in arrival order.
    func take() -> [CVObservation] {
        lock.lock()
        defer { lock.unlock() }
        if dropped > 0 {
            log.line("camera stream: \(dropped) detection\(dropped == 1 ? "" : "s") dropped, arriving faster than the demo took them")
            dropped = 0
        }
        defer { waiting.removeAll() }
        return waiting
    }

    private static func listen(at path: String) throws -> Int32 {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard path.utf8.count < capacity else {
            throw KioskError.cvStream("the socket path \(path) is longer than the \(capacity - 1) bytes a Unix socket's may be")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in path.utf8.enumerated() { buffer[index] = byte }
        }
        // A socket left by an earlier demo that was killed is replaced; any other file is not.
        var status = stat()
        if lstat(path, &status) == 0 {
            guard status.st_mode & S_IFMT == S_IFSOCK else { throw KioskError.cvStream("\(path) exists and is not a socket") }
            unlink(path)
        }
        let socket = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw KioskError.cvStream("cannot make a socket (\(String(cString: strerror(errno))))") }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0, Glibc.listen(socket, 8) == 0 else {
            let reason = String(cString: strerror(errno))
            close(socket)
            throw KioskError.cvStream("cannot listen on \(path) (\(reason))")
        }
        return socket
    }

    private func accept(on socket: Int32) {
        while true {
            let client = Glibc.accept(socket, nil, nil)
            lock.lock()
            let stopping = stopped
            lock.unlock()
            if stopping {
                if client >= 0 { close(client) }
                return
            }
            guard client >= 0 else {
                if errno == EINTR || errno == ECONNABORTED { continue }
                // Out of descriptors, say: said once, and tried again a little later.
                log.line("camera stream: cannot accept a client (\(String(cString: strerror(errno)))); trying again")
                usleep(100_000)
                continue
            }
            lock.lock()
            let full = clients.count >= Self.maxClients
            if !full { clients.insert(client) }
            clientCount += 1
            let number = clientCount
            lock.unlock()
            if full {
                log.line("camera stream: client \(number) turned away (\(Self.maxClients) are connected already)")
                close(client)
                continue
            }
            log.line("camera stream: client \(number) connected")
            let thread = Thread { [self] in
                read(from: client, name: "client \(number)")
                lock.lock()
                clients.remove(client)
                lock.unlock()
                close(client)
                log.line("camera stream: client \(number) went away")
            }
            thread.start()
        }
    }

    /// Reads lines from `descriptor` until it ends.
    private func read(from descriptor: Int32, name: String) {
        var reader = CVLineSplitter()
        var problems = 0
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            for line in reader.feed(chunk[0..<count]) {
                switch line {
                case .tooLong(let number):
                    problems += 1
                    report(problems, name, "\(name):\(number):1: the line is over \(CVLogLimits.maxLineBytes) bytes; skipped")
                case .text(let number, let text):
                    switch CVLogLine.parse(Substring(text), file: name, line: number) {
                    case .success(nil): continue
                    case .success(let observation?): deliver(observation)
                    case .failure(let errors):
                        problems += 1
                        report(problems, name, (errors.diagnostics.first?.description ?? "\(name):\(number):1: bad line") + "; skipped")
                    }
                }
            }
        }
        if descriptor == 0 { log.line("camera stream: standard input ended") }
    }

    private func report(_ problems: Int, _ name: String, _ message: String) {
        if problems <= Self.reportedProblems {
            log.line("camera stream: " + message)
        } else if problems == Self.reportedProblems + 1 {
            log.line("camera stream: \(name) sends more bad lines; they are skipped without a word")
        }
    }

    private func deliver(_ observation: CVObservation) {
        lock.lock()
        if waiting.count < Self.maxWaiting { waiting.append(observation) } else { dropped += 1 }
        lock.unlock()
        wakeUp?.signal()
    }
}

/// Cuts a byte stream into lines, never holding more than one line's worth: a line over
/// `CVLogLimits.maxLineBytes` is reported as too long and skipped to its end.
struct CVLineSplitter {
    /// One line, numbered from 1.
    enum Line: Equatable {
        case text(Int, String)
        case tooLong(Int)
    }

    private var buffer: [UInt8] = []
    private var number = 0
    private var skipping = false

    /// The lines `bytes` completes.
    mutating func feed(_ bytes: ArraySlice<UInt8>) -> [Line] {
        var lines: [Line] = []
        for byte in bytes {
            if byte == UInt8(ascii: "\n") {
                number += 1
                if skipping {
                    skipping = false
                } else {
                    lines.append(.text(number, String(decoding: buffer, as: UTF8.self)))
                }
                buffer.removeAll(keepingCapacity: true)
            } else if !skipping {
                buffer.append(byte)
                if buffer.count > CVLogLimits.maxLineBytes {
                    lines.append(.tooLong(number + 1))
                    skipping = true
                    buffer.removeAll(keepingCapacity: true)
                }
            }
        }
        return lines
    }
}
