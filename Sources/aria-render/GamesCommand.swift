import ArgumentParser
import Catalogue
import Foundation
import GameKit

/// `aria-render games [--json]`: the lobby — every game the engine runs, with its card.
struct Games: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the games: id, name, what it is, the camera events it needs, the youngest age.",
        discussion: "A scene file names its game with 'game: ID' (the princess game when absent); "
            + "render, simulate and demo take --game ID to play a game's built-in scene."
    )

    @Flag(name: .long, help: "Print the list as JSON on standard output.")
    var json = false

    func run() throws {
        let games = Catalogue.games.games
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            print(String(decoding: try encoder.encode(games.map(\.info)), as: UTF8.self))
            return
        }
        for game in games {
            let info = game.info
            let camera = info.requiredCVEvents.isEmpty ? "no camera" : "camera: " + info.requiredCVEvents.joined(separator: ", ")
            print("\(info.id)  \(info.displayName) — \(info.description) (ages \(info.minAge)+, \(camera))")
        }
    }
}
