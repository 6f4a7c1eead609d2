// Scry's document geometry on OpenCV's imgproc; see scry_document_geometry.h.
//
// Finding quadrilaterals, the classic way of document scanners:
//   1. the image is reduced to a working width of 640 (INTER_AREA) and smoothed;
//   2. two kinds of outline are collected: the contours of its Canny edges (closed by a 3x3
//      dilation), and the contours of its Otsu threshold (a light page on a darker desk),
//      closed by a morphological closing;
//   3. each contour large enough is replaced by its convex hull (a finger or a curled corner
//      does not break it) and approximated by a polygon (approxPolyDP, tolerance 2-5% of its
//      perimeter); those with four corners and convex are the candidates;
//   4. each candidate's confidence is the share of points along its four sides that have a
//      Canny edge within 2 working pixels; under 0.3 it is no rectangle at all;
//   5. candidates are checked against the options, near-duplicates (intersection over union
//      above 0.92: the same outline found twice) merged keeping the most confident, and the sides of the survivors refined
//      at full resolution: along each side the strongest intensity step across it is found
//      at 32 places, a line fitted through them (Huber), and the corners put where the lines
//      of neighbouring sides cross. A quadrilateral with a corner outside the picture, or a
//      side along its border (something the frame cuts), is dropped, unless cut ones are
//      asked for (`includes_cut`):
//   6. an outline whose hull touches the picture's border may be a page the frame cuts: its
//      hull's sides along the border are set aside, the others grouped into straight sides;
//      four sides give the quadrilateral where they cross (a cut corner extrapolated beyond
//      the picture). Such a quadrilateral, or one whose refined corners lie beyond the
//      picture, is kept when its corners lie at most 12% of the picture's smaller side beyond
//      it and no side runs along the border (a page with a whole side out of view is not
//      guessed at), and reports which sides of the picture cut it; its confidence counts only
//      the outline in view.
#include "scry_document_geometry.h"

#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <exception>
#include <vector>

