import ArgumentParser
import Catalogue
import Foundation
import Studio

/// The studio's program: parses options, opens the scene and serves the page until Ctrl-C.
/// `aria-render studio` hands over to it, so aria-render itself never links the web server.
@main
struct AriaStudio: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "aria-render studio",
        abstract: "A live page for designers: the scene's player, timeline and hot reload (docs/studio.md).",
        discussion: """
        Serves on 127.0.0.1 unless --host names another interface; then every request needs the \
        access token printed once in the address. The check report reviewed at /review/ needs a \
        token also on loopback: the second line prints its address with it. Exit codes: 0 stopped \
        by Ctrl-C; 2 bad input; 3 the address cannot be listened on or the page's files are missing.
        """)

    @Argument(help: "A scene file, or a folder of scenes (its default.yaml, else its first); the built-in scene when omitted.")
    var target: String?

    @Option(name: .long, help: "The interface to listen on; any other than 127.0.0.1 needs the printed token.")
    var host = "127.0.0.1"

    @Option(name: .long, help: "The port (0 for any free one).")
    var port = 4173

    @Option(name: .long, help: "The largest preview frame WxH; smaller scenes keep their size.")
    var preview = "1280x720"

    @Option(name: .long, help: "The golden folder whose manifest the QA view reads.")
    var golden = "Golden"

    @Option(name: .long, help: "The check report to review at /review/.")
    var report = "out/report"

    mutating func run() async throws {
        let parts = preview.split(separator: "x").compactMap { Int($0) }
        guard parts.count == 2, (16...7680).contains(parts[0]), (16...4320).contains(parts[1]) else {
            Self.fail(2, "--preview \(preview): expected WxH, e.g. 1280x720 (width 16…7680, height 16…4320)")
        }
        guard (0...65535).contains(port) else { Self.fail(2, "--port \(port): expected 0…65535") }
        let loopback = ["127.0.0.1", "localhost", "::1"].contains(host)
        var configuration = StudioConfiguration(target: target, host: host, port: port, previewLimit: (parts[0], parts[1]),
                                                token: loopback ? nil : AccessToken.make())
        configuration.goldenFolder = golden
        configuration.reportFolder = report
        let server: StudioServer
        do {
            server = try StudioServer(configuration, catalogue: Catalogue.games)
        } catch let error as StudioSetupError {
            if case .missingPage = error { Self.fail(3, error.description) }
            Self.fail(2, error.description)
        }
        for problem in server.scene.currentProblems { fputs(problem + "\n", stderr) }
        let shown = target ?? "the built-in scene", reviewed = report
        do {
            try await server.run { address, review in
                print("aria-studio: \(shown) at \(address) (Ctrl-C stops)")
                print("aria-studio: review \(reviewed) at \(review)")
                fflush(stdout)
            }
        } catch {
            Self.fail(3, "cannot listen on \(host):\(port): \(error)")
        }
    }

    static func fail(_ status: Int32, _ message: String) -> Never {
        fputs("aria-studio: \(message)\n", stderr)
        Foundation.exit(status)
    }
}
