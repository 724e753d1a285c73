import Foundation
import Testing
import TestSupport

/// Every example in README.md and docs/ does what it says: each `aria-render` command in a
/// shell block runs in a copy of the repository's scenes and goldens and ends as promised,
/// writing the output it names; each full scene in a YAML block validates. Commands that need
/// a screen, a microphone, a system service or a long time are listed, not run.
@Suite(.serialized) struct DocumentationExampleTests {
    /// The documents whose examples are checked.
    static let documents = ["README.md"] + ((try? FileManager.default.contentsOfDirectory(atPath: RepositoryRoot.path + "/docs")) ?? [])
        .filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }

    /// The lines of each fenced block of `language` (any of the names) in `document`.
    static func blocks(in document: String, languages: Set<String>) -> [[String]] {
        guard let text = try? String(contentsOfFile: RepositoryRoot.path + "/" + document, encoding: .utf8) else { return [] }
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

    /// A folder laid out like the repository, with the files the examples name as placeholders.
    static func workspace() throws -> String {
        let folder = try makeTemporaryFolder("doc-examples")
        for item in ["Scenes", "Golden", "docs"] {
            try FileManager.default.copyItem(atPath: RepositoryRoot.path + "/" + item, toPath: folder + "/" + item)
        }
        try FileManager.default.copyItem(atPath: RepositoryRoot.path + "/Scenes/default.yaml", toPath: folder + "/scene.yaml")
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

    @Test func everyDocumentedCommandRunsAsPromised() throws {
        let folder = try Self.workspace()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var ran = 0, listed = 0
        for document in Self.documents {
            for block in Self.blocks(in: document, languages: ["sh", "bash", "shell"]) {
                for line in block {
                    guard let words = Self.command(line) else { continue }
                    if let reason = Self.notRun(words) {
                        print("  \(document): not run (\(reason)): aria-render \(words.joined(separator: " "))")
                        listed += 1
                        continue
                    }
                    let result = try AriaRenderTool.run(words, in: folder, timeout: 300)
                    ran += 1
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
        }
        print("documented commands: \(ran) run, \(listed) listed")
        #expect(ran >= 10)
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
}
