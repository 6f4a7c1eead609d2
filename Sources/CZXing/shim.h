// Imports zxing-cpp 3.x's C API (ZXingC.h), built by scripts/install-deps as a static library,
// which is why libstdc++ is linked as well.
#include <ZXing/ZXingC.h>
