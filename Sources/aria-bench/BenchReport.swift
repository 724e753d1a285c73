import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Named figures printed as one JSON object (keys sorted: JSONEncoder keeps no other order).
struct BenchReport: Encodable {
    /// A figure: a number rounded to its decimals, or a text.
    private enum Figure: Encodable {
        case number(Double)
        case text(String)

        func encode(to encoder: Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .number(let value): try container.encode(value)
            case .text(let value): try container.encode(value)
            }
        }
    }

    /// A figure's name as a JSON key.
    private struct FigureName: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    private var figures: [(name: String, figure: Figure)] = []

    mutating func add(_ name: String, _ value: Double, decimals: Int = 2) {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        figures.append((name, .number((value * scale).rounded() / scale)))
    }

    mutating func add(_ name: String, text: String) {
        figures.append((name, .text(text)))
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: FigureName.self)
        for (name, figure) in figures { try container.encode(figure, forKey: FigureName(stringValue: name)) }
    }

    /// The figures as one line of JSON; a figure that is not a finite number is written as a
    /// text ("nan", "inf"), which a reader sees is no measurement.
    var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return String(decoding: (try? encoder.encode(self)) ?? Data("{}".utf8), as: UTF8.self)
    }
}

/// The smallest of `trials` timings of `body`, in nanoseconds: the least disturbed run.
func fastestNanoseconds(trials: Int, setUp: () -> Void = {}, _ body: () -> Void) -> Double {
    var best = Double.infinity
    let clock = ContinuousClock()
    for _ in 0..<trials {
        setUp()
        let elapsed = clock.measure(body)
        let nanos = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
        best = min(best, nanos)
    }
    return best
}

func printError(_ text: String) {
    fputs(text + "\n", stderr)
}

/// A duration in seconds.
func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

/// CPU seconds (user + system) used so far by this process and by its children that have ended.
func cpuSeconds() -> (own: Double, children: Double) {
    func total(_ who: Int32) -> Double {
        var usage = rusage()
        getrusage(__rusage_who_t(who), &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }
    return (total(RUSAGE_SELF.rawValue), total(RUSAGE_CHILDREN.rawValue))
}

/// The machine's load average over the last minute: wall-clock figures mean little when it
/// is well above the number of cores.
func loadAverage() -> Double {
    let text = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? ""
    return Double(text.split(separator: " ").first ?? "") ?? -1
}