namespace {

constexpr double kWorkingWidth = 640;
/// A quadrilateral with less of its outline on edges is no rectangle at all, whatever the
/// minimum confidence asked for: an outline found in shading or texture.
constexpr double kLeastEdgeSupport = 0.3;

struct Candidate {
    std::vector<cv::Point2d> corners;  // full-resolution pixels, top-left first, clockwise
    double confidence = 0;
    double area = 0;
    /// Found from an outline the picture's border cuts (`cut_quad`); which sides, once known.
    bool from_cut_outline = false;
    int cut = 0;
    /// The border a side hidden beyond it was taken along (a bit as in `cut`), or 0.
    int hidden = 0;
};

void set_error(char *error, size_t capacity, const char *message) {
    if (error == nullptr || capacity == 0) return;
    std::strncpy(error, message, capacity - 1);
    error[capacity - 1] = 0;
}

double distance(cv::Point2d a, cv::Point2d b) { return std::hypot(a.x - b.x, a.y - b.y); }

/// Clockwise on the screen (y grows downwards), starting at the corner nearest the top-left.
std::vector<cv::Point2d> ordered(std::vector<cv::Point2d> points) {
    cv::Point2d centre(0, 0);
    for (const auto &point : points) centre += point;
    centre *= 1.0 / points.size();
    std::sort(points.begin(), points.end(), [&](const cv::Point2d &a, const cv::Point2d &b) {
        return std::atan2(a.y - centre.y, a.x - centre.x) < std::atan2(b.y - centre.y, b.x - centre.x);
    });
    size_t first = 0;
    for (size_t i = 1; i < points.size(); i++) {
        if (points[i].x + points[i].y < points[first].x + points[first].y) first = i;
    }
    std::rotate(points.begin(), points.begin() + first, points.end());
    return points;
}

/// True when the four corners make a convex quadrilateral with no corner on a line through
/// its neighbours (an angle within 5 degrees of straight) and no side shorter than 2 px.
bool is_proper_quad(const std::vector<cv::Point2d> &q) {
    double sign = 0;
    for (int i = 0; i < 4; i++) {
        cv::Point2d a = q[i], b = q[(i + 1) % 4], c = q[(i + 2) % 4];
        if (distance(a, b) < 2) return false;
        double cross = (b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x);
        double sine = cross / (distance(a, b) * distance(b, c));
        if (std::abs(sine) < std::sin(5 * CV_PI / 180)) return false;
        if (sign == 0) sign = cross;
        if (sign * cross < 0) return false;
    }
    return true;
}

/// The angle at each corner, in degrees.
double largest_quadrature_error(const std::vector<cv::Point2d> &q) {
    double worst = 0;
    for (int i = 0; i < 4; i++) {
        cv::Point2d corner = q[i], before = q[(i + 3) % 4], after = q[(i + 1) % 4];
        cv::Point2d u = before - corner, v = after - corner;
        double cosine = u.dot(v) / (std::hypot(u.x, u.y) * std::hypot(v.x, v.y));
        double angle = std::acos(std::clamp(cosine, -1.0, 1.0)) * 180 / CV_PI;
        worst = std::max(worst, std::abs(angle - 90));
    }
    return worst;
}

/// The sides' mean lengths: (across, down), opposite sides averaged.
std::pair<double, double> side_lengths(const std::vector<cv::Point2d> &q) {
    return {(distance(q[0], q[1]) + distance(q[2], q[3])) / 2, (distance(q[1], q[2]) + distance(q[3], q[0])) / 2};
}

/// The share of points along the outline (working scale) with an edge within 2 px across it.
double edge_support(const cv::Mat &edges, const std::vector<cv::Point2d> &q) {
    int supported = 0, total = 0;
    for (int side = 0; side < 4; side++) {
        cv::Point2d a = q[side], b = q[(side + 1) % 4];
        double length = distance(a, b);
        if (length < 1) continue;
        cv::Point2d along = (b - a) * (1 / length), across(-along.y, along.x);
        int steps = std::max(4, int(length / 2));
        for (int step = 0; step <= steps; step++) {
            cv::Point2d point = a + (b - a) * (double(step) / steps);
            // The outline beyond the picture, or along its border, shows no edge to find.
            if (point.x < 3 || point.y < 3 || point.x > edges.cols - 4 || point.y > edges.rows - 4) continue;
            total++;
            for (int offset = -2; offset <= 2; offset++) {
                int x = int(std::lround(point.x + across.x * offset)), y = int(std::lround(point.y + across.y * offset));
                if (x >= 0 && y >= 0 && x < edges.cols && y < edges.rows && edges.at<uint8_t>(y, x)) {
                    supported++;
                    break;
                }
            }
        }
    }
    return total == 0 ? 0 : double(supported) / total;
}

double intersection_over_union(const std::vector<cv::Point2d> &a, const std::vector<cv::Point2d> &b) {
    std::vector<cv::Point2f> first, second, common;
    for (const auto &p : a) first.emplace_back(float(p.x), float(p.y));
    for (const auto &p : b) second.emplace_back(float(p.x), float(p.y));
    float intersection = cv::intersectConvexConvex(first, second, common, true);
    double together = cv::contourArea(first) + cv::contourArea(second) - intersection;
    return together <= 0 ? 0 : intersection / together;
}

/// True when a side runs along the picture's border (both its ends within 2 px of the same
/// border): the quadrilateral is something the frame cuts, and that side no edge of it.
bool has_side_on_border(const std::vector<cv::Point2d> &q, int width, int height) {
    auto near = [](double value, double border) { return std::abs(value - border) <= 2; };
    for (int side = 0; side < 4; side++) {
        cv::Point2d a = q[side], b = q[(side + 1) % 4];
        if ((near(a.x, 0) && near(b.x, 0)) || (near(a.y, 0) && near(b.y, 0)) ||
            (near(a.x, width - 1) && near(b.x, width - 1)) || (near(a.y, height - 1) && near(b.y, height - 1))) {
            return true;
        }
    }
    return false;
}

/// A straight line: a point on it and its direction.
struct Line {
    cv::Point2d point, direction;
};

/// Where two lines cross; false for lines (nearly) parallel.
bool crossing(const Line &a, const Line &b, cv::Point2d &point) {
    double determinant = a.direction.x * b.direction.y - a.direction.y * b.direction.x;
    if (std::abs(determinant) < 1e-9) return false;
    cv::Point2d between = b.point - a.point;
    double t = (between.x * b.direction.y - between.y * b.direction.x) / determinant;
    point = a.point + a.direction * t;
    return true;
}

/// The borders of a `width` x `height` picture that `point` lies on, within `tolerance`: bits
/// 1 top, 2 right, 4 bottom, 8 left.
int borders_at(cv::Point2d point, double width, double height, double tolerance) {
    int bits = 0;
    if (point.y <= tolerance) bits |= 1;
    if (point.x >= width - 1 - tolerance) bits |= 2;
    if (point.y >= height - 1 - tolerance) bits |= 4;
    if (point.x <= tolerance) bits |= 8;
    return bits;
}

/// The quadrilateral of an outline (its convex hull, working pixels) that the border of a
/// `width` x `height` picture cuts: the hull's sides along the border set aside, the others
/// grouped into straight sides (turning by less than 20 degrees from one to the next, pieces
/// shorter than 2% of the perimeter ignored). Four sides give the corners where neighbouring
/// sides cross, a cut corner beyond the picture; three, when they show most of a page held
/// upright, the border as the fourth. False for an outline that does not run along the
/// border, or that gives other sides (a page with a whole side out of view and less of it
/// shown: where that side lies, no one can tell).
bool cut_quad(const std::vector<cv::Point> &hull, double width, double height, std::vector<cv::Point2d> &corners,
              int &hidden) {
    hidden = 0;
    double perimeter = cv::arcLength(hull, true);
    if (perimeter <= 0) return false;
    for (double tolerance : {0.008, 0.012, 0.02}) {
        std::vector<cv::Point> polygon;
        cv::approxPolyDP(hull, polygon, tolerance * perimeter, true);
        size_t count = polygon.size();
        if (count < 4) continue;
        std::vector<cv::Point2d> points;
        for (const auto &point : polygon) points.emplace_back(point.x, point.y);
        // Which pieces run along a border (both ends on the same one).
        std::vector<int> along(count, 0);
        size_t first_border = count;
        for (size_t i = 0; i < count; i++) {
            int bits = borders_at(points[i], width, height, 2.5) & borders_at(points[(i + 1) % count], width, height, 2.5);
            along[i] = bits;
            if (bits && first_border == count) first_border = i;
        }
        if (first_border == count) return false;
        // The straight sides, in the hull's order, starting after a piece along the border;
        // and the border met between the last side and the first.
        // Each side with the border the outline follows longest right after it (0 when the
        // next piece is another side).
        struct Side { cv::Point2d start, end; double length; int border_after; double border_length; };
        std::vector<Side> sides;
        bool open = false;
        for (size_t step = 1; step <= count; step++) {
            size_t i = (first_border + step) % count;
            cv::Point2d a = points[i], b = points[(i + 1) % count];
            double length = distance(a, b);
            if (along[i]) {
                open = false;
                if (!sides.empty() && length > sides.back().border_length) {
                    sides.back().border_after = along[i] & -along[i];
                    sides.back().border_length = length;
                }
                continue;
            }
            if (length < 0.02 * perimeter) continue;
            if (open && !sides.empty()) {
                Side &last = sides.back();
                cv::Point2d u = (last.end - last.start) * (1 / std::max(1e-9, last.length)), v = (b - a) * (1 / length);
                if (u.dot(v) > std::cos(20 * CV_PI / 180)) {
                    last.end = b;
                    last.length = distance(last.start, last.end);
                    continue;
                }
            }
            sides.push_back({a, b, length, 0, 0});
            open = true;
        }
        auto border_line = [&](int border) {
            return border == 1 ? Line{{0, 0}, {1, 0}}
                 : border == 2 ? Line{{width - 1, 0}, {0, 1}}
                 : border == 4 ? Line{{0, height - 1}, {1, 0}}
                               : Line{{0, 0}, {0, 1}};
        };
        auto direction = [](const Side &side) { return (side.end - side.start) * (1 / side.length); };
        // A whole side out of view (or two opposite ones). Where it lies no one can tell,
        // unless what shows is already shaped like most of a page held upright: the sides
        // reaching the border at least 1.2 times as long as the page is wide there (a page
        // of 1.3-1.5 is then cut by a seventh or less). Then the hidden side is taken along the
        // border.
        std::vector<Line> lines;
        if (sides.size() == 4) {
            for (const auto &side : sides) lines.push_back({side.start, direction(side)});
        } else if (sides.size() == 3 && sides[2].border_after) {
            if ((sides[0].length + sides[2].length) / 2 < 1.2 * sides[1].length) continue;
            for (const auto &side : sides) lines.push_back({side.start, direction(side)});
            lines.push_back(border_line(sides[2].border_after));
            hidden = sides[2].border_after;
        } else if (sides.size() == 2 && sides[0].border_after && sides[1].border_after &&
                   sides[0].border_after != sides[1].border_after && std::abs(direction(sides[0]).dot(direction(sides[1]))) > std::cos(25 * CV_PI / 180)) {
            // Two sides facing each other, the borders between them: their distance apart is
            // the page's width there.
            cv::Point2d u = direction(sides[0]), across(-u.y, u.x);
            double apart = std::abs((sides[1].start - sides[0].start).dot(across));
            if ((sides[0].length + sides[1].length) / 2 < 1.2 * apart) continue;
            lines = {{sides[0].start, u}, border_line(sides[0].border_after), {sides[1].start, direction(sides[1])},
                     border_line(sides[1].border_after)};
            hidden = sides[0].border_after | sides[1].border_after;
        }
        if (lines.size() != 4) continue;
        std::vector<cv::Point2d> found;
        for (size_t i = 0; i < 4; i++) {
            cv::Point2d point;
            if (!crossing(lines[(i + 3) % 4], lines[i], point)) { found.clear(); break; }
            found.push_back(point);
        }
        if (found.size() != 4) continue;
        corners = ordered(found);
        return is_proper_quad(corners);
    }
    return false;
}

/// Whether the page `q` (working pixels) shows blank paper along each border in `hidden` (bits
/// as in `scry_quad.cut`): a band 3% of its extent deep, 6 px in from the border (clear of the
/// page's own edge lying just inside it) and inset from its sides, holding edges at under 1%
/// of its pixels. A page whose side is hidden just beyond the border still shows
/// its margin there; one cut by a lot shows its print running out of the frame.
bool blank_along_border(const cv::Mat &edges, const std::vector<cv::Point2d> &q, int hidden) {
    // Clear of the border by enough to leave out the page's own edge when it lies just inside.
    constexpr int kBandInset = 6;
    double left = std::max(q[0].x, q[3].x), right = std::min(q[1].x, q[2].x);
    double top = std::max(q[0].y, q[1].y), bottom = std::min(q[2].y, q[3].y);
    double width = right - left, height = bottom - top;
    if (width <= 8 || height <= 8) return false;
    for (int bit : {1, 2, 4, 8}) {
        if (!(hidden & bit)) continue;
        cv::Rect band;
        if (bit == 1 || bit == 4) {
            int depth = std::max(3, int(0.03 * height));
            int x0 = int(left + 0.08 * width), x1 = int(right - 0.08 * width);
            int y0 = bit == 1 ? kBandInset : edges.rows - kBandInset - depth;
            band = cv::Rect(x0, y0, std::max(1, x1 - x0), depth);
        } else {
            int depth = std::max(3, int(0.03 * width));
            int y0 = int(top + 0.08 * height), y1 = int(bottom - 0.08 * height);
            int x0 = bit == 8 ? kBandInset : edges.cols - kBandInset - depth;
            band = cv::Rect(x0, y0, depth, std::max(1, y1 - y0));
        }
        band &= cv::Rect(0, 0, edges.cols, edges.rows);
        if (band.area() <= 0) return false;
        if (cv::countNonZero(edges(band)) > 0.01 * band.area()) return false;
    }
    return true;
}

/// Bilinear sample of the full image; 0 outside.
double sample(const uint8_t *pixels, int width, int height, int stride, double x, double y) {
    if (x < 0 || y < 0 || x > width - 1 || y > height - 1) return 0;
    int x0 = int(x), y0 = int(y);
    int x1 = std::min(x0 + 1, width - 1), y1 = std::min(y0 + 1, height - 1);
    double fx = x - x0, fy = y - y0;
    double top = pixels[y0 * stride + x0] * (1 - fx) + pixels[y0 * stride + x1] * fx;
    double bottom = pixels[y1 * stride + x0] * (1 - fx) + pixels[y1 * stride + x1] * fx;
    return top * (1 - fy) + bottom * fy;
}

/// The corners moved onto the strongest steps across each side at full resolution, within
/// `reach` px; the corners as they were when a side finds too few steps or the result is no
/// proper quadrilateral or moved too far.
std::vector<cv::Point2d> refined(const uint8_t *pixels, int width, int height, int stride,
                                 const std::vector<cv::Point2d> &q, double reach) {
    cv::Vec4f lines[4];
    for (int side = 0; side < 4; side++) {
        cv::Point2d a = q[side], b = q[(side + 1) % 4];
        double length = distance(a, b);
        cv::Point2d along = (b - a) * (1 / length), across(-along.y, along.x);
        std::vector<cv::Point2f> steps;
        for (int place = 0; place < 32; place++) {
            cv::Point2d point = a + (b - a) * (0.1 + 0.8 * place / 31.0);
            // Only where the side is in view, away from the border.
            if (point.x < reach + 3 || point.y < reach + 3 || point.x > width - 4 - reach || point.y > height - 4 - reach) continue;
            double best = 0, best_offset = 0;
            for (double offset = -reach; offset <= reach; offset += 0.5) {
                cv::Point2d here = point + across * offset;
                double step = std::abs(sample(pixels, width, height, stride, here.x + across.x, here.y + across.y) -
                                       sample(pixels, width, height, stride, here.x - across.x, here.y - across.y));
                if (step > best) { best = step; best_offset = offset; }
            }
            if (best >= 12) {
                cv::Point2d found = point + across * best_offset;
                steps.emplace_back(float(found.x), float(found.y));
            }
        }
        if (steps.size() < 8) {
            // Too little of the side in view (or no step along it): it keeps its line.
            double margin = reach + 3;
            bool in_view = a.x >= margin && a.y >= margin && b.x >= margin && b.y >= margin && a.x <= width - 1 - margin &&
                           b.x <= width - 1 - margin && a.y <= height - 1 - margin && b.y <= height - 1 - margin;
            if (in_view) return q;
            lines[side] = cv::Vec4f(float(along.x), float(along.y), float(a.x), float(a.y));
            continue;
        }
        cv::fitLine(steps, lines[side], cv::DIST_HUBER, 0, 0.01, 0.01);
    }
    std::vector<cv::Point2d> corners;
    for (int corner = 0; corner < 4; corner++) {
        // The corner where the side before it (corner-1 -> corner) meets the side after it.
        const cv::Vec4f &first = lines[(corner + 3) % 4], &second = lines[corner];
        double determinant = first[0] * second[1] - first[1] * second[0];
        if (std::abs(determinant) < 1e-6) return q;
        double t = ((second[2] - first[2]) * second[1] - (second[3] - first[3]) * second[0]) / determinant;
        cv::Point2d point(first[2] + t * first[0], first[3] + t * first[1]);
        // A corner beyond the picture (or found on its border, where the frame cut it off) is
        // extrapolated, and moves further for a small turn.
        bool beyond = q[corner].x < 2 || q[corner].y < 2 || q[corner].x > width - 3 || q[corner].y > height - 3;
        if (distance(point, q[corner]) > (beyond ? 6 : 2) * reach) return q;
        corners.push_back(point);
    }
    return is_proper_quad(corners) ? corners : q;
}

}  // namespace

