import Foundation
import GameKit
import Golden

/// A check report reviewed in the browser: its page with approve and reject forms, and the
/// decisions. Approving runs the same atomic `GoldenUpdater` as `aria-render golden update
/// --scene S [--frame N]`, for just that scene or frame, and keeps which golden files it wrote;
/// rejecting writes nothing and only marks the row.
final class ReviewedReport: @unchecked Sendable {
    /// A request the review cannot take: its HTTP status and one line saying why.
    struct Refusal: Error {
        let status: Int
        let line: String
    }

    let reportFolder: String
    let goldenFolder: String
    private let catalogue: GameCatalogue
    private let lock = NSLock()
    private var review = ReportReview(actionPath: "/api/review")
    /// One update at a time: the golden folder is one set.
    private let updating = NSLock()

    /// The report in `reportFolder` of the goldens in `goldenFolder`.
    init(reportFolder: String, goldenFolder: String, catalogue: GameCatalogue) {
        self.reportFolder = reportFolder
        self.goldenFolder = goldenFolder
        self.catalogue = catalogue
    }

    /// Whether there is a check report to review (its results, or the page of a run that stopped).
    var hasReport: Bool {
        ["results.json", "index.html"].contains { FileManager.default.fileExists(atPath: reportFolder + "/" + $0) }
    }

    /// The report's page with the forms and the decisions so far. Throws `Refusal` (404) when
    /// there is no report to review or its manifest cannot be read.
    func page() throws -> String {
        let manifest = try readManifest()
        let review = lock.withLock { self.review }
        do {
            return try review.page(reportFolder: reportFolder, manifest: manifest, games: catalogue)
        } catch let failure as GoldenResultsFile.Failure {
            throw Refusal(status: 404, line: "no check report to review: \(failure.description)")
        }
    }

    /// The target a request names (`scene`, and `frame` when given), checked against the
    /// manifest: 400 when malformed, 404 when the manifest has no such scene or frame.
    func target(scene: String?, frame: String?) throws -> (ReportReview.Target, GoldenScene, GoldenManifest) {
        guard let name = scene, !name.isEmpty else { throw Refusal(status: 400, line: "give the scene to review: scene=GAME/NAME") }
        var number: Int?
        if let frame {
            guard let value = Int(frame), value >= 0 else { throw Refusal(status: 400, line: "frame=\(Self.shown(frame)): give a frame number (0, 1, 2…)") }
            number = value
        }
        let manifest = try readManifest()
        guard let found = manifest.scenes.first(where: { $0.name == name }) else {
            throw Refusal(status: 404, line: "scene \(Self.shown(name)) is not in the golden manifest \(goldenFolder)")
        }
        if let number, !found.frames.contains(number) {
            throw Refusal(status: 404, line: "frame \(number) is not a golden frame of \(name)")
        }
        return (ReportReview.Target(scene: name, frame: number), found, manifest)
    }

    /// Approves the scene or frame the request names: `golden update` of just that. Returns
    /// the golden files it wrote (paths as the golden folder was given). Throws `Refusal`.
    func approve(scene: String?, frame: String?) throws -> (ReportReview.Target, [String]) {
        let (target, goldenScene, manifest) = try target(scene: scene, frame: frame)
        updating.lock(); defer { updating.unlock() }
        let sceneFolder = manifest.folder + "/" + goldenScene.name
        // The scene's folder and the files beside the manifest (the fingerprint among them).
        let watched = [sceneFolder, manifest.folder]
        let before = Self.contents(of: watched)
        let choice: GoldenFrameChoice = target.frame.map { .listed([goldenScene.name: [$0]]) } ?? .beyondTolerance
        do {
            _ = try GoldenUpdater(manifest: manifest, source: SimulatedGoldenSource(games: catalogue)).update(scenes: [goldenScene], choice: choice)
        } catch {
            let why = "\(error)".split(separator: "\n").first.map(String.init) ?? "the update failed"
            lock.withLock { review.decisions[target] = .failed(why) }
            throw Refusal(status: 500, line: "approving \(target.scene) failed: \(why)")
        }
        let after = Self.contents(of: watched)
        let wrote = Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }.sorted()
        lock.withLock { review.decisions[target] = .approved(wrote: wrote) }
        return (target, wrote)
    }

    /// Rejects the scene or frame the request names: nothing is written. Throws `Refusal`.
    func reject(scene: String?, frame: String?) throws -> ReportReview.Target {
        let (target, _, _) = try target(scene: scene, frame: frame)
        lock.withLock { review.decisions[target] = .rejected }
        return target
    }

    /// `text` as a refusal quotes it: control characters as `?` and at most 200 characters,
    /// so a hostile request's answer stays one short line.
    static func shown(_ text: String) -> String {
        let plain = String(String.UnicodeScalarView(text.unicodeScalars.map { $0.properties.generalCategory == .control ? "?" : $0 }))
        return plain.count > 200 ? plain.prefix(200) + "…" : plain
    }

    private func readManifest() throws -> GoldenManifest {
        do {
            return try GoldenManifestReader.read(folder: goldenFolder, games: catalogue, sceneFilesMustExist: true)
        } catch {
            throw Refusal(status: 409, line: "\(error)".split(separator: "\n").first.map(String.init) ?? "the golden manifest cannot be read")
        }
    }

    /// Every file directly in each of `folders`, by path, with its bytes.
    private static func contents(of folders: [String]) -> [String: Data] {
        var found: [String: Data] = [:]
        for folder in folders {
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
                var isFolder: ObjCBool = false
                let path = folder + "/" + name
                guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue else { continue }
                found[path] = FileManager.default.contents(atPath: path)
            }
        }
        return found
    }
}
