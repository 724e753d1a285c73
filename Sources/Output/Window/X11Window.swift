#if canImport(Glibc)
import Glibc
#endif
import CCairo
import CX11

/// Why a window could not be shown.
public struct WindowError: Error, CustomStringConvertible {
    /// One line: what failed and on which display.
    public let description: String
}

/// Something that happened to the window since the last poll.
public enum WindowEvent: Equatable, Sendable {
    /// The window manager or the user asked it to close.
    case closeRequested
    /// The window's size changed.
    case resized(width: Int, height: Int)
    /// The connection to the X server is gone; make a new window to go on.
    case disconnected
    /// A finger (or the mouse's first button) went down, moved while down, or lifted, at
    /// window pixels `x`, `y`. A touchscreen's first finger arrives as these, as X emulates it.
    case pointer(PointerPhase, x: Int, y: Int)
}

/// Where a pointer is in its press.
public enum PointerPhase: Sendable, Equatable {
    /// Pressed.
    case down
    /// Moved while pressed.
    case moved
    /// Lifted.
    case up
}

/// A window on an X server showing frames drawn elsewhere: full-screen with the pointer
/// hidden (the kiosk), or a plain window of a given size. Talks XCB so that a lost X
/// server is an event, not the end of the process.
public final class X11Window {
    private let connection: OpaquePointer
    private let window: xcb_window_t
    private var surface: OpaquePointer?
    private var deleteAtom: xcb_atom_t = 0
    private let visual: UnsafeMutablePointer<xcb_visualtype_t>
    private let depth: UInt8
    /// Frames of the window's size go through shared memory where the server allows it.
    private var upload: SharedMemoryUpload?
    private var sharedMemoryRefused = false
    /// Whether frames of the window's size go through shared memory.
    var showedThroughSharedMemory: Bool { upload != nil }
    /// Current width in pixels.
    public private(set) var width: Int
    /// Current height in pixels.
    public private(set) var height: Int
    /// The display it is on, as given (or `$DISPLAY`).
    public let displayName: String

    /// Opens a window on `display` (nil: `$DISPLAY`): full-screen when `size` is nil.
    public init(display: String?, size: (width: Int, height: Int)?, title: String) throws {
        let name = display ?? getenv("DISPLAY").map { String(cString: $0) } ?? ""
        displayName = name
        guard !name.isEmpty else { throw WindowError(description: "no X display: DISPLAY is not set") }
        var screenNumber: Int32 = 0
        guard let connection = xcb_connect(name, &screenNumber), xcb_connection_has_error(connection) == 0 else {
            throw WindowError(description: "cannot connect to the X server on display \(name)")
        }
        self.connection = connection
        var screens = xcb_setup_roots_iterator(xcb_get_setup(connection))
        for _ in 0..<screenNumber { xcb_screen_next(&screens) }
        guard let screen = screens.data, let visual = X11Window.visualType(of: screen) else {
            xcb_disconnect(connection)
            throw WindowError(description: "display \(name) has no usable screen")
        }
        self.visual = visual
        depth = screen.pointee.root_depth
        let fullScreen = size == nil
        width = size?.width ?? Int(screen.pointee.width_in_pixels)
        height = size?.height ?? Int(screen.pointee.height_in_pixels)
        window = xcb_generate_id(connection)

        // An invisible cursor: a 1×1 pixmap as both shape and mask, all zero.
        let pixmap = xcb_generate_id(connection)
        xcb_create_pixmap(connection, 1, pixmap, screen.pointee.root, 1, 1)
        let cursor = xcb_generate_id(connection)
        xcb_create_cursor(connection, cursor, pixmap, pixmap, 0, 0, 0, 0, 0, 0, 0, 0)

        let mask = XCB_CW_BACK_PIXEL.rawValue | XCB_CW_OVERRIDE_REDIRECT.rawValue | XCB_CW_EVENT_MASK.rawValue | XCB_CW_CURSOR.rawValue
        let events = XCB_EVENT_MASK_EXPOSURE.rawValue | XCB_EVENT_MASK_STRUCTURE_NOTIFY.rawValue
            | XCB_EVENT_MASK_BUTTON_PRESS.rawValue | XCB_EVENT_MASK_BUTTON_RELEASE.rawValue | XCB_EVENT_MASK_BUTTON_1_MOTION.rawValue
        // Values in the order of the mask bits: back pixel, override redirect, event mask, cursor.
        var values: [UInt32] = [screen.pointee.black_pixel, fullScreen ? 1 : 0, events, fullScreen ? cursor : 0]
        xcb_create_window(connection, UInt8(XCB_COPY_FROM_PARENT), window, screen.pointee.root, 0, 0,
                          UInt16(width), UInt16(height), 0, UInt16(XCB_WINDOW_CLASS_INPUT_OUTPUT.rawValue),
                          screen.pointee.root_visual, mask, &values)
        xcb_free_pixmap(connection, pixmap)
        setTitle(title)
        deleteAtom = watchForClose()
        xcb_map_window(connection, window)
        surface = cairo_xcb_surface_create(connection, window, visual, Int32(width), Int32(height))
        xcb_flush(connection)
        guard xcb_connection_has_error(connection) == 0 else {
            throw WindowError(description: "the X server on display \(name) refused the window")
        }
    }

    deinit {
        upload = nil
        if let surface {
            // Cairo keeps each connection's screens until its device is finished: left there, a
            // later window whose connection lands at the same address found the old screens and
            // failed Cairo's assertion.
            let device = cairo_device_reference(cairo_surface_get_device(surface))
            cairo_surface_destroy(surface)
            if let device {
                cairo_device_finish(device)
                cairo_device_destroy(device)
            }
        }
        xcb_disconnect(connection)
    }

