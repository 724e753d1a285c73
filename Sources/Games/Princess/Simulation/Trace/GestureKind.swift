/// The gestures a finger makes on the scene, by the names the trace writes.
public enum GestureKind: String, CaseIterable, Sendable {
    case tap, drag, pinch
    case longPress = "long_press"
    case doubleTap = "double_tap"
    case twoFingerTap = "two_finger_tap"
}
