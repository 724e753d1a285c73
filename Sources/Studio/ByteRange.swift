/// The part of a body an HTTP `Range` header asks for (`bytes=A-B`, `bytes=A-`, `bytes=-N`), as a
/// browser's audio element sends it to seek: one range, inside the body.
struct ByteRange: Equatable {
    /// The first and last byte asked for.
    let bytes: ClosedRange<Int>

    /// What a `Range` header asks of a body `length` bytes long: nil when it asks for the whole
    /// (no header, another unit, several ranges: answered whole, as HTTP allows), `.unsatisfiable`
    /// when it lies outside the body.
    static func requested(_ header: String?, length: Int) -> Request? {
        guard let header, header.hasPrefix("bytes="), !header.contains(",") else { return nil }
        let spec = header.dropFirst("bytes=".count).trimmingCharacters(in: .whitespaces)
        let parts = spec.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 2 else { return nil }
        let first = Int(parts[0]), last = Int(parts[1])
        switch (parts[0].isEmpty, parts[1].isEmpty) {
        case (true, false):
            // The last N bytes.
            guard let suffix = last, suffix >= 0 else { return nil }
            guard suffix > 0, length > 0 else { return .unsatisfiable }
            return .part(ByteRange(bytes: max(0, length - suffix)...(length - 1)))
        case (false, _):
            guard let first, first >= 0 else { return nil }
            guard first < length else { return .unsatisfiable }
            if parts[1].isEmpty { return .part(ByteRange(bytes: first...(length - 1))) }
            guard let last, last >= first else { return nil }
            return .part(ByteRange(bytes: first...min(last, length - 1)))
        default:
            return nil
        }
    }

    /// A `Range` header's answer other than the whole body.
    enum Request: Equatable {
        /// These bytes (206 Partial Content).
        case part(ByteRange)
        /// Nothing of the body (416 Range Not Satisfiable).
        case unsatisfiable
    }
}
