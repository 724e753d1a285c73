/// The claps in a recorded WAV file, as the microphone's `ClapDetector` hears them: the file is
/// fed to a fresh detector in 10 ms blocks (the live microphone's and `listen --file`'s
/// block), its channels averaged to mono, from the first sample to the last. The detector is
/// pure and the file is read in order, so the same file and sensitivity give the same claps,
/// at the same times, every time.
public enum ClapRecording {
    /// Every clap heard in the WAV file at `path`, in time order, its time in seconds from
    /// the start of the file. Throws `AudioFileError` when the file cannot be opened or is
    /// not a WAV file the reader understands.
    public static func claps(inFile path: String, sensitivity: ClapSensitivity = .medium) throws -> [ClapEvent] {
        let reader = try WAVReader(path: path)
        let detector = ClapDetector(sampleRate: Double(reader.sampleRate),
                                    settings: ClapDetectorSettings(sensitivity: sensitivity))
        let blockFrames = max(1, reader.sampleRate / 100)
        var claps: [ClapEvent] = []
        while true {
            let block = reader.readMono(frames: blockFrames)
            if block.isEmpty { return claps }
            claps += detector.process(block)
        }
    }
}
