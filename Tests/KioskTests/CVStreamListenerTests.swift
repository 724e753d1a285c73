import CVBus
import Foundation
#if canImport(Glibc)
import Glibc
#endif
@testable import Kiosk
import Testing

/// The demo's live camera stream on a real Unix socket: good lines arrive, bad and over-long
/// ones are skipped, and a client that misbehaves or vanishes never takes the server down.
@Suite struct CVStreamListenerTests {
    static func connect(to path: String) throws -> Int32 {
        let socket = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in path.utf8.enumerated() { buffer[index] = byte }
        }
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard result == 0 else { throw POSIXError(.ECONNREFUSED) }
        return socket
    }

    static func send(_ text: String, to socket: Int32) {
        let bytes = Array(text.utf8)
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { return }
            sent += count
        }
    }

    /// Takes from `listener` until `count` observations came or 10 s passed.
    static func collect(_ listener: CVStreamListener, count: Int) -> [CVObservation] {
        var got: [CVObservation] = []
        let deadline = Date().addingTimeInterval(10)
        while got.count < count && Date() < deadline {
            got += listener.take()
            usleep(5_000)
        }
        return got
    }

    @Test func goodLinesArriveAndBadClientsDoNotStopTheServer() throws {
        let path = NSTemporaryDirectory() + "cv-stream-\(getpid()).sock"
        let listener = CVStreamListener(source: .unixSocket(path), log: DemoLog(origin: 0, clock: { 0 }), wakeUp: nil)
        try listener.start()
        defer { listener.stop() }

        let first = try Self.connect(to: path)
        Self.send("{\"time\": 1, \"label\": \"apple\", \"confidence\": 0.9, \"position\": [0.25, 0.5]}\n", to: first)
        Self.send("{\"time\": 2, \"label\": \"apple\", \"confidence\": NaN}\n", to: first)
        Self.send("{\"time\": 3, \"label\": \"" + String(repeating: "x", count: 10_000) + "\"}\n", to: first)
        Self.send("{\"time\": 4, \"camera\": \"unavailable\"}\n", to: first)
        // Gone in the middle of a line.
        Self.send("{\"time\": 5, \"lab", to: first)
        close(first)
        let fromFirst = Self.collect(listener, count: 2)
        #expect(fromFirst.count == 2)
        #expect(fromFirst.first.map { if case .detection(let d) = $0 { return d.position == CVPoint(x: 0.25, y: 0.5) } else { return false } } == true)
        #expect(fromFirst.last == .cameraFailure(.unavailable, time: 4))

        let second = try Self.connect(to: path)
        defer { close(second) }
        Self.send("{\"time\": 6, \"camera\": \"permission_denied\"}\n", to: second)
        #expect(Self.collect(listener, count: 1) == [.cameraFailure(.permissionDenied, time: 6)])
    }

    @Test func aSocketPathThatIsAFileIsRefused() throws {
        let path = NSTemporaryDirectory() + "cv-stream-file-\(getpid())"
        #expect(FileManager.default.createFile(atPath: path, contents: Data("keep".utf8)))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let listener = CVStreamListener(source: .unixSocket(path), log: DemoLog(origin: 0, clock: { 0 }), wakeUp: nil)
        #expect(throws: KioskError.cvStream("\(path) exists and is not a socket")) { try listener.start() }
        #expect(FileManager.default.contents(atPath: path) == Data("keep".utf8))
    }

    @Test func linesAreCutAcrossChunksAndALongOneIsSkippedWhole() {
        var splitter = CVLineSplitter()
        #expect(splitter.feed(Array("ab".utf8)[...]) == [])
        #expect(splitter.feed(Array("c\nde\n".utf8)[...]) == [.text(1, "abc"), .text(2, "de")])
        let long = Array(String(repeating: "y", count: CVLogLimits.maxLineBytes + 10).utf8)
        #expect(splitter.feed(long[...]) == [.tooLong(3)])
        #expect(splitter.feed(Array("yyy\nok\n".utf8)[...]) == [.text(4, "ok")])
        #expect(CVStreamSource(argument: "-") == .standardInput)
        #expect(CVStreamSource(argument: "unix:/run/cv.sock") == .unixSocket("/run/cv.sock"))
        #expect(CVStreamSource(argument: "tcp:1234") == nil)
    }
}
