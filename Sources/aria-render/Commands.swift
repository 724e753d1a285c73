import ArgumentParser

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
    ]
}
