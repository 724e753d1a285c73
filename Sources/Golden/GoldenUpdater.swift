import Fingerprint
import Foundation
import Output

/// What `golden update` did to one scene's goldens.
public struct GoldenUpdateResult: Equatable, Sendable {
    /// The scene's name.
    public var scene: String
    /// Frames whose golden was created.
    public var added: [Int]
    /// Frames whose golden existed but could not be read, made again (`--missing-only` too).
    public var repaired: [Int] = []
    /// Frames whose golden now has different pixels.
    public var changed: [Int]
    /// Frames re-rendered with the same pixels.
    public var unchanged: [Int]
    /// Frames whose pixels differ from their golden but within tolerance: the golden is kept
    /// (`--all` or `--frame` rewrites them), so an update shows only what really changed.
    public var kept: [Int] = []
    /// Frames the update was not asked to make (`--missing-only`, `--frame`, `--failed`):
    /// their goldens were left as they were, unread.
    public var leftAlone = 0
    /// Golden files dropped because the manifest no longer lists their frames.
    public var removed: [String]
    /// What became of the golden trace and soundtrack (`added`, `changed (…)`, `unchanged`), if written.
    public var trace: String?
    public var sound: String?
    /// The update was asked for some frames only (`--frame`, `--failed`): the trace and sound,
    /// which were there, were left as they were.
    public var runLeftAlone = false

    /// Whether the update wrote nothing of this scene and was not asked to (a scene `--failed`
    /// or `--frame` does not name): its line would only say `0 unchanged`.
    public var untouched: Bool {
        added.isEmpty && repaired.isEmpty && changed.isEmpty && unchanged.isEmpty && kept.isEmpty && removed.isEmpty
            && trace == nil && sound == nil
    }

    /// What `golden update` prints: a line per scene it touched, then how many scenes
    /// `--frame` or `--failed` left as they were (a line of `0 unchanged` each says nothing).
    public static func lines(_ results: [GoldenUpdateResult]) -> [String] {
        let untouched = results.filter { $0.untouched && $0.runLeftAlone }.count
        return results.filter { !($0.untouched && $0.runLeftAlone) }.map(\.summaryLine)
            + (untouched == 0 ? [] : ["golden update: \(untouched) other scene\(untouched == 1 ? "" : "s") left as \(untouched == 1 ? "it was" : "they were")"])
    }

    /// One line for the terminal.
    public var summaryLine: String {
        var parts: [String] = []
        if !changed.isEmpty { parts.append("\(changed.count) changed (frames \(changed.map(String.init).joined(separator: ", ")))") }
        if !added.isEmpty { parts.append("\(added.count) added") }
        if !repaired.isEmpty {
            parts.append("\(repaired.count) repaired (frames \(repaired.map(String.init).joined(separator: ", ")): the golden could not be read)")
        }
        if !removed.isEmpty { parts.append("\(removed.count) removed") }
        // Frames left unread are not "unchanged": that word is for frames drawn again the same.
        if !unchanged.isEmpty || leftAlone == 0 { parts.append("\(unchanged.count) unchanged") }
        if !kept.isEmpty { parts.append("\(kept.count) kept within tolerance (frames \(kept.map(String.init).joined(separator: ", ")))") }
        if leftAlone > 0 { parts.append("\(leftAlone) left as \(leftAlone == 1 ? "it was" : "they were")") }
        let run = [trace.map { "trace \($0)" }, sound.map { "sound \($0)" }].compactMap { $0 }
        let left = runLeftAlone && run.isEmpty ? "; trace and sound left as they were (only the frames asked for are rewritten)" : ""
        return "\(scene): " + parts.joined(separator: ", ") + (run.isEmpty ? "" : "; " + run.joined(separator: ", ")) + left
    }
}

/// Which golden frames `golden update` rewrites.
public enum GoldenFrameChoice: Equatable, Sendable {
    /// Frames with no golden, or beyond their scene's tolerance: a frame that passes its check
    /// keeps its golden even when its pixels drifted.
    case beyondTolerance
    /// Every frame, drifted or not.
    case all
    /// Only frames with no golden yet (the trace and sound only when missing).
    case missing
    /// Only these frames of each named scene, whatever they hold; the trace and sound of the
    /// scenes in `runs` too, of the others only when missing. The other frames keep their goldens.
    case listed([String: [Int]], runs: Set<String> = [])
}

