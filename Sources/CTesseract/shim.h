// Imports tesseract's C API. C++ interop stays off, so capi.h takes its plain-C branch.
#include <tesseract/capi.h>
