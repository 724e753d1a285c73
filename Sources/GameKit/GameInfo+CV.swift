import CVBus

extension GameInfo {
    /// The camera events the game receives, from `requiredCVEvents`; none when a name is no
    /// kind of event (a game's defect, which its tests catch with `CVSubscription(names:)`).
    public var cvSubscription: CVSubscription {
        (try? CVSubscription(names: requiredCVEvents)) ?? .none
    }
}
