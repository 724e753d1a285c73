import Foundation
import Testing
import Audio
import TestSupport

/// `ClapRecording`: the real detector over a WAV file, as `render --clap-audio` and the golden
/// frames hear it. Uses the committed recording (`Scenes/recordings/clapping-crowd.wav`), so
/// it needs no corpus.
@Suite struct ClapRecordingTests {
    static let recording = RepositoryRoot.path + "/Scenes/recordings/clapping-crowd.wav"
    /// The clap onsets of the recording, from the corpus's truth.json (rhythm/h2-gimme_dry).
    static let onsets = [0.3913, 0.6598, 0.9041, 1.1443, 1.3909, 1.6523, 1.8961, 2.1475,
                         2.3941, 2.6578, 2.8923, 3.1480, 3.3903, 3.6524, 3.8925, 4.1524]

    @Test(arguments: ClapSensitivity.allCases)
    func hearsEveryClapOfTheRecordingAtItsOnset(sensitivity: ClapSensitivity) throws {
        let claps = try ClapRecording.claps(inFile: Self.recording, sensitivity: sensitivity)
        #expect(claps.count == Self.onsets.count, "\(claps.map(\.time))")
        for (clap, onset) in zip(claps, Self.onsets) {
            #expect(abs(clap.time - onset) < 0.005, "clap at \(clap.time) s, onset at \(onset) s")
            #expect(clap.strength > 0)
        }
    }

    @Test func theSameFileGivesTheSameClaps() throws {
        let first = try ClapRecording.claps(inFile: Self.recording)
        #expect(try ClapRecording.claps(inFile: Self.recording) == first)
    }

    @Test func aStereoFileIsHeardAsItsMonoMix() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let reader = try WAVReader(path: Self.recording)
        let samples = reader.readAll()
        func write(_ name: String, channels: Int) throws -> String {
            let writer = try WAVWriter(path: folder + "/" + name, sampleRate: reader.sampleRate, channels: channels)
            try writer.write(channels == 1 ? samples : samples.flatMap { [$0, $0] })
            try writer.finish()
            return folder + "/" + name
        }
        let mono = try ClapRecording.claps(inFile: try write("mono.wav", channels: 1))
        #expect(mono.count == Self.onsets.count)
        #expect(try ClapRecording.claps(inFile: try write("stereo.wav", channels: 2)) == mono)
    }

    @Test func aMissingFileIsOneLineNamingIt() {
        #expect(throws: AudioFileError.cannotRead(path: "/no/such/claps.wav", reason: "No such file or directory")) {
            try ClapRecording.claps(inFile: "/no/such/claps.wav")
        }
    }

    @Test func aFileThatIsNotAWAVIsRefused() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/claps.wav"
        try "not a recording\n".write(toFile: path, atomically: true, encoding: .utf8)
        do {
            _ = try ClapRecording.claps(inFile: path)
            Issue.record("a text file was read as a WAV")
        } catch let error as AudioFileError {
            #expect(error.description == "\(path): not a WAV file (no RIFF/WAVE header)")
        }
    }
}
