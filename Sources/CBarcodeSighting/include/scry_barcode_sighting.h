// Where a gray image holds linear barcodes, read or not: OpenCV 4.6's barcode detector
// (cv::barcode::BarcodeDetector::detect, Debian's libopencv-contrib-dev), which finds regions
// of parallel bars by the consistency of their gradients' orientation. A plain C interface,
// so that Swift imports it and no C++ type crosses it; the implementation
// (barcode_sighting.cpp) catches every OpenCV exception.
#ifndef SCRY_BARCODE_SIGHTING_H
#define SCRY_BARCODE_SIGHTING_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// A region of bars in the image's pixel space (origin top-left, y down): the corners of the
/// smallest rotated rectangle around it, in OpenCV's order (bottom-left, top-left, top-right,
/// bottom-right).
typedef struct {
    double x[4];
    double y[4];
} scry_bar_region;

/// Finds the regions of bars in the gray image (`stride` bytes a row), at most `capacity` of
/// them written to `regions`. Returns how many were found (possibly more than `capacity`), or
/// -1 when OpenCV failed (then `error`, `error_capacity` bytes, holds its message).
int scry_find_bar_regions(const uint8_t *pixels, int width, int height, int stride, scry_bar_region *regions,
                          int capacity, char *error, size_t error_capacity);

/// Stops OpenCV from starting threads of its own: each lane has one.
void scry_barcode_sighting_single_threaded(void);

#ifdef __cplusplus
}
#endif

#endif
