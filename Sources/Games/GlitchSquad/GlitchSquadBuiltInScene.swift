/// Glitch Squad's built-in scene: mission 01, the same text as Scenes/glitch-squad/mission-01.yaml.
enum GlitchSquadBuiltInScene {
    static let yaml = """
    # Glitch Squad, mission 01 (the PRD's "The Power Source"): the hook, the base, the briefing,
    # the hunt with a wrong fruit first (a banana: a white box, no capture), the apple acquired,
    # a dip in confidence that resets the hold, the 1.5 s steady hold, TARGET LOCKED, the reward.
    version: 1
    game: glitch-squad
    canvas: {width: 720, height: 1280, frame_rate: 30}
    seed: 11
    duration: 28
    mission: 1
    settings: {sound: true, haptics: true, reduce_motion: false, high_contrast: false}
    button: accept
    hunt_seconds: 59
    camera_pan: [[0, 0.1], [4, 0.35], [9, 0.6], [14, 0.7]]
    timeline:
      - {time: 6.0, press: mission_card}
      - {time: 9.0, press: accept}
      - {time: 24.0, press: return_to_base}
    cv:
      confidence_step: 0.015
      script:
        - object: banana
          position: [0.32, 0.52]
          size: [0.3, 0.14]
          confidence: [[11.0, 0.6], [11.3, 0.92], [13.5, 0.92], [13.7, 0.3]]
        - object: apple
          position: [0.56, 0.46]
          size: [0.24, 0.14]
          confidence: [[14.5, 0.61], [15.0, 0.93], [15.8, 0.93], [16.1, 0.7], [16.4, 0.92], [22.0, 0.92]]
    """
}
