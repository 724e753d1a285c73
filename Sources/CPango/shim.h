#include <pango/pangocairo.h>
#include <hb.h>
#include <fontconfig/fontconfig.h>
