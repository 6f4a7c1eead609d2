// Scry's image registration on OpenCV 4.6 (Debian's libopencv-features2d-dev, -calib3d-dev and
// -video-dev): the homography that brings one gray image onto another, and a follower that
// gives it frame to frame. A plain C interface, so that Swift imports it and no C++ type
// crosses it; the implementation (motion.cpp) catches every OpenCV exception.
#ifndef SCRY_MOTION_H
#define SCRY_MOTION_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// A gray image: `stride` bytes a row, origin top-left.
typedef struct {
    const uint8_t *pixels;
    int width;
    int height;
    int stride;
} scry_gray;

/// How one image lies on another.
typedef struct {
    /// Nonzero when the images were aligned; 0 when they do not share enough of a scene (too
    /// few points agree on one homography), and then `homography` is the identity.
    int aligned;
    /// Row-major 3x3, mapping a pixel (x, y) of the moving image (origin top-left, y down) to
    /// the reference image's pixel space: (x', y', w') = H (x, y, 1), then x'/w', y'/w'.
    double homography[9];
    /// Points followed from one image to the other, and how many of them agree with
    /// `homography` within 1.5 pixels.
    int matched;
    int inliers;
    /// The median distance, in reference pixels, between where the agreeing points were found
    /// and where `homography` puts them.
    double median_error;
} scry_alignment;

/// Aligns `moving` onto `reference`: ORB features matched on reduced copies and a RANSAC
/// homography, then refined on the full images by pyramidal Lucas-Kanade flow of corners of the
/// warped image and a second RANSAC fit. Returns 0, or -1 when OpenCV failed (then `error`,
/// `error_capacity` bytes, holds its message).
int scry_align_images(const scry_gray *reference, const scry_gray *moving, scry_alignment *result, char *error,
                      size_t error_capacity);

/// Follows a camera's motion frame to frame: the homography from each frame to the one before.
typedef struct scry_motion_follower scry_motion_follower;

scry_motion_follower *scry_motion_follower_create(void);
void scry_motion_follower_destroy(scry_motion_follower *follower);

/// Takes the next frame. Returns 1 and fills `result` (mapping a pixel of this frame to the
/// previous frame's pixel space) when there was a previous frame of the same size, 0 for a
/// first frame (or one of a new size), -1 when OpenCV failed (then `error` holds its message).
int scry_motion_follower_next(scry_motion_follower *follower, const scry_gray *frame, scry_alignment *result,
                              char *error, size_t error_capacity);

/// A box in an image's continuous pixel coordinates: its top-left corner (origin the image's
/// top-left corner, y down), its width and height.
typedef struct {
    double x;
    double y;
    double width;
    double height;
} scry_box;

/// Follows one object through frames (Vision's VNTrackObjectRequest): points of it followed by
/// Lucas-Kanade flow, its look checked against what it looked like, and, once it is lost, looked
/// for in each frame by its ORB features until it is found again.
typedef struct scry_object_tracker scry_object_tracker;

/// Starts following what `box` holds in `frame`; `accurate` nonzero follows more points and
/// looks for a lost object in every frame (else every third). NULL when the box holds too little
/// of the frame to follow (under 8 pixels a side once within it) or OpenCV failed (then `error`
/// holds its message).
scry_object_tracker *scry_object_tracker_create(const scry_gray *frame, scry_box box, int accurate, char *error,
                                                size_t error_capacity);
void scry_object_tracker_destroy(scry_object_tracker *tracker);

/// Takes the next frame. Returns 1 when the object is in view (`box` is where, `confidence`
/// how sure, 0...1), 0 when it is not (lost: hidden, gone from view, or not found again), -1
/// when OpenCV failed (then `error` holds its message). `*found` is set nonzero on the frame a
/// lost object is found again.
int scry_object_tracker_next(scry_object_tracker *tracker, const scry_gray *frame, scry_box *box, double *confidence,
                             int *found, char *error, size_t error_capacity);

/// Follows `count` quadrilaterals from `previous` to `current` (frames of one size; Vision's
/// VNTrackRectangleRequest): for each, the previous frame's corners inside it (Shi-Tomasi, on
/// copies of both frames reduced to 400 pixels) are followed by Lucas-Kanade flow, and the
/// homography they agree on (RANSAC) moves its four corners. `xs` and `ys` hold 4 * `count`
/// corners (continuous pixel coordinates, each quadrilateral's four in a row) and are replaced
/// by where they moved; `ok[i]` is set to 0 where too few points agreed (then its corners are
/// left as they were). Returns 0, or -1 when OpenCV failed (then `error` holds its message).
int scry_follow_quads(const scry_gray *previous, const scry_gray *current, double *xs, double *ys, int count, int *ok,
                      char *error, size_t error_capacity);

/// Stops OpenCV from starting threads of its own: each lane has one.
void scry_motion_single_threaded(void);

#ifdef __cplusplus
}
#endif

#endif
