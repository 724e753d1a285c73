import CEspeakNG
import Foundation

/// Speech by espeak-ng through libespeak-ng, as mono samples: the same text and voice give the
/// same samples every run and in every process, so spoken lines can sit in golden soundtracks.
public enum SpeechSynthesizer {
    /// espeak-ng's own rate for every voice, in Hz.
    public static let nativeSampleRate = 22_050

    /// Mono samples of `text` spoken by `voice`, resampled to `sampleRate`; throws `SpeechError`.
    public static func samples(of text: String, voice: SpeechVoice, sampleRate: Int) throws -> [Float] {
        let native = try nativeSamples(of: text, voice: voice)
        var samples = native.map { Float($0) / 32_768 }
        if voice.robot { samples = RobotTimbre.apply(to: samples, sampleRate: nativeSampleRate) }
        return Resampler.cubic(samples, from: nativeSampleRate, to: sampleRate)
    }

    /// espeak-ng's version, for the goldens' fingerprint.
    public static var version: String {
        var data: UnsafePointer<CChar>?
        return String(cString: espeak_Info(&data))
    }

    /// espeak-ng's own 16-bit samples at `nativeSampleRate`, exactly as its command line writes them.
    public static func nativeSamples(of text: String, voice: SpeechVoice) throws -> [Int16] {
        engineLock.lock()
        defer { engineLock.unlock() }
        let key = SpokenKey(text: text, voice: voice)
        if let kept = spoken[key] { return kept }
        try start()
        let samples = try speakInChild(text, voice: voice)
        spoken[key] = samples
        return samples
    }

    /// Forgets the lines spoken so far, so that the next ones are synthesised again (for tests).
    static func forgetSpokenLines() {
        engineLock.lock()
        defer { engineLock.unlock() }
        spoken = [:]
    }

    /// Starts espeak-ng once, for synchronous output (no thread of its own, unlike espeak_Initialize).
    private static func start() throws {
        guard !started else { return }
        espeak_ng_InitializePath(nil)
        var context: espeak_ng_ERROR_CONTEXT?
        let status = espeak_ng_Initialize(&context)
        espeak_ng_ClearErrorContext(&context)
        guard status == ENS_OK, espeak_ng_InitializeOutput(ENOUTPUT_MODE_SYNCHRONOUS, 0, nil) == ENS_OK,
              espeak_ng_GetSampleRate() == Int32(nativeSampleRate) else {
            throw SpeechError("espeak-ng could not start (is espeak-ng-data installed?)")
        }
        started = true
    }

    /// Speaks in a forked child of this process, which writes the samples to a pipe and exits.
    /// libespeak-ng carries state from one utterance to the next (the wave's phase, the pitch's
    /// flutter) and has no call to reset it: each child starts from the state just after
    /// `start()`, as espeak-ng's command line does, so a line sounds the same whatever this
    /// process spoke before. The child only calls C.
    private static func speakInChild(_ text: String, voice: SpeechVoice) throws -> [Int16] {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw SpeechError("espeak-ng: no pipe to speak through") }
        let utf8 = Array(text.utf8CString)
        let language = Array(voice.language.utf8CString)
        let child = fork()
        if child == 0 {
            close(ends[0])
            childOutput = ends[1]
            espeak_SetSynthCallback(writeSamples)
            guard language.withUnsafeBufferPointer({ espeak_ng_SetVoiceByName($0.baseAddress) }) == ENS_OK else { _exit(ChildExit.noVoice) }
            espeak_ng_SetParameter(espeakRATE, Int32(voice.wordsPerMinute), 0)
            espeak_ng_SetParameter(espeakPITCH, Int32(voice.pitch), 0)
            espeak_ng_SetParameter(espeakRANGE, voice.robot ? 0 : 50, 0)
            // The pause at the end is the command line's too.
            let status = utf8.withUnsafeBufferPointer {
                espeak_ng_Synthesize($0.baseAddress, $0.count, 0, POS_CHARACTER, 0, UInt32(espeakCHARS_UTF8 | espeakENDPAUSE), nil, nil)
            }
            _exit(status == ENS_OK && !childWriteFailed ? 0 : ChildExit.cannotSpeak)
        }
        close(ends[1])
        guard child > 0 else {
            close(ends[0])
            throw SpeechError("espeak-ng: could not start a process to speak in")
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(ends[0], $0.baseAddress, $0.count) }
            if count > 0 { bytes += chunk[0..<count] } else if count == 0 || errno != EINTR { break }
        }
        close(ends[0])
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 && errno == EINTR {}
        let exited = status & 0x7f == 0, code = (status >> 8) & 0xff
        guard exited, code == 0 else {
            if exited && code == ChildExit.noVoice { throw SpeechError("espeak-ng has no voice '\(voice.language)'") }
            throw SpeechError("espeak-ng could not speak \"\(text)\"")
        }
        return stride(from: 0, to: bytes.count - 1, by: 2).map { Int16(bitPattern: UInt16(bytes[$0]) | UInt16(bytes[$0 + 1]) << 8) }
    }

    private enum ChildExit {
        static let noVoice: Int32 = 3
        static let cannotSpeak: Int32 = 4
    }

    private struct SpokenKey: Hashable {
        let text: String
        let voice: SpeechVoice
    }

    nonisolated(unsafe) private static var started = false
    nonisolated(unsafe) private static var spoken: [SpokenKey: [Int16]] = [:]
    private static let engineLock = NSLock()
}

// The pipe a speaking child writes to; set in the child only.
nonisolated(unsafe) private var childOutput: Int32 = -1
nonisolated(unsafe) private var childWriteFailed = false

private func writeSamples(_ wav: UnsafeMutablePointer<Int16>?, _ count: Int32,
                          _ events: UnsafeMutablePointer<espeak_EVENT>?) -> Int32 {
    guard let wav, count > 0 else { return 0 }
    var pointer = UnsafeRawPointer(wav), left = Int(count) * 2
    while left > 0 {
        let written = write(childOutput, pointer, left)
        if written < 0 {
            if errno == EINTR { continue }
            childWriteFailed = true
            return 1
        }
        pointer += written
        left -= written
    }
    return 0
}
