import CCrypto

/// The SHA-256 of what decides a render's frames: a shard manifest's `scene_hash`, which
/// must come out the same on every machine of a farm. Computed by the system's libcrypto.
public struct SceneHash {
    // What is hashed is a scene file and a few fields: kept whole, so that a copy of the value
    // is a copy of the hash and the digest can be read at any point.
    private var bytes: [UInt8] = []

    /// An empty hash.
    public init() {}

    /// Adds `bytes` as they are.
    public mutating func update(_ bytes: [UInt8]) {
        self.bytes += bytes
    }

    /// Adds the UTF-8 of `text`, then a zero byte, so consecutive fields cannot run together.
    public mutating func update(field text: String) {
        update(Array(text.utf8) + [0])
    }

    /// The digest of everything added so far, as 64 lowercase hex digits (more may be added after).
    public func hex() -> String {
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        _ = bytes.withUnsafeBytes { buffer in
            EVP_Digest(buffer.baseAddress, buffer.count, &digest, &length, EVP_sha256(), nil)
        }
        let hexDigits = Array("0123456789abcdef")
        return String(digest.prefix(Int(length)).flatMap { byte in [hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 15)]] })
    }
}
