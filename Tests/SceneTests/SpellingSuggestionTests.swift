import Scene
import Testing

/// The known word a mistyped one was meant to be.
@Suite struct SpellingSuggestionTests {
    @Test func aTruncatedOptionIsTheOneItStarts() {
        let options = ["at", "output", "overwrite", "frames", "frame", "fps", "size"]
        #expect(SpellingSuggestion.closestOption(to: "out", among: options) == "output", "not 'at', two edits away")
        #expect(SpellingSuggestion.closestOption(to: "fram", among: options) == "frame", "the shortest it starts")
        #expect(SpellingSuggestion.closestOption(to: "outptu", among: options) == "output", "else the closest spelling")
        #expect(SpellingSuggestion.closestOption(to: "o", among: options) == nil, "one letter starts too many to guess")
        #expect(SpellingSuggestion.closestOption(to: "colour", among: options) == nil)
    }

    @Test func aSingleLetterIsTheOtherCaseOrTheOneLongOptionItStarts() {
        let long = ["output", "quiet", "frames", "frame", "fps"], short = ["o"]
        #expect(SpellingSuggestion.option(for: "-O", long: long, short: short) == "-o")
        #expect(SpellingSuggestion.option(for: "-q", long: long, short: short) == "--quiet")
        #expect(SpellingSuggestion.option(for: "-f", long: long, short: short) == nil, "three start with f")
        #expect(SpellingSuggestion.option(for: "--outptu", long: long, short: short) == "--output")
    }

    @Test func aWordOfTheNameOrItsStemIsMeantWhenNoSpellingIsClose() {
        let keys = ["kind", "density", "fall_speed", "duration", "ease", "value", "at"]
        #expect(SpellingSuggestion.hint(for: "speed", among: keys) == "; did you mean 'fall_speed'?")
        #expect(SpellingSuggestion.hint(for: "easing", among: keys) == "; did you mean 'ease'?")
        #expect(SpellingSuggestion.hint(for: "colour", among: keys) == "")
        #expect(SpellingSuggestion.hint(for: "speed", among: ["fall_speed", "rise_speed"]) == "", "two would do: none is said")
    }
}
