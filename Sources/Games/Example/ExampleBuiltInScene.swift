/// The example game's built-in scene (the same text as Scenes/example/shapes.yaml): an apple
/// fades into view, a ball is carried across, a block is put down and taken away, and at the
/// end the camera is switched off, so every event and the error screen are seen.
enum ExampleBuiltInScene {
    static let yaml = """
    version: 1
    game: example
    canvas: {width: 960, height: 540, frame_rate: 30}
    seed: 7
    duration: 8
    background: "#1b2040"
    shapes:
      apple: {shape: circle, color: "#ff3355"}
      ball: {shape: circle, color: "#33aaff"}
      block: {shape: square, color: "#ffcc33"}
      cone: {shape: triangle, color: "#66dd77"}
    cv:
      script:
        - object: apple
          position: [0.25, 0.45]
          size: [0.16, 0.2]
          confidence: [[0.3, 0.1], [1.0, 0.9], [5.0, 0.9], [5.4, 0.1]]
        - object: ball
          confidence: 0.85
          size: [0.12, 0.2]
          path: [[1.5, 0.15, 0.8], [3.5, 0.85, 0.75], [5.5, 0.6, 0.3]]
        - object: block
          position: [0.7, 0.4]
          size: [0.14, 0.24]
          confidence: [[2.0, 0.95], [4.0, 0.95]]
        - object: cone
          position: [0.45, 0.7]
          confidence: [[3.0, 0.9], [5.8, 0.9]]
        - camera: permission_denied
          time: 6.5
    """
}
