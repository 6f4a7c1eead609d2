// Image registration on OpenCV 4.6: see include/scry_motion.h. Points are handed to OpenCV's
// fitting functions in continuous pixel coordinates (pixel (i, j) covers [i, i+1) x [j, j+1),
// its centre at (i + 0.5, j + 0.5)), in which reducing an image by s is the scaling by s;
// OpenCV's own functions place pixel centres on integers, hence the half pixels below.
#include "scry_motion.h"
#include "support.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <exception>
#include <vector>

#include <opencv2/calib3d.hpp>
#include <opencv2/core.hpp>
#include <opencv2/features2d.hpp>
#include <opencv2/imgproc.hpp>
#include <opencv2/video/tracking.hpp>

namespace {

/// The long side images are matched at in the first, rough alignment.
constexpr double roughSide = 720;
/// The long side the refinement and the follower work at, at most.
constexpr double fineSide = 2048;
constexpr double followerSide = 640;
/// The long side quadrilaterals are followed at.
constexpr double quadSide = 400;
/// The least width and height of an image that can be aligned (pixels; smaller ones are not).
constexpr int leastSide = 64;
/// The long side the reference's corners are found at.
constexpr double cornerSide = 1024;
/// ORB features for an image the size of a webcam frame reduced to `roughSide` (720x405), and
/// the fewest for any image: a smaller one gets fewer, as many for its area.
constexpr int roughFeatures = 800, leastRoughFeatures = 300;
/// Corners followed for an image the size of a webcam frame reduced to `cornerSide`
/// (1024x576), and the fewest for any image: a smaller one gets fewer, as many for its area.
constexpr int refineCorners = 500, leastRefineCorners = 200;
/// How far (pixels) the first refinement must move the image for a second one.
constexpr double secondRound = 2;
/// The fewest agreeing points that make an alignment.
constexpr int leastInliers = 15;
/// How far (pixels of the image fitted in) a point may lie from the homography and agree.
constexpr double agreement = 1.5;

using scry_motion::wrap;

/// The image reduced so that its long side is at most `side` (area averaging), and the scale.
cv::Mat reduced(const cv::Mat &image, double side, double &scale) {
    scale = std::min(1.0, side / std::max(image.cols, image.rows));
    if (scale >= 1.0) return image;
    cv::Mat small;
    int width = std::max(1, static_cast<int>(std::lround(image.cols * scale)));
    int height = std::max(1, static_cast<int>(std::lround(image.rows * scale)));
    cv::resize(image, small, cv::Size(width, height), 0, 0, cv::INTER_AREA);
    scale = static_cast<double>(width) / image.cols;
    return small;
}

/// The image with each pixel's level measured against its neighbourhood (31 pixels square): its
/// difference from the local mean over the local spread, mapped to a mean of 128 and a spread
/// of 40. A change of light, even one that is not the same everywhere or bends the levels
/// (gamma), then moves the flow far less than it moves the levels themselves.
cv::Mat levelled(const cv::Mat &image) {
    cv::Mat values, mean, meanOfSquares;
    image.convertTo(values, CV_32F);
    cv::boxFilter(values, mean, CV_32F, cv::Size(31, 31), cv::Point(-1, -1), true, cv::BORDER_REFLECT);
    cv::boxFilter(values.mul(values), meanOfSquares, CV_32F, cv::Size(31, 31), cv::Point(-1, -1), true,
                  cv::BORDER_REFLECT);
    cv::Mat spread;
    cv::sqrt(cv::max(meanOfSquares - mean.mul(mean), 0.0f), spread);
    cv::Mat normal = (values - mean) / (spread + 4.0f);
    cv::Mat out;
    normal.convertTo(out, CV_8U, 40.0, 128.0);
    return out;
}

/// `full` for an image of `fullArea` pixels or more, else as many for `image`'s area, at least
/// `least`: a small image is as densely covered, at less cost.
int forArea(const cv::Mat &image, int full, int least, double fullArea) {
    double share = std::min(1.0, static_cast<double>(image.cols) * image.rows / fullArea);
    return std::max(least, static_cast<int>(std::lround(full * share)));
}

cv::Matx33d scaling(double scale) { return cv::Matx33d(scale, 0, 0, 0, scale, 0, 0, 0, 1); }
cv::Matx33d shift(double by) { return cv::Matx33d(1, 0, by, 0, 1, by, 0, 0, 1); }

/// The matrix OpenCV's warpPerspective needs (pixel centres on integers) for a homography in
/// continuous coordinates.
cv::Matx33d centred(const cv::Matx33d &continuous) { return shift(-0.5) * continuous * shift(0.5); }

cv::Matx33d normalised(const cv::Matx33d &h) {
    double last = h(2, 2);
    if (std::fabs(last) < 1e-12) return h;
    return h * (1.0 / last);
}

bool sane(const cv::Matx33d &h) {
    for (int i = 0; i < 9; i++)
        if (!std::isfinite(h.val[i])) return false;
    double determinant = h(0, 0) * h(1, 1) - h(0, 1) * h(1, 0);
    return determinant > 1e-3 && determinant < 1e3;
}

/// The rough homography from `moving` to `reference` (continuous coordinates of the images as
/// given): ORB features on copies reduced to `roughSide`, matched with Lowe's ratio test, and
/// RANSAC.
bool rough(const cv::Mat &reference, const cv::Mat &moving, cv::Matx33d &h) {
    double referenceScale, movingScale;
    cv::Mat r = reduced(reference, roughSide, referenceScale), m = reduced(moving, roughSide, movingScale);
    // ORB's pyramid and patches need room (a long thin strip reduced to 720 pixels has none).
    if (std::min({r.cols, r.rows, m.cols, m.rows}) < leastSide / 2) return false;
    const cv::Mat &larger = r.total() >= m.total() ? r : m;
    int features = forArea(larger, roughFeatures, leastRoughFeatures, 720.0 * 405);
    cv::Ptr<cv::ORB> orb = cv::ORB::create(features, 1.2f, 8, 19, 0, 2, cv::ORB::HARRIS_SCORE, 19, 12);
    std::vector<cv::KeyPoint> referencePoints, movingPoints;
    cv::Mat referenceDescriptors, movingDescriptors;
    orb->detectAndCompute(r, cv::noArray(), referencePoints, referenceDescriptors);
    orb->detectAndCompute(m, cv::noArray(), movingPoints, movingDescriptors);
    if (referencePoints.size() < 8 || movingPoints.size() < 8) return false;
    cv::BFMatcher matcher(cv::NORM_HAMMING);
    std::vector<std::vector<cv::DMatch>> forward;
    matcher.knnMatch(movingDescriptors, referenceDescriptors, forward, 2);
    std::vector<cv::Point2f> from, to;
    for (const auto &pair : forward) {
        if (pair.size() < 2 || pair[0].distance > 0.8f * pair[1].distance) continue;
        const cv::DMatch &best = pair[0];
        cv::Point2f p = movingPoints[best.queryIdx].pt, q = referencePoints[best.trainIdx].pt;
        from.emplace_back((p.x + 0.5f) / movingScale, (p.y + 0.5f) / movingScale);
        to.emplace_back((q.x + 0.5f) / referenceScale, (q.y + 0.5f) / referenceScale);
    }
    if (from.size() < 8) return false;
    std::vector<uchar> inliers;
    cv::Mat found = cv::findHomography(from, to, cv::RANSAC, 3.0 / referenceScale, inliers, 5000, 0.999);
    if (found.empty()) return false;
    if (cv::countNonZero(inliers) < 8) return false;
    h = normalised(cv::Matx33d(found));
    return sane(h);
}

/// Where `from` (continuous coordinates) lands under `h`.
cv::Point2d mapped(const cv::Matx33d &h, cv::Point2f from) {
    cv::Vec3d p = h * cv::Vec3d(from.x, from.y, 1);
    return cv::Point2d(p[0] / p[2], p[1] / p[2]);
}

/// Pyramidal Lucas-Kanade flow of `points` (OpenCV's coordinates) from `from` to `to`, kept
/// where the flow back lands within half a pixel of where it started. Pairs in continuous
/// coordinates.
void flow(const cv::Mat &from, const cv::Mat &to, const std::vector<cv::Point2f> &points, int levels,
          std::vector<cv::Point2f> &start, std::vector<cv::Point2f> &end) {
    start.clear();
    end.clear();
    if (points.empty()) return;
    std::vector<cv::Point2f> there, back;
    std::vector<uchar> status, backStatus;
    std::vector<float> errors;
    cv::TermCriteria criteria(cv::TermCriteria::COUNT | cv::TermCriteria::EPS, 40, 0.005);
    cv::calcOpticalFlowPyrLK(from, to, points, there, status, errors, cv::Size(21, 21), levels, criteria);
    cv::calcOpticalFlowPyrLK(to, from, there, back, backStatus, errors, cv::Size(21, 21), levels, criteria);
    for (size_t i = 0; i < points.size(); i++) {
        if (!status[i] || !backStatus[i]) continue;
        if (cv::norm(back[i] - points[i]) > 0.5) continue;
        start.emplace_back(points[i].x + 0.5f, points[i].y + 0.5f);
        end.emplace_back(there[i].x + 0.5f, there[i].y + 0.5f);
    }
}

/// Fits the homography taking `start` to `end` (RANSAC, then least squares on the points that
/// agree) and says how well it fits.
bool fit(const std::vector<cv::Point2f> &start, const std::vector<cv::Point2f> &end, cv::Matx33d &h,
         scry_alignment *result) {
    result->matched = static_cast<int>(start.size());
    result->inliers = 0;
    if (start.size() < static_cast<size_t>(leastInliers)) return false;
    std::vector<uchar> mask;
    cv::Mat found = cv::findHomography(start, end, cv::RANSAC, agreement, mask, 4000, 0.999);
    if (found.empty()) return false;
    std::vector<cv::Point2f> agreeingStart, agreeingEnd;
    for (size_t i = 0; i < mask.size(); i++)
        if (mask[i]) {
            agreeingStart.push_back(start[i]);
            agreeingEnd.push_back(end[i]);
        }
    if (agreeingStart.size() < static_cast<size_t>(leastInliers)) return false;
    cv::Mat refitted = cv::findHomography(agreeingStart, agreeingEnd, 0);
    h = normalised(cv::Matx33d(refitted.empty() ? found : refitted));
    if (!sane(h)) return false;
    std::vector<double> errors;
    for (size_t i = 0; i < agreeingStart.size(); i++) {
        cv::Point2d p = mapped(h, agreeingStart[i]);
        errors.push_back(std::hypot(p.x - agreeingEnd[i].x, p.y - agreeingEnd[i].y));
    }
    std::nth_element(errors.begin(), errors.begin() + errors.size() / 2, errors.end());
    result->inliers = static_cast<int>(agreeingStart.size());
    result->median_error = errors[errors.size() / 2];
    return true;
}

/// Refines `h` (moving to reference, continuous coordinates): `moving` warped onto `reference`
/// by it, the reference's corners (found on a copy reduced to `cornerSide`) followed into the
/// warped image, and the correction they agree on composed with it; a second time when the
/// first correction moved a corner of the image by `secondRound` pixels or more.
bool refine(const cv::Mat &reference, const cv::Mat &moving, cv::Matx33d &h, scry_alignment *result) {
    cv::Mat reference8 = levelled(reference), moving8 = levelled(moving);
    double scale;
    cv::Mat small = reduced(reference8, cornerSide, scale);
    std::vector<cv::Point2f> corners;
    int wanted = forArea(small, refineCorners, leastRefineCorners, 1024.0 * 576);
    cv::goodFeaturesToTrack(small, corners, wanted, 0.005, 8, cv::noArray(), 3);
    for (cv::Point2f &corner : corners)
        corner = cv::Point2f((corner.x + 0.5f) / scale - 0.5f, (corner.y + 0.5f) / scale - 0.5f);
    for (int round = 0; round < 2; round++) {
        cv::Mat warped;
        cv::warpPerspective(moving8, warped, cv::Mat(centred(h)), reference.size(), cv::INTER_LINEAR,
                            cv::BORDER_CONSTANT, cv::Scalar(128));
        // Only corners whose window lies within the moving image once warped.
        cv::Matx33d back = h.inv();
        std::vector<cv::Point2f> inside;
        for (cv::Point2f corner : corners) {
            cv::Point2d there = mapped(back, cv::Point2f(corner.x + 0.5f, corner.y + 0.5f));
            if (there.x >= 14 && there.y >= 14 && there.x <= moving.cols - 14 && there.y <= moving.rows - 14)
                inside.push_back(corner);
        }
        std::vector<cv::Point2f> start, end;
        flow(reference8, warped, inside, 2, start, end);
        cv::Matx33d correction;
        if (!fit(end, start, correction, result)) return false;
        h = normalised(correction * h);
        if (!sane(h)) return false;
        double moved = 0;
        for (cv::Point2f corner : {cv::Point2f(0, 0), cv::Point2f(reference.cols, 0),
                                   cv::Point2f(reference.cols, reference.rows), cv::Point2f(0, reference.rows)}) {
            cv::Point2d p = mapped(correction, corner);
            moved = std::max(moved, std::hypot(p.x - corner.x, p.y - corner.y));
        }
        if (moved < secondRound) break;
    }
    return true;
}

void identity(scry_alignment *result) {
    for (int i = 0; i < 9; i++) result->homography[i] = (i % 4 == 0) ? 1.0 : 0.0;
}

void store(const cv::Matx33d &h, scry_alignment *result) {
    for (int i = 0; i < 9; i++) result->homography[i] = h.val[i];
}

/// Whether an image is large enough to follow points in: a flow window and a feature's patch
/// fit in it several times over.
bool followable(const cv::Mat &image) { return image.cols >= leastSide && image.rows >= leastSide; }

/// Aligns two images as given (continuous coordinates), both at most `fineSide` long.
void align(const cv::Mat &reference, const cv::Mat &moving, scry_alignment *result) {
    std::memset(result, 0, sizeof *result);
    identity(result);
    if (!followable(reference) || !followable(moving)) return;
    cv::Matx33d h;
    if (!rough(reference, moving, h)) return;
    if (!refine(reference, moving, h, result)) {
        result->inliers = 0;
        return;
    }
    result->aligned = 1;
    store(h, result);
}

} // namespace

