@testable import Drawing
import Foundation
import Testing
import TestSupport
import Vocabulary

/// The widgets' text is legible: tesseract reads the words back off a PNG, in English and in
/// Korean, and text too long for its box shrinks and wraps inside it instead of spilling out.
@Suite struct WidgetTextTests {
    /// The screen drawn at `width`×`height`, written as a PNG.
    static func screenPNG(_ screen: MessageScreen, width: Int = 800, height: Int = 600, label: String) -> String {
        let canvas = WidgetCanvas(width: width, height: height)
        screen.drawFullScreen(on: canvas.dc, theme: .playful)
        return canvas.writePNG(label)
    }

    /// Every word of `expected` (letters only) is among what was read.
    static func expectWords(_ expected: String, in read: String) {
        let heard = TextRecognition.letters(read)
        for word in expected.split(separator: " ") {
            let letters = TextRecognition.letters(String(word))
            guard !letters.isEmpty else { continue }
            #expect(heard.contains(letters), "\"\(word)\" not read; tesseract read: \(read)")
        }
    }

    @Test func anEnglishMessageScreenIsReadBack() throws {
        let path = Self.screenPNG(MessageScreen(icon: .sleeping, title: "Nap Time",
                                                message: "Oops! This game is taking a nap. Try another one!"), label: "nap")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let read = try TextRecognition.read(png: path, language: "eng")
        Self.expectWords("Nap Time Oops! This game is taking a nap. Try another one!", in: read)
    }

    @Test func aKoreanMessageScreenIsReadBack() throws {
        let canvas = WidgetCanvas(width: 10, height: 10)
        // Quicksand has no Hangul: fontconfig must find a face that does (fonts-noto-cjk).
        #expect(PangoText.unknownGlyphs(in: "다시 해볼까요? 보물을 찾아보세요", on: canvas.dc) == 0)
        let path = Self.screenPNG(MessageScreen(icon: .star, title: "다시 해볼까요?", message: "보물을 찾아보세요!"), label: "ko")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let read = try TextRecognition.read(png: path, language: "kor")
        let heard = TextRecognition.letters(read)
        #expect(heard.contains("다시해볼까요"), "tesseract read: \(read)")
        #expect(heard.contains("보물을찾아보세요"), "tesseract read: \(read)")
    }

    @Test func aButtonACardAndABubbleAreReadBack() throws {
        let canvas = WidgetCanvas(width: 900, height: 600, backdrop: RGBColor(0.92, 0.92, 0.98))
        Card(title: "Mission Complete", text: "Fifty glitch bits").draw(in: LayoutRect(x: 40, y: 40, width: 400, height: 220),
                                                                     on: canvas.dc, theme: .playful)
        PushButton(label: "START MISSION").draw(in: LayoutRect(x: 480, y: 90, width: 380, height: 90), on: canvas.dc, theme: .playful)
        SpeechBubble(text: "Find me an apple", pointingAt: 300, 560)
            .draw(in: LayoutRect(x: 80, y: 330, width: 560, height: 140), on: canvas.dc, theme: .playful)
        let path = canvas.writePNG("widgets")
        defer { try? FileManager.default.removeItem(atPath: path) }
        Self.expectWords("Mission Complete Fifty glitch bits START MISSION Find me an apple", in: try TextRecognition.read(png: path, language: "eng"))
    }

    @Test(arguments: ["This game needs the camera to see your toys! Ask a grown-up to help turn it on.",
                      "카메라가 필요해요! 어른에게 카메라를 켜 달라고 부탁해 보세요. 그러면 장난감을 볼 수 있어요."])
    func textTooLongForItsBoxShrinksAndWrapsInsideIt(long: String) {
        // The camera's message on a small screen: every pixel the words change is inside the card.
        let rect = LayoutRect(x: 0, y: 0, width: 320, height: 240)
        let bare = WidgetCanvas(width: 320, height: 240), worded = WidgetCanvas(width: 320, height: 240)
        MessageScreen(icon: .camera, title: "", message: "").draw(in: rect, on: bare.dc, theme: .playful)
        MessageScreen(icon: .camera, title: "Camera Needed", message: long).draw(in: rect, on: worded.dc, theme: .playful)
        let layout = MessageScreen.layout(in: rect)
        var changed = 0
        for y in 0..<240 {
            for x in 0..<320 where bare.color(x, y) != worded.color(x, y) {
                changed += 1
                #expect(layout.card.contains(Double(x), Double(y)), "text spilled out of the card at (\(x), \(y))")
            }
        }
        #expect(changed > 500, "the words were not drawn")
        // The message was shrunk from its size and wrapped to several lines.
        let measure = WidgetCanvas(width: 10, height: 10)
        let (_, height) = PangoText.measure(long, on: measure.dc, width: layout.message.width, size: 20, bold: false)
        #expect(height > 40, "one line of \(height) px: it did not wrap")
    }
}
