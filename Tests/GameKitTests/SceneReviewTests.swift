import GameKit
import Testing

/// The entries a reviewer places warnings at: each claimed once, by the latest of its name at
/// or before the event, never one from outside the file.
@Suite struct ReviewedEntriesTests {
    @Test func anEventClaimsTheLatestUnclaimedEntryOfItsNameAtOrBeforeIt() {
        var entries = ReviewedEntries([
            .init(name: "back", time: 1, line: 3, column: 5),
            .init(name: "back", time: 2, line: 4, column: 5),
            .init(name: "save", time: 2, line: 5, column: 5),
            .init(name: "back", time: 3, line: 0, column: 0),
        ])
        #expect(entries.claim("back", at: 2.0167) == 1)
        #expect(entries.claim("back", at: 2.0167) == 0, "the later one is taken: the earlier is next")
        #expect(entries.claim("back", at: 3.0167) == nil, "an entry without a place is never claimed")
        #expect(entries.claim("save", at: 1.5) == nil, "an entry after the event is not its cause")
        let warning = entries.warning(2, file: "s.yaml", "is refused")
        #expect(warning.description == "s.yaml:5:5: warning: the save at 2 s is refused")
        #expect(entries.warning(0, at: 1.0167, file: "s.yaml", "x").description == "s.yaml:3:5: warning: the back at 1.02 s x")
    }
}
