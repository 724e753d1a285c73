import Rendering
import Scene
import Testing

/// Moments on the command line: frame numbers and times, spans, stills and contact sheets.
@Suite struct RequestedFramesTests {
    @Test(arguments: [
        ("150", FrameTime.frame(150)), ("0", .frame(0)), ("5s", .seconds(5)), ("2.5s", .seconds(2.5)),
        ("1:05", .seconds(65)), ("1:05.5", .seconds(65.5)), (" 7s ", .seconds(7)),
    ])
    func aMomentIsAFrameOrATime(text: String, moment: FrameTime) {
        #expect(FrameTime(text: text) == moment)
    }

    @Test(arguments: ["-3", "5ss", "s", "1:75", "abc", "5 s", "1e3s", "nans", "-1s", "1:-5", "", "99999999s"])
    func aMomentThatNamesNoneIsRefused(text: String) {
        #expect(FrameTime(text: text) == nil, "\(text)")
    }

    @Test func aTimeFallsOnTheFrameShowingIt() {
        #expect(FrameTime.seconds(5).frame(framesPerSecond: 30) == 150)
        #expect(FrameTime.seconds(2.5).frame(framesPerSecond: 24) == 60)
        #expect(FrameTime.seconds(0.01).frame(framesPerSecond: 30) == 0)
        #expect(FrameTime.frame(42).frame(framesPerSecond: 60) == 42, "a frame number is not scaled")
    }

    @Test func aSpanOfTimesEndsWhereItSays() throws {
        let span = try #require(RequestedFrames(text: "9s-12s"))
        #expect(try span.frames(framesPerSecond: 30) == (270, 359), "three seconds: 90 frames")
        #expect(try #require(RequestedFrames(text: "270-359")).frames(framesPerSecond: 30) == (270, 359), "frame numbers include their last")
        #expect(try #require(RequestedFrames(text: "9s-")).frames(framesPerSecond: 30) == (270, nil))
    }

    @Test func aSpanMixingAFrameAndATimeIsRefusedShowingBothForms() throws {
        // `2-4s` reads as two to four seconds; taken as frame 2 to 4 s it would be 118 frames.
        for text in ["2-4s", "30-2s", "1s-90"] {
            let problem = try #require(RequestedFrames(text: text)?.problem, "\(text)")
            #expect(problem == "--frames \(text) mixes a frame number and a time: give both ends as frames (60-119) or both as times (2s-4s)")
        }
        #expect(throws: RenderRequestError.self) { try FrameChoice.parse(stills: nil, span: "2-4s") }
        #expect(try FrameChoice.parse(stills: nil, span: "60-119") == .range(first: 60, last: 119), "frames alone still work")
        #expect(try FrameChoice.parse(stills: nil, span: "2s-") == .span(#require(RequestedFrames(text: "2s-"))), "an open span has one unit")
        #expect(RequestedFrames(text: "0-7s")?.problem == nil, "frame 0 is 0 s")
    }

