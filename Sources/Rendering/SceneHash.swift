import Crypto

/// The SHA-256 of what decides a render's frames: a shard manifest's `scene_hash`, which
/// must come out the same on every machine of a farm.
public struct SceneHash {
    private var digest = SHA256()

    /// An empty hash.
    public init() {}

    /// Adds `bytes` as they are.
    public mutating func update(_ bytes: [UInt8]) {
        digest.update(data: bytes)
    }

    /// Adds the UTF-8 of `text`, then a zero byte, so consecutive fields cannot run together.
    public mutating func update(field text: String) {
        update(Array(text.utf8) + [0])
    }

    /// The digest of everything added so far, as 64 lowercase hex digits (more may be added after).
    public func hex() -> String {
        let hexDigits = Array("0123456789abcdef")
        return String(digest.finalize().flatMap { byte in [hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 15)]] })
    }
}
