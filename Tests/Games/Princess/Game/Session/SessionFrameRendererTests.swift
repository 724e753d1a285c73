import Drawing
import Princess
import PrincessTestSupport
import TestSupport
import Testing
@testable import PrincessGame

/// The side-by-side picture of a shared session: each panel is exactly that peer's frame
/// (outside its indicator), the indicator shows the status, offline panels are dimmed.
@Suite struct SessionFrameRendererTests {
    let left = SnapshotFixtures.busy(frame: 10, width: 320, height: 180, particleCount: 50)
    let right = SnapshotFixtures.room(.playroom, width: 320, height: 180)

    /// The (red, green, blue) of a pixel.
    func rgb(_ pixels: FramePixels, _ x: Int, _ y: Int) -> (Int, Int, Int) {
        let p = pixels.bgra(x: x, y: y)
        return (Int(p.red), Int(p.green), Int(p.blue))
    }

    @Test func panelsSitSideBySideAsTheirOwnFrames() throws {
        let pixels = try SessionFrameRenderer().render([
            PeerPanel(snapshot: left, number: 1, status: .inSync), PeerPanel(snapshot: right, number: 2, status: .catchingUp)])
        #expect(pixels.width == 640 && pixels.height == 180)
        let alone = frameBytes(try FrameRenderer().render(left))
        let aloneRight = frameBytes(try FrameRenderer().render(right))
        // Below the indicator and away from the divider, every pixel is the peer's own frame.
        var differing = 0
        for y in 40..<180 {
            for x in 0..<316 {
                let p = pixels.bgra(x: x, y: y), offset = (y * 320 + x) * 4
                if [p.blue, p.green, p.red, p.alpha] != Array(alone[offset..<offset + 4]) { differing += 1 }
                let q = pixels.bgra(x: 324 + x, y: y), other = (y * 320 + x + 4) * 4
                if [q.blue, q.green, q.red, q.alpha] != Array(aloneRight[other..<other + 4]) { differing += 1 }
            }
        }
        #expect(differing == 0)
    }

    @Test func theIndicatorShowsTheStatus() throws {
        let renderer = SessionFrameRenderer()
        // Indicator radius 5 at 180 px high, its centre at (9, 9) in each panel.
        let pixels = try renderer.render([
            PeerPanel(snapshot: right, number: 1, status: .inSync), PeerPanel(snapshot: right, number: 2, status: .offline)])
        let green = rgb(pixels, 9, 9)
        #expect(green.1 > 180 && green.0 < 120 && green.2 < 140, "in sync is green: \(green)")
        let grey = rgb(pixels, 320 + 7, 8)
        #expect(abs(grey.0 - grey.1) < 30 && grey.0 > 90, "offline is grey: \(grey)")
        // The offline panel is dimmed: darker than the same room in sync.
        let lit = rgb(pixels, 160, 150), dimmed = rgb(pixels, 480, 150)
        #expect(dimmed.0 + dimmed.1 + dimmed.2 < (lit.0 + lit.1 + lit.2) * 2 / 3)
        let catching = try renderer.render([PeerPanel(snapshot: right, number: 1, status: .catchingUp)])
        let amber = rgb(catching, 9, 5)
        #expect(amber.0 > 200 && amber.1 > 120 && amber.2 < 100, "catching up is amber: \(amber)")
    }

    @Test func theSamePanelsGiveTheSameBytes() throws {
        let panels = [PeerPanel(snapshot: left, number: 1, status: .inSync), PeerPanel(snapshot: right, number: 2, status: .offline),
                      PeerPanel(snapshot: left, number: 3, status: .catchingUp)]
        let warm = SessionFrameRenderer()
        _ = try warm.render(panels.reversed())
        #expect(frameBytes(try warm.render(panels)) == frameBytes(try SessionFrameRenderer().render(panels)))
    }

    @Test func moreThanFourPeersWrapIntoRows() throws {
        #expect(PeerPanel.grid(for: 2) == (2, 1))
        #expect(PeerPanel.grid(for: 8) == (4, 2))
        let pixels = try SessionFrameRenderer().render((1...5).map { PeerPanel(snapshot: right, number: $0, status: .inSync) })
        #expect(pixels.width == 1280 && pixels.height == 360)
    }
}
