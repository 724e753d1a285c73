/// The built-in scene, shipped in the binary so the tool works with no files around it;
/// Scenes/princess/default.yaml holds the same text (a test keeps the two identical).
public enum DefaultScene {
    /// The scene file's text, exactly as in Scenes/princess/default.yaml.
    public static let yaml = #"""
# The built-in scene of aria-render: ten seconds that show every princess, every action,
# every effect, a tap-spawn, a drag, a pinch, each face expression and a clap.
# The binary carries the same text (Sources/Games/Princess/Simulation/DefaultScene.swift).
version: 1
canvas:
  width: 1280
  height: 720
  frame_rate: 30
simulation_rate: 60
seed: 2024
duration: 10
background: bedroom
settings:
  sound: true
  volume: 0.8
  face_tracking: true
  sensitivity: medium
  reduce_motion: false
  high_contrast: false
selected: willow
characters:
  - id: sparkle
    kind: sparkle
    position: [230, 560]
  - id: luna
    kind: luna
    position: [470, 490]
  - id: rosie
    kind: rosie
    position: [780, 610]
  - id: crystal
    kind: crystal
    position: [1010, 510]
timeline:
  # Sparkle says hello.
  - time: 0.3
    action: {kind: wave, target: sparkle}
  # A tap on empty floor brings Willow (the selected princess).
  - time: 0.9
    tap: {at: [600, 690], id: willow}
  - time: 1.6
    action: {kind: dance, target: luna}
  - time: 1.9
    effect: {kind: sparkles, target: willow}
  # Crystal is dragged to the front right, then Rosie is pinched bigger.
  - time: 2.2
    drag: {target: crystal, to: [1120, 640], duration: 0.8}
  - time: 2.7
    action: {kind: twirl, target: rosie}
  - time: 3.3
    pinch: {target: rosie, scale: 1.35, duration: 0.6}
  - time: 3.6
    effect: {kind: snow, duration: 4}
  - time: 4.1
    action: {kind: sparkle, target: crystal}
  # The child smiles, raises her eyebrows, opens her mouth.
  - time: 4.8
    expression: {kind: smile, strength: 0.9, duration: 0.8}
  - time: 5.4
    effect: {kind: bubbles, at: [330, 430], duration: 3}
  - time: 6.0
    expression: {kind: eyebrows_raised, strength: 0.8, duration: 0.7}
  - time: 7.2
    expression: {kind: mouth_open, strength: 0.85, duration: 0.6}
  # A clap: everyone jumps.
  - time: 8.4
    clap: {}
  - time: 9.3
    action: {kind: sparkle, target: all}
"""#
}
