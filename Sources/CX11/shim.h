// XCB rather than Xlib: Xlib ends the process when the X server goes away, XCB reports a
// broken connection, which a kiosk must survive and reconnect from.
#include <xcb/xcb.h>
#include <cairo/cairo-xcb.h>
