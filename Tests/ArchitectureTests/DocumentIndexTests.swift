import Foundation
import Testing
import TestSupport

/// The documents a newcomer reads stay readable: the README fits on a few screens, every
/// document of `docs/` has its line in the index (`docs/README.md`), and no file says what it
/// does by citing a ticket or a numbered reference document instead of saying it.
@Suite struct DocumentIndexTests {
    /// The most lines README.md may have: what it is, who it is for, the quick start, one
    /// example per user and links; everything longer belongs in `docs/`.
    static let readmeLimit = 150

    /// The lines of `text`, counted as `wc -l` does.
    static func lineCount(_ text: String) -> Int {
        text.reduce(0) { $0 + ($1 == "\n" ? 1 : 0) }
    }

    /// The top-level Markdown documents of `docs/` (besides the index) that `index` does not
    /// link to, sorted.
    static func missing(from index: String, documents: [String]) -> [String] {
        documents.filter { $0 != "README.md" && !index.contains("](\($0))") && !index.contains("](\($0)#") }.sorted()
    }

    /// The files of the index's links that do not exist under `docs/`.
    static func brokenLinks(in index: String, folder: URL) -> [String] {
        let links = index.matches(of: #/\]\(([^)#:]+\.md)(#[^)]*)?\)/#).map { String($0.output.1) }
        return links.filter { !FileManager.default.fileExists(atPath: folder.appendingPathComponent($0).path) }
    }

    /// What names a ticket or a numbered reference document (the word issue or reference and a
    /// number, or a path into the studio's folder of them, which is not in the repository), or a
    /// round of planning. A file says what the code does and why; the app's design
    /// documents are cited by name ("the app's design document"), never by their number.
    static var citation: Regex<(Substring, Substring)> { #/\b([Ii]ssues? #?[0-9]+|[Rr]eference 00[0-9]|shared\/reference|[Tt]his round)\b/# }

    /// A word every citation holds; only lines holding one are matched against `citation`
    /// (the pattern over every line of the repository took most of this suite's time).
    static let citationWords = ["ssue", "eference", "his round"]

    /// Each line of `text` that cites one, as `line: text`.
    static func citations(in text: String) -> [String] {
        guard citationWords.contains(where: { text.range(of: $0) != nil }) else { return [] }
        return text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { number, line in
            guard citationWords.contains(where: { line.range(of: $0) != nil }), line.contains(citation) else { return nil }
            return "\(number + 1): \(line.trimmingCharacters(in: .whitespaces))"
        }
    }

    /// The folders and files whose text is code, a script or a document.
    static let searched = ["Sources", "Tests", "docs", "scripts", "Scenes", "deploy", "Golden", ".ci",
                           "README.md", "Makefile", "Package.swift"]
    /// The kinds of file searched; data (PNG, WAV, FLAC, JSON lines) is not.
    static let textExtensions: Set<String> = ["swift", "md", "sh", "py", "yaml", "yml", "txt", "c", "h", "html", "js", "css",
                                              "ini", "service", "toml"]
    static let textNames: Set<String> = ["Makefile", "Dockerfile", "run", "Package.swift", "README.md"]

    /// Every text file under the searched places, relative to the repository.
    static func textFiles() -> [String] {
        let root = RepositoryRoot.path
        var files: [String] = []
        for place in searched {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: root + "/" + place, isDirectory: &isFolder) else { continue }
            guard isFolder.boolValue else { files.append(place); continue }
            let enumerator = FileManager.default.enumerator(atPath: root + "/" + place)
            while let path = enumerator?.nextObject() as? String {
                let name = (path as NSString).lastPathComponent
                if textExtensions.contains((name as NSString).pathExtension) || textNames.contains(name) {
                    files.append(place + "/" + path)
                }
            }
        }
        return files.sorted()
    }

    @Test func theReadmeFitsOnAFewScreens() throws {
        let readme = try String(contentsOf: RepositoryRoot.url.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = Self.lineCount(readme)
        print("README.md: \(lines) lines (limit \(Self.readmeLimit))")
        #expect(lines <= Self.readmeLimit, """
            README.md has \(lines) lines, over \(Self.readmeLimit): move the detail into a document of docs/ \
            (figures into docs/benchmarks.md) and link to it
            """)
    }

    @Test func everyDocumentHasItsLineInTheIndex() throws {
        let folder = RepositoryRoot.url.appendingPathComponent("docs")
        let index = try String(contentsOf: folder.appendingPathComponent("README.md"), encoding: .utf8)
        let documents = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".md") }
        #expect(documents.count >= 10, "docs/ holds \(documents.count) Markdown files")
        for document in Self.missing(from: index, documents: documents) {
            Issue.record("docs/\(document) has no line in docs/README.md: add one saying what it is for")
        }
        for link in Self.brokenLinks(in: index, folder: folder) {
            Issue.record("docs/README.md links to \(link), which is not in docs/")
        }
    }

    @Test func noFileCitesATicketOrANumberedReference() throws {
        let files = Self.textFiles()
        #expect(files.count >= 100, "only \(files.count) text files found under \(Self.searched)")
        for file in files {
            guard let text = try? String(contentsOfFile: RepositoryRoot.path + "/" + file, encoding: .utf8) else { continue }
            for found in Self.citations(in: text) {
                Issue.record("\(file):\(found) — say what the code does and why, not which ticket or numbered document asked for it")
            }
        }
    }

    @Test func theChecksCatchWhatTheyAreFor() {
        // Spelt in pieces, so that this file does not cite what it looks for.
        let cited = "// fixes the iss" + "ue 31 case\n/// as refer" + "ence 003 words it\nplain line\nIs" + "sue #4\n(see ../shared/refer" + "ence/001.txt)\n"
        #expect(Self.citations(in: cited).map { $0.prefix(2) } == ["1:", "2:", "4:", "5:"])
        #expect(Self.citations(in: "the issues of a kiosk; reference documents; a round of changes").isEmpty)
        let index = "- [qa.md](qa.md): QA.\n- [farm.md](farm.md#slurm): farms.\n"
        #expect(Self.missing(from: index, documents: ["README.md", "qa.md", "farm.md", "kiosk.md"]) == ["kiosk.md"])
        #expect(Self.lineCount("a\nb\nc\n") == 3)
    }
}
