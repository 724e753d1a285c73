import Foundation
@testable import Golden
import Testing
import Trace
#if canImport(FoundationXML)
import FoundationXML
#endif

/// The timeline picture on small hand-made traces: its rows, where each tick is, its colour,
/// its line as the tick's title, and the marks of a comparison (only in the golden, only now).
@Suite struct TraceTimelinePictureTests {
    let tap = #"{"t":1,"frame":30,"event":"gesture","gesture":"tap","x":600,"y":690,"source":"timeline"}"#
    let spawn = #"{"t":1,"frame":30,"event":"spawn","character":"rosie-1","kind":"rosie","x":600,"y":690,"scale":1,"cause":"tap"}"#
    let jump = #"{"t":2,"frame":60,"event":"action_start","character":"luna","action":"jump"}"#
    let haptic = #"{"t":3,"frame":90,"event":"haptic","character":"luna","kind":"heavy"}"#
    let peerSound = #"{"t":4,"frame":120,"peer":"ipad","event":"sound","character":"luna","cue":"pop"}"#

    /// The SVG's elements of class `mark` (any of them), each with its attributes and title.
    func marks(_ svg: String) throws -> [(attributes: [String: String], title: String)] {
        let reader = SVGReader()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = reader
        #expect(parser.parse(), "the picture is not well-formed XML: \(parser.parserError.map { "\($0)" } ?? "")")
        return reader.marks
    }

    @Test func oneTraceIsARowPerCharacterAndATickPerLineAtItsFrame() throws {
        let events = [tap, spawn, jump, haptic, peerSound].compactMap(TraceLineParser.parse)
        let timeline = TraceTimeline(events: events)
        #expect(timeline.rows == ["scene", "rosie-1", "luna", "ipad · luna"])
        #expect(timeline.marks.allSatisfy { $0.side == .both })
        let svg = TraceTimelinePicture.svg(timeline, frameCount: 300, framesPerSecond: 30, width: 1000)
        #expect(!svg.contains("legend"), "a single trace needs no legend")
        let found = try marks(svg)
        #expect(found.map(\.title) == [tap, spawn, jump, haptic, peerSound].map { TraceLineParser.parse($0)!.jsonLine })
        // 1000 wide: the plot runs from 120 to 994 over frames 0…299; a tick is 3 wide, centred.
        for (mark, (frame, row)) in zip(found, [(30, 0), (30, 1), (60, 2), (90, 2), (120, 3)]) {
            let centre = 120 + 874 * Double(frame) / 299
            #expect(abs((Double(mark.attributes["x"] ?? "") ?? -99) + 1.5 - centre) < 0.1, "\(mark)")
            #expect(mark.attributes["y"] == String(18 + row * 16 + 3), "\(mark)")
        }
        #expect(found[2].attributes["fill"] == "#81a2be" && found[3].attributes["fill"] == "#ffb86c", "action and haptic colours")
    }

    @Test func aComparisonMarksWhatIsOnlyInTheGoldenAndWhatIsOnlyNow() throws {
        // The golden had a jump at frame 60 and no haptic; now Luna jumps at 66 and a haptic is new.
        let late = jump.replacingOccurrences(of: #""t":2,"frame":60"#, with: #""t":2.2,"frame":66"#)
        let golden = [tap, spawn, jump], actual = [tap, spawn, late, haptic]
        let differences = TraceComparison.compare(golden: golden, actual: actual)
        #expect(differences.map(\.kind) == [.moved, .added])
        let timeline = TraceTimeline(golden: golden, actual: actual, differences: differences)
        #expect(timeline.marks.map(\.side) == [.both, .both, .actualOnly, .actualOnly, .goldenOnly])
        let svg = TraceTimelinePicture.svg(timeline, frameCount: 300, framesPerSecond: 30, width: 1000)
        #expect(svg.contains("only in the golden") && svg.contains("only now"), "the legend says which is which")
        let found = try marks(svg)
        let gone = found.filter { $0.attributes["class"] == "mark golden-only" }
        let new = found.filter { $0.attributes["class"] == "mark actual-only" }
        #expect(gone.map(\.title) == [jump] && new.map(\.title) == [late, haptic])
        // Hollow red where the golden's jump was, solid green where it is now.
        #expect(gone.first?.attributes["fill"] == "none" && gone.first?.attributes["stroke"] == TraceTimelinePicture.goldenOnlyColour)
        #expect(new.allSatisfy { $0.attributes["fill"] == TraceTimelinePicture.actualOnlyColour })
        let goneCentre = (Double(gone.first?.attributes["x"] ?? "") ?? 0) + 3
        let newCentre = (Double(new.first?.attributes["x"] ?? "") ?? 0) + 2
        #expect(abs(goneCentre - (120 + 874 * 60.0 / 299)) < 0.1 && abs(newCentre - (120 + 874 * 66.0 / 299)) < 0.1)
        // The unchanged lines keep their kind's colour.
        #expect(found.filter { $0.attributes["class"] == "mark" }.map(\.title) == [tap, spawn])
    }

    @Test func linesThatAreNotTraceLinesHaveNoPlaceAndTextIsEscaped() throws {
        let odd = #"{"t":1,"frame":30,"event":"sound","character":"<b>&'\"","cue":"pop"}"#
        let timeline = TraceTimeline(golden: ["not json"], actual: [odd, "{}"], differences: [])
        #expect(timeline.rows == [#"<b>&'""#] && timeline.marks.count == 1)
        let found = try marks(TraceTimelinePicture.svg(timeline, frameCount: 0, framesPerSecond: 30))
        #expect(found.map(\.title) == [odd])
    }
}

/// Collects the `rect` elements of class `mark…` and their `<title>` text.
private final class SVGReader: NSObject, XMLParserDelegate {
    var marks: [(attributes: [String: String], title: String)] = []
    private var inMark = false, inTitle = false

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        if name == "rect", attributes["class"]?.hasPrefix("mark") == true {
            marks.append((attributes, ""))
            inMark = true
        }
        if name == "title" && inMark { inTitle = true }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if inTitle { marks[marks.count - 1].title += string }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if name == "title" { inTitle = false }
        if name == "rect" { inMark = false }
    }
}
