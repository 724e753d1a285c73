import ArgumentParser
import Audio
import Kiosk

extension AriaRender {
    /// Every subcommand, in the order `--help` lists them. Each lives in its own file.
    static let commands: [ParsableCommand.Type] = [
        RenderCommand.self,
        AssembleCommand.self,
        Report.self,
        Simulate.self,
        SyncCheck.self,
        Validate.self,
        Check.self,
        Golden.self,
        Diff.self,
        Listen.self,
        Demo.self,
        Games.self,
        Skin.self,
        StudioCommand.self,  // listed for --help only: `main` hands `studio` to the aria-studio program (docs/studio.md)
    ]
}
struct StudioCommand: ParsableCommand { static let configuration = CommandConfiguration(commandName: "studio", abstract: "A live page for designers: player, timeline with the trace, hot reload (docs/studio.md).") }
extension EchoHandling: ExpressibleByArgument {}  // `demo --echo bands|off`
extension ClapSensitivity: ExpressibleByArgument {}  // `--clap-sensitivity easy|medium|hard` of `listen` and `demo`
