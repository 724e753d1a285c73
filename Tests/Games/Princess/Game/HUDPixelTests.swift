import Drawing
import Foundation
import PrincessTestSupport
import TestSupport
import Testing
import ECS
@testable import Princess
@testable import PrincessGame
import Vocabulary

/// The app's screen over the scene, checked by reading pixels back: each element where the
/// layout puts it, in the brief's colours, and text that is really there.
@Suite struct HUDPixelTests {
    static let width = 640, height = 360
    /// An iPhone on its side, as Scenes/princess/app-tour.yaml has it.
    static let scale = Float(640.0 / 844.0)

    private func hud(buttons: [ButtonView] = [], picker: PickerView? = nil, touches: [TouchView] = [],
                     menu: MenuView? = nil, captions: [CaptionView] = [], screens: [ScreenView] = [],
                     settings: SceneSettings = SceneSettings()) -> HUDSnapshot {
        HUDSnapshot(scale: Self.scale, picker: picker, buttons: buttons, touches: touches, menu: menu,
                    captions: captions, screens: screens, settings: settings)
    }

    private func render(_ overlay: HUDSnapshot?, highContrast: Bool = false) throws -> [UInt8] {
        var snapshot = SnapshotFixtures.room(width: Self.width, height: Self.height, highContrast: highContrast)
        snapshot.hud = overlay
        return try frameBytes(FrameRenderer().render(snapshot))
    }

    private func pixel(_ bytes: [UInt8], _ x: Double, _ y: Double) -> (Int, Int, Int) {
        let i = (Int(y) * Self.width + Int(x)) * 4
        // Cairo's ARGB32 is BGRA in memory on little-endian machines.
        return (Int(bytes[i + 2]), Int(bytes[i + 1]), Int(bytes[i]))
    }

    private func distance(_ p: (Int, Int, Int), _ c: RGBColor) -> Int {
        abs(p.0 - Int(c.red * 255)) + abs(p.1 - Int(c.green * 255)) + abs(p.2 - Int(c.blue * 255))
    }

    /// Pixels that differ between two frames inside a box.
    private func changed(_ a: [UInt8], _ b: [UInt8], x: Double, y: Double, width: Double, height: Double) -> Int {
        var count = 0
        for py in max(0, Int(y))..<min(Self.height, Int(y + height)) {
            for px in max(0, Int(x))..<min(Self.width, Int(x + width)) {
                let i = (py * Self.width + px) * 4
                if a[i..<i + 4] != b[i..<i + 4] { count += 1 }
            }
        }
        return count
    }

    private var layout: HUDLayout { HUDLayout(scale: Self.scale, width: Self.width, height: Self.height) }

    private func resting(_ button: HUDButton, scale: Float = 1, enabled: Bool = true, hint: Float = 0) -> ButtonView {
        ButtonView(button: button, scale: scale, enabled: enabled, hint: hint, active: false)
    }

    @Test func anEmptyHUDDrawsNothing() throws {
        #expect(try render(hud()) == render(nil))
    }

    @Test func buttonsWearTheirCharactersThemeColours() throws {
        let bytes = try render(hud(buttons: HUDButton.allCases.map { resting($0) }))
        let r = HUDLayout.button / 2 * layout.s
        for button in HUDButton.allCases {
            let (x, y) = layout.buttonCenter(button)
            // Low on the left of the circle: the gradient, clear of the icon and the gloss.
            let sample = pixel(bytes, x - r * 0.62, y + r * 0.3)
            let own = HUDTheme.themeKind(of: button)
            let nearest = CharacterKind.allCases.min { distance(sample, $0.themeColor) < distance(sample, $1.themeColor) }
            #expect(nearest == own, "\(button): \(sample) should be nearest \(own)'s colour")
        }
    }

