import Foundation

/// The results as JUnit XML, which CI systems read: one test suite per scene, one test
/// case per golden frame; a differing frame is a failure, a missing or unreadable golden
/// an error.
public enum JUnitReport {
    /// The XML document, its suites stamped with when the check started and on which host; a
    /// failure's files are named from `reportFolder` (where the XML is written), so they are
    /// found in a downloaded report, the golden by its copy there. A check that `stopped`
    /// (why) before its last scene adds a suite `check` whose one case is that error.
    public static func xml(_ results: [GoldenSceneResult], reportFolder: String? = nil, timestamp: Date = Date(),
                           hostname: String = ProcessInfo.processInfo.hostName, stopped: String? = nil) -> String {
        func named(_ path: String?) -> String {
            guard let path else { return "-" }
            return reportFolder.map { HTMLReport.relativePath(path, from: $0) } ?? path
        }
        let runCases = results.map(JUnitRunCases.cases)
        let stops = stopped == nil ? 0 : 1
        let tests = results.reduce(0) { $0 + $1.frames.count } + runCases.reduce(0) { $0 + $1.tests } + stops
        let failures = results.reduce(0) { $0 + $1.frames.filter(\.status.isFailure).count } + runCases.reduce(0) { $0 + $1.failures }
        let errors = results.reduce(0) { $0 + $1.frames.filter(\.status.isError).count } + runCases.reduce(0) { $0 + $1.errors } + stops
        let stamp = ISO8601DateFormatter().string(from: timestamp)
        let time = results.reduce(0) { $0 + $1.seconds }
        var lines = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
                     "<testsuites name=\"aria-render check\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"\(errors)\" time=\"\(seconds(time))\">"]
        for (result, run) in zip(results, runCases) {
            let sceneFailures = result.frames.filter(\.status.isFailure).count + run.failures
            let sceneErrors = result.frames.filter(\.status.isError).count + run.errors
            lines.append("  <testsuite name=\"\(escape(result.scene.name))\" tests=\"\(result.frames.count + run.tests)\" failures=\"\(sceneFailures)\" errors=\"\(sceneErrors)\" "
                         + "time=\"\(seconds(result.seconds))\" timestamp=\"\(stamp)\" hostname=\"\(escape(hostname))\">")
            for frame in result.frames {
                let name = GoldenScene.fileName(frame: frame.frame)
                let open = "    <testcase classname=\"golden.\(escape(result.scene.name))\" name=\"\(name)\" time=\"\(seconds(frame.seconds))\""
                switch frame.status {
                case .passed:
                    lines.append(open + "/>")
                case .failed, .wrongSize:
                    let detail = "golden: \(named(reportFolder == nil ? frame.goldenPath : frame.goldenCopyPath ?? frame.goldenPath))\n"
                        + "actual: \(named(frame.actualPath))\ndiff: \(named(frame.diffPath))"
                    let type = frame.status == .failed ? "FrameDiffers" : "FrameSizeDiffers"
                    lines.append(open + ">")
                    lines.append("      <failure message=\"\(escape(frame.problem ?? ""))\" type=\"\(type)\">\(escape(detail))</failure>")
                    lines.append("    </testcase>")
                case .missing, .unreadable:
                    lines.append(open + ">")
                    lines.append("      <error message=\"\(escape(frame.problem ?? ""))\" type=\"\(frame.status == .missing ? "GoldenMissing" : "GoldenUnreadable")\"/>")
                    lines.append("    </testcase>")
                }
            }
            lines += run.lines
            lines.append("  </testsuite>")
        }
        if let stopped {
            // A CI that always publishes this file shows the stop, never an earlier run's results.
            let first = stopped.split(separator: "\n").first.map(String.init) ?? stopped
            lines.append("  <testsuite name=\"check\" tests=\"1\" failures=\"0\" errors=\"1\" time=\"0.000\" timestamp=\"\(stamp)\" hostname=\"\(escape(hostname))\">")
            lines.append("    <testcase classname=\"golden.check\" name=\"the check ran to its end\" time=\"0.000\">")
            lines.append("      <error message=\"\(escape(first))\" type=\"CheckStopped\">\(escape(stopped))</error>")
            lines.append("    </testcase>")
            lines.append("  </testsuite>")
        }
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }

    static func seconds(_ value: Double) -> String {
        let millis = Int((value * 1000).rounded())
        let fraction = String(millis % 1000)
        return "\(millis / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    /// Text safe inside XML attributes and elements.
    public static func escape(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            default: result.append(character)
            }
        }
        return result
    }
}
