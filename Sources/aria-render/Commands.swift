import ArgumentParser

extension AriaRender {
    /// Every subcommand, in the order `--help` lists them. Each lives in its own file.
    static let commands: [ParsableCommand.Type] = [
        Diff.self,
        Validate.self,
        Simulate.self,
        Render.self,
        Listen.self,
        Demo.self,
    ]
}
