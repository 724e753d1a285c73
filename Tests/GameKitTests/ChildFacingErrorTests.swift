import Drawing
import Foundation
@testable import GameKit
import Testing
import TestSupport
import Trace

/// The errors a child sees, as the platform document words them: the exact sentences, a machine id
/// only in the trace, and a full-screen message a painter shows with one call.
@Suite struct ChildFacingErrorTests {
    @Test func theSentencesAreTheReferencesOwn() {
        #expect(ChildFacingError.cameraPermissionDenied.message
                == "This game needs the camera to see your toys! Ask a grown-up to help turn it on.")
        #expect(ChildFacingError.cameraPermissionDenied.title == "Camera Needed")
        #expect(ChildFacingError.cameraUnavailable.message == "Camera not working. Try another game!")
        #expect(ChildFacingError.gameFailedToStart.message == "Oops! This game is taking a nap. Try another one!")
        #expect(ChildFacingError.audioFailed.message == "Audio failed, continuing silently")
        #expect(!ChildFacingError.audioFailed.showsScreen)
        #expect(ChildFacingError.allCases.filter(\.showsScreen).count == 4)
        // No technical code reaches the child: the machine id is not in the words shown.
        for error in ChildFacingError.allCases {
            #expect(!error.message.contains(error.reason) && !error.title.contains("_"))
        }
    }

    @Test func eachIsTracedAsAGameErrorWithItsReason() {
        let line = ChildFacingError.gameFailedToStart.traceEvent(t: 0, frame: 0, detail: "the scene is a shared session").jsonLine
        #expect(line.contains("\"event\":\"game_error\""), "\(line)")
        #expect(line.contains("\"reason\":\"game_failed_to_start\""), "\(line)")
        #expect(line.contains("\"detail\":\"the scene is a shared session\""), "\(line)")
        #expect(Set(ChildFacingError.allCases.map(\.reason)).count == ChildFacingError.allCases.count)
        #expect(ChildFacingError.vocabulary.eventNames == ["game_error"])
    }

    @Test func theCameraBusFailuresMapToTheirScreens() {
        #expect(ChildFacingError(cameraFailure: "permission_denied") == .cameraPermissionDenied)
        #expect(ChildFacingError(cameraFailure: "unavailable") == .cameraUnavailable)
        #expect(ChildFacingError(cameraFailure: "initialization_failed") == .cameraStartFailed)
        #expect(ChildFacingError(cameraFailure: "lens_cap") == nil)
    }

    @Test func aPainterShowsTheCameraScreenWithOneCallOverWhateverItHadDrawn() throws {
        let surface = try #require(ImageSurface(width: 800, height: 600))
        let canvas = surface.makeContext()
        // A painter mid-frame: its scene scaled to half size and clipped to a corner.
        canvas.scale(0.5, 0.5)
        canvas.rect(0, 0, 100, 100)
        canvas.clip()
        ChildFacingError.cameraPermissionDenied.paint(on: canvas)
        // Every corner of the surface is the screen's background, not transparent.
        for (x, y) in [(1, 1), (798, 1), (1, 598), (798, 598)] {
            #expect(surface.pixels.rgba(x: x, y: y).alpha == 255, "(\(x), \(y)) was not covered")
        }
        let path = NSTemporaryDirectory() + "camera-needed-\(UUID().uuidString.prefix(8)).png"
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(surface.writeWithCairo(to: path))
        let read = TextRecognition.letters(try TextRecognition.read(png: path, language: "eng"))
        for word in "Camera Needed This game needs the camera to see your toys Ask a grown-up to help turn it on".split(separator: " ") {
            #expect(read.contains(TextRecognition.letters(String(word))), "\(word) not read: \(read)")
        }
    }
}