    @Test func atReadsABareNumberAsSeconds() throws {
        for (text, frames) in [("5", [150]), ("2.5", [75]), ("5s", [150]), ("0:05", [150]), ("1,2.5", [30, 75])] {
            let choice = try FrameChoice.parse(stills: nil, at: text, span: nil)
            #expect(try choice.frames(frameCount: 600, framesPerSecond: 30) == frames, "--at \(text)")
        }
        #expect(try FrameChoice.parse(stills: "5", span: nil).frames(frameCount: 600, framesPerSecond: 30) == [5], "--frame 5 is frame 5")
        let late = try #require(throws: RenderRequestError.self) {
            try FrameChoice.parse(stills: nil, at: "12", span: nil).frames(frameCount: 300, framesPerSecond: 30)
        }
        #expect(late.description.hasPrefix("--at 12s (frame 360 at 30 fps) is outside"), "\(late)")
        let bad = try #require(throws: RenderRequestError.self) { try FrameChoice.parse(stills: nil, at: "five", span: nil) }
        #expect(bad.description.contains("--at five: give times in seconds"))
        #expect(throws: RenderRequestError.self) { try FrameChoice.parse(stills: "5", at: "5", span: nil) }
    }

    @Test(arguments: [
        ("1280x720", 1280, 720), ("720p", 1280, 720), ("1080p", 1920, 1080), ("4K", 3840, 2160), ("4k", 3840, 2160),
        ("2160p", 3840, 2160), ("720p-portrait", 720, 1280), ("1080P-Portrait", 1080, 1920), ("480p", 854, 480),
    ])
    func aSizeIsWidthByHeightOrAName(text: String, width: Int, height: Int) {
        #expect(CanvasSize(text: text) == CanvasSize(width: width, height: height), "\(text)")
    }

    @Test(arguments: ["4", "720", "big", "1280x", "x720", "1280x720-portrait", "portrait", "720p-landscape", "1280x720x2"])
    func aSizeThatNamesNoneIsRefused(text: String) {
        #expect(CanvasSize(text: text) == nil, "\(text)")
    }

    @Test func aBackwardsOrEmptySpanSaysSo() throws {
        #expect(RequestedFrames(text: "100-50")?.problem?.contains("the last frame comes before the first") == true)
        #expect(RequestedFrames(text: "5s-5s")?.problem?.contains("ends where it starts") == true)
        #expect(RequestedFrames(text: "5s-4s")?.problem != nil)
        #expect(RequestedFrames(text: "50-50")?.problem == nil, "one frame is a span")
        #expect(RequestedFrames(text: "4s-5s")?.problem == nil)
    }

    @Test func stillsAreDrawnInOrderOnce() throws {
        let choice = try FrameChoice.parse(stills: "300,60,2s", span: nil)
        #expect(try choice.frames(frameCount: 600, framesPerSecond: 30) == [60, 300], "2s is frame 60 at 30 fps")
        #expect(try choice.range(frameCount: 600, framesPerSecond: 30) == 60..<301)
        #expect(choice.isStills && !choice.isSingle)
        #expect(try FrameChoice.parse(stills: "5s", span: nil).isSingle)
        #expect(RequestedStills(text: "60,,300") == nil)
    }

    @Test func framesOutsideTheSceneNameTheSceneInFramesAndSeconds() throws {
        let late = try FrameChoice.parse(stills: "12s", span: nil)
        let error = try #require(throws: RenderRequestError.self) { try late.frames(frameCount: 300, framesPerSecond: 30) }
        #expect(error.description == "--frame 12s (frame 360 at 30 fps) is outside the scene's frames 0-299 (0-10s)")
        let span = try FrameChoice.parse(stills: nil, span: "9s-12s")
        #expect(throws: RenderRequestError.self) { try span.range(frameCount: 300, framesPerSecond: 30) }
        #expect(throws: RenderRequestError.self) { try FrameChoice.parse(stills: "1", span: "0-5") }
    }

    @Test func aContactSheetTakesEveryStep() throws {
        let sheet = try ContactSheetRequest.parse("every=0.5s,columns=4,width=200").get()
        #expect(sheet.columns == 4 && sheet.width == 200)
        #expect(try sheet.frames(of: 0..<300, framesPerSecond: 30) == Array(stride(from: 0, to: 300, by: 15)))
        #expect(try ContactSheetRequest.parse("every=15").get().frames(of: 30..<100, framesPerSecond: 30) == [30, 45, 60, 75, 90])
        #expect(sheet.thumbnailSize(width: 1280, height: 720) == (200, 113))
        #expect(try ContactSheetRequest.parse("every=1").get().thumbnailSize(width: 360, height: 640) == (135, 240), "fitted into 240×240")
        let tooMany = try #require(throws: RenderRequestError.self) {
            try ContactSheetRequest.parse("every=1").get().frames(of: 0..<1_000, framesPerSecond: 30)
        }
        #expect(tooMany.description.contains("1000 thumbnails") && tooMany.description.contains("at most 400"))
    }

    @Test(arguments: [
        ("every=0", "every=0 is not a step"), ("columns=3", "give every=N"), ("every=5,columns=0", "columns=0 is out of range"),
        ("every=5,width=8", "width=8 is out of range"), ("every=5,rows=2", "unknown key 'rows'"), ("every", "'every' is not key=value"),
    ])
    func aBadContactSheetSaysWhat(text: String, message: String) {
        guard case .failure(let error) = ContactSheetRequest.parse(text) else { Issue.record("\(text) was accepted"); return }
        #expect(error.description.hasPrefix("--contact-sheet \(text): ") && error.description.contains(message), "\(error)")
    }
}
