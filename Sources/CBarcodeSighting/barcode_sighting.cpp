// Where a gray image holds linear barcodes, on OpenCV's barcode detector; see
// scry_barcode_sighting.h.
#include <opencv2/barcode.hpp>
#include <opencv2/core.hpp>

#include <algorithm>
#include <cstring>
#include <exception>
#include <vector>

#include "scry_barcode_sighting.h"

namespace {

void copy_message(const char *message, char *error, size_t capacity) {
    if (error == nullptr || capacity == 0) return;
    std::strncpy(error, message, capacity - 1);
    error[capacity - 1] = '\0';
}

}  // namespace

extern "C" int scry_find_bar_regions(const uint8_t *pixels, int width, int height, int stride,
                                     scry_bar_region *regions, int capacity, char *error, size_t error_capacity) {
    try {
        // The image is only read: the Mat wraps the caller's bytes without copying them.
        const cv::Mat image(height, width, CV_8UC1, const_cast<uint8_t *>(pixels), static_cast<size_t>(stride));
        // Without a super-resolution model, detect() needs none: it finds regions only.
        const cv::barcode::BarcodeDetector detector;
        std::vector<cv::Point2f> corners;
        if (!detector.detect(image, corners)) return 0;
        const int found = static_cast<int>(corners.size() / 4);
        for (int index = 0; index < std::min(found, capacity); index++) {
            for (int corner = 0; corner < 4; corner++) {
                regions[index].x[corner] = corners[index * 4 + corner].x;
                regions[index].y[corner] = corners[index * 4 + corner].y;
            }
        }
        return found;
    } catch (const std::exception &exception) {
        copy_message(exception.what(), error, error_capacity);
        return -1;
    } catch (...) {
        copy_message("unknown OpenCV failure", error, error_capacity);
        return -1;
    }
}

extern "C" void scry_barcode_sighting_single_threaded(void) { cv::setNumThreads(0); }