/// `aria-render golden update`: re-renders golden frames, the whole set in one step.
///
/// Every scene is rendered into a complete new folder inside a staging folder
/// (`.update-PID`), beside the new fingerprint; the golden folder's own names are not
/// touched, so a failure or a kill while rendering leaves the old set as it was (the next
/// run deletes the staging folder). Then a journal is written (`GoldenUpdateJournal`): the
/// point of no return. The new folders are exchanged with the old ones, the fingerprint
/// replaced, the journal removed. A kill after the journal is written is finished by the
/// next `golden update` (or `recover`), so the set is either the old one or the new one,
/// and each scene's folder is at every instant all old or all new. docs/golden-manifest.md
/// tells the whole story.
public struct GoldenUpdater {
    /// The manifest whose goldens are updated.
    public let manifest: GoldenManifest
    /// Where frames come from.
    public let source: GoldenFrameSource

    /// Set to a stage's number (0 is the first `rendered`), the process kills itself with
    /// SIGKILL just after that stage: the end-to-end tests' way of stopping it anywhere.
    public static let killAtStageVariable = "ARIA_GOLDEN_UPDATE_KILL_AT_STAGE"

    /// Where the golden traces and soundtracks come from (none written when nil).
    public let runSource: GoldenRunSource?
    /// The libraries and fonts written beside the goldens as theirs (with the faces of the
    /// source's games, when it runs them).
    public var fingerprint: LibraryFingerprint

    /// An updater of `manifest`'s goldens rendered by `source`; traces and soundtracks come
    /// from `runSource`, or from `source` when it can run scenes.
    public init(manifest: GoldenManifest, source: GoldenFrameSource, runSource: GoldenRunSource? = nil) {
        self.manifest = manifest
        self.source = source
        self.runSource = runSource ?? (source as? GoldenRunSource)
        fingerprint = (source as? SimulatedGoldenSource).map { .current(of: $0.games) } ?? .current
    }

    /// Updates `scenes` (all of the manifest's when nil); with `missingOnly`, renders only
    /// the frames that have no golden yet. Throws `GoldenSourceError` or `ImageFileError`.
    /// `stop` is asked after each scene is rendered, before anything is decided: a signal
    /// number there abandons the update (its staging folder removed) with `OutputError.interrupted`;
    /// once decided, the update finishes.
    public func update(scenes: [GoldenScene]? = nil, missingOnly: Bool = false,
                       stop: () -> Int32? = { nil }) throws -> [GoldenUpdateResult] {
        try update(scenes: scenes, choice: missingOnly ? .missing : .all, stop: stop)
    }

    /// Updates `scenes` (all of the manifest's when nil), rewriting the frames `choice` picks.
    /// Throws as `update(scenes:missingOnly:stop:)` does.
    public func update(scenes: [GoldenScene]? = nil, choice: GoldenFrameChoice,
                       stop: () -> Int32? = { nil }) throws -> [GoldenUpdateResult] {
        var stageNumber = 0
        let killAt = ProcessInfo.processInfo.environment[Self.killAtStageVariable].flatMap(Int.init)
        return try update(scenes: scenes, choice: choice) { stage in
            if stageNumber == killAt { kill(getpid(), SIGKILL) }
            stageNumber += 1
            if case .rendered = stage, let signal = stop() { throw OutputError.interrupted(signal: signal) }
        }
    }

    /// Finishes or undoes an update of `folder` that was stopped (a journal is finished, a
    /// staging folder without one deleted). Does nothing while another update holds the
    /// folder. `check` calls this before it reads goldens, and says what it returns: for each
    /// scene a finished update changed, `<scene>: <files>` (none when there was nothing to finish).
    @discardableResult
    public static func recover(folder: String) throws -> [String] {
        guard let lock = try GoldenFolderLock(folder: folder) else { return [] }
        defer { lock.release() }
        return try recoverLocked(folder: folder, stage: { _ in })
    }

    /// `recover(folder:)`, and what to say when it finished a decided update: that it did, and
    /// the files it changed, a scene a line; nil when there was nothing to finish.
    public static func finishInterruptedUpdate(of folder: String) throws -> String? {
        let changes = try recover(folder: folder)
        guard !changes.isEmpty else { return nil }
        return "an interrupted `golden update` of \(folder) was decided; finished it first, which changed:\n"
            + changes.map { "    \($0)\n" }.joined()
    }

