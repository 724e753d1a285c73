/// The pose a character shows while her pose catches up after an action was restarted
/// (a new action started while another ran): it starts at the pose she was showing and
/// moves toward the new action's pose at no more than `MotionPose.speeds` a second; it is
/// removed once it has caught up. See docs/scene-format.md, "Restarted actions".
struct CarriedPose: Sendable, Equatable {
    /// The motion part of her pose now.
    var motion: MotionPose
}
