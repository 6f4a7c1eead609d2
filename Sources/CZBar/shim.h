// Imports zbar's C API. zbar.h is plain C and needs no wrappers.
#include <zbar.h>
