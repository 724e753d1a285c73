import ArgumentParser
import Catalogue

/// `aria-render skin export`: a character's built-in look written as a skin (docs/skins.md).
struct Skin: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Designers' skins (docs/skins.md).", subcommands: [SkinExport.self])
}

struct SkinExport: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "export", abstract: "Write a character's built-in look as SVG parts and a skin.yaml.")
    @Option(name: .long, help: ArgumentHelp("The character: " + Catalogue.games.games.flatMap(\.skinCharacters).joined(separator: ", ") + ".")) var character: String
    @Option(name: .shortAndLong, help: "The skin folder to write (made if missing).") var output: String

    func run() throws {
        let files = try Catalogue.games.exportSkin(character: character, to: output)
        print("skin export: \(character) written to \(output) (\(files.count) files)")
    }
}
