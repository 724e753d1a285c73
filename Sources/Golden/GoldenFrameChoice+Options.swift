import Foundation

extension GoldenFrameChoice {
    /// Options of `golden update` that pick no frames: two ways of choosing at once, a frame
    /// number that is not one, or a report that cannot be read. Says which and why.
    public struct Failure: Error, CustomStringConvertible, Equatable {
        public let description: String
    }

    /// The frames `golden update`'s options pick: `missingOnly` (--missing-only), `all`
    /// (--all), `frames` (each --frame, `N` or `N,M,…`) or the frames, traces and soundtracks
    /// that did not pass in the check report folder `failedReport` (--failed); by default those
    /// missing or beyond tolerance. At most one may be given.
    public init(missingOnly: Bool, all: Bool, frames: [String], failedReport: String?, manifest: GoldenManifest,
                scenes: [GoldenScene]) throws {
        let given = [missingOnly ? "--missing-only" : nil, all ? "--all" : nil, frames.isEmpty ? nil : "--frame",
                     failedReport == nil ? nil : "--failed"].compactMap { $0 }
        if given.count > 1 { throw Failure(description: "\(given.joined(separator: " and ")) choose frames differently; give one of them") }
        if missingOnly {
            self = .missing
        } else if all {
            self = .all
        } else if !frames.isEmpty {
            var numbers: [Int] = []
            for word in frames.flatMap({ $0.split(separator: ",") }) {
                guard let frame = Int(word.trimmingCharacters(in: .whitespaces)), frame >= 0 else {
                    throw Failure(description: "--frame \(word): give a frame number (0, 1, 2…)")
                }
                numbers.append(frame)
            }
            for frame in numbers where !scenes.contains(where: { $0.frames.contains(frame) }) {
                throw Failure(description: "--frame \(frame) is not a golden frame of "
                              + scenes.map { "\($0.name) (\($0.frames.map(String.init).joined(separator: ", ")))" }.joined(separator: ", "))
            }
            self = .listed(Dictionary(uniqueKeysWithValues: scenes.map { ($0.name, numbers) }))
        } else if let report = failedReport {
            let contents: GoldenResultsFile.Contents
            do {
                contents = try GoldenResultsFile.read(report + "/" + GoldenResultsFile.fileName, scenes: manifest.scenes, reportFolder: report)
            } catch let error as GoldenResultsFile.Failure {
                throw Failure(description: error.description)
            }
            // A trace or soundtrack that differed is rewritten too; a broken rule is not the golden's to change.
            let runs = contents.results.filter { result in
                result.run.trace.map { !$0.differences.isEmpty } == true
                    || result.run.sound.map { !$0.differences.isEmpty || $0.unreadable != nil } == true
            }
            self = .listed(Dictionary(contents.results.map { ($0.scene.name, $0.problems.map(\.frame)) }, uniquingKeysWith: +),
                           runs: Set(runs.map(\.scene.name)))
        } else {
            self = .beyondTolerance
        }
    }
}
