import Feedback
import Testing
import Trace

/// The feedback kit writes the same `sound` and `haptic` lines for every game, and its switches
/// gate them as the apps do.
@Suite struct FeedbackTests {
    @Test func aSoundCueIsOneLineWithItsPlaceAndVolume() {
        let event = TraceEvent(t: 1.5, frame: 45, kind: FeedbackEvent.sound(SoundCue(sound: "pop", x: 320, volume: 0.8, character: "luna-1")))
        #expect(event.jsonLine == #"{"t":1.5,"frame":45,"event":"sound","character":"luna-1","sound":"pop","x":320,"volume":0.8}"#)
        let nowhere = TraceEvent(t: 0, frame: 0, kind: FeedbackEvent.sound(SoundCue(sound: "tick", x: nil, volume: 1)))
        #expect(nowhere.jsonLine == #"{"t":0,"frame":0,"event":"sound","sound":"tick","volume":1}"#)
    }

    @Test func aHapticIsItsKind() {
        let event = TraceEvent(t: 2, frame: 60, kind: FeedbackEvent.haptic(.heavy, character: nil))
        #expect(event.jsonLine == #"{"t":2,"frame":60,"event":"haptic","kind":"heavy"}"#)
    }

    @Test func switchesSilenceWhatTheSettingsTurnOff() {
        #expect(FeedbackSwitches(volume: 0.5).sound("pop", x: 10) == .sound(SoundCue(sound: "pop", x: 10, volume: 0.5)))
        #expect(FeedbackSwitches(soundEnabled: false).sound("pop", x: 10) == nil)
        #expect(FeedbackSwitches().haptic(.success) == .haptic(.success, character: nil))
        #expect(FeedbackSwitches(haptics: false).haptic(.success) == nil)
        #expect(FeedbackSwitches(reduceMotion: true).haptic(.success) == nil, "reduce motion silences haptics")
        #expect(FeedbackSwitches(reduceMotion: true).sound("pop", x: nil) != nil, "but not sound")
    }

    @Test func theVocabularyNamesEveryFieldWritten() {
        let words = FeedbackEvent.vocabulary
        for event in [FeedbackEvent.sound(SoundCue(sound: "a", x: 1, volume: 1, character: "c")), .haptic(.light, character: "c")] {
            let line = TraceEvent(t: 0, frame: 0, kind: event)
            let allowed = words.fields(of: [event.name])
            #expect(words.eventNames.contains(event.name), "\(event.name)")
            #expect(allowed.contains("character"))
            for field in line.fields { #expect(allowed.contains(field.name), "\(event.name).\(field.name)") }
        }
    }
}
