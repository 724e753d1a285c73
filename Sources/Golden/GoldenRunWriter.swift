import Foundation
import Output
#if canImport(Glibc)
import Glibc
#endif

/// Writes a golden scene's trace and soundtrack into the new folder of a `golden update`.
/// A soundtrack whose samples did not change keeps its old file (another ffmpeg may encode
/// the same samples to other bytes; the golden should not churn for that).
struct GoldenRunWriter {
    let manifest: GoldenManifest
    let source: GoldenRunSource

    func write(_ scene: GoldenScene, into folder: String, missingOnly: Bool, result: inout GoldenUpdateResult) throws {
        let fileManager = FileManager.default
        let oldTrace = manifest.tracePath(scene), oldSound = manifest.soundPath(scene)
        let needTrace = !missingOnly || !fileManager.isReadableFile(atPath: oldTrace)
        // A soundtrack ffmpeg cannot decode (a truncated file) is made again, as a missing one is.
        let needSound = !missingOnly || !fileManager.fileExists(atPath: oldSound) || (try? FLACSoundFile.readPCM(oldSound)) == nil
        guard needTrace || needSound else { return }
        let run = try source.run(of: scene, scenePath: manifest.scenePath(scene))
        if needTrace {
            let text = run.traceText
            let path = folder + "/" + GoldenRunTolerance.traceFileName
            do { try StagedFile.write(Array(text.utf8), to: path) } catch {
                throw ImageFileError(description: "\(path): cannot be written (\(error))")
            }
            if let old = try? String(contentsOfFile: oldTrace, encoding: .utf8) {
                if old == text {
                    result.trace = "unchanged"
                } else {
                    let count = TraceComparison.compare(golden: old.split(separator: "\n").map(String.init),
                                                        actual: text.split(separator: "\n").map(String.init)).count
                    result.trace = "changed (\(count) difference\(count == 1 ? "" : "s"))"
                }
            } else {
                result.trace = "added"
            }
        }
        if needSound {
            let pcm = run.soundtrackPCM()
            let path = folder + "/" + GoldenRunTolerance.soundFileName
            if fileManager.fileExists(atPath: oldSound) {
                let old = try? FLACSoundFile.readPCM(oldSound, sampleRate: run.sampleRate)
                if old == pcm {
                    result.sound = "unchanged"
                    if link(oldSound, path) != 0 {
                        do { try fileManager.copyItem(atPath: oldSound, toPath: path) } catch {
                            throw ImageFileError(description: "\(path): cannot be written (\(error.localizedDescription))")
                        }
                    }
                    return
                }
                result.sound = old == nil ? "repaired (the golden could not be read)" : "changed"
            } else {
                result.sound = "added"
            }
            try FLACSoundFile.write(pcm: pcm, sampleRate: run.sampleRate, channels: 2, to: path)
        }
    }
}
