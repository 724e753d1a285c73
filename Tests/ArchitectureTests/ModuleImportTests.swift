import Foundation
import Testing
import TestSupport

/// Every source file imports only what docs/architecture.md lets its module import, so a
/// shortcut from the simulation to an edge (or from a library to the tool) fails here.
@Suite struct ModuleImportTests {
    static let systemModules: Set<String> = ["Foundation", "FoundationEssentials", "Glibc", "Darwin", "Synchronization", "Dispatch"]

    /// The `imports` block of docs/architecture.md: module → what it may import.
    static func allowedImports() throws -> [String: Set<String>] {
        let text = try String(contentsOf: RepositoryRoot.url.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
        guard let start = text.range(of: "```imports\n"), let end = text.range(of: "```", range: start.upperBound..<text.endIndex) else {
            Issue.record("docs/architecture.md has no ```imports block")
            return [:]
        }
        var allowed: [String: Set<String>] = [:]
        for line in text[start.upperBound..<end.lowerBound].split(separator: "\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count >= 1 else { continue }
            var names = Set((parts.count == 2 ? parts[1] : "").split(separator: " ").map(String.init))
            if names.remove("+system") != nil { names.formUnion(systemModules) }
            allowed[String(parts[0])] = names
        }
        return allowed
    }

    /// The modules each source file imports, by module folder.
    static func importsByModule() throws -> [String: [(file: String, module: String)]] {
        let sources = RepositoryRoot.url.appendingPathComponent("Sources")
        var found: [String: [(String, String)]] = [:]
        let enumerator = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "swift" else { continue }
            let relative = url.path.dropFirst(sources.path.count + 1)
            let module = String(relative.split(separator: "/").first ?? "")
            let text = try String(contentsOf: url, encoding: .utf8)
            for line in text.split(separator: "\n") {
                let words = line.split(separator: " ")
                guard let index = words.firstIndex(of: "import"), words.count > index + 1,
                      words[..<index].allSatisfy({ $0.hasPrefix("@") }) else { continue }
                found[module, default: []].append((String(relative), String(words[index + 1])))
            }
        }
        return found
    }

    @Test func everyModuleImportsOnlyWhatTheArchitectureAllows() throws {
        let allowed = try Self.allowedImports()
        let imports = try Self.importsByModule()
        for (module, lines) in imports where !module.hasPrefix("C") || module == "CCairo" {
            guard let permitted = allowed[module] else {
                Issue.record("Sources/\(module) is not in the imports block of docs/architecture.md")
                continue
            }
            for (file, imported) in lines where !permitted.contains(imported) {
                Issue.record("Sources/\(file) imports \(imported), which \(module) may not (docs/architecture.md)")
            }
        }
    }

    @Test func theSimulationModulesTouchNoEdge() throws {
        let allowed = try Self.allowedImports()
        let edges: Set<String> = ["CCairo", "CPulse", "CX11", "CZlib", "Render", "Output", "Golden", "Kiosk", "Audio"]
        for module in ["ECS", "Vocabulary", "Effects", "Scene", "Sync", "ImageDiff"] {
            #expect(allowed[module]?.isDisjoint(with: edges) == true, "\(module) may import an edge module")
        }
    }

    @Test func theBlockCatchesAForbiddenImport() throws {
        // The check itself can fail: Scene importing Render is refused by the block.
        let allowed = try Self.allowedImports()
        #expect(allowed["Scene"]?.contains("Render") == false)
        #expect(allowed["ImageDiff"]?.contains("CCairo") == false)
    }
}
