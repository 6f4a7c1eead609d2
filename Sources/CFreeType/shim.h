// Imports FreeType, the font rasterizer (Debian's libfreetype-dev): its C interface.
#include <ft2build.h>
#include FT_FREETYPE_H
