/// The game's words, in Korean, for a child who cannot read yet (read aloud) and a parent.
enum FindItText {
    /// The darkness warning of the document (§9).
    static let tooDark = "밝은 곳에서 찍어주세요"
    /// Save refused below the minimum of photos.
    static func tooFewPhotos(minimum: Int) -> String { "사진을 \(minimum)장 이상 찍어주세요" }
    /// The success.
    static let found = "찾았다!"
    /// The time attack ran out.
    static let timeUp = "시간 끝!"
    /// Home's start button.
    static let start = "게임 시작"
    /// The mission card's button.
    static let go = "찾으러 가기"
    /// The retraining.
    static let training = "똑똑해지는 중…"
    /// The mission, read aloud: "아빠의 차 키를 찾아보세요!" with the object particle the name takes.
    static func mission(_ name: String) -> String { "\(name)\(objectParticle(after: name)) 찾아보세요!" }

    /// 을 after a syllable with a final consonant, 를 after one without (or after anything not Hangul).
    static func objectParticle(after word: String) -> String {
        guard let last = word.unicodeScalars.last, (0xAC00...0xD7A3).contains(last.value) else { return "를" }
        return (last.value - 0xAC00) % 28 == 0 ? "를" : "을"
    }
}