    @discardableResult
    private static func recoverLocked(folder: String, stage: (GoldenUpdateStage) throws -> Void) throws -> [String] {
        var changes: [String] = []
        if let journal = try GoldenUpdateJournal.read(in: folder) {
            changes = journal.changedFiles(in: folder).map { "\($0.scene): \($0.files.isEmpty ? "no file changed" : $0.files.joined(separator: ", "))" }
            if journal.fingerprint, FileManager.default.fileExists(atPath: folder + "/" + journal.staging + "/" + LibraryFingerprint.fileName) {
                changes.append(LibraryFingerprint.fileName)
            }
            try journal.rollForward(in: folder, stage: stage)
        }
        // Under the lock, with no journal, every staging folder is an update that never decided.
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        for name in names where name.hasPrefix(".update-") && name != GoldenUpdateJournal.fileName {
            try? FileManager.default.removeItem(atPath: folder + "/" + name)
        }
        return changes
    }

    /// `update`, telling `stage` after each step; a test throws from it to stop the update there.
    func update(scenes: [GoldenScene]? = nil, missingOnly: Bool = false,
                stage: (GoldenUpdateStage) throws -> Void) throws -> [GoldenUpdateResult] {
        try update(scenes: scenes, choice: missingOnly ? .missing : .all, stage: stage)
    }

    func update(scenes: [GoldenScene]? = nil, choice: GoldenFrameChoice,
                stage: (GoldenUpdateStage) throws -> Void) throws -> [GoldenUpdateResult] {
        let fileManager = FileManager.default
        guard let lock = try GoldenFolderLock(folder: manifest.folder) else {
            throw ImageFileError(description: "\(manifest.folder): another `golden update` is running on this folder")
        }
        defer { lock.release() }
        try Self.recoverLocked(folder: manifest.folder, stage: { _ in })

        let stagingName = ".update-\(getpid())"
        let staging = manifest.folder + "/" + stagingName
        try? fileManager.removeItem(atPath: staging)
        do { try fileManager.createDirectory(atPath: staging, withIntermediateDirectories: true) } catch {
            throw ImageFileError(description: "\(manifest.folder): cannot write to the golden folder")
        }
        var decided = false
        defer { if !decided { try? fileManager.removeItem(atPath: staging) } }

        let chosen = scenes ?? manifest.scenes
        var results: [GoldenUpdateResult] = []
        var journalScenes: [GoldenUpdateJournal.Scene] = []
        for scene in chosen {
            let fresh = staging + "/" + scene.name
            let result = try render(scene, into: fresh, choice: choice)
            results.append(result)
            switch choice {
            case .all, .beyondTolerance: try keepExisting(of: scene, in: fresh, only: Set(result.kept.map(GoldenScene.fileName(frame:))))
            case .missing, .listed: try keepExisting(of: scene, in: fresh, only: nil)
            }
            GoldenFolderLock.syncFiles(in: fresh)
            guard let inode = GoldenUpdateJournal.inode(of: fresh) else {
                throw ImageFileError(description: "\(fresh): vanished while the update was writing it")
            }
            journalScenes.append(.init(inode: inode, name: scene.name))
            try stage(.rendered(scene.name))
        }
        try write(fingerprint.yaml, to: staging + "/" + LibraryFingerprint.fileName)
        GoldenFolderLock.syncFiles(in: staging)

        let journal = GoldenUpdateJournal(staging: stagingName, scenes: journalScenes, fingerprint: true)
        try journal.write(in: manifest.folder)
        decided = true
        try stage(.journalWritten)
        do {
            try journal.rollForward(in: manifest.folder, stage: stage)
        } catch let error as ImageFileError {
            throw ImageFileError(description: error.description
                                 + "; the update is decided and half done: the next `golden update` finishes it")
        }
        try stage(.finished)
        // --missing-only promises goldens that can all be read: one that still cannot is said, not passed over.
        if choice == .missing {
            let unreadable = unreadableGoldens(of: chosen)
            if !unreadable.isEmpty { throw ImageFileError(description: "still cannot be read after the update: " + unreadable.joined(separator: "; ")) }
        }
        return results
    }

