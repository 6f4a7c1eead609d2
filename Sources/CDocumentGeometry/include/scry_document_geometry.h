// Scry's document geometry on OpenCV 4.6's imgproc (Debian's libopencv-imgproc-dev): finding
// the quadrilaterals of pages, cards and screens in a gray image, and flattening one to a
// rectangle. A plain C interface, so that Swift imports it and no C++ type crosses it; the
// implementation (document_geometry.cpp) catches every OpenCV exception.
#ifndef SCRY_DOCUMENT_GEOMETRY_H
#define SCRY_DOCUMENT_GEOMETRY_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// A quadrilateral in the image's pixel space (origin top-left, y down): corners top-left
/// first, then clockwise; `confidence` is the share of its outline that lies on image edges
/// (0...1).
typedef struct {
    double x[4];
    double y[4];
    double confidence;
    /// The sides of the picture that cut the quadrilateral (its corners beyond them
    /// extrapolated from its visible sides), as bits: 1 top, 2 right, 4 bottom, 8 left; 0 for
    /// one wholly in view.
    int cut;
} scry_quad;

/// What counts as a rectangle (Vision's VNDetectRectanglesRequest options).
typedef struct {
    /// Least and most short side over long side (0...1).
    double minimum_aspect_ratio;
    double maximum_aspect_ratio;
    /// Degrees a corner's angle may differ from 90.
    double quadrature_tolerance;
    /// Least short side, as a fraction of the image's smaller side.
    double minimum_size;
    /// Least confidence.
    double minimum_confidence;
    /// Whether quadrilaterals the picture's border cuts by a little are found too (nonzero).
    int includes_cut;
} scry_quad_options;

/// Finds quadrilaterals in the gray image (`stride` bytes a row), best first, at most
/// `capacity` of them written to `quads`. Returns how many, or -1 when OpenCV failed (then
/// `error`, `error_capacity` bytes, holds its message).
int scry_find_quads(const uint8_t *pixels, int width, int height, int stride, const scry_quad_options *options,
                    scry_quad *quads, int capacity, char *error, size_t error_capacity);

/// Maps the quadrilateral with corners `x`, `y` (top-left first, clockwise) of the gray image
/// onto an `output_width` x `output_height` rectangle (bicubic, a perspective transform),
/// written to `output` (`output_width` bytes a row). With `follow_edges`, a side whose edge
/// bows (a page curling) is followed: the lighter-inside step across each side is found at 31
/// places (within 6% of its length), and the bows, blended across the page as a Coons patch
/// blends its sides, bend the mapping so that the page's own edges become the output's.
/// Returns 0, or -1 with `error` set.
int scry_flatten_quad(const uint8_t *pixels, int width, int height, int stride, const double x[4], const double y[4],
                      int follow_edges, uint8_t *output, int output_width, int output_height, char *error,
                      size_t error_capacity);

/// Stops OpenCV from starting threads of its own: each lane has one.
void scry_document_geometry_single_threaded(void);

#ifdef __cplusplus
}
#endif

#endif
