import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Headless Chromium driven through its DevTools protocol over a pipe (`--remote-debugging-pipe`:
/// JSON messages ended by a NUL byte, commands on the browser's fd 3, answers and events on its
/// fd 4), so no port and no WebSocket client are needed. The studio's tests and its benchmark
/// drive a real browser with it: open a page, press keys, read back what the page holds.
/// Every wait has a limit; the browser is stopped when this goes away.
public final class HeadlessChromium {
    /// The browser's process id.
    public let pid: pid_t
    private let commands: Int32
    private let answers: Int32
    private let profile: String
    private var nextID = 0
    private var buffer: [UInt8] = []
    private var stopped = false

    /// Starts Chromium (the first of chromium, chromium-browser, google-chrome on PATH) with an
    /// empty profile of its own. Throws `DevToolsError` when there is none or it cannot start.
    public init(windowSize: (width: Int, height: Int) = (1400, 1000)) throws {
        guard let browser = Self.locate(["chromium", "chromium-browser", "google-chrome"]) else {
            throw DevToolsError("no Chromium on PATH (Debian: apt-get install chromium)")
        }
        profile = NSTemporaryDirectory() + "aria-devtools-\(getpid())-\(UUID().uuidString.prefix(8))"
        var toBrowser: [Int32] = [0, 0], fromBrowser: [Int32] = [0, 0]
        guard pipe(&toBrowser) == 0, pipe(&fromBrowser) == 0 else { throw DevToolsError("cannot make the pipes to Chromium") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, toBrowser[0], 3)
        posix_spawn_file_actions_adddup2(&actions, fromBrowser[1], 4)
        for fd in [toBrowser[1], fromBrowser[0]] { posix_spawn_file_actions_addclose(&actions, fd) }
        // --no-sandbox: CI runs as root, where Chromium's sandbox refuses to start.
        let arguments = [browser, "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--no-default-browser-check",
                         "--user-data-dir=" + profile, "--remote-debugging-pipe", "--autoplay-policy=no-user-gesture-required",
                         "--mute-audio", "--window-size=\(windowSize.width),\(windowSize.height)", "about:blank"]
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let failure = posix_spawn(&pid, browser, &actions, nil, argv, environ)
        close(toBrowser[0])
        close(fromBrowser[1])
        guard failure == 0 else {
            close(toBrowser[1])
            close(fromBrowser[0])
            throw DevToolsError("cannot start \(browser): \(String(cString: strerror(failure)))")
        }
        self.pid = pid
        commands = toBrowser[1]
        answers = fromBrowser[0]
        signal(SIGPIPE, SIG_IGN)
    }

    deinit { stop() }

    /// Closes the browser (asking first, then by SIGKILL after 5 s) and removes its profile.
    public func stop() {
        guard !stopped else { return }
        stopped = true
        _ = try? send("Browser.close", timeout: 5)
        var status: Int32 = 0
        let deadline = Date().addingTimeInterval(5)
        while waitpid(pid, &status, WNOHANG) == 0 {
            if Date() > deadline {
                kill(pid, SIGKILL)
                waitpid(pid, &status, 0)
                break
            }
            usleep(20_000)
        }
        close(commands)
        close(answers)
        try? FileManager.default.removeItem(atPath: profile)
    }

    /// Sends the command `method` with `parameters` (to the page of `session`, or the browser)
    /// and returns its result; throws `DevToolsError` for an error answer or no answer in `timeout` s.
    @discardableResult
    public func send(_ method: String, _ parameters: [String: Any] = [:], session: String? = nil, timeout: Double = 30) throws -> [String: Any] {
        nextID += 1
        let id = nextID
        var message: [String: Any] = ["id": id, "method": method, "params": parameters]
        if let session { message["sessionId"] = session }
        var bytes = [UInt8](try JSONSerialization.data(withJSONObject: message))
        bytes.append(0)
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBufferPointer { write(commands, $0.baseAddress, $0.count) }
            guard count > 0 else { throw DevToolsError("Chromium stopped reading its commands (\(method))") }
            written += count
        }
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let answer = try nextMessage(until: deadline, waitingFor: method)
            guard answer["id"] as? Int == id else { continue }  // events, and answers to others
            if let error = answer["error"] as? [String: Any] {
                throw DevToolsError("\(method): \(error["message"] as? String ?? "\(error)")")
            }
            return answer["result"] as? [String: Any] ?? [:]
        }
    }

    private func nextMessage(until deadline: Date, waitingFor method: String) throws -> [String: Any] {
        while true {
            if let end = buffer.firstIndex(of: 0) {
                let data = Data(buffer[..<end])
                buffer.removeSubrange(...end)
                if let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] { return object }
                continue
            }
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { throw DevToolsError("Chromium did not answer \(method) in time") }
            var descriptor = pollfd(fd: answers, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, Int32(min(left, 1) * 1000)) >= 0 else { continue }
            guard descriptor.revents != 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            let count = read(answers, &chunk, chunk.count)
            guard count > 0 else { throw DevToolsError("Chromium closed its DevTools pipe (while \(method))") }
            buffer += chunk[..<count]
        }
    }

    /// Opens `url` in a new tab and returns it once attached.
    public func open(_ url: String) throws -> DevToolsPage {
        let target = try send("Target.createTarget", ["url": "about:blank"])
        guard let targetID = target["targetId"] as? String else { throw DevToolsError("Chromium made no tab") }
        let attached = try send("Target.attachToTarget", ["targetId": targetID, "flatten": true])
        guard let session = attached["sessionId"] as? String else { throw DevToolsError("Chromium did not attach to the tab") }
        let page = DevToolsPage(browser: self, session: session)
        try send("Page.enable", session: session)
        try send("Runtime.enable", session: session)
        try page.navigate(url)
        return page
    }

    private static func locate(_ names: [String]) -> String? {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":")
        for name in names {
            for folder in folders where access("\(folder)/\(name)", X_OK) == 0 { return "\(folder)/\(name)" }
        }
        return nil
    }
}

