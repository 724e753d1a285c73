import Foundation
import Scene
import Shards
#if canImport(Glibc)
import Glibc
#endif

/// The shared folder shards write their pieces into, as the file system sees it.
public enum PieceFolder {
    /// Every file of `folder` with, for piece manifests, what they say. Hidden files (pieces
    /// still being written, or left by a killed shard) are not listed.
    public static func entries(of folder: String) throws -> [AssemblyPlan.Entry] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw OutputError.unwritable("\(folder) is not a folder of pieces")
        }
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
            throw OutputError.unwritable("cannot read the folder \(folder)")
        }
        return names.filter { !$0.hasPrefix(".") }.sorted().map { name in
            let path = folder + "/" + name
            guard PieceManifest.isManifestName(name) else { return (name, nil, nil) }
            guard let data = FileManager.default.contents(atPath: path) else { return (name, nil, "\(path): cannot be read") }
            do {
                return (name, try PieceManifest.read(Array(data), file: path), nil)
            } catch let errors as SceneErrors {
                return (name, nil, errors.diagnostics.first?.description ?? path)
            } catch {
                return (name, nil, "\(path): \(error)")
            }
        }
    }

    /// The size of `name` in `folder`, or nil when there is no such regular file.
    public static func size(of name: String, in folder: String) -> Int? {
        var info = stat()
        guard stat(folder + "/" + name, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Int(info.st_size)
    }

    /// Writes `manifest` into `folder` under its shard's name, whole or not at all.
    public static func write(_ manifest: PieceManifest, in folder: String) throws {
        let name = PieceManifest.name(shard: manifest.shard, of: manifest.shards)
        do {
            try StagedFile.write(try manifest.json(), to: folder + "/" + name)
        } catch let error as OutputError {
            throw error
        } catch {
            throw OutputError.unwritable("cannot write \(folder)/\(name): \(error)")
        }
    }

    /// The plan for assembling `folder`'s pieces, or why there is none.
    public static func plan(_ folder: String) throws -> AssemblyPlan {
        try AssemblyPlan(entries: try entries(of: folder), folder: folder,
                         size: { size(of: $0, in: folder) }, frameName: PNGSequenceSink.fileName(ofFrame:))
    }
}
