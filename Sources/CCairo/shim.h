#include <cairo/cairo.h>
#include <pixman.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include <cairo-svg.h>
