#if canImport(Glibc)
import Glibc
#endif
import CX11

/// Frames shown through memory shared with the X server (MIT-SHM): the server copies each
/// frame from it instead of reading it from the socket. A 1080p frame is 8 MB, and sent
/// through the socket the demo's loop waited while the server read it, and a clap's jump
/// with it. Nil where the server cannot share memory (another machine, no extension).
final class SharedMemoryUpload {
    private let connection: OpaquePointer
    private let window: xcb_window_t
    private let depth: UInt8
    private let segment: xcb_shm_seg_t
    private let context: xcb_gcontext_t
    private let pixels: UnsafeMutableRawPointer
    /// The frame size the shared memory holds, 4 bytes a pixel with no padding.
    let width: Int
    let height: Int
    /// Whether the server may still be reading the last frame.
    private var reading = false

    /// Shared memory for `width`×`height` frames shown in `window`, whose depth is `depth`;
    /// nil when the server does not offer the extension or cannot attach the memory.
    init?(connection: OpaquePointer, window: xcb_window_t, depth: UInt8, width: Int, height: Int) {
        // Cairo's ARGB32 is what a 24-bit TrueColor server takes as a 32-bit pixel.
        guard depth == 24, width > 0, height > 0,
              aria_xcb_has_shm(connection) != 0 else { return nil }
        let bytes = width * height * 4
        let identifier = shmget(IPC_PRIVATE, bytes, IPC_CREAT | 0o600)
        guard identifier >= 0 else { return nil }
        // Removed at once: the memory goes when both sides have let go of it, however the demo ends.
        defer { shmctl(identifier, IPC_RMID, nil) }
        guard let address = shmat(identifier, nil, 0), address != UnsafeMutableRawPointer(bitPattern: -1) else { return nil }
        let segment = xcb_generate_id(connection)
        if let error = xcb_request_check(connection, xcb_shm_attach_checked(connection, segment, UInt32(identifier), 0)) {
            free(error)
            shmdt(address)
            return nil
        }
        let context = xcb_generate_id(connection)
        xcb_create_gc(connection, context, window, 0, nil)
        self.connection = connection
        self.window = window
        self.depth = depth
        self.segment = segment
        self.context = context
        self.pixels = address
        self.width = width
        self.height = height
    }

    deinit {
        if xcb_connection_has_error(connection) == 0 {
            xcb_shm_detach(connection, segment)
            xcb_free_gc(connection, context)
            xcb_flush(connection)
        }
        shmdt(pixels)
    }

    /// Copies a frame of this size (rows `stride` bytes apart) into the shared memory and asks
    /// the server to show it; the copy waits for the server to have read the frame before.
    func show(bgra base: UnsafeRawPointer, stride: Int) {
        if reading {
            // Requests are handled in order: a reply to a later one means the last frame was read.
            free(xcb_get_input_focus_reply(connection, xcb_get_input_focus(connection), nil))
        }
        let rowBytes = width * 4
        if stride == rowBytes {
            memcpy(pixels, base, rowBytes * height)
        } else {
            for row in 0..<height { memcpy(pixels + row * rowBytes, base + row * stride, rowBytes) }
        }
        xcb_shm_put_image(connection, window, context, UInt16(width), UInt16(height), 0, 0, UInt16(width), UInt16(height),
                          0, 0, depth, UInt8(XCB_IMAGE_FORMAT_Z_PIXMAP.rawValue), 0, segment, 0)
        reading = true
    }
}
