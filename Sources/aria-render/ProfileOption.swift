import ArgumentParser
import GameKit

/// `--profile PATH`: the saved state a run starts from and saves to (docs/saved-state.md).
struct ProfileOption: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("A profile (an SQLite file, made when missing): the run starts from what the game saved there and saves what it changed.", valueName: "PATH"))
    var profile: String?

    /// The profile opened for `game`; nil without --profile.
    func open(for game: any GameModule) throws -> RunProfile? {
        try profile.map { try RunProfile(path: $0, game: game.id, tables: game.profileTables) }
    }
}