extern "C" int scry_find_quads(const uint8_t *pixels, int width, int height, int stride, const scry_quad_options *options,
                               scry_quad *quads, int capacity, char *error, size_t error_capacity) {
    try {
        if (width < 8 || height < 8) return 0;
        cv::Mat image(height, width, CV_8UC1, const_cast<uint8_t *>(pixels), size_t(stride));
        double scale = std::min(1.0, kWorkingWidth / width);
        cv::Mat small;
        if (scale < 1) {
            cv::resize(image, small, cv::Size(), scale, scale, cv::INTER_AREA);
        } else {
            small = image;
        }
        cv::Mat smooth, edges, closedEdges, binary;
        cv::GaussianBlur(small, smooth, cv::Size(5, 5), 0);
        cv::Canny(smooth, edges, 40, 120, 3, true);
        cv::dilate(edges, closedEdges, cv::Mat::ones(3, 3, CV_8U));
        cv::threshold(smooth, binary, 0, 255, cv::THRESH_BINARY | cv::THRESH_OTSU);
        cv::morphologyEx(binary, binary, cv::MORPH_CLOSE, cv::Mat::ones(5, 5, CV_8U));

        double smaller_side = std::min(width, height);
        double least_side = std::max(8.0, options->minimum_size * smaller_side);
        std::vector<Candidate> candidates;
        for (const cv::Mat *outlines : {&closedEdges, &binary}) {
            std::vector<std::vector<cv::Point>> contours;
            cv::findContours(*outlines, contours, cv::RETR_LIST, cv::CHAIN_APPROX_SIMPLE);
            for (const auto &contour : contours) {
                double area = cv::contourArea(contour) / (scale * scale);
                if (area < least_side * least_side * 0.9) continue;
                std::vector<cv::Point> hull, polygon;
                cv::convexHull(contour, hull);
                double perimeter = cv::arcLength(hull, true);
                std::vector<cv::Point2d> working;
                bool cut = false;
                int hidden = 0;
                bool touches = false;
                for (const auto &point : hull) {
                    if (borders_at(cv::Point2d(point.x, point.y), small.cols, small.rows, 1.5)) { touches = true; break; }
                }
                if (touches && options->includes_cut && cut_quad(hull, small.cols, small.rows, working, hidden)) {
                    // A hidden side just beyond the border leaves the page's margin in view.
                    if (hidden && !blank_along_border(edges, working, hidden)) continue;
                    cut = true;
                } else {
                    for (double tolerance : {0.02, 0.03, 0.04, 0.05}) {
                        cv::approxPolyDP(hull, polygon, tolerance * perimeter, true);
                        if (polygon.size() <= 4) break;
                    }
                    if (polygon.size() != 4) continue;
                    for (const auto &point : polygon) working.emplace_back(point.x, point.y);
                    working = ordered(working);
                    if (!is_proper_quad(working)) continue;
                }
                Candidate candidate;
                // An outline touching the border may be a page the frame cuts, however its
                // corners were found.
                candidate.from_cut_outline = cut || (touches && options->includes_cut);
                candidate.hidden = hidden;
                candidate.confidence = edge_support(edges, working);
                for (const auto &point : working) candidate.corners.emplace_back(point.x / scale, point.y / scale);
                candidate.area = cv::contourArea(std::vector<cv::Point2f>(
                    {cv::Point2f(float(candidate.corners[0].x), float(candidate.corners[0].y)),
                     cv::Point2f(float(candidate.corners[1].x), float(candidate.corners[1].y)),
                     cv::Point2f(float(candidate.corners[2].x), float(candidate.corners[2].y)),
                     cv::Point2f(float(candidate.corners[3].x), float(candidate.corners[3].y))}));
                candidates.push_back(candidate);
            }
        }
        // Best first; an outline the border cuts a little behind a whole one of the same page.
        auto rank = [](const Candidate &c) { return c.confidence - (c.from_cut_outline ? 0.05 : 0); };
        std::sort(candidates.begin(), candidates.end(), [&](const Candidate &a, const Candidate &b) {
            return rank(a) != rank(b) ? rank(a) > rank(b) : a.area > b.area;
        });
        double reach = std::max(2.0, 1.5 / scale + 1);
        std::vector<Candidate> kept;
        for (auto &candidate : candidates) {
            if (int(kept.size()) >= capacity) break;
            if (candidate.confidence < std::max(kLeastEdgeSupport, options->minimum_confidence)) continue;
            bool duplicate = false;
            for (const auto &other : kept) {
                if (intersection_over_union(candidate.corners, other.corners) > 0.92) { duplicate = true; break; }
            }
            if (duplicate) continue;
            candidate.corners = refined(pixels, width, height, stride, candidate.corners, reach);
            // A corner outside the picture is reported only for a quadrilateral the border
            // cuts, and then only a little beyond it.
            double beyond = 0;
            int cut = 0;
            for (const auto &point : candidate.corners) {
                beyond = std::max({beyond, -point.x - 0.5, -point.y - 0.5, point.x - (width - 0.5), point.y - (height - 0.5)});
                if (point.y < -0.5) cut |= 1;
                if (point.x > width - 0.5) cut |= 2;
                if (point.y > height - 0.5) cut |= 4;
                if (point.x < -0.5) cut |= 8;
            }
            bool on_border = has_side_on_border(candidate.corners, width, height);
            if (!is_proper_quad(candidate.corners)) continue;
            if (candidate.from_cut_outline) {
                // Only a little beyond; and a side along the border is the frame's, not the
                // page's, whose side there is hidden: where, no one can tell.
                if (beyond > 0.12 * smaller_side) continue;
                if (on_border && !candidate.hidden) {
                    // A side along the border: the page's own edge there (or just beyond),
                    // when its margin shows; else a page seen only in part.
                    int along = 0;
                    std::vector<cv::Point2d> working;
                    for (int side = 0; side < 4; side++) {
                        cv::Point2d a = candidate.corners[side], b = candidate.corners[(side + 1) % 4];
                        along |= borders_at(a, width, height, 2) & borders_at(b, width, height, 2);
                    }
                    for (const auto &point : candidate.corners) working.push_back(point * scale);
                    if (!blank_along_border(edges, working, along)) continue;
                    cut |= along;
                }
                candidate.cut = cut | candidate.hidden;
            } else if (beyond > 0 || on_border) {
                continue;
            } else {
                cut = 0;
            }
            auto [across, down] = side_lengths(candidate.corners);
            double aspect = std::min(across, down) / std::max(across, down);
            if (aspect < options->minimum_aspect_ratio - 1e-9 || aspect > options->maximum_aspect_ratio + 1e-9) continue;
            if (std::min(across, down) < least_side) continue;
            if (largest_quadrature_error(candidate.corners) > options->quadrature_tolerance) continue;
            kept.push_back(candidate);
        }
        for (size_t i = 0; i < kept.size(); i++) {
            for (int corner = 0; corner < 4; corner++) {
                quads[i].x[corner] = kept[i].corners[corner].x;
                quads[i].y[corner] = kept[i].corners[corner].y;
            }
            quads[i].confidence = kept[i].confidence;
            quads[i].cut = kept[i].cut;
        }
        return int(kept.size());
    } catch (const std::exception &exception) {
        set_error(error, error_capacity, exception.what());
        return -1;
    } catch (...) {
        set_error(error, error_capacity, "unknown OpenCV failure");
        return -1;
    }
}

