import Fingerprint
import Foundation
import Output

/// The files a check (or a merge of sliced checks) writes beside its frames: index.html,
/// junit.xml and results.json, each written whole or not at all.
public enum GoldenReportFiles {
    /// The command the report tells a person to run to approve what is missing.
    public static let approvalCommand = "aria-render golden update --missing-only"

    /// A report file that could not be written; says which and why.
    public struct WriteFailure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Writes the three files of `results` into `folder` (which exists): `parts` is what was
    /// compared, `shard` the slice checked (nil: all), `fingerprint` this machine's libraries and
    /// `goldenFingerprint` those the goldens were made with. Throws `WriteFailure` for a file
    /// that cannot be written.
    public static func write(_ results: [GoldenSceneResult], parts: GoldenParts, shard: (index: Int, count: Int)? = nil,
                             fingerprint: LibraryFingerprint, goldenFingerprint: LibraryFingerprint?, to folder: String) throws {
        let files = [
            ("index.html", HTMLReport.html(results, fingerprint: fingerprint, goldenFingerprint: goldenFingerprint, reportFolder: folder,
                                            approvalCommand: approvalCommand)),
            ("junit.xml", JUnitReport.xml(results, reportFolder: folder)),
            (GoldenResultsFile.fileName, String(decoding: try GoldenResultsFile.json(results, parts: parts, shard: shard, reportFolder: folder),
                                                as: UTF8.self)),
        ]
        for (name, text) in files {
            do { try StagedFile.write(Array(text.utf8), to: folder + "/" + name) } catch {
                throw WriteFailure(description: "\(error)")
            }
        }
    }

    /// Writes the report of a check that stopped before its end, `why` (one problem a line):
    /// index.html and junit.xml say so beside the scenes `results` checked before, and
    /// results.json goes (`golden update --failed` and `report merge` read no part-run as a
    /// whole one). Makes `folder` when it is missing. Throws `WriteFailure`.
    public static func writeStopped(_ results: [GoldenSceneResult], why: String, fingerprint: LibraryFingerprint,
                                    goldenFingerprint: LibraryFingerprint?, to folder: String) throws {
        // Stopped before any scene: what an earlier check left of its scenes goes (after, `prepare` did that).
        if results.isEmpty { clearScenes([], in: folder) }
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try? FileManager.default.removeItem(atPath: folder + "/" + GoldenResultsFile.fileName)
        let files = [
            ("index.html", HTMLReport.html(results, fingerprint: fingerprint, goldenFingerprint: goldenFingerprint, reportFolder: folder,
                                            approvalCommand: approvalCommand, stopped: why)),
            ("junit.xml", JUnitReport.xml(results, reportFolder: folder, stopped: why)),
        ]
        for (name, text) in files {
            do { try StagedFile.write(Array(text.utf8), to: folder + "/" + name) } catch {
                throw WriteFailure(description: "\(error)")
            }
        }
    }

    /// Makes the report `folder` and clears what an earlier check left in it of `scenes` and of
    /// the scenes its results.json names (only their own subfolders: the folder may be shared).
    /// Throws `WriteFailure` when the folder cannot be made.
    public static func prepare(_ folder: String, clearing scenes: [GoldenScene]) throws {
        clearScenes(scenes, in: folder)
        do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch {
            throw WriteFailure(description: "\(folder): cannot create the report folder")
        }
    }

    /// Removes from the report `folder` what an earlier check left of other scenes: the folders
    /// of the scenes its results.json names and of `scenes`, so a report shows this run alone.
    /// Anything else in the folder stays (it may be shared).
    public static func clearScenes(_ scenes: [GoldenScene], in folder: String) {
        let earlier = GoldenResultsFile.sceneNames(inReport: folder)
        for name in Set(earlier + scenes.map(\.name)).sorted() { ReportSceneFolder.remove(named: name, in: folder) }
    }
}
