import Foundation
import TestSupport
@testable import Output
import Testing
import PrincessGame

@Suite(.serialized) struct X11WindowTests {
    @Test func fullScreenWindowShowsTheFrame() throws {
        let screen = try XvfbDisplay()
        let window = try X11Window(display: screen.display, size: nil, title: "aria-render test")
        #expect(window.width > 0 && window.height > 0)
        // A 4×2 frame, left half pink, right half green, scaled to the whole screen.
        let pink: UInt32 = 0xFF_FF_66_CC, green: UInt32 = 0xFF_33_FF_99
        var pixels = [UInt32](repeating: 0, count: 8)
        for row in 0..<2 { for column in 0..<4 { pixels[row * 4 + column] = column < 2 ? pink : green } }
        let shown = pixels.withUnsafeBytes { window.present(bgra: $0.baseAddress!, width: 4, height: 2, stride: 16) }
        #expect(shown)
        _ = window.pollEvents()
        // The server shows it once it has drawn the request: poll the screen for the pink half.
        try waitUntil(every: 0.02, timeout: 5) { try screen.pixel(x: window.width / 8, y: window.height / 2) == (255, 102, 204) }
        let left = try screen.pixel(x: window.width / 8, y: window.height / 2)
        let right = try screen.pixel(x: window.width * 7 / 8, y: window.height / 2)
        #expect(left == (255, 102, 204))
        #expect(right == (51, 255, 153))
    }

    @Test func noDisplayIsAClearError() {
        #expect(throws: WindowError.self) { try X11Window(display: ":987", size: (100, 100), title: "x") }
        do {
            _ = try X11Window(display: ":987", size: (100, 100), title: "x")
        } catch {
            #expect("\(error)" == "cannot connect to the X server on display :987")
        }
    }
}
