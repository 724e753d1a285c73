import Drawing
import Foundation

/// A fresh folder under the system's temporary folder, unique per test (tests run in parallel).
public func makeTemporaryFolder(_ label: String = #function) throws -> String {
    let name = label.filter { $0.isLetter || $0.isNumber }
    let path = NSTemporaryDirectory() + "render-tests-\(name)-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

/// The bytes of a frame, copied out of the renderer's canvas (rows without padding).
public func frameBytes(_ pixels: FramePixels) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: pixels.width * pixels.height * 4)
    bytes.withUnsafeMutableBytes { out in
        for y in 0..<pixels.height {
            out.baseAddress!.advanced(by: y * pixels.width * 4)
                .copyMemory(from: pixels.base.advanced(by: y * pixels.stride), byteCount: pixels.width * 4)
        }
    }
    return bytes
}

/// A renderer's output kept as an image surface (so Cairo can write or compare it).
public func keep(_ pixels: FramePixels) -> ImageSurface {
    let surface = ImageSurface(width: pixels.width, height: pixels.height)!
    let target = surface.pixels
    UnsafeMutableRawPointer(mutating: target.base).copyMemory(from: pixels.base, byteCount: pixels.stride * pixels.height)
    surface.markDirty()
    return surface
}

/// A mono 16-bit WAV file of a `seconds`-long sine tone, for muxing tests.
public func writeToneWAV(to path: String, seconds: Double, rate: Int = 48_000) throws {
    let samples = Int(Double(rate) * seconds)
    var data = [UInt8]()
    func le32(_ v: UInt32) { data += [UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF), UInt8((v >> 16) & 0xFF), UInt8(v >> 24)] }
    func le16(_ v: UInt16) { data += [UInt8(v & 0xFF), UInt8(v >> 8)] }
    data += Array("RIFF".utf8); le32(UInt32(36 + samples * 2)); data += Array("WAVE".utf8)
    data += Array("fmt ".utf8); le32(16); le16(1); le16(1); le32(UInt32(rate)); le32(UInt32(rate * 2)); le16(2); le16(16)
    data += Array("data".utf8); le32(UInt32(samples * 2))
    for i in 0..<samples {
        le16(UInt16(bitPattern: Int16(8000 * sin(2 * Double.pi * 440 * Double(i) / Double(rate)))))
    }
    try Data(data).write(to: URL(fileURLWithPath: path))
}
