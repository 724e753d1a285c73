import Foundation
import Testing
import TestSupport

/// Every example in README.md and docs/ does what it says: each `aria-render` command in a
/// shell block runs in a copy of the repository's scenes and goldens and ends as promised,
/// writing the output it names; each full scene in a YAML block validates. Every other command
/// of a shell block (a build, a script, a system tool) is run by `.ci/run`, by a named test or
/// the Makefile, or listed in `otherCommands` with why it is not run here. Commands that need a
/// screen, a microphone, a system service or a long time are listed, not run.
@Suite struct DocumentationExampleTests {
    /// The documents whose examples are checked: the README and every Markdown file under docs/.
    static let documents = ["README.md"] + markdown(under: "docs")

    /// The Markdown files under `folder` (relative to the repository), sorted, at any depth.
    static func markdown(under folder: String) -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: RepositoryRoot.path + "/" + folder)
        var found: [String] = []
        while let path = enumerator?.nextObject() as? String {
            if path.hasSuffix(".md") { found.append(folder + "/" + path) }
        }
        return found.sorted()
    }

    /// The languages of the fenced blocks that hold commands.
    static let shellLanguages: Set<String> = ["sh", "bash", "shell", "console"]

    /// The lines of each fenced block of `language` (any of the names) in `document`.
    static func blocks(in document: String, languages: Set<String>) -> [[String]] {
        let path = document.hasPrefix("/") ? document : RepositoryRoot.path + "/" + document
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
        var blocks: [[String]] = []
        var current: [String]?
        for line in text.components(separatedBy: "\n") {
            if line.hasPrefix("```") {
                if current != nil {
                    blocks.append(current!)
                    current = nil
                } else if languages.contains(String(line.dropFirst(3)).trimmingCharacters(in: .whitespaces)) {
                    current = []
                } else {
                    current = nil
                    // A block of another language: skip to its end.
                    blocks.append([])
                }
                continue
            }
            current?.append(line)
        }
        return blocks.filter { !$0.isEmpty }
    }

    /// A command of a shell block, without its comment, split into words; nil for a line that is
    /// not an `aria-render` command.
    static func command(_ line: String) -> [String]? {
        let code = (line.range(of: " #").map { String(line[..<$0.lowerBound]) } ?? line).trimmingCharacters(in: .whitespaces)
        var words = code.split(separator: " ").map(String.init)
        guard let first = words.first, first == "aria-render" || first.hasSuffix("/aria-render") else { return nil }
        words.removeFirst()
        return words
    }

    /// Why a documented command is not run here, or nil to run it.
    static func notRun(_ words: [String]) -> String? {
        switch words.first {
        case "demo": return "needs a screen, speakers and minutes (tested in DemoLiveTests and DemoFramesTests)"
        case "studio": return "serves until Ctrl-C (tested in StudioPageTests and StudioSafetyTests)"
        case "listen" where words.contains("--mic") || words.contains("--device"): return "needs a microphone (tested in PulseEndToEndTests)"
        case _ where words.contains(where: { $0.hasPrefix(clapCorpusPath) }) && clapCorpus == nil:
            return "needs the clap corpus, which `make test` builds (ARIA_CLAP_CORPUS)"
        default: return nil
        }
    }

    /// Where the documents say the clap corpus is, and where `make test` built it (if it did).
    static let clapCorpusPath = ".build/clap-corpus"
    static let clapCorpus = ProcessInfo.processInfo.environment["ARIA_CLAP_CORPUS"]
        .flatMap { FileManager.default.fileExists(atPath: $0 + "/truth.json") ? $0 : nil }

    /// How a documented command that is not `aria-render` is known to work.
    enum Coverage: Equatable {
        /// `.ci/run` runs it, word for word.
        case ciRun
        /// This file (a test or the Makefile's `test` target, which `.ci/run` runs) runs the program.
        case ranBy(String)
        /// It is not run, for this reason.
        case notRun(String)
    }

    /// Every documented command that is not `aria-render`, by how it starts (the longest match
    /// wins): a new one fails `everyOtherDocumentedCommandIsRunOrListed` until it is added here.
    static let otherCommands: [(command: String, coverage: Coverage)] = [
        ("make test", .ciRun),
        ("make render", .ciRun),
        ("make test-fast", .notRun("its suites are a part of what `make test` runs")),
        ("make setup-times", .notRun("times a fresh clone through both commands, about half an hour: the setup figures of docs/benchmarks.md")),
        ("scripts/run-tests.sh", .ranBy("Makefile")),
        ("scripts/setup-times.sh", .ranBy("Makefile")),
        ("make studio", .notRun("serves until Ctrl-C; StudioPageTests drive the same server in Chromium")),
        ("swift build", .ciRun),
        ("swift build -c release --product aria-render", .ciRun),
        ("swift build -c release --product aria-bench", .ciRun),
        ("swift build --build-tests", .notRun("what `make test` runs as `$(SWIFT) build --build-tests`")),
        ("swift test --skip-build", .notRun("a part of what `make test` runs as `$(SWIFT) test --skip-build`")),
        ("scripts/new-game-footprint.sh", .ranBy("Tests/Games/Example/ExampleFootprintTests.swift")),
        ("scripts/effect-end-strip.sh", .ranBy("Tests/AriaRenderTests/EffectEndPictureTests.swift")),
        ("scripts/doc-sheets.sh", .ranBy("Tests/AriaRenderTests/DocumentSheetsTests.swift")),
        ("sqlite3", .ranBy("Tests/AriaRenderTests/ProfileCommandTests.swift")),
        (".build/release/aria-bench", .notRun("a benchmark: its figures mean something only on an idle machine; `make bench` runs every one")),
        ("scripts/clap-corpus/build.sh", .ranBy("Makefile")),
        ("scripts/clap-corpus/evaluate.py", .notRun("scores the corpus against a release build for the figures of docs/benchmarks.md; "
                                                    + "RealRecordingClapTests scores the same recordings on every `make test`")),
        ("scripts/clap-corpus/loso.py", .notRun("refits the detector's limits leaving one source out: advice for a person tuning them, not a pass or fail")),
        ("scripts/clap-corpus/explain.py", .notRun("names, per source, the test that refused each missed clap against a release build: "
                                                   + "advice for a person changing the detector; RealRecordingClapTests scores the same recordings")),
        ("scripts/clap-corpus/memory.py", .notRun("measures what the loudness memory keeps of refused loud sounds in the corpus: a figure for docs/benchmarks.md, not a pass or fail")),
        ("scripts/clap-corpus/group.py", .notRun("measures the \"a group applauds\" decision per source and with one applause recording left out: "
                                                 + "figures for docs/benchmarks.md; RealRecordingClapTests checks the decision end to end")),
        ("export", .notRun("sets the variable the Slurm example's commands read")),
        ("deploy/slurm/render-array.sh", .ranBy("Tests/AriaRenderTests/SlurmFarmTests.swift")),
        ("docker", .notRun("needs a container registry; KubernetesManifestTests checks the Dockerfile")),
        ("kubectl", .notRun("needs a Kubernetes cluster; KubernetesManifestTests checks the manifests it applies")),
        ("systemctl", .notRun("needs a kiosk's systemd user session; DemoLiveTests run the demo its unit starts")),
        ("loginctl", .notRun("needs a kiosk's systemd user session")),
        ("journalctl", .notRun("needs a kiosk's systemd user session")),
        ("git", .notRun("records a person's approval in the repository")),
    ]

    /// The commands of a shell block's line, without its comment: each part of `a && b`; none
    /// for a blank or comment line.
    static func commands(in line: String) -> [String] {
        let code = (line.range(of: " #").map { String(line[..<$0.lowerBound]) } ?? line).trimmingCharacters(in: .whitespaces)
        guard !code.isEmpty, !code.hasPrefix("#") else { return [] }
        return code.components(separatedBy: "&&").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// How `command` (not `aria-render`) is covered, nil when it is not.
    static func coverage(of command: String) -> (command: String, coverage: Coverage)? {
        otherCommands.filter { command == $0.command || command.hasPrefix($0.command + " ") }.max { $0.command.count < $1.command.count }
    }

    /// What is wrong with how the documents' commands other than `aria-render` are covered:
    /// one line per command that nothing runs or lists, or whose runner does not run it.
    static func uncoveredCommands(in documents: [String], ciRun: [String]) -> [String] {
        var problems: [String] = []
        for document in documents {
            for block in blocks(in: document, languages: shellLanguages) {
                for line in block {
                    for command in commands(in: line) where self.command(command) == nil {
                        guard let (pattern, coverage) = coverage(of: command) else {
                            problems.append("\(document): `\(command)` is run by no test nor .ci/run: run it there, or list it in "
                                            + "DocumentationExampleTests.otherCommands with why it is not run")
                            continue
                        }
                        switch coverage {
                        case .ciRun where !ciRun.contains(command):
                            problems.append("\(document): `\(command)` is said to be run by .ci/run, which does not run it")
                        case .ranBy(let file):
                            let text = (try? String(contentsOfFile: RepositoryRoot.path + "/" + file, encoding: .utf8)) ?? ""
                            if !text.contains(pattern) { problems.append("\(document): `\(command)` is said to be run by \(file), which does not run \(pattern)") }
                        default:
                            break
                        }
                    }
                }
            }
        }
        return problems
    }

    /// The commands `.ci/run` runs, one per line (each behind `step`, which times it).
    static func ciRunCommands() throws -> [String] {
        try String(contentsOfFile: RepositoryRoot.path + "/.ci/run", encoding: .utf8).components(separatedBy: "\n")
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && !$0.hasPrefix("#") }
            .map { $0.hasPrefix("step ") ? String($0.dropFirst(5)) : $0 }
    }

    /// A folder laid out like the repository, with the files the examples name as placeholders.
    static func workspace() throws -> String {
        let folder = try makeTemporaryFolder("doc-examples")
        for item in ["Scenes", "Golden", "docs"] {
            try FileManager.default.copyItem(atPath: RepositoryRoot.path + "/" + item, toPath: folder + "/" + item)
        }
        try FileManager.default.copyItem(atPath: RepositoryRoot.path + "/Scenes/princess/default.yaml", toPath: folder + "/scene.yaml")
        try FileManager.default.copyItem(atPath: RepositoryRoot.path + "/Scenes/recordings/clapping-crowd.wav", toPath: folder + "/clap.wav")
        if let corpus = clapCorpus {
            try FileManager.default.createDirectory(atPath: folder + "/.build", withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: folder + "/" + clapCorpusPath, withDestinationPath: corpus)
        }
        // Two frames for `diff`: frame 0 and frame 30 of the default scene.
        for (name, frame) in [("a.png", 0), ("b.png", 30)] {
            let render = try AriaRenderTool.run(["render", "--frame", "\(frame)", "--size", "320x180", "-o", name, "--quiet"], in: folder)
            #expect(render.status == 0, "\(render.standardError)")
        }
        return folder
    }

    /// Each document's commands in a workspace of its own, in order (a later command may read
    /// what an earlier one wrote); the documents side by side, since together they take minutes.
    @Test(arguments: documents)
    func everyDocumentedCommandRunsAsPromised(document: String) throws {
        let commands = Self.documentedCommands(in: document)
        guard commands.contains(where: { Self.notRun($0) == nil }) else { return }
        let began = monotonicSeconds()
        let folder = try Self.workspace()
        defer {
            try? FileManager.default.removeItem(atPath: folder)
            print("documented commands: \(document): \(commands.count) in \(String(format: "%.1f", monotonicSeconds() - began)) s")
        }
        for words in commands {
            if let reason = Self.notRun(words) {
                print("  \(document): not run (\(reason)): aria-render \(words.joined(separator: " "))")
                continue
            }
            let result = try AriaRenderTool.run(words, in: folder, timeout: 300)
            // `diff` says 1 when the images differ; every other example succeeds.
            let allowed: Set<Int32> = words.first == "diff" ? [0, 1] : [0]
            #expect(allowed.contains(result.status),
                    "\(document): aria-render \(words.joined(separator: " ")) exited \(result.status): \(result.standardError)")
            if let index = words.firstIndex(of: "-o"), index + 1 < words.count {
                let output = folder + "/" + words[index + 1]
                let size = (try? FileManager.default.attributesOfItem(atPath: output)[.size] as? Int) ?? 0
                var isFolder: ObjCBool = false
                #expect(FileManager.default.fileExists(atPath: output, isDirectory: &isFolder) && (size > 0 || isFolder.boolValue),
                        "\(document): aria-render \(words.joined(separator: " ")) promised \(words[index + 1])")
            }
        }
    }

    /// The documents hold enough commands that their running means something (a parser that
    /// found none would pass every document).
    @Test func theDocumentsHoldCommandsToRun() {
        let runnable = Self.documents.flatMap(Self.documentedCommands(in:)).filter { Self.notRun($0) == nil }
        print("documented commands: \(runnable.count) run")
        #expect(runnable.count >= 10)
    }

    /// The `aria-render` commands of a document's shell blocks, as words, in order.
    static func documentedCommands(in document: String) -> [[String]] {
        blocks(in: document, languages: shellLanguages).flatMap { block in
            block.flatMap { line in commands(in: line).compactMap { command($0) } }
        }
    }

    @Test func everyDocumentedSceneValidates() throws {
        let folder = try makeTemporaryFolder("doc-scenes")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var checked = 0
        for document in Self.documents {
            for (index, block) in Self.blocks(in: document, languages: ["yaml"]).enumerated()
            // A whole scene, not a golden manifest (which has `scenes:`) or a fragment.
            where block.contains(where: { $0.hasPrefix("version:") }) && block.contains(where: { $0.hasPrefix("duration:") }) {
                let path = folder + "/\(document.replacingOccurrences(of: "/", with: "-"))-\(index).yaml"
                try block.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
                let result = try AriaRenderTool.run(["validate", path])
                #expect(result.status == 0, "the scene in \(document)'s YAML block \(index + 1) is refused: \(result.standardError)")
                checked += 1
            }
        }
        print("documented scenes: \(checked) validated")
        #expect(checked >= 1)
    }
    @Test func everyOtherDocumentedCommandIsRunOrListed() throws {
        for problem in Self.uncoveredCommands(in: Self.documents, ciRun: try Self.ciRunCommands()) { Issue.record("\(problem)") }
        for (command, coverage) in Self.otherCommands {
            if case .notRun(let reason) = coverage { print("  not run (\(reason)): \(command)") }
        }
    }

    @Test func aNewCommandNobodyRunsIsCaught() throws {
        let folder = try makeTemporaryFolder("doc-commands")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let document = folder + "/example.md"
        try """
            ```sh
            swift build -c release   # listed: .ci/run runs it
            # a comment line
            swift build && ./deploy/new-thing.sh --all
            make render
            ```
            """.write(toFile: document, atomically: true, encoding: .utf8)
        let problems = Self.uncoveredCommands(in: [document], ciRun: ["swift build -c release", "swift build"])
        #expect(problems == [
            "\(document): `./deploy/new-thing.sh --all` is run by no test nor .ci/run: run it there, or list it in "
                + "DocumentationExampleTests.otherCommands with why it is not run",
            "\(document): `make render` is said to be run by .ci/run, which does not run it",
        ])
    }
}