extern "C" int scry_flatten_quad(const uint8_t *pixels, int width, int height, int stride, const double x[4],
                                 const double y[4], int follow_edges, uint8_t *output, int output_width, int output_height,
                                 char *error, size_t error_capacity) {
    try {
        cv::Mat image(height, width, CV_8UC1, const_cast<uint8_t *>(pixels), size_t(stride));
        cv::Mat flat(output_height, output_width, CV_8UC1, output, size_t(output_width));
        cv::Point2f source[4], target[4] = {
            {0, 0}, {float(output_width - 1), 0}, {float(output_width - 1), float(output_height - 1)}, {0, float(output_height - 1)}};
        for (int corner = 0; corner < 4; corner++) source[corner] = cv::Point2f(float(x[corner]), float(y[corner]));
        cv::Mat transform = cv::getPerspectiveTransform(source, target);
        if (!follow_edges) {
            cv::warpPerspective(image, flat, transform, flat.size(), cv::INTER_CUBIC, cv::BORDER_REPLICATE);
            return 0;
        }
        cv::Mat inverse = transform.inv();
        auto to_frame = [&](double u, double v) {
            const double *m = inverse.ptr<double>(0);
            double d = m[6] * u + m[7] * v + m[8];
            return cv::Point2d((m[0] * u + m[1] * v + m[2]) / d, (m[3] * u + m[4] * v + m[5]) / d);
        };
        auto to_flat = [&](cv::Point2d p) {
            const double *m = transform.ptr<double>(0);
            double d = m[6] * p.x + m[7] * p.y + m[8];
            return cv::Point2d((m[0] * p.x + m[1] * p.y + m[2]) / d, (m[3] * p.x + m[4] * p.y + m[5]) / d);
        };
        const int samples = 33;
        double w = output_width - 1, h = output_height - 1;
        // Each side's bow: how far in (flat pixels, signed along the flat axis across it) its
        // true edge lies at each of `samples` places, 0 at the corners.
        std::vector<double> bows[4];
        for (int side = 0; side < 4; side++) {
            std::vector<double> found(samples, 0), weight(samples, 0);
            for (int k = 1; k < samples - 1; k++) {
                double t = double(k) / (samples - 1);
                cv::Point2d flat_point = side == 0 ? cv::Point2d(t * w, 0) : side == 1 ? cv::Point2d(w, t * h)
                                       : side == 2 ? cv::Point2d(t * w, h) : cv::Point2d(0, t * h);
                cv::Point2d inward = side == 0 ? cv::Point2d(0, 1) : side == 1 ? cv::Point2d(-1, 0)
                                   : side == 2 ? cv::Point2d(0, -1) : cv::Point2d(1, 0);
                cv::Point2d p = to_frame(flat_point.x, flat_point.y);
                cv::Point2d q = to_frame(flat_point.x + inward.x * 8, flat_point.y + inward.y * 8);
                double span = distance(p, q);
                if (span < 1e-6) continue;
                cv::Point2d n = (q - p) * (1 / span);
                // Up to 6% of the side's length in the frame, at least 3 px.
                cv::Point2d a = to_frame(side % 2 == 0 ? 0 : flat_point.x, side % 2 == 0 ? flat_point.y : 0);
                cv::Point2d b = to_frame(side % 2 == 0 ? w : flat_point.x, side % 2 == 0 ? flat_point.y : h);
                double reach = std::max(3.0, 0.06 * distance(a, b));
                double best = 0, best_offset = 0;
                for (double offset = -reach; offset <= reach; offset += 0.5) {
                    cv::Point2d here = p + n * offset;
                    if (here.x < reach + 2 || here.y < reach + 2 || here.x > width - 3 - reach || here.y > height - 3 - reach) {
                        best = -1;
                        break;
                    }
                    // Paper inside, lighter than what lies beyond it.
                    double step = sample(pixels, width, height, stride, here.x + n.x, here.y + n.y) -
                                  sample(pixels, width, height, stride, here.x - n.x, here.y - n.y);
                    if (step > best) { best = step; best_offset = offset; }
                }
                if (best < 12) continue;
                cv::Point2d edge = to_flat(p + n * best_offset);
                found[k] = side % 2 == 0 ? edge.y - flat_point.y : edge.x - flat_point.x;
                weight[k] = 1;
            }
            // A median of five against a step on the print; places not found take their
            // neighbours' (the corners 0).
            std::vector<double> smooth(samples, 0);
            for (int k = 1; k < samples - 1; k++) {
                std::vector<double> window;
                for (int j = std::max(1, k - 2); j <= std::min(samples - 2, k + 2); j++) if (weight[j] > 0) window.push_back(found[j]);
                if (window.size() < 3) { smooth[k] = std::nan(""); continue; }
                std::nth_element(window.begin(), window.begin() + window.size() / 2, window.end());
                smooth[k] = window[window.size() / 2];
            }
            int known = 0;
            for (int k = 1; k < samples - 1; k++) known += !std::isnan(smooth[k]);
            // Too little of the side found: it stays straight.
            if (known < samples / 2) { bows[side] = std::vector<double>(samples, 0); continue; }
            for (int k = 1; k < samples - 1; k++) {
                if (!std::isnan(smooth[k])) continue;
                int before = k - 1, after = k + 1;
                while (after < samples - 1 && std::isnan(smooth[after])) after++;
                double left = before == 0 ? 0 : smooth[before], right = after >= samples - 1 ? 0 : smooth[after];
                smooth[k] = left + (right - left) * (k - before) / double(after - before);
            }
            bows[side] = smooth;
        }
        auto bow = [&](int side, double t) {
            double position = std::clamp(t, 0.0, 1.0) * (samples - 1);
            int k = std::min(samples - 2, int(position));
            double f = position - k;
            return bows[side][k] * (1 - f) + bows[side][k + 1] * f;
        };
        cv::Mat map_x(output_height, output_width, CV_32F), map_y(output_height, output_width, CV_32F);
        for (int row = 0; row < output_height; row++) {
            double v = h > 0 ? row / h : 0;
            float *xs = map_x.ptr<float>(row), *ys = map_y.ptr<float>(row);
            for (int column = 0; column < output_width; column++) {
                double u = w > 0 ? column / w : 0;
                // The edges' bows blended across the page, as a Coons patch blends its sides.
                double fx = column + (1 - u) * bow(3, v) + u * bow(1, v);
                double fy = row + (1 - v) * bow(0, u) + v * bow(2, u);
                cv::Point2d p = to_frame(fx, fy);
                xs[column] = float(p.x);
                ys[column] = float(p.y);
            }
        }
        cv::remap(image, flat, map_x, map_y, cv::INTER_CUBIC, cv::BORDER_REPLICATE);
        return 0;
    } catch (const std::exception &exception) {
        set_error(error, error_capacity, exception.what());
        return -1;
    } catch (...) {
        set_error(error, error_capacity, "unknown OpenCV failure");
        return -1;
    }
}

extern "C" void scry_document_geometry_single_threaded(void) { cv::setNumThreads(0); }