/// One tab of a `HeadlessChromium`.
public final class DevToolsPage {
    let browser: HeadlessChromium
    /// The DevTools session of the tab.
    public let session: String

    init(browser: HeadlessChromium, session: String) {
        self.browser = browser
        self.session = session
    }

    /// Loads `url` in the tab (returns once navigation started; wait for what the page sets).
    public func navigate(_ url: String) throws {
        let answer = try browser.send("Page.navigate", ["url": url], session: session)
        if let error = answer["errorText"] as? String, !error.isEmpty { throw DevToolsError("cannot open \(url): \(error)") }
    }

    /// The value of the JavaScript `expression` in the page (a promise awaited), as JSON turns it into Swift.
    public func evaluate(_ expression: String, timeout: Double = 30) throws -> Any? {
        let answer = try browser.send("Runtime.evaluate", ["expression": expression, "returnByValue": true, "awaitPromise": true],
                                      session: session, timeout: timeout)
        if let exception = answer["exceptionDetails"] as? [String: Any] {
            let text = (exception["exception"] as? [String: Any])?["description"] as? String ?? exception["text"] as? String ?? "\(exception)"
            throw DevToolsError("the page threw: \(text)")
        }
        return (answer["result"] as? [String: Any])?["value"]
    }

    /// Waits until `expression` is truthy in the page, looking every `interval` s; its value,
    /// or throws after `timeout` s with `what`, the page's last answer and, when given, the
    /// value of `state` then (what the page was doing instead).
    @discardableResult
    public func wait(for expression: String, _ what: String, timeout: Double = 30, interval: Double = 0.02,
                     state: String? = nil) throws -> Any {
        let deadline = Date().addingTimeInterval(timeout)
        var last: Any?
        while Date() < deadline {
            last = try? evaluate(expression)
            if let value = last, Self.isTruthy(value) { return value }
            usleep(UInt32(interval * 1e6))
        }
        let seen = state.map { "; then: " + String(describing: try? evaluate($0)) } ?? ""
        throw DevToolsError("the page did not show \(what) in \(Int(timeout)) s (last: \(String(describing: last))\(seen))")
    }

    static func isTruthy(_ value: Any) -> Bool {
        switch value {
        case let flag as Bool: return flag
        case let number as NSNumber: return number.doubleValue != 0
        case is NSNull: return false
        case let text as String: return !text.isEmpty
        default: return true
        }
    }

    /// Presses and releases a key, as a person would: `key` as the DOM names it (" ",
    /// "ArrowRight", "l"), with Shift held when `shift`.
    public func press(_ key: String, shift: Bool = false) throws {
        let codes: [String: (code: String, keyCode: Int)] = [" ": ("Space", 32), "ArrowRight": ("ArrowRight", 39), "ArrowLeft": ("ArrowLeft", 37),
                                                             "Enter": ("Enter", 13), "Escape": ("Escape", 27)]
        let code = codes[key] ?? ("Key" + key.uppercased(), Int(key.uppercased().unicodeScalars.first?.value ?? 0))
        var parameters: [String: Any] = ["key": key, "code": code.code, "windowsVirtualKeyCode": code.keyCode, "modifiers": shift ? 8 : 0]
        if key.count == 1 { parameters["text"] = key }
        try browser.send("Input.dispatchKeyEvent", parameters.merging(["type": key.count == 1 ? "keyDown" : "rawKeyDown"]) { $1 }, session: session)
        try browser.send("Input.dispatchKeyEvent", parameters.merging(["type": "keyUp"]) { $1 }, session: session)
    }

    /// A PNG screenshot of the page as it is shown.
    public func screenshot() throws -> Data {
        let answer = try browser.send("Page.captureScreenshot", ["format": "png"], session: session)
        guard let text = answer["data"] as? String, let data = Data(base64Encoded: text) else { throw DevToolsError("no screenshot") }
        return data
    }
}

/// What went wrong driving the browser, in one line.
public struct DevToolsError: Error, CustomStringConvertible {
    /// The line.
    public let description: String

    /// An error saying `description`.
    public init(_ description: String) { self.description = description }
}
