import Foundation
import Output

/// A scene's folder inside the report folder, made when first needed.
enum ReportSceneFolder {
    /// `reportFolder/<scene>`, created; nil when there is no report folder. Throws `ImageFileError`.
    static func make(_ reportFolder: String?, _ scene: GoldenScene) throws -> String? {
        guard let reportFolder else { return nil }
        let folder = reportFolder + "/" + scene.name
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw ImageFileError(description: "\(folder): cannot create the report folder")
        }
        return folder
    }

    /// Copies `path` to `target` (replacing it). Throws `ImageFileError`.
    static func copy(_ path: String, to target: String) throws {
        let manager = FileManager.default
        try? manager.removeItem(atPath: target)
        do { try manager.copyItem(atPath: path, toPath: target) } catch {
            throw ImageFileError(description: "\(target): cannot copy \(path) there (\(error.localizedDescription))")
        }
    }

    /// Removes the scene `name`'s folder from the report folder `report`, and its game's folder
    /// (`report/<game>/`) when no other scene's is left in it. A name that could reach outside
    /// the report (`..`, an absolute path) is left alone.
    static func remove(named name: String, in report: String) {
        let parts = name.split(separator: "/", omittingEmptySubsequences: false)
        guard !name.hasPrefix("/"), !parts.isEmpty, !parts.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }) else { return }
        try? FileManager.default.removeItem(atPath: report + "/" + name)
        guard let slash = name.lastIndex(of: "/") else { return }
        let game = report + "/" + name[..<slash]
        if (try? FileManager.default.contentsOfDirectory(atPath: game))?.isEmpty == true { try? FileManager.default.removeItem(atPath: game) }
    }
}

extension GoldenScene {
    /// Removes this scene's folder from the report folder `report`, and its game's folder
    /// (`report/<game>/`) when no other scene's is left in it.
    public func removeReportFolder(in report: String) {
        ReportSceneFolder.remove(named: name, in: report)
    }
}
