#if canImport(Glibc)
import Glibc
#endif

/// Named figures printed as one JSON object, keys in the order they were added.
struct BenchReport {
    private(set) var figures: [(String, String)] = []

    mutating func add(_ name: String, _ value: Double, decimals: Int = 2) {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        figures.append((name, "\((value * scale).rounded() / scale)"))
    }

    mutating func add(_ name: String, text: String) {
        figures.append((name, "\"\(text)\""))
    }

    var json: String {
        "{" + figures.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}"
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
