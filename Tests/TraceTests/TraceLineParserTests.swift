import Foundation
import Testing
import TestSupport
import Trace

/// Trace lines are read back by the scene files' JSON reader: every line of every golden trace
/// comes back as the same line, and what is not a flat trace object is no trace line.
@Suite struct TraceLineParserTests {
    @Test func everyGoldenTraceLineReadsBackAsItself() throws {
        // Every trace.jsonl under Golden/, however deep its scene's folder is.
        let golden = RepositoryRoot.url.appendingPathComponent("Golden")
        let traces = (FileManager.default.enumerator(at: golden, includingPropertiesForKeys: nil)?.allObjects ?? [])
            .compactMap { $0 as? URL }.filter { $0.lastPathComponent == "trace.jsonl" }.sorted { $0.path < $1.path }
        var lines = 0
        for trace in traces {
            let folder = trace.deletingLastPathComponent().path.replacingOccurrences(of: golden.path + "/", with: "")
            let text = try String(contentsOf: trace, encoding: .utf8)
            for line in text.split(separator: "\n") {
                lines += 1
                let parsed = TraceLineParser.parse(String(line))
                #expect(parsed?.jsonLine == String(line), "\(folder): \(line)")
            }
        }
        #expect(lines > 1_000, "the golden traces hold thousands of lines")
    }

    @Test func valuesKeepTheirTypes() throws {
        let line = #"{"t":1.5,"frame":45,"peer":"ann","event":"clap","character":"luna","n":3,"x":-0.25,"on":true,"off":false,"gone":null,"s":"a\"b\\c\u0001é"}"#
        let event = try #require(TraceLineParser.parse(line))
        #expect(event.t == 1.5 && event.frame == 45 && event.peer == "ann" && event.event == "clap" && event.character == "luna")
        #expect(event["n"] == .integer(3) && event["x"] == .number(-0.25) && event["on"] == .flag(true) && event["off"] == .flag(false))
        #expect(event["gone"]?.numeric?.isNaN == true)
        #expect(event.text("s") == "a\"b\\c\u{1}é")
    }

    @Test func whatIsNotAFlatTraceObjectIsNoTraceLine() {
        for line in [#"{"t":1,"frame":2}"#, #"{"t":1,"frame":2,"event":"x","list":[1]}"#, #"{"t":1,"frame":2,"event":"x","#,
                     #"[1,2]"#, "", #"{"t":"1","frame":2,"event":"x"}"#, #"{"t":1,"frame":2.5,"event":"x"}"#,
                     #"{"t":1,"frame":2,"event":"x"} trailing"#] {
            #expect(TraceLineParser.parse(line) == nil, "\(line)")
        }
    }
}
