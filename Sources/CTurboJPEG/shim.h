// Imports libjpeg-turbo's TurboJPEG API (Debian's libturbojpeg0-dev): plain C, errors returned
// rather than long-jumped, so Swift calls it directly.
#include <stddef.h>
#include <turbojpeg.h>
