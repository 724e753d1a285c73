import ECS
import PrincessGame
import Princess
import Testing

/// A finger on the kiosk's screen becomes the inputs a scene file holds.
@Suite struct TouchGestureReaderTests {
    @Test func aShortStillPressIsATapWhereItWentDown() {
        var reader = TouchGestureReader(canvasHeight: 720)
        #expect(reader.feed(.began, at: Vec2(400, 600), time: 10) == nil)
        #expect(reader.feed(.moved, at: Vec2(405, 602), time: 10.05) == nil)
        #expect(reader.feed(.ended, at: Vec2(406, 603), time: 10.12) == .tap(at: Vec2(400, 600), newID: nil))
    }

    @Test func aPressThatTravelsIsADragOverTheTimeItTook() {
        var reader = TouchGestureReader(canvasHeight: 720)
        _ = reader.feed(.began, at: Vec2(300, 600), time: 1)
        _ = reader.feed(.moved, at: Vec2(350, 610), time: 1.2)
        #expect(reader.feed(.ended, at: Vec2(500, 640), time: 1.4)
            == .drag(from: .point(Vec2(300, 600)), to: Vec2(500, 640), duration: 1.4 - 1))
    }

    @Test func aFingerThatWandersAwayAndBackIsStillADrag() {
        var reader = TouchGestureReader(canvasHeight: 720)
        _ = reader.feed(.began, at: Vec2(300, 600), time: 1)
        _ = reader.feed(.moved, at: Vec2(400, 600), time: 1.1)
        guard case .drag? = reader.feed(.ended, at: Vec2(301, 600), time: 1.2) else {
            Issue.record("a press that went 100 px away is a drag")
            return
        }
    }

    @Test func aLongStillPressIsALongPressAndALongDragIsReplayedQuickly() {
        var reader = TouchGestureReader(canvasHeight: 720)
        _ = reader.feed(.began, at: Vec2(640, 500), time: 3)
        #expect(reader.feed(.ended, at: Vec2(641, 500), time: 3.8) == .longPress(on: .point(Vec2(640, 500)), duration: 3.8 - 3))
        _ = reader.feed(.began, at: Vec2(100, 600), time: 5)
        guard case .drag(_, _, let duration)? = reader.feed(.ended, at: Vec2(900, 600), time: 9) else {
            Issue.record("a drag")
            return
        }
        #expect(duration == TouchGestureReader.longestDragSeconds)
    }

    @Test func theSlopScalesWithTheCanvasAndAStrayLiftIsIgnored() {
        var small = TouchGestureReader(canvasHeight: 360)
        _ = small.feed(.began, at: Vec2(100, 300), time: 0)
        guard case .drag? = small.feed(.ended, at: Vec2(112, 300), time: 0.1) else {
            Issue.record("12 px is 3.3 % of 360 px: a drag")
            return
        }
        var large = TouchGestureReader(canvasHeight: 1080)
        _ = large.feed(.began, at: Vec2(100, 300), time: 0)
        #expect(large.feed(.ended, at: Vec2(112, 300), time: 0.1) == .tap(at: Vec2(100, 300), newID: nil))
        #expect(large.feed(.ended, at: Vec2(10, 10), time: 1) == nil, "a lift with no press before it")
    }
}
