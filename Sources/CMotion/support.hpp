// What motion.cpp and object_tracker.cpp share: OpenCV views of scry's images and error text.
#ifndef SCRY_MOTION_SUPPORT_HPP
#define SCRY_MOTION_SUPPORT_HPP

#include "scry_motion.h"

#include <cstdio>
#include <exception>
#include <opencv2/core.hpp>

namespace scry_motion {

/// Writes `message` into the caller's error buffer.
inline void fail(const char *message, char *error, size_t capacity) {
    if (error && capacity > 0) std::snprintf(error, capacity, "%s", message);
}

/// `body()`, or `failed` with OpenCV's message in the error buffer when it throws: no C++
/// exception crosses the C interface.
template <typename Result, typename Body> Result guarded(char *error, size_t capacity, Result failed, Body body) {
    try {
        return body();
    } catch (const std::exception &exception) {
        fail(exception.what(), error, capacity);
    } catch (...) {
        fail("unknown OpenCV failure", error, capacity);
    }
    return failed;
}

/// An OpenCV view of a gray image (no copy).
inline cv::Mat wrap(const scry_gray *image) {
    return cv::Mat(image->height, image->width, CV_8UC1, const_cast<uint8_t *>(image->pixels),
                   static_cast<size_t>(image->stride));
}

} // namespace scry_motion

#endif
