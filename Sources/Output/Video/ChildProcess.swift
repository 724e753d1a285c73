import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A program run with a pipe to its standard input and its standard error collected (the
/// last few kilobytes, for the one line that says why it failed). Its standard output is
/// discarded.
final class ChildProcess {
    let pid: pid_t
    private(set) var input: Int32
    /// The write end of a second input pipe, the program's file descriptor 3 (`pipe:3` to
    /// ffmpeg), when one was asked for; its owner writes and closes it.
    let extraInput: Int32?
    private var errorReader: Thread?
    private let errorLock = NSLock()
    private var errorTail: [UInt8] = []
    private let errorDone = DispatchSemaphore(value: 0)

    /// The full path of `name` on `searchPath` (default: the `PATH` of this process), or nil.
    static func locate(_ name: String, searchPath: String? = nil) -> String? {
        let path = searchPath ?? ProcessInfo.processInfo.environment["PATH"] ?? ""
        for folder in path.split(separator: ":") where !folder.isEmpty {
            let candidate = folder + "/" + name
            if access(candidate, X_OK) == 0 { return String(candidate) }
        }
        return nil
    }

    /// Starts `executable` with `arguments` (and, with `secondInput`, a second input pipe on its
    /// file descriptor 3); throws `.toolFailed` if it cannot be started.
    init(executable: String, arguments: [String], secondInput: Bool = false) throws {
        var inputPipe: [Int32] = [0, 0], errorPipe: [Int32] = [0, 0], extraPipe: [Int32] = [-1, -1]
        guard Self.makePipe(&inputPipe) else { throw OutputError.toolFailed("cannot make a pipe to \(executable)") }
        guard Self.makePipe(&errorPipe) else {
            close(inputPipe[0]); close(inputPipe[1])
            throw OutputError.toolFailed("cannot make a pipe from \(executable)")
        }
        if secondInput {
            guard Self.makePipe(&extraPipe) else {
                close(inputPipe[0]); close(inputPipe[1]); close(errorPipe[0]); close(errorPipe[1])
                throw OutputError.toolFailed("cannot make a second pipe to \(executable)")
            }
            if extraPipe[0] == 3 {
                // dup2 onto itself would keep close-on-exec: move it out of the way first.
                let moved = fcntl(extraPipe[0], F_DUPFD_CLOEXEC, 10)
                close(extraPipe[0])
                extraPipe[0] = moved
            }
        }
        // A bigger pipe means fewer wake-ups per frame of raw video.
        _ = fcntl(inputPipe[1], 1031 /* F_SETPIPE_SZ */, 1 << 20)

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, inputPipe[0], 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, errorPipe[1], 2)
        if secondInput { posix_spawn_file_actions_adddup2(&actions, extraPipe[0], 3) }

        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, executable, &actions, nil, argv, environ)
        close(inputPipe[0])
        close(errorPipe[1])
        if secondInput { close(extraPipe[0]) }
        guard status == 0 else {
            close(inputPipe[1]); close(errorPipe[0])
            if secondInput { close(extraPipe[1]) }
            throw OutputError.toolFailed("cannot start \(executable): \(String(cString: strerror(status)))")
        }
        pid = child
        input = inputPipe[1]
        extraInput = secondInput ? extraPipe[1] : nil

        let errorFD = errorPipe[0]
        let done = errorDone
        let reader = Thread { [weak self] in
            var chunk = [UInt8](repeating: 0, count: 4096)
            while true {
                let n = chunk.withUnsafeMutableBytes { read(errorFD, $0.baseAddress!, 4096) }
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { break }
                self?.keepError(chunk[0..<n])
            }
            close(errorFD)
            done.signal()
        }
        errorReader = reader
        reader.start()
    }

    /// A pipe whose ends the child does not inherit (only the ones dup'ed onto 0 and 2).
    private static func makePipe(_ fds: inout [Int32]) -> Bool {
        guard pipe(&fds) == 0 else { return false }
        _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
        return true
    }

    private func keepError(_ bytes: ArraySlice<UInt8>) {
        errorLock.lock()
        errorTail += bytes
        if errorTail.count > 8192 { errorTail.removeFirst(errorTail.count - 8192) }
        errorLock.unlock()
    }

    /// Writes all of `count` bytes to the program's standard input; false if it has gone.
    func write(_ bytes: UnsafeRawPointer, count: Int) -> Bool {
        var written = 0
        while written < count {
            let n = Glibc.write(input, bytes + written, count - written)
            if n < 0 {
                if errno == EINTR { continue }
                return false
            }
            written += n
        }
        return true
    }

    /// The bytes the standard input pipe holds at most.
    var inputCapacity: Int { Int(fcntl(input, 1032 /* F_GETPIPE_SZ */)) }

    /// Hands all of `count` bytes to the program's standard input without copying them: the
    /// pipe refers to the pages themselves, so they must not change until the program has read
    /// them (after `inputCapacity` more bytes have followed them into the pipe). False if it
    /// has gone; callers check `vmsplice` is there first.
    func splice(_ bytes: UnsafeRawPointer, count: Int) -> Bool {
        guard let vmsplice = Self.vmsplice else { return false }
        var spliced = 0
        while spliced < count {
            var span = iovec(iov_base: UnsafeMutableRawPointer(mutating: bytes + spliced), iov_len: count - spliced)
            let n = vmsplice(input, &span, 1, 0)
            if n < 0 {
                if errno == EINTR { continue }
                return false
            }
            spliced += n
        }
        return true
    }

    /// glibc's `vmsplice`, which Swift's Glibc module leaves out (it is a GNU extension).
    static let vmsplice: (@convention(c) (Int32, UnsafePointer<iovec>, Int, UInt32) -> Int)? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "vmsplice") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int32, UnsafePointer<iovec>, Int, UInt32) -> Int).self)
    }()

    /// Closes standard input (the end of the data) and waits for the program to exit.
    /// Returns its exit status, or 128 + signal if a signal ended it.
    func finish() -> Int32 {
        closeInput()
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        errorDone.wait()
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }

    /// Stops the program now.
    func terminate() {
        interrupt()
        _ = finish()
    }

    /// Asks the program to stop (SIGTERM) without waiting for it.
    func interrupt() { kill(pid, SIGTERM) }

    func closeInput() {
        if input >= 0 {
            close(input)
            input = -1
        }
    }

    /// The last non-empty line the program wrote to its standard error.
    var lastErrorLine: String {
        errorLock.lock()
        defer { errorLock.unlock() }
        let text = String(decoding: errorTail, as: UTF8.self)
        return text.split(whereSeparator: { $0 == "\n" || $0 == "\r" })
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .last(where: { !$0.isEmpty }) ?? ""
    }
}
