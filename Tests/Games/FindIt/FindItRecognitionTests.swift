import CVBus
import Drawing
import Foundation
import TestSupport
import Vocabulary
@testable import FindItGame
import Testing

/// The document's arithmetic: the weighted confidence, the bands, the sampling, the hold's
/// length, the signals' latency, and Korean's object particle in the spoken mission.
@Suite struct FindItRecognitionTests {
    @Test func confidenceIsPointSixFeaturePrintAndPointFourClassifierToFourDecimals() {
        let standard = RecognitionParameters.standard
        #expect(standard.confidence(featurePrint: 0.9, classifier: 0.5) == 0.74)
        #expect(standard.confidence(featurePrint: 0.12345, classifier: 0.6789) == 0.3456)
        let tuned = RecognitionParameters(featurePrintWeight: 0.7, classifierWeight: 0.3)
        #expect(tuned.confidence(featurePrint: 1, classifier: 0) == 0.7)
    }

    @Test func bandsAreColdWarmHotAtTheirBoundsInclusive() {
        let parameters = RecognitionParameters(warm: 0.4, hot: 0.65)
        #expect(parameters.band(of: 0.3999) == .cold)
        #expect(parameters.band(of: 0.4) == .warm)
        #expect(parameters.band(of: 0.6499) == .warm)
        #expect(parameters.band(of: 0.65) == .hot)
    }

    @Test func tenSamplesASecondAreEverySixStepsAndTheHoldIsSixtySteps() {
        let parameters = RecognitionParameters.standard
        #expect(parameters.stepsBetweenSamples(stepsPerSecond: 60) == 6)
        #expect(RecognitionParameters(samplesPerSecond: 5).stepsBetweenSamples(stepsPerSecond: 60) == 12)
        #expect(parameters.holdSteps(stepsPerSecond: 60) == 60)
    }

    @Test func aSignalArrivesAfterTheLatencyAndFadesAfterRemoveAfter() {
        let observations = [0.0, 0.1].map { time in
            CVObservation.detection(CVDetection(label: "keys.fp", confidence: time + 0.5, box: CVBox(x: 0.4, y: 0.4, width: 0.2, height: 0.2), time: time))
        }
        var signals = RecognitionSignals(observations: observations, settings: .standard)
        #expect(signals.value(of: "keys.fp", at: 0.04) == 0)
        #expect(signals.value(of: "keys.fp", at: 0.05) == 0.5)
        #expect(signals.value(of: "keys.fp", at: 0.15) == 0.6)
        #expect(signals.value(of: "keys.fp", at: 0.39) == 0.6)
        #expect(signals.value(of: "keys.fp", at: 0.45) == 0)
        #expect(signals.value(of: "keys.ml", at: 0.15) == 0)
    }

    @Test func theMissionTakesTheRightObjectParticle() {
        #expect(FindItText.mission("아빠의 차 키") == "아빠의 차 키를 찾아보세요!")
        #expect(FindItText.mission("곰 인형") == "곰 인형을 찾아보세요!")
        #expect(FindItText.mission("컵") == "컵을 찾아보세요!")
    }

    @Test func theGuideGoesRoundTheFiveAngles() {
        #expect((0..<6).map { PhotoAngle.guide(after: $0) } == [.front, .back, .left, .right, .top, .front])
    }
}

/// "Too dark" is decided from the photo's own pixels, read from the PNG file.
@Suite struct FindItPhotoAnalysisTests {
    static let photos = RepositoryRoot.url.appendingPathComponent("Scenes/findit/photos")

    @Test func theDarkPhotoIsDarkAndTheOthersAreNot() throws {
        let dark = try #require(PhotoAnalysis.read(path: Self.photos.appendingPathComponent("ball-dark.png").path))
        let bright = try #require(PhotoAnalysis.read(path: Self.photos.appendingPathComponent("ball-front.png").path))
        #expect(dark.luminance < 0.15 && bright.luminance > 0.6)
        #expect(dark.width == 48 && dark.featurePrint.count == 48)
    }

    @Test func aPictureOfOneColourHasThatLumaAndPrint() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("findit-grey-\(UUID().uuidString).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let surface = try #require(ImageSurface(width: 20, height: 12))
        let dc = surface.makeContext()
        dc.setColor(RGBColor(0.2, 0.4, 0.6))
        dc.paint()
        #expect(surface.writeWithCairo(to: path))
        let analysis = try #require(PhotoAnalysis.read(path: path))
        // Rec. 601: 0.299 × 0.2 + 0.587 × 0.4 + 0.114 × 0.6, to the byte's rounding.
        #expect(abs(analysis.luminance - 0.3622) < 0.005)
        #expect(Array(analysis.featurePrint.prefix(3)) == [51, 102, 153])
        #expect(PhotoAnalysis.read(path: path + ".missing") == nil)
    }
}
