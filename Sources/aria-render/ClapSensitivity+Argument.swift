import ArgumentParser
import Audio

/// `--clap-sensitivity easy|medium|hard`, for `listen` and `demo`.
extension ClapSensitivity: ExpressibleByArgument {}
