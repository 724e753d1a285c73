@testable import Skins
import Testing

/// Only the colour values of fills, strokes and gradient stops are rewritten, each to the byte
/// librsvg reads from the percentage.
@Suite struct SVGHexColorsTests {
    @Test func rewritesFillStrokeAndStopColorsAndNothingElse() {
        let cairo = """
            <stop offset="0" style="stop-color:rgb(48.000002%,30.196078%,100%);stop-opacity:1;"/>
            <path style=" stroke:none;fill-rule:nonzero;fill:rgb(30%,0%,100%);fill-opacity:0.5;" d="M 0 0 L 1 1 Z"/>
            <rect fill="rgb(100%,50%,0%)" stroke = 'rgb(0%, 0%, 0.2%)' width="2" height="2"/>
            <text>fill:rgb(10%,10%,10%)</text><feFlood flood-color="rgb(10%,10%,10%)"/>
            """
        #expect(SVGHexColors.rewrite(cairo) == """
            <stop offset="0" style="stop-color:#7a4dff;stop-opacity:1;"/>
            <path style=" stroke:none;fill-rule:nonzero;fill:#4d00ff;fill-opacity:0.5;" d="M 0 0 L 1 1 Z"/>
            <rect fill="#ff8000" stroke = '#000001' width="2" height="2"/>
            <text>fill:rgb(10%,10%,10%)</text><feFlood flood-color="rgb(10%,10%,10%)"/>
            """)
    }

    @Test func aPercentageBecomesTheByteLibrsvgReads() {
        // 30 % is 76.5: librsvg rounds the 32-bit product away from zero, to 77.
        #expect(SVGHexColors.byte("30") == 77)
        #expect(SVGHexColors.byte("48.000002") == 122)
        #expect(SVGHexColors.byte("30.196078") == 77)
        #expect(SVGHexColors.byte("0.2") == 1)
        #expect(SVGHexColors.byte("150") == 255 && SVGHexColors.byte("-3") == 0)
        #expect(SVGHexColors.byte("x") == nil)
    }
}
