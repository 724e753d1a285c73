/// Pixels compared byte for byte, for tests that expect none to differ.
public enum ExactPixels {
    /// How many 4-byte pixels of `a` and `b` (of one size) differ, in plain loops: debug builds
    /// run it over whole frames and every part of every princess.
    public static func differing(_ a: [UInt8], _ b: [UInt8]) -> Int {
        a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                var count = 0, at = 0
                while at + 3 < a.count, at + 3 < b.count {
                    if a[at] != b[at] || a[at + 1] != b[at + 1] || a[at + 2] != b[at + 2] || a[at + 3] != b[at + 3] { count += 1 }
                    at += 4
                }
                return count
            }
        }
    }
}
