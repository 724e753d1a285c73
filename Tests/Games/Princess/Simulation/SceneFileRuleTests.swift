import Princess
import Scene
import Testing
import Trace

/// Rules written in a scene file: read with the scene, validated with it.
@Suite struct SceneFileRuleTests {
    let scene = """
    version: 1
    duration: 2
    characters:
      - {id: luna, kind: luna, position: [40%, 80%]}
    rules:
      - {name: two-at-most, rule: max_characters, max: 2}
      - name: clap-jumps
        rule: every_character
        when: {event: clap}
        then: {event: action_start, action: jump}
    """

    @Test func aSceneCarriesItsRules() throws {
        let description = try SceneLoader.parse(scene, fileName: "s.yaml")
        #expect(description.rules.map(\.name) == ["two-at-most", "clap-jumps"])
        #expect(description.rules.first?.origin == "s.yaml:6:5")
    }

    @Test func aBadRuleIsAScenefileError() {
        do {
            _ = try SceneLoader.parse(scene.replacingOccurrences(of: "max: 2", with: "maxx: 2"), fileName: "s.yaml")
            Issue.record("the bad rule was accepted")
        } catch let errors as SceneErrors {
            #expect(errors.diagnostics.map(\.description).contains { $0.hasPrefix("s.yaml:6:") && $0.contains("did you mean 'max'?") },
                    "\(errors.diagnostics)")
        } catch {
            Issue.record("\(error)")
        }
    }
}

/// The refusal reasons a rule may name are exactly those the scene writes: a reason added to
/// the simulation and not to the list would be refused in every rule that asks for it.
@Suite struct RefusalReasonNameTests {
    @Test func theListNamesEveryReasonOnce() {
        let every: [RefusalReason] = [.notOnFloor(horizonY: 0), .tooClose(nearest: "a", distance: 1, minDistance: 2), .maxCharacters(limit: 1),
                                      .idTaken("a"), .noCharacter, .busy(heldBy: "drag"), .cooldown(seconds: 1, since: 0),
                                      .microphoneOff, .nothingOpen]
        #expect(every.map(\.name) == RefusalReason.names)
        #expect(TraceVocabulary.princess.values(of: "reason", in: ["refused"]) == RefusalReason.names)
    }
}