    @Test func aPressedButtonIsSmallerThanARestingOne() throws {
        let room = try render(nil)
        let (x, y) = layout.buttonCenter(.wave)
        let box = (x: x - 45, y: y - 45, width: 90.0, height: 90.0)
        let rest = changed(try render(hud(buttons: [resting(.wave)])), room, x: box.x, y: box.y, width: box.width, height: box.height)
        let down = changed(try render(hud(buttons: [resting(.wave, scale: 0.82)])), room, x: box.x, y: box.y, width: box.width, height: box.height)
        #expect(rest > 500)
        #expect(Double(down) < Double(rest) * 0.85, "pressed \(down) vs resting \(rest)")
    }

    @Test func aDisabledButtonIsGrey() throws {
        let bytes = try render(hud(buttons: [resting(.dance, enabled: false)]))
        let (x, y) = layout.buttonCenter(.dance)
        let p = pixel(bytes, x - HUDLayout.button / 2 * layout.s * 0.62, y + HUDLayout.button / 2 * layout.s * 0.3)
        #expect(max(p.0, p.1, p.2) - min(p.0, p.1, p.2) < 30, "\(p) should be grey")
    }

    @Test func theHintPulsesARingInTheAccentColour() throws {
        let calm = try render(hud(buttons: [resting(.jump)]))
        let hinted = try render(hud(buttons: [resting(.jump, hint: 1)]))
        let (x, y) = layout.buttonCenter(.jump)
        let ring = (HUDLayout.button / 2 + 8) * layout.s
        let p = pixel(hinted, x, y + ring)
        #expect(distance(p, HUDTheme.accent) < distance(pixel(calm, x, y + ring), HUDTheme.accent))
    }

    @Test func theKeptHintRingIsExactlyTheRingStrokedOnTheFrame() throws {
        // The pulsing ring is painted through a kept coverage mask, not stroked each frame;
        // the frame must be the one stroking it there would give, at each pulse, made or kept.
        var calm = SnapshotFixtures.room(width: Self.width, height: Self.height)
        calm.hud = hud(buttons: [resting(.jump)])
        let bar = layout.forBar, s = bar.s
        let (x, y) = bar.buttonCenter(.jump)
        let hinted = FrameRenderer()
        for pulse: Float in [0.25, 1, 0.25] {
            let stroked = FrameRenderer()
            _ = try stroked.render(calm)
            let surface = try #require(stroked.canvas)
            let dc = surface.makeContext()
            let amount = Double(pulse)
            dc.circle(x, y, (HUDLayout.button / 2 + 3 + 5 * amount) * s)
            dc.setColor(HUDTheme.accent, alpha: 0.35 + 0.5 * amount)
            dc.stroke(width: (3 + 2 * amount) * s)
            var snapshot = calm
            snapshot.hud = hud(buttons: [resting(.jump, hint: pulse)])
            #expect(try frameBytes(hinted.render(snapshot)) == frameBytes(surface.pixels), "pulse \(pulse)")
        }
    }

    @Test func highContrastButtonsAreInk() throws {
        let bytes = try render(hud(buttons: [resting(.snow)]), highContrast: true)
        let (x, y) = layout.buttonCenter(.snow)
        let p = pixel(bytes, x - HUDLayout.button / 2 * layout.s * 0.62, y + HUDLayout.button / 2 * layout.s * 0.3)
        #expect(p.0 + p.1 + p.2 < 150, "\(p)")
    }

