// Imports Leptonica, the image library tesseract already depends on; Scry uses it to read
// PNG/JPEG/PNM/WebP/TIFF/GIF files and to write PNG.
#include <leptonica/allheaders.h>
