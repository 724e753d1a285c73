import Foundation
import GameKit

/// The game folders of a golden folder: `Golden/<game>/` holds a game's own `manifest.yaml`
/// and its scenes' goldens, so that adding a game's golden touches nothing outside them.
enum GoldenGameFolders {
    /// The ids of the games with a manifest in `folder`, in the catalogue's order, and a
    /// problem for each folder with a manifest but no game of that id (a misspelt id would
    /// otherwise leave its game's goldens unchecked).
    static func find(in folder: String, games: GameCatalogue) -> (ids: [String], problems: [String]) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        let withManifest = Set(names.filter { name in
            !name.hasPrefix(".") && FileManager.default.fileExists(atPath: folder + "/" + name + "/" + GoldenManifest.fileName)
        })
        let strangers = withManifest.subtracting(games.ids).sorted().map { name in
            "\(folder)/\(name)/\(GoldenManifest.fileName): \"\(name)\" is no game's id; a game's goldens go in "
                + "\(folder)/<id>/ (the games: \(games.ids.joined(separator: ", ")))"
        }
        return (games.ids.filter(withManifest.contains), strangers)
    }

    /// `path` with its `.` and `..` steps taken (`findit/../../Scenes/findit/hunt.yaml` is
    /// `../Scenes/findit/hunt.yaml`), so a game's scene file reads as the top manifest's do.
    static func relative(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." { parts.removeLast(); continue }
            parts.append(part)
        }
        return parts.joined(separator: "/")
    }
}
