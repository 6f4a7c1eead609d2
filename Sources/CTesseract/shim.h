// Tesseract's C API, opened at run time: the declarations come from <tesseract/capi.h>, and
// libtesseract.so.5 (with libgomp, libarchive, libcurl and the rest it needs, about 10 ms of
// loading) is opened by `scry_tesseract_open` only when a command first needs tesseract.
// C++ interop stays off, so capi.h takes its plain-C branch.
#include <tesseract/capi.h>
#include <dlfcn.h>
#include <stdbool.h>
#include <stddef.h>

// Every function of the API that Scry calls.
#define SCRY_TESSERACT_FUNCTIONS(X) \
    X(TessBaseAPIAnalyseLayout) X(TessBaseAPIClear) X(TessBaseAPICreate) X(TessBaseAPIDelete) \
    X(TessBaseAPIDetectOrientationScript) X(TessBaseAPIEnd) X(TessBaseAPIGetIterator) \
    X(TessBaseAPIInit3) X(TessBaseAPIRecognize) X(TessBaseAPISetImage) X(TessBaseAPISetImage2) \
    X(TessBaseAPISetPageSegMode) X(TessBaseAPISetSourceResolution) X(TessBaseAPISetVariable) \
    X(TessChoiceIteratorConfidence) X(TessChoiceIteratorDelete) X(TessChoiceIteratorGetUTF8Text) \
    X(TessChoiceIteratorNext) X(TessDeleteText) X(TessPageIteratorBegin) \
    X(TessPageIteratorBlockType) X(TessPageIteratorBoundingBox) X(TessPageIteratorDelete) \
    X(TessPageIteratorIsAtFinalElement) X(TessPageIteratorNext) X(TessResultIteratorConfidence) \
    X(TessResultIteratorDelete) X(TessResultIteratorGetChoiceIterator) \
    X(TessResultIteratorGetPageIterator) X(TessResultIteratorGetUTF8Text)

/// The API's functions, found in the opened library; every one is set once opened.
typedef struct {
#define SCRY_TESSERACT_FIELD(name) __typeof__(name) *_Nonnull name;
    SCRY_TESSERACT_FUNCTIONS(SCRY_TESSERACT_FIELD)
#undef SCRY_TESSERACT_FIELD
} ScryTesseractFunctions;

/// Opens libtesseract and fills `functions`. Returns NULL on success, else the loader's
/// message (the library or one of its functions missing).
static inline const char *_Nullable scry_tesseract_open(ScryTesseractFunctions *_Nonnull functions) {
    void *library = dlopen("libtesseract.so.5", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) return dlerror();
#define SCRY_TESSERACT_FIND(name) \
    functions->name = (__typeof__(name) *)dlsym(library, #name); \
    if (functions->name == NULL) return "libtesseract.so.5 lacks " #name;
    SCRY_TESSERACT_FUNCTIONS(SCRY_TESSERACT_FIND)
#undef SCRY_TESSERACT_FIND
    return NULL;
}
