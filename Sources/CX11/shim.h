// XCB rather than Xlib: Xlib ends the process when the X server goes away, XCB reports a
// broken connection, which a kiosk must survive and reconnect from.
#include <xcb/xcb.h>
#include <cairo/cairo-xcb.h>
// Frames shown through memory shared with the server (MIT-SHM).
#include <xcb/shm.h>
#include <sys/ipc.h>
#include <sys/shm.h>
// Whether the server offers MIT-SHM: `xcb_shm_id` is of a type Swift cannot see.
static inline int aria_xcb_has_shm(xcb_connection_t *connection) {
    const xcb_query_extension_reply_t *reply = xcb_get_extension_data(connection, &xcb_shm_id);
    return reply != 0 && reply->present;
}
