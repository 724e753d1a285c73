import Foundation
import Testing
import Trace

/// Trace lines are read back by the scene files' JSON reader: every line of every golden trace
/// comes back as the same line, and what is not a flat trace object is no trace line.
@Suite struct TraceLineParserTests {
    @Test func everyGoldenTraceLineReadsBackAsItself() throws {
        let golden = repositoryRoot.appendingPathComponent("Golden")
        var lines = 0
        // Every game's folder, Golden/<game>/<scene>/trace.jsonl.
        let traces = (FileManager.default.enumerator(atPath: golden.path)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix("/trace.jsonl") }.sorted()
        for folder in traces {
            let trace = golden.appendingPathComponent(folder)
            guard let text = try? String(contentsOf: trace, encoding: .utf8) else { continue }
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
