import Audio
import Foundation
import Output
import ReviewPictures
import Trace

/// The checks of a golden scene beyond its frames, all from one run without drawing: its
/// trace against `trace.jsonl`, its rules, its soundtrack against `sound.flac`. What
/// differs goes to the report folder: the run's trace, its soundtrack as WAV, a picture of
/// the first second that sounds different.
public struct GoldenRunChecker {
    public let manifest: GoldenManifest
    public let source: GoldenRunSource
    public let reportFolder: String?
    public let parts: GoldenParts

    public init(manifest: GoldenManifest, source: GoldenRunSource, reportFolder: String?, parts: GoldenParts = .all) {
        self.manifest = manifest
        self.source = source
        self.reportFolder = reportFolder
        self.parts = parts
    }

    /// Runs `scene` and checks what `parts` asks for. Throws `GoldenSourceError`,
    /// `ImageFileError` (a report file) or `OutputError` (ffmpeg missing or failing).
    public func check(_ scene: GoldenScene) throws -> GoldenRunResult {
        var result = GoldenRunResult()
        guard !parts.isDisjoint(with: [.traces, .sound]) else { return result }
        let run = try source.run(of: scene, scenePath: manifest.scenePath(scene))
        result.events = run.trace.count
        if parts.contains(.traces) {
            result.trace = try checkTrace(scene, run)
            let checker = RuleChecker(events: run.trace, settings: run.settings, endTime: run.duration)
            result.rules = (manifest.rules(of: scene) + run.rules).map { rule in
                GoldenRuleResult(rule: rule, violations: checker.violations(of: rule),
                                 matched: rule.trigger.map { trigger in run.trace.filter(trigger.matches).count })
            }
        }
        if parts.contains(.sound) { result.sound = try checkSound(scene, run) }
        return result
    }

    private func checkTrace(_ scene: GoldenScene, _ run: GoldenRun) throws -> GoldenTraceResult {
        let text = run.traceText
        let actual = text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        guard let data = FileManager.default.contents(atPath: manifest.tracePath(scene)) else {
            var missing = GoldenTraceResult(goldenLines: 0, actualLines: actual.count, differences: [], identical: false, missing: true,
                                            actualPath: try writeReport(text, scene, GoldenRunTolerance.traceFileName))
            missing.restoreCommand = GoldenRestoreHint.command(for: manifest.tracePath(scene))
            return missing
        }
        let goldenText = String(decoding: data, as: UTF8.self)
        if goldenText == text {
            return GoldenTraceResult(goldenLines: actual.count, actualLines: actual.count, differences: [], identical: true)
        }
        let golden = goldenText.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        let differences = TraceComparison.compare(golden: golden, actual: actual, timeTolerance: scene.run.traceTime)
        var result = GoldenTraceResult(goldenLines: golden.count, actualLines: actual.count, differences: differences,
                                       identical: false, frameCount: run.frameCount, framesPerSecond: run.framesPerSecond)
        if !differences.isEmpty {
            result.actualPath = try writeReport(text, scene, GoldenRunTolerance.traceFileName)
            // The golden's copy beside it: the report's timeline is drawn from the two.
            if let folder = try reportSceneFolder(scene) {
                let copy = folder + "/trace_golden.jsonl"
                try ReportSceneFolder.copy(manifest.tracePath(scene), to: copy)
                result.goldenCopyPath = copy
            }
        }
        return result
    }

    private func checkSound(_ scene: GoldenScene, _ run: GoldenRun) throws -> GoldenSoundResult {
        let goldenPath = manifest.soundPath(scene)
        let pcm = run.soundtrackPCM()
        var result = GoldenSoundResult(identical: false, differences: [], goldenOnsets: 0, actualOnsets: 0,
                                       seconds: run.duration, goldenPath: goldenPath)
        guard FileManager.default.fileExists(atPath: goldenPath) else {
            result.missing = true
            result.restoreCommand = GoldenRestoreHint.command(for: goldenPath)
            return result
        }
        let golden: [UInt8]
        do { golden = try FLACSoundFile.readPCM(goldenPath, sampleRate: run.sampleRate) } catch OutputError.toolFailed(let why) {
            // An ffmpeg that fails on every file is the machine's failure (exit 3), not the golden's.
            do { try FLACSoundFile.verifyTool() } catch OutputError.toolFailed(let broken) {
                throw OutputError.toolFailed("ffmpeg is installed but fails, even on a moment of silence: \(broken)")
            }
            result.unreadable = why
            result.restoreCommand = GoldenRestoreHint.command(for: goldenPath)
            return result
        }
        if Self.sameBytes(golden, pcm) {
            result.identical = true
            return result
        }
        let goldenTrace = (try? String(contentsOfFile: manifest.tracePath(scene), encoding: .utf8))
            .map { $0.split(separator: "\n").compactMap { TraceLineParser.parse(String($0)) } } ?? run.trace
        let old = SoundComparison.samples(ofPCM: golden), new = SoundComparison.samples(ofPCM: pcm)
        let measured = SoundComparison.differences(golden: old, actual: new, sampleRate: run.sampleRate,
                                                   goldenTrace: goldenTrace, actualTrace: run.trace,
                                                   onsetTolerance: scene.run.soundOnset, loudnessTolerance: scene.run.soundLoudness)
        result.differences = measured.differences
        result.goldenOnsets = measured.golden.count
        result.actualOnsets = measured.actual.count
        if let first = measured.differences.first, let folder = try reportSceneFolder(scene) {
            let wav = folder + "/sound_actual.wav"
            do {
                try TraceSoundtrack.write(run.cues, bank: run.sounds, frames: 0..<run.frameCount, framesPerSecond: run.framesPerSecond, to: wav)
                result.actualPath = wav
            } catch {
                throw ImageFileError(description: "\(wav): cannot be written (\(error))")
            }
            let copy = folder + "/sound_golden.flac"
            try ReportSceneFolder.copy(goldenPath, to: copy)
            result.goldenCopyPath = copy
            let picture = folder + "/sound_diff.png"
            try SoundPicture.write(golden: old, actual: new, sampleRate: run.sampleRate, around: first.time, goldenOnsets: measured.golden.map(\.time),
                                   actualOnsets: measured.actual.map(\.time), to: picture)
            result.picturePath = picture
        }
        return result
    }

    private func reportSceneFolder(_ scene: GoldenScene) throws -> String? {
        try ReportSceneFolder.make(reportFolder, scene)
    }

    private func writeReport(_ text: String, _ scene: GoldenScene, _ name: String) throws -> String? {
        guard let folder = try reportSceneFolder(scene) else { return nil }
        let path = folder + "/" + name.replacingOccurrences(of: ".", with: "_actual.")
        do { try StagedFile.write(Array(text.utf8), to: path) } catch {
            throw ImageFileError(description: "\(path): cannot be written (\(error))")
        }
        return path
    }

    /// Whether two soundtracks are the same bytes, by memcmp: this module is not optimised, and
    /// an unspecialised `==` walked a soundtrack's million bytes one generic call at a time.
    static func sameBytes(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        a.count == b.count && a.withUnsafeBytes { a in b.withUnsafeBytes { b in a.isEmpty || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0 } }
    }
}