struct scry_motion_follower {
    /// The previous frame, reduced and levelled, and its corners (OpenCV's coordinates).
    cv::Mat previous;
    std::vector<cv::Point2f> corners;
    /// The size frames came in at, and the scale of the reduced copies.
    cv::Size size;
    double scale = 1;
};

extern "C" {

int scry_align_images(const scry_gray *reference, const scry_gray *moving, scry_alignment *result, char *error,
                      size_t error_capacity) {
    return scry_motion::guarded<int>(error, error_capacity, -1, [&]() -> int {
        cv::Mat r = wrap(reference), m = wrap(moving);
        double referenceScale, movingScale;
        cv::Mat fineReference = reduced(r, fineSide, referenceScale), fineMoving = reduced(m, fineSide, movingScale);
        align(fineReference, fineMoving, result);
        if (result->aligned) {
            cv::Matx33d h = scaling(1 / referenceScale) * cv::Matx33d(result->homography) * scaling(movingScale);
            store(normalised(h), result);
            result->median_error /= referenceScale;
        }
        return 0;
    });
}

scry_motion_follower *scry_motion_follower_create(void) {
    try {
        return new scry_motion_follower();
    } catch (...) {
        return nullptr;
    }
}

void scry_motion_follower_destroy(scry_motion_follower *follower) { delete follower; }

int scry_motion_follower_next(scry_motion_follower *follower, const scry_gray *frame, scry_alignment *result,
                              char *error, size_t error_capacity) {
    return scry_motion::guarded<int>(error, error_capacity, -1, [&]() -> int {
        std::memset(result, 0, sizeof *result);
        identity(result);
        cv::Mat full = wrap(frame);
        double scale;
        cv::Mat current = levelled(reduced(full, followerSide, scale));
        if (!followable(current)) {
            // Too small to follow anything: no motion, and the next frame starts afresh.
            follower->previous = cv::Mat();
            return 0;
        }
        bool first = follower->previous.empty() || follower->size != full.size();
        int answered = 0;
        if (!first) {
            // This frame's points followed back to the previous frame's: flow from the previous
            // frame's corners, then the homography from this frame to the previous one.
            std::vector<cv::Point2f> start, end;
            flow(follower->previous, current, follower->corners, 3, start, end);
            cv::Matx33d h;
            bool found = fit(end, start, h, result);
            if (!found || result->inliers < std::max(leastInliers, result->matched / 3)) {
                // Lost (a fast turn, a cut): matched afresh as two images.
                scry_alignment again;
                align(follower->previous, current, &again);
                *result = again;
                found = again.aligned != 0;
                h = cv::Matx33d(again.homography);
            }
            if (found) {
                result->aligned = 1;
                store(normalised(scaling(1 / scale) * h * scaling(scale)), result);
                result->median_error /= scale;
            } else {
                result->aligned = 0;
                identity(result);
            }
            answered = 1;
        }
        follower->previous = current;
        follower->size = full.size();
        follower->scale = scale;
        follower->corners.clear();
        cv::goodFeaturesToTrack(current, follower->corners, 300, 0.005, 10, cv::noArray(), 5);
        return answered;
    });
}

int scry_follow_quads(const scry_gray *previous, const scry_gray *current, double *xs, double *ys, int count, int *ok,
                      char *error, size_t error_capacity) {
    return scry_motion::guarded<int>(error, error_capacity, -1, [&]() -> int {
        for (int i = 0; i < count; i++) ok[i] = 0;
        cv::Mat before = wrap(previous), now = wrap(current);
        if (before.size() != now.size() || !followable(before)) return 0;
        double scale;
        cv::Mat smallBefore = reduced(before, quadSide, scale), smallNow;
        cv::resize(now, smallNow, smallBefore.size(), 0, 0, cv::INTER_AREA);
        for (int i = 0; i < count; i++) {
            std::vector<cv::Point> outline;
            for (int k = 0; k < 4; k++)
                outline.emplace_back(static_cast<int>(std::lround(xs[4 * i + k] * scale - 0.5)),
                                     static_cast<int>(std::lround(ys[4 * i + k] * scale - 0.5)));
            cv::Mat mask = cv::Mat::zeros(smallBefore.size(), CV_8U);
            cv::fillConvexPoly(mask, outline, cv::Scalar(255));
            if (cv::countNonZero(mask) < 64) continue;
            std::vector<cv::Point2f> corners;
            cv::goodFeaturesToTrack(smallBefore, corners, 80, 0.01, 4, mask, 3);
            std::vector<cv::Point2f> start, end;
            flow(smallBefore, smallNow, corners, 3, start, end);
            cv::Matx33d h;
            scry_alignment fitted;
            if (!fit(start, end, h, &fitted) || fitted.inliers < std::max(leastInliers, fitted.matched / 3)) continue;
            // The homography between the reduced copies, on the frames' own coordinates.
            cv::Matx33d full = normalised(scaling(1 / scale) * h * scaling(scale));
            for (int k = 0; k < 4; k++) {
                cv::Point2d p = mapped(full, cv::Point2f(static_cast<float>(xs[4 * i + k]), static_cast<float>(ys[4 * i + k])));
                xs[4 * i + k] = p.x;
                ys[4 * i + k] = p.y;
            }
            ok[i] = 1;
        }
        return 0;
    });
}

void scry_motion_single_threaded(void) { cv::setNumThreads(0); }

} // extern "C"