    @Test func theChosenCardGlowsAndTheOthersAreDimmed() throws {
        let lunaChosen = try render(hud(picker: PickerView(selected: .luna, previous: nil, progress: 1)))
        let sparkleChosen = try render(hud(picker: PickerView(selected: .sparkle, previous: nil, progress: 1)))
        let lefts = layout.cardLefts(selected: 1)
        let top = layout.pickerTop
        // Sparkle's card near its top-left corner: full colour when chosen, dimmed when not.
        let sample = (lefts[0] + 14 * layout.s, top + 14 * layout.s)
        let cardColour = CharacterKind.sparkle.themeColor.mixed(with: .white, 0.65)
        #expect(distance(pixel(sparkleChosen, sample.0, sample.1), cardColour)
                < distance(pixel(lunaChosen, sample.0, sample.1), cardColour))
        // Luna's glow just outside her (grown) card is in her purple.
        let w = HUDLayout.cardWidth * layout.s * 1.1
        let glowX = lefts[1] + HUDLayout.cardWidth * layout.s / 2 - w / 2 - 2 * layout.s
        let glow = pixel(lunaChosen, glowX, top + HUDLayout.cardHeight * layout.s / 2)
        let nearest = CharacterKind.allCases.min { distance(glow, $0.themeColor) < distance(glow, $1.themeColor) }
        #expect(nearest == .luna, "\(glow)")
    }

    @Test func theCardPortraitIsTheScenesOwnPainter() throws {
        // Drawn by the scene's painter: her crown and dress colours are in the card.
        let bytes = try render(hud(picker: PickerView(selected: .crystal, previous: nil, progress: 1)))
        let left = layout.cardLefts(selected: 3)[3], top = layout.pickerTop
        var nearCrystal = 0
        for y in stride(from: top, to: top + HUDLayout.cardHeight * layout.s * 0.7, by: 2) {
            for x in stride(from: left, to: left + HUDLayout.cardWidth * layout.s, by: 2) {
                if distance(pixel(bytes, x, y), RGBColor(0.2, 0.8, 1.0)) < 140 { nearCrystal += 1 }
            }
        }
        #expect(nearCrystal > 40)
    }

    /// Dark ink pixels (the caption's text) in a box.
    private func ink(_ bytes: [UInt8], width: Int, x: Int, y: Int, w: Int, h: Int) -> Int {
        var count = 0
        for py in y..<y + h {
            for px in x..<x + w {
                let i = (py * width + px) * 4
                if Int(bytes[i]) + Int(bytes[i + 1]) + Int(bytes[i + 2]) < 330 { count += 1 }
            }
        }
        return count
    }

    @Test func aCaptionShowsItsText() throws {
        let text = "Clap your hands!"
        let caption = CaptionView(text: text, point: nil, place: .middle, alpha: 1, scale: 1)
        let frame = try render(hud(captions: [caption]))
        let band = ink(frame, width: Self.width, x: 0, y: Self.height / 2 - 40, w: Self.width, h: 80)
        // The same string drawn alone by Pango, at the caption's size, on white.
        let size = max(CaptionPainter.size * Double(Self.scale), min(14 * Double(Self.scale), 10))
        let reference = try #require(ImageSurface(width: 600, height: 80))
        let dc = reference.makeContext()
        dc.setColor(.white)
        dc.paint()
        PangoText.draw(text, in: dc, x: 0, y: 0, width: 600, height: 80, size: size, color: HUDTheme.ink.cairo)
        let alone = ink(frameBytes(reference.pixels), width: 600, x: 0, y: 0, w: 600, h: 80)
        #expect(alone > 60)
        #expect(abs(band - alone) <= alone / 10, "caption ink \(band) vs the string alone \(alone)")
        // Another string leaves another mark.
        let other = try render(hud(captions: [CaptionView(text: "Smile!", point: nil, place: .middle, alpha: 1, scale: 1)]))
        #expect(ink(other, width: Self.width, x: 0, y: Self.height / 2 - 40, w: Self.width, h: 80) < band)
    }

    @Test func anEmojiInACaptionIsDrawnInColourNotAsABox() throws {
        // The caption's ink is dark grey on white: any strongly coloured pixel in the band is
        // the emoji's own colour (a missing glyph draws an empty box in the ink's grey).
        func coloured(_ text: String) throws -> Int {
            let frame = try render(hud(captions: [CaptionView(text: text, point: nil, place: .middle, alpha: 1, scale: 1)]))
            var count = 0
            for py in Self.height / 2 - 40..<Self.height / 2 + 40 {
                for px in 0..<Self.width {
                    let (r, g, b) = pixel(frame, Double(px), Double(py))
                    if max(r, g, b) - min(r, g, b) > 120 { count += 1 }
                }
            }
            return count
        }
        let plain = try coloured("Well done")
        let star = try coloured("Well done 🌟")
        #expect(star > plain + 40, "\(star) coloured pixels with the emoji, \(plain) without (is fonts-noto-color-emoji installed?)")
        // The fingerprint names the face the emoji come from, so a golden drawn without it says why.
        #expect(TextLibraryVersions.fonts.contains("NotoColorEmoji"), "\(TextLibraryVersions.fonts)")
    }

    @Test func textThatDoesNotFitIsWrappedThenShrunk() throws {
        let surface = try #require(ImageSurface(width: 200, height: 200))
        let dc = surface.makeContext()
        let text = "Create magical moments with your princess friends, every single day of the week"
        let laid = try #require(PangoText.layout(text, on: dc.cr, width: 120, height: 60, size: 24, minimum: 6,
                                                 bold: true, alignment: .center))
        defer { PangoText.release(laid) }
        #expect(laid.width <= 120 && laid.height <= 60)
        #expect(laid.size < 24)
    }

    @Test func aWordTooLongForItsLineShrinksRatherThanBreaks() throws {
        let surface = try #require(ImageSurface(width: 8, height: 8))
        let dc = surface.makeContext()
        let oneLine = try #require(PangoText.layout("Medium", on: dc.cr, width: 1000, height: 100, size: 14, minimum: 6,
                                                    bold: true, alignment: .center))
        let narrow = oneLine.width * 0.7, lineHeight = oneLine.height
        PangoText.release(oneLine)
        let fitted = try #require(PangoText.layout("Medium", on: dc.cr, width: narrow, height: 100, size: 14, minimum: 6,
                                                   bold: true, alignment: .center))
        defer { PangoText.release(fitted) }
        #expect(fitted.width <= narrow && fitted.size < 14)
        #expect(fitted.height < lineHeight * 1.2, "still one line")
    }

    @Test func aNarrowPhoneWidthKeepsEveryPartOnTheCanvas() {
        // 200 points across a 640×360 canvas: 3.2 pixels a point, far too big to fit as is.
        let layout = HUDLayout(scale: 3.2, width: 640, height: 360)
        let bar = layout.forBar
        let (x, _) = bar.buttonCenter(.wave)
        #expect(x - HUDLayout.button / 2 * bar.s >= 0)
        #expect(bar.barBottom <= 360 * 0.45 + 0.5)
        #expect(layout.forPicker.pickerTop >= 360 * 0.6 - 0.5)
        // The app tour's 844 points fit as they are.
        let roomy = HUDLayout(scale: Self.scale, width: 640, height: 360)
        #expect(roomy.forBar.s == roomy.s && roomy.forPicker.s == roomy.s && roomy.forScreen.s == roomy.s)
    }

    @Test func nonLatinTextFindsAFallbackFont() throws {
        let surface = try #require(ImageSurface(width: 8, height: 8))
        let dc = surface.makeContext()
        for text in ["Хлопни в ладоши!", "Χτύπα παλαμάκια!", "صفّق بيديك!", "תמחא כפיים!", "ताली बजाओ!", "ตบมือ!"] {
            #expect(PangoText.unknownGlyphs(in: text, on: dc) == 0, "\(text)")
        }
    }

    @Test func fingersTrailsPreviewsAndRipplesAreDrawn() throws {
        let room = try render(nil)
        let at = Vec2(320, 260), from = Vec2(200, 260)
        let finger = try render(hud(touches: [TouchView(kind: .finger, at: at, from: at, progress: 0.5, alpha: 1)]))
        let (r, g, b) = pixel(finger, 320, 260), (r0, g0, b0) = pixel(room, 320, 260)
        #expect(r + g + b > r0 + g0 + b0 + 60, "a fingertip is a bright dot")
        let trail = try render(hud(touches: [TouchView(kind: .trail, at: at, from: from, progress: 0.5, alpha: 1)]))
        #expect(changed(trail, room, x: 240, y: 250, width: 60, height: 20) > 200)
        let preview = try render(hud(touches: [TouchView(kind: .preview(.willow), at: at, from: at, progress: 1, alpha: 1)]))
        let edge = pixel(preview, 320 + (34 + 12) * layout.s, 260)
        #expect(distance(edge, CharacterKind.willow.themeColor) < distance(pixel(room, 320 + 46 * layout.s, 260), CharacterKind.willow.themeColor))
        let ripple = try render(hud(touches: [TouchView(kind: .ripple, at: at, from: at, progress: 0.2, alpha: 1)]))
        #expect(changed(ripple, room, x: 260, y: 230, width: 120, height: 60) > 100)
    }

    @Test func theMenuRingsThePrincessAndShowsThePick() throws {
        let room = try render(nil)
        let view = MenuView(center: Vec2(320, 220), height: 120, kind: .rosie, actions: ActionName.menu(moves: []),
                            presence: 1, picked: nil)
        let open = try render(hud(menu: view))
        // Items above her, none below her feet.
        #expect(changed(open, room, x: 200, y: 80, width: 240, height: 100) > 1000)
        #expect(changed(open, room, x: 0, y: 300, width: 640, height: 60) == 0)
        var picked = view
        picked.picked = ActionName.jump
        #expect(try render(hud(menu: picked)) != open)
    }

    @Test func theMenuOffersTheScenesMovesAfterTheBuiltInFive() throws {
        let room = try render(nil)
        let five = MenuView(center: Vec2(320, 220), height: 120, kind: .rosie, actions: ActionName.menu(moves: []), presence: 1, picked: nil)
        var seven = five
        seven.actions = ActionName.menu(moves: ["bow", "spin-jump"])
        let fiveShown = try render(hud(menu: five)), sevenShown = try render(hud(menu: seven))
        // Two more items, the arc widened to keep their spacing, still none below her feet.
        let whole = (x: 0.0, y: 0.0, width: 640.0, height: 360.0)
        let fiveItems = changed(fiveShown, room, x: whole.x, y: whole.y, width: whole.width, height: whole.height)
        let sevenItems = changed(sevenShown, room, x: whole.x, y: whole.y, width: whole.width, height: whole.height)
        #expect(Double(sevenItems) > Double(fiveItems) * 1.25, "\(sevenItems) pixels against \(fiveItems)")
        #expect(changed(sevenShown, room, x: 0, y: 300, width: 640, height: 60) == 0)
        var picked = seven
        picked.picked = .move("bow")
        #expect(try render(hud(menu: picked)) != sevenShown)
    }

    @Test func theSettingsScreenShowsTheLiveSettings() throws {
        let screen = ScreenView(screen: .settings, page: 1, previousPage: nil, turn: 1, presence: 1, alpha: 1)
        var quiet = SceneSettings()
        quiet.soundEnabled = false
        let loud = try render(hud(screens: [screen]))
        let silent = try render(hud(screens: [screen], settings: quiet))
        #expect(loud != silent)
        #expect(try render(hud(screens: [screen], settings: quiet)) == silent)
    }

    @Test func aScreenSlidesUpAsItOpens() throws {
        let half = ScreenView(screen: .help, page: 1, previousPage: nil, turn: 1, presence: 0.5, alpha: 1)
        let room = try render(nil)
        let bytes = try render(hud(screens: [half]))
        // The card's top edge is half way down: above it only the dimming shows.
        let top = changed(bytes, room, x: 0, y: 0, width: 640, height: 150)
        #expect(top == 640 * 150, "the scene is dimmed")
        let p = pixel(bytes, 320, 120), q = pixel(room, 320, 120)
        #expect(p.0 < q.0 && p.1 < q.1, "dimmed, not covered")
        let covered = pixel(bytes, 320, 300)
        #expect(distance(covered, HUDTheme.background) < 40, "the card's face at the bottom")
    }
}
