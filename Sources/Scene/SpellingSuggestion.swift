/// Finds the known word a mistyped one was probably meant to be, for "did you mean" hints.
public enum SpellingSuggestion {
    /// The closest of `candidates` to `word` within a small edit distance, or nil.
    package static func closest(to word: String, among candidates: [String]) -> String? {
        // No name is long: a long word is no misspelling, and comparing it would cost.
        guard word.utf8.count <= 64 else { return nil }
        let lowered = word.lowercased()
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(lowered, candidate.lowercased())
            // A third of the word's length (at least 1, at most 3) keeps hints meaningful.
            let allowed = min(3, max(1, candidate.count / 3))
            if distance <= allowed, best == nil || distance < best!.distance {
                best = (candidate, distance)
            }
        }
        return best?.candidate ?? related(to: lowered, among: candidates)
    }

    /// The one candidate that is a whole part of `word`'s name or has it as one (`speed` →
    /// `fall_speed`), or shares its stem (`easing` → `ease`: the shorter, of four letters or more,
    /// less a final "e", starts the longer); nil when none is, or several are.
    private static func related(to word: String, among candidates: [String]) -> String? {
        func parts(_ name: String) -> Set<Substring> { Set(name.split(separator: "_")) }
        func stem(_ name: String) -> Substring { name.hasSuffix("e") ? name.dropLast() : Substring(name) }
        let found = candidates.filter { candidate in
            let other = candidate.lowercased()
            guard other != word, word.count >= 4, other.count >= 4 else { return false }
            if parts(other).contains(Substring(word)) || parts(word).contains(Substring(other)) { return true }
            let (short, long) = word.count <= other.count ? (word, other) : (other, word)
            return long.hasPrefix(stem(short))
        }
        return found.count == 1 ? found[0] : nil
    }

    /// The option `word` (typed without its dashes) most likely means: the shortest that starts
    /// with it (`out` → `output`), as a truncated option usually is, else `closest`; or nil.
    public static func closestOption(to word: String, among options: [String]) -> String? {
        let lowered = word.lowercased()
        let started = options.filter { lowered.count >= 2 && $0.lowercased().hasPrefix(lowered) }
        return started.min { $0.count < $1.count } ?? closest(to: word, among: options)
    }

    /// The option a mistyped one (`typed` with its dashes) most likely means, with its dashes:
    /// a long one as `closestOption` says; a single letter in the other case (`-O` → `-o`), else
    /// the one long option that starts with that letter (`-q` → `--quiet`); or nil.
    public static func option(for typed: String, long: [String], short: [String]) -> String? {
        if typed.hasPrefix("--") { return closestOption(to: String(typed.dropFirst(2)), among: long).map { "--" + $0 } }
        guard typed.count == 2, let letter = typed.last else { return nil }
        if let other = short.first(where: { $0 != String(letter) && $0.lowercased() == letter.lowercased() }) { return "-" + other }
        let starting = long.filter { $0.first.map(String.init)?.lowercased() == letter.lowercased() }
        return starting.count == 1 ? "--" + starting[0] : nil
    }

    /// "; did you mean 'x'?" or "" when nothing is close.
    public static func hint(for word: String, among candidates: [String]) -> String {
        closest(to: word, among: candidates).map { "; did you mean '\($0)'?" } ?? ""
    }

    /// Levenshtein distance with adjacent transpositions counted as one edit.
    package static func editDistance(_ a: String, _ b: String) -> Int {
        let x = Array(a), y = Array(b)
        if x.isEmpty { return y.count }
        if y.isEmpty { return x.count }
        var table = Array(repeating: Array(repeating: 0, count: y.count + 1), count: x.count + 1)
        for i in 0...x.count { table[i][0] = i }
        for j in 0...y.count { table[0][j] = j }
        for i in 1...x.count {
            for j in 1...y.count {
                let cost = x[i - 1] == y[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, x[i - 1] == y[j - 2], x[i - 2] == y[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[x.count][y.count]
    }
}
