// Imports libharu, the PDF writer (Debian's libhpdf-dev): its C interface.
#include <hpdf.h>
