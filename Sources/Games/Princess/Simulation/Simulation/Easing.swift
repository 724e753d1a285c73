/// Easing curves shared by motions and poses.
enum Easing {
    /// Smoothstep: starts and ends gently, 0…1 → 0…1.
    static func smooth(_ t: Float) -> Float {
        let x = min(max(t, 0), 1)
        return x * x * (3 - 2 * x)
    }

    /// Eases in over the first and out over the last `edge` of an action, 0…1.
    static func envelope(_ progress: Float, edge: Float = 0.15) -> Float {
        smooth(min(progress / edge, (1 - progress) / edge, 1))
    }
}
