import CVBus
import Scene
import Testing

/// A scene file's `cv:` section: settings, a script sampled at the camera's rate, diagnostics.
@Suite struct CVSceneSetupTests {
    static func decode(_ yaml: String) throws -> (setup: CVSceneSetup, problems: [String]) {
        let document = try SceneDocument.parse(yaml, fileName: "scene.yaml")
        let reader = ValueReader(file: "scene.yaml")
        let setup = CVSceneDecoder(reader: reader).decode(document.topLevel(CVSceneSetup.key)!)
        return (setup, reader.diagnostics.map(\.description))
    }

    @Test func aConfidenceCurveIsSampledAtThirtyHertzAndCrossesTheThreshold() throws {
        let (setup, problems) = try Self.decode("""
        cv:
          latency: 0.1
          script:
            - object: apple
              position: [0.25, 0.75]
              confidence: [[0, 0], [1, 1]]
        """)
        #expect(problems.isEmpty)
        #expect(setup.settings.latency == 0.1)
        #expect(setup.observations.count == 31)
        var tracker = CVTracker(settings: setup.settings)
        let events = setup.observations.flatMap { tracker.observe($0) }
        // Confidence reaches 0.5 at 0.5 s, sample 15.
        #expect(events.count == 1)
        #expect(events.first?.time == 0.5)
        #expect(events.first?.position == CVPoint(x: 0.25, y: 0.75))
    }

    @Test func aDetectionFollowsItsPath() throws {
        let (setup, problems) = try Self.decode("""
        cv:
          script:
            - object: ball
              confidence: 0.9
              size: [0.1, 0.1]
              path: [[1, 0.2, 0.5], [2, 0.8, 0.5]]
            - camera: unavailable
              time: 3
        """)
        #expect(problems.isEmpty)
        #expect(setup.observations.count == 32)
        guard case .detection(let middle) = setup.observations[15] else { Issue.record("expected a detection"); return }
        #expect(middle.time == 1.5)
        #expect(abs(middle.position.x - 0.5) < 1e-9)
        #expect(setup.observations.last == .cameraFailure(.unavailable, time: 3))
    }

    @Test func everyProblemIsReportedWhereItIs() throws {
        let (_, problems) = try Self.decode("""
        cv:
          latncy: 0.1
          mock: maybe
          script:
            - object: apple
              position: [0.5, 0.5]
              confidence: [[1, 0.5], [0.5, 0.9]]
            - object: ball
              confidence: 0.9
              position: [2, 0.5]
            - camera: broken
              time: 1
            - object: kite
              confidence: 0.9
              position: [0.5, 0.5]
        """)
        #expect(problems == [
            "scene.yaml:2:3: unknown key 'latncy' in cv; did you mean 'latency'? (expected one of: sample_rate, latency, threshold, remove_after, confidence_step, mock, script)",
            "scene.yaml:3:9: cv.mock must be true or false; found 'maybe'",
            "scene.yaml:7:31: cv.script[0].confidence[1] is at 0.5 s, not after the keyframe before it (1 s); keyframes go forward in time",
            "scene.yaml:10:18: cv.script[1].position[0] is out of range: 2; expected a number from 0 to 1",
            "scene.yaml:11:15: unknown camera failure 'broken' in cv.script[2].camera (expected one of: permission_denied, unavailable)",
            "scene.yaml:13:7: cv.script[3] needs a time: confidence keyframes [[seconds, confidence], …] or a path",
        ])
    }
}
