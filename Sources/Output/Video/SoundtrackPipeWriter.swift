import Audio
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes a scene's soundtrack into ffmpeg's second input as raw PCM on a thread of its own,
/// as fast as ffmpeg takes it: nothing of the sound is written to disk or held in memory
/// beyond a block, however long the render.
final class SoundtrackPipeWriter {
    private let thread: Thread
    private let done = DispatchSemaphore(value: 0)
    private var joined = false

    /// Starts writing `stream` into `descriptor`, which it closes at the end.
    init(stream: SoundtrackStream, descriptor: Int32) {
        let done = self.done
        thread = Thread {
            var stream = stream  // the thread's own copy: nothing else touches it
            writing: while let bytes = stream.nextBytes() {
                var written = 0
                while written < bytes.count {
                    let n = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + written, bytes.count - written) }
                    if n < 0 {
                        if errno == EINTR { continue }
                        break writing  // ffmpeg has gone: its own exit says why
                    }
                    written += n
                }
            }
            close(descriptor)
            done.signal()
        }
        thread.start()
    }

    /// Waits until the whole soundtrack is written (or ffmpeg has gone).
    func join() {
        guard !joined else { return }
        joined = true
        done.wait()
    }
}
