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
}