    /// Whether the connection to the X server still works.
    public var isConnected: Bool { xcb_connection_has_error(connection) == 0 }

    /// Shows premultiplied BGRA pixels (Cairo's ARGB32), scaled to fill the window if the
    /// sizes differ. Returns false when the X server is gone.
    @discardableResult
    public func present(bgra base: UnsafeRawPointer, width frameWidth: Int, height frameHeight: Int, stride: Int) -> Bool {
        guard isConnected, let surface else { return false }
        if frameWidth == width && frameHeight == height, let upload = sharedUpload(width: frameWidth, height: frameHeight) {
            upload.show(bgra: base, stride: stride)
            return xcb_flush(connection) > 0 && isConnected
        }
        let image = cairo_image_surface_create_for_data(UnsafeMutablePointer(mutating: base.assumingMemoryBound(to: UInt8.self)),
                                                        CAIRO_FORMAT_ARGB32, Int32(frameWidth), Int32(frameHeight), Int32(stride))
        defer { cairo_surface_destroy(image) }
        let context = cairo_create(surface)
        defer { cairo_destroy(context) }
        if frameWidth != width || frameHeight != height {
            cairo_scale(context, Double(width) / Double(frameWidth), Double(height) / Double(frameHeight))
        }
        cairo_set_operator(context, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_surface(context, image, 0, 0)
        cairo_paint(context)
        cairo_surface_flush(surface)
        return xcb_flush(connection) > 0 && isConnected
    }

    /// Shared memory for frames of this size, made again when the size changes; nil once the
    /// server has refused it (Cairo then sends frames through the socket).
    private func sharedUpload(width frameWidth: Int, height frameHeight: Int) -> SharedMemoryUpload? {
        if let upload, upload.width == frameWidth, upload.height == frameHeight { return upload }
        upload = nil
        guard !sharedMemoryRefused else { return nil }
        upload = SharedMemoryUpload(connection: connection, window: window, depth: depth, width: frameWidth, height: frameHeight)
        sharedMemoryRefused = upload == nil
        return upload
    }

    /// The events waiting, without blocking.
    public func pollEvents() -> [WindowEvent] {
        guard isConnected else { return [.disconnected] }
        var result: [WindowEvent] = []
        while let event = xcb_poll_for_event(connection) {
            defer { free(event) }
            switch Int32(event.pointee.response_type & 0x7F) {
            case XCB_CONFIGURE_NOTIFY:
                let configure = UnsafeRawPointer(event).assumingMemoryBound(to: xcb_configure_notify_event_t.self).pointee
                let newWidth = Int(configure.width), newHeight = Int(configure.height)
                if newWidth != width || newHeight != height {
                    width = newWidth
                    height = newHeight
                    if let surface { cairo_xcb_surface_set_size(surface, Int32(width), Int32(height)) }
                    result.append(.resized(width: width, height: height))
                }
            case XCB_BUTTON_PRESS, XCB_BUTTON_RELEASE:
                // Only the first button: the others are a mouse's (and the wheel's 4 and 5).
                let press = UnsafeRawPointer(event).assumingMemoryBound(to: xcb_button_press_event_t.self).pointee
                guard press.detail == 1 else { break }
                let phase: PointerPhase = Int32(event.pointee.response_type & 0x7F) == XCB_BUTTON_PRESS ? .down : .up
                result.append(.pointer(phase, x: Int(press.event_x), y: Int(press.event_y)))
            case XCB_MOTION_NOTIFY:
                let motion = UnsafeRawPointer(event).assumingMemoryBound(to: xcb_motion_notify_event_t.self).pointee
                result.append(.pointer(.moved, x: Int(motion.event_x), y: Int(motion.event_y)))
            case XCB_CLIENT_MESSAGE:
                let message = UnsafeRawPointer(event).assumingMemoryBound(to: xcb_client_message_event_t.self).pointee
                if message.data.data32.0 == deleteAtom { result.append(.closeRequested) }
            default:
                break
            }
        }
        if !isConnected { result.append(.disconnected) }
        return result
    }

    private func setTitle(_ title: String) {
        let bytes = Array(title.utf8)
        xcb_change_property(connection, UInt8(XCB_PROP_MODE_REPLACE.rawValue), window,
                            XCB_ATOM_WM_NAME.rawValue, XCB_ATOM_STRING.rawValue, 8, UInt32(bytes.count), bytes)
    }

    /// Asks the window manager to send a message instead of killing the connection on close.
    private func watchForClose() -> xcb_atom_t {
        let protocols = atom("WM_PROTOCOLS"), delete = atom("WM_DELETE_WINDOW")
        guard protocols != 0, delete != 0 else { return 0 }
        var value = delete
        xcb_change_property(connection, UInt8(XCB_PROP_MODE_REPLACE.rawValue), window, protocols,
                            XCB_ATOM_ATOM.rawValue, 32, 1, &value)
        return delete
    }

    private func atom(_ name: String) -> xcb_atom_t {
        let cookie = xcb_intern_atom(connection, 0, UInt16(name.utf8.count), name)
        guard let reply = xcb_intern_atom_reply(connection, cookie, nil) else { return 0 }
        defer { free(reply) }
        return reply.pointee.atom
    }

    private static func visualType(of screen: UnsafeMutablePointer<xcb_screen_t>) -> UnsafeMutablePointer<xcb_visualtype_t>? {
        var depths = xcb_screen_allowed_depths_iterator(screen)
        while depths.rem > 0 {
            var visuals = xcb_depth_visuals_iterator(depths.data)
            while visuals.rem > 0 {
                if visuals.data.pointee.visual_id == screen.pointee.root_visual { return visuals.data }
                xcb_visualtype_next(&visuals)
            }
            xcb_depth_next(&depths)
        }
        return nil
    }
}
