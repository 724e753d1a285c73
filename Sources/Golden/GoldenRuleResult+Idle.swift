import Trace

extension GoldenRuleResult {
    /// One line per rule whose trigger matched nothing in every scene it ran on
    /// (`manifest.yaml:12:5: rule 'x' matched nothing …`): it passes, but only because it can
    /// never fire there — a value the game writes elsewhere, a scene that lacks the event.
    /// With `manifest`, only rules that ran on every scene of it they apply to: a rule for all
    /// scenes checked on one (`check --scene`) is not idle because that one lacks its event.
    public static func idleRuleWarnings(_ results: [GoldenSceneResult], manifest: GoldenManifest? = nil) -> [String] {
        var order: [String] = []
        var byOrigin: [String: (rule: SceneRule, scenes: Int, matched: Int)] = [:]
        for result in results {
            for rule in result.run.rules {
                guard let matched = rule.matched else { continue }
                let origin = rule.rule.origin
                if byOrigin[origin] == nil { order.append(origin) }
                let known = byOrigin[origin] ?? (rule.rule, 0, 0)
                byOrigin[origin] = (rule.rule, known.scenes + 1, known.matched + matched)
            }
        }
        return order.compactMap { origin in
            guard let entry = byOrigin[origin], entry.matched == 0, let trigger = entry.rule.trigger,
                  entry.scenes >= manifest?.scenesKeeping(origin) ?? 0 else { return nil }
            let scenes = entry.scenes == 1 ? "the scene" : "any of the \(entry.scenes) scenes"
            return "\(origin): rule '\(entry.rule.name)' matched nothing in \(scenes) it ran on (no \(trigger.description)), "
                + "so it can never fire there"
        }
    }
}
