import Feedback
import ECS
import Princess
import Testing
import Trace
import Vocabulary

/// The typed events behind the trace: every scene line has one, and writes its bytes.
@Suite struct SceneEventTests {
    private func sampleTrace(_ file: String) throws -> [TraceEvent] {
        let path = repositoryRoot.appendingPathComponent("Scenes/princess").appendingPathComponent(file).path
        return runToEnd(try SceneLoader.load(path: path)).1
    }

    @Test func everySceneLineIsWrittenFromItsTypedEvent() throws {
        for file in ["default.yaml", "gestures.yaml", "face-magic.yaml", "snowy-night.yaml"] {
            for event in try sampleTrace(file) {
                let kind = try #require(event.kind, "\(file): \(event.jsonLine)")
                #expect(event.event == kind.name && event.character == kind.character && event.fields == kind.fields)
            }
        }
    }

    @Test func soundCuesAreTyped() throws {
        let trace = try sampleTrace("default.yaml")
        var cues: [SoundCue] = []
        for event in trace {
            guard case .sound(let cue) = event.kind else { continue }
            cues.append(cue)
            #expect(event.text("sound") == cue.sound.rawValue)
            #expect(event["x"] == cue.x.map { .number(Double($0)) })
            #expect(event["volume"] == .number(cue.volume))
            #expect(event.character == cue.character)
        }
        #expect(cues.count == events("sound", in: trace).count && !cues.isEmpty)
        #expect(cues.contains { $0.sound == SoundEffect.spawn.name && $0.x == 600 && $0.character == "willow" })
    }

    @Test func typedEventsWriteTheDocumentedFieldsInOrder() {
        func line(_ kind: SceneEvent) -> String { TraceEvent(t: 1.5, frame: 45, kind: kind).jsonLine }
        #expect(line(.refused(.gesture(.tap), reason: .tooClose(nearest: "luna", distance: 42.5, minDistance: 110),
                              character: nil))
            == #"{"t":1.5,"frame":45,"event":"refused","input":"tap","reason":"too_close","nearest":"luna","distance":42.5,"min_distance":110}"#)
        #expect(line(.refused(.action(.wave), reason: .noCharacter, character: "b"))
            == #"{"t":1.5,"frame":45,"event":"refused","character":"b","input":"action","reason":"no_character","action":"wave"}"#)
        #expect(line(.effectStart(.snow, character: nil, position: nil, duration: 4, cause: "timeline"))
            == #"{"t":1.5,"frame":45,"event":"effect_start","effect":"snow","duration":4,"cause":"timeline"}"#)
        #expect(line(.pinch(character: "a", from: 1, to: 2, requested: 3))
            == #"{"t":1.5,"frame":45,"event":"pinch","character":"a","from":1,"to":2,"requested":3,"clamped":true}"#)
        #expect(line(.settings(SettingsChange(volume: 0.5, highContrast: true), source: "timeline"))
            == #"{"t":1.5,"frame":45,"event":"settings","volume":0.5,"high_contrast":true,"source":"timeline"}"#)
        #expect(line(.sound(SoundCue(sound: SoundEffect.bubble_pop.name, x: nil, volume: 0.8)))
            == #"{"t":1.5,"frame":45,"event":"sound","sound":"bubble_pop","volume":0.8}"#)
        #expect(line(.remove(character: "a", by: .twoFingerTap))
            == #"{"t":1.5,"frame":45,"event":"remove","character":"a","reason":"two_finger_tap"}"#)
    }

    @Test func fieldsAddedToASceneEventFollowItsOwnAndKeepItTyped() {
        var clap = TraceEvent(t: 2, frame: 60, kind: .clap(source: "mic", characters: 5))
        clap.fields.append(TraceField("onset", .number(1.25)))
        #expect(clap.kind == .clap(source: "mic", characters: 5))
        #expect(clap.jsonLine == #"{"t":2,"frame":60,"event":"clap","source":"mic","characters":5,"onset":1.25}"#)
        let handMade = TraceEvent(t: 0, frame: 0, event: "loop", fields: [TraceField("loop", .integer(1))])
        #expect(handMade.kind == nil && handMade.event == "loop" && handMade["loop"] == .integer(1))
    }

    @Test func theSummaryCountsTypedEvents() throws {
        var summary = TraceSummary()
        summary.add(try sampleTrace("gestures.yaml"))
        #expect(summary.refusals.listing == "too_close 1, not_on_floor 1, max_characters 1")
        #expect(summary.gestures["tap"] == 8 && summary.removed == ["luna"])
    }
}
