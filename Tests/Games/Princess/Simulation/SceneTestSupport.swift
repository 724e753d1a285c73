import ECS
import Foundation
import Princess
import Scene
import Testing
import Trace

/// Builds a scene from YAML lines under a standard header (1280×720, 60 Hz, 10 s).
func makeScene(_ body: String, duration: Double = 10, header: String = "") throws -> SceneDescription {
    let text = """
    version: 1
    canvas: {width: 1280, height: 720, frame_rate: 30}
    duration: \(duration)
    seed: 7
    \(header)
    \(body)
    """
    return try SceneLoader.parse(text, fileName: "test.yaml")
}

/// Runs `scene` to its end and returns the whole trace.
func runToEnd(_ scene: SceneDescription) -> (SceneSimulation, [TraceEvent]) {
    let simulation = SceneSimulation(scene: scene)
    simulation.advance(toFrame: simulation.frameCount)
    return (simulation, simulation.drainTrace())
}

/// The events named `name`.
func events(_ name: String, in trace: [TraceEvent]) -> [TraceEvent] {
    trace.filter { $0.event == name }
}

/// The diagnostics `text` produces under `fileName`; empty when it is valid.
func diagnostics(_ text: String, fileName: String = "bad.yaml") -> [SceneDiagnostic] {
    do {
        _ = try SceneLoader.parse(text, fileName: fileName)
        return []
    } catch let errors as SceneErrors {
        return errors.diagnostics
    } catch {
        return [SceneDiagnostic(file: fileName, line: 0, column: 0, message: "unexpected error \(error)")]
    }
}

/// The single diagnostic of `text`, failing the test when there is not exactly one.
func onlyDiagnostic(_ text: String, fileName: String = "bad.yaml") -> SceneDiagnostic? {
    let found = diagnostics(text, fileName: fileName)
    #expect(found.count == 1, "expected one diagnostic, got: \(found.map(\.description))")
    return found.first
}

/// Checks that `diagnostic` points at `line`:`column` and mentions each of `words`.
func expectAt(_ diagnostic: SceneDiagnostic?, _ line: Int, _ column: Int, contains words: String...) {
    guard let diagnostic else { return }
    #expect(diagnostic.line == line && diagnostic.column == column, "\(diagnostic)")
    for word in words { #expect(diagnostic.message.contains(word), "\(diagnostic) should mention \(word)") }
}

/// The repository root: the nearest folder above this file that holds Package.swift (so the
/// tests find it wherever their folder moves).
let repositoryRoot: URL = {
    var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    while folder.path != "/", !FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
        folder.deleteLastPathComponent()
    }
    return folder
}()

/// A fresh temporary folder of this test's own, so tests can run in parallel.
func makeTemporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("scene-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