    /// The new folder also holds the scene's existing files it was not given anew (hard
    /// links, or copies where the file system has none), so it can replace the old folder
    /// whole; `only` limits it to those file names (the frames kept within tolerance, when
    /// the whole scene is updated).
    private func keepExisting(of scene: GoldenScene, in fresh: String, only: Set<String>?) throws {
        let live = manifest.folder + "/" + scene.name
        let fileManager = FileManager.default
        for name in (try? fileManager.contentsOfDirectory(atPath: live)) ?? [] {
            let target = fresh + "/" + name
            if fileManager.fileExists(atPath: target) || only.map({ !$0.contains(name) }) == true { continue }
            var isFolder: ObjCBool = false
            guard fileManager.fileExists(atPath: live + "/" + name, isDirectory: &isFolder), !isFolder.boolValue else { continue }
            if link(live + "/" + name, target) != 0 {
                do { try fileManager.copyItem(atPath: live + "/" + name, toPath: target) } catch {
                    throw ImageFileError(description: "\(target): cannot be written (\(error.localizedDescription))")
                }
            }
        }
    }

    private func render(_ scene: GoldenScene, into folder: String, choice: GoldenFrameChoice) throws -> GoldenUpdateResult {
        let fileManager = FileManager.default
        try fileManager.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let frames: [Int]
        switch choice {
        case .all, .beyondTolerance: frames = scene.frames
        // A golden that cannot be read (a truncated PNG) is as good as missing: it is made again.
        case .missing: frames = scene.frames.filter { (try? PNGImageFile.read(manifest.goldenPath(scene, frame: $0))) == nil }
        case .listed(let listed, _): frames = scene.frames.filter { (listed[scene.name] ?? []).contains($0) }
        }
        // Frames not rewritten are carried over by `keepExisting`; so is the trace and sound
        // unless the whole scene, or its run, is updated.
        let wholeScene = choice == .all || choice == .beyondTolerance
        var rewritesRun = wholeScene
        if case .listed(_, let runs) = choice, runs.contains(scene.name) { rewritesRun = true }
        var result = GoldenUpdateResult(scene: scene.name, added: [], changed: [], unchanged: [], removed: [], trace: nil, sound: nil)
        result.leftAlone = scene.frames.count - frames.count
        if !frames.isEmpty {
            try source.renderFrames(of: scene, scenePath: manifest.scenePath(scene), frames: frames) { frame, image in
                let goldenPath = manifest.goldenPath(scene, frame: frame)
                if let old = try? PNGImageFile.read(goldenPath) {
                    if old == image {
                        result.unchanged.append(frame)
                    } else if choice == .beyondTolerance, GoldenFrameComparison.compare(golden: old, actual: image, scene: scene,
                                                                                       makeDiffImage: false).passed {
                        result.kept.append(frame)
                        return
                    } else {
                        result.changed.append(frame)
                    }
                } else if fileManager.fileExists(atPath: goldenPath) {
                    result.repaired.append(frame)
                } else {
                    result.added.append(frame)
                }
                try PNGImageFile.write(image, to: folder + "/" + GoldenScene.fileName(frame: frame))
            }
        }
        if let runSource {
            try GoldenRunWriter(manifest: manifest, source: runSource)
                .write(scene, into: folder, missingOnly: !rewritesRun, result: &result)
            if case .listed = choice, !rewritesRun { result.runLeftAlone = true }
        }
        if wholeScene {
            let wanted = Set(scene.frames.map(GoldenScene.fileName(frame:)))
            let existing = (try? fileManager.contentsOfDirectory(atPath: manifest.folder + "/" + scene.name)) ?? []
            result.removed = existing.filter { $0.hasSuffix(".png") && !wanted.contains($0) }.sorted()
        }
        return result
    }

    /// The goldens of `scenes` that exist but cannot be read, each as `path: why`: what an
    /// update that was to make them good again did not.
    public func unreadableGoldens(of scenes: [GoldenScene]) -> [String] {
        var problems: [String] = []
        for scene in scenes {
            for frame in scene.frames {
                let path = manifest.goldenPath(scene, frame: frame)
                guard FileManager.default.fileExists(atPath: path) else { continue }
                do { _ = try PNGImageFile.read(path) } catch { problems.append("\(path): \(error)") }
            }
            let sound = manifest.soundPath(scene)
            if runSource != nil, FileManager.default.fileExists(atPath: sound) {
                do { _ = try FLACSoundFile.readPCM(sound) } catch { problems.append("\(sound): \(error)") }
            }
        }
        return problems
    }

    private func write(_ text: String, to path: String) throws {
        do { try StagedFile.write(Array(text.utf8), to: path) } catch {
            throw ImageFileError(description: "\(error)")
        }
    }
}
