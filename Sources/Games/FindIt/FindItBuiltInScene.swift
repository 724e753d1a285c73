/// FindIt's built-in scene (the same text as Scenes/findit/treasure.yaml), which `--game
/// findit` and a kiosk play: three treasures whose photos are colour swatches (the built-in
/// scene has no folder of photos), a mission read aloud, cold, warm, hot and the find.
enum FindItBuiltInScene {
    static let yaml = """
    version: 1
    game: findit
    canvas: {width: 720, height: 1280, frame_rate: 30}
    seed: 27
    duration: 16
    items:
      keys:
        name: 아빠의 차 키
        hint: 현관 신발장 위에 있어
        difficulty: 2
        photos: [{swatch: "#3a6fd8"}, {swatch: "#3f75dc"}, {swatch: "#3568cc"}, {swatch: "#4a7ee0"}, {swatch: "#2f62c4"}]
      bear:
        name: 곰 인형
        hint: 침대 위에서 자고 있어
        difficulty: 1
        photos: [{swatch: "#b07a4a"}, {swatch: "#b8825a"}, {swatch: "#a87044"}, {swatch: "#c08a5e"}, {swatch: "#a06a40"}]
      cup:
        name: 노란 컵
        hint: 부엌 선반에 있어
        difficulty: 3
        photos: [{swatch: "#f4c430"}, {swatch: "#f7cc40"}, {swatch: "#eebc28"}, {swatch: "#f9d250"}, {swatch: "#e8b420"}]
    flow:
      - {time: 1.5, tap: start, item: keys}
      - {time: 4.5, tap: play}
    cv:
      script:
        - object: keys.fp
          position: [0.5, 0.5]
          confidence: [[4.5, 0.1], [6.5, 0.5], [8.5, 0.75], [9.5, 0.95], [12.5, 0.95]]
        - object: keys.ml
          position: [0.5, 0.5]
          confidence: [[4.5, 0.05], [6.5, 0.45], [8.5, 0.7], [9.5, 0.9], [12.5, 0.9]]
    """
}
