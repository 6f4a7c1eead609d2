// Following one object through frames: see scry_object_tracker in include/scry_motion.h.
//
// While the object is in view, points of it (Shi-Tomasi corners, or a grid where it has too
// few) are followed from the previous frame by pyramidal Lucas-Kanade flow and kept where the
// flow back returns within a pixel (the forward-backward check of Kalal et al.'s Median Flow);
// the object (a rectangle that may turn) moves, turns and grows by the similarity their flow
// agrees on (least median of squares). Its look, sampled upright from the turned rectangle, is
// then compared (normalized cross-correlation of 32x32 patches, over their middle 20x20) with
// the object's first look and its latest sure one: a look unlike both means the object is
// hidden or gone, and it is lost. Only the middle is compared because a marked box is the
// upright box around what the user meant: around a turned card, its corners hold the scene
// behind it, which stays when the card moves. A lost object is looked for in whole frames by
// its ORB features (from the first frame), placed by the similarity RANSAC fits to them, and
// taken as found only when its look there is like the first look; where it is not, the matches
// that fit are set aside and the next group that agrees on a place is tried (the scene behind
// the marked box agrees on one too, often with more matches than the object). The box
// reported is the upright box around the ellipse inside the turned rectangle.
#include "scry_motion.h"
#include "support.hpp"

#include <algorithm>
#include <cmath>
#include <exception>
#include <vector>

#include <opencv2/calib3d.hpp>
#include <opencv2/core.hpp>
#include <opencv2/features2d.hpp>
#include <opencv2/imgproc.hpp>
#include <opencv2/video/tracking.hpp>

namespace {

using scry_motion::wrap;

/// The side of the patches looks are compared at.
constexpr int lookSide = 32;
/// The side of the middle of a look that looks are compared by (of lookSide): a box marked
/// upright around a square card turned 25 degrees holds the scene in its corners, and its middle
/// 20/32 of each side is the card's but for the tips of its own corners.
constexpr int middleSide = 20;
/// The largest side a look is sampled at before it is reduced to lookSide by area.
constexpr int sampleSide = 128;
/// A look correlating less than this with both known looks is not the object.
constexpr double lostBelow = 0.5;
/// A candidate found again must correlate at least this with the first look.
constexpr double foundAbove = 0.6;
/// A look correlating less than this with the first look has drifted off the object.
constexpr double driftBelow = 0.4;
/// A look this sure becomes the latest sure look.
constexpr double refreshAbove = 0.8;
/// The least share of the object's box within the frame for it to be in view.
constexpr double leastInView = 0.5;
/// The least side of a box (pixels) within the frame.
constexpr double leastSide = 8;

/// An upright box: top-left corner, width and height (continuous pixel coordinates).
struct Box {
    double x, y, width, height;
};

/// The object: a rectangle of the object's own width and height, turned by `angle` (radians,
/// clockwise on the screen as y runs down) about its centre (continuous pixel coordinates).
struct Pose {
    double centreX, centreY, width, height, angle;

    /// The corners, turned.
    std::vector<cv::Point2f> corners() const {
        double c = std::cos(angle), s = std::sin(angle);
        std::vector<cv::Point2f> out;
        for (auto [u, v] : {std::pair{-0.5, -0.5}, {0.5, -0.5}, {0.5, 0.5}, {-0.5, 0.5}}) {
            double x = u * width, y = v * height;
            out.emplace_back(static_cast<float>(centreX + c * x - s * y), static_cast<float>(centreY + s * x + c * y));
        }
        return out;
    }

    /// The box reported for it: the upright box around the ellipse inside the turned rectangle.
    /// The rectangle is the box the user marked, turned as the object turned since; the box
    /// around the rectangle itself would hold the whole rectangle only when the object filled
    /// the marked box, and around an object marked already turned (whose marked box holds the
    /// scene at its corners) it grows too large as soon as the object turns back. The
    /// ellipse's box keeps the marked box's size at every turn of a square, between the two.
    Box reportedBox() const {
        double c = std::cos(angle), s = std::sin(angle);
        double halfWidth = std::hypot(c * width / 2, s * height / 2);
        double halfHeight = std::hypot(s * width / 2, c * height / 2);
        return Box{centreX - halfWidth, centreY - halfHeight, 2 * halfWidth, 2 * halfHeight};
    }

    /// The upright box around it.
    Box box() const {
        double c = std::fabs(std::cos(angle)), s = std::fabs(std::sin(angle));
        double w = c * width + s * height, h = s * width + c * height;
        return Box{centreX - w / 2, centreY - h / 2, w, h};
    }
};

/// The share of `box` within an image of `size`.
double shareInView(const Box &box, cv::Size size) {
    double left = std::max(0.0, box.x), top = std::max(0.0, box.y);
    double right = std::min<double>(size.width, box.x + box.width), bottom = std::min<double>(size.height, box.y + box.height);
    if (right <= left || bottom <= top || box.width <= 0 || box.height <= 0) return 0;
    return (right - left) * (bottom - top) / (box.width * box.height);
}

/// What the object's rectangle holds in `frame`, turned upright, at lookSide x lookSide (parts
/// beyond the frame repeat its edge).
cv::Mat look(const cv::Mat &frame, const Pose &pose) {
    int sampleWidth = std::clamp(static_cast<int>(std::lround(pose.width)), 1, sampleSide);
    int sampleHeight = std::clamp(static_cast<int>(std::lround(pose.height)), 1, sampleSide);
    // Sample pixel (u, v) (OpenCV's coordinates) to the frame's (OpenCV's coordinates).
    double sx = pose.width / sampleWidth, sy = pose.height / sampleHeight;
    double c = std::cos(pose.angle), s = std::sin(pose.angle);
    double ox = -pose.width / 2 + sx / 2, oy = -pose.height / 2 + sy / 2;
    cv::Matx23d toFrame(c * sx, -s * sy, pose.centreX - 0.5 + c * ox - s * oy,
                        s * sx, c * sy, pose.centreY - 0.5 + s * ox + c * oy);
    cv::Mat sample, out;
    cv::warpAffine(frame, sample, cv::Mat(toFrame), cv::Size(sampleWidth, sampleHeight),
                   cv::INTER_LINEAR | cv::WARP_INVERSE_MAP, cv::BORDER_REPLICATE);
    cv::resize(sample, out, cv::Size(lookSide, lookSide), 0, 0, cv::INTER_AREA);
    return out;
}

/// Normalized cross-correlation of two patches of one size (-1...1); 0 when either is flat.
double correlation(const cv::Mat &a, const cv::Mat &b) {
    if (a.empty() || b.empty()) return 0;
    cv::Scalar meanA, spreadA, meanB, spreadB;
    cv::meanStdDev(a, meanA, spreadA);
    cv::meanStdDev(b, meanB, spreadB);
    if (spreadA[0] < 2 || spreadB[0] < 2) return 0;
    cv::Mat result;
    cv::matchTemplate(a, b, result, cv::TM_CCOEFF_NORMED);
    return result.at<float>(0, 0);
}

/// How alike two looks are: the correlation of their middles (middleSide x middleSide), the
/// part of a marked box most surely the object's.
double likeness(const cv::Mat &a, const cv::Mat &b) {
    if (a.empty() || b.empty()) return 0;
    int offset = (lookSide - middleSide) / 2;
    cv::Rect middle(offset, offset, middleSide, middleSide);
    return correlation(a(middle), b(middle));
}

/// The angle in (-pi, pi].
double wrapped(double angle) { return std::remainder(angle, 2 * CV_PI); }

} // namespace

struct scry_object_tracker {
    bool accurate = true;
    Pose pose{};
    bool inView = true;
    int framesLost = 0;
    cv::Mat previous;
    cv::Mat firstLook, latestLook;
    /// The object as first seen, for finding it again: where it was and its ORB features.
    Pose firstPose{};
    std::vector<cv::Point2f> featurePlaces;
    cv::Mat featureDescriptors;
    cv::Ptr<cv::ORB> orb;

    /// The pose moved as the flow of its points from the previous frame agrees; false when too
    /// few points could be followed.
    bool follow(const cv::Mat &frame, Pose &moved) {
        Box box = pose.box();
        double margin = std::max(box.width, box.height) + 40;
        cv::Rect area(cv::Point(static_cast<int>(box.x - margin), static_cast<int>(box.y - margin)),
                      cv::Point(static_cast<int>(box.x + box.width + margin), static_cast<int>(box.y + box.height + margin)));
        area &= cv::Rect(0, 0, frame.cols, frame.rows);
        if (area.width < leastSide || area.height < leastSide) return false;
        cv::Mat before = previous(area), now = frame(area);
        // Points within the turned rectangle (a little inside its edges).
        Pose inner = pose;
        inner.width *= 0.9;
        inner.height *= 0.9;
        std::vector<cv::Point> outline;
        for (cv::Point2f corner : inner.corners())
            outline.emplace_back(static_cast<int>(std::lround(corner.x - area.x)), static_cast<int>(std::lround(corner.y - area.y)));
        cv::Mat mask = cv::Mat::zeros(before.size(), CV_8U);
        cv::fillConvexPoly(mask, outline, cv::Scalar(255));
        if (cv::countNonZero(mask) < leastSide * leastSide) return false;
        std::vector<cv::Point2f> points;
        double spacing = std::max(3.0, std::min(inner.width, inner.height) / 12.0);
        cv::goodFeaturesToTrack(before, points, accurate ? 150 : 60, 0.01, spacing, mask, 3);
        if (points.size() < 20) {
            // Too little texture for corners: a grid over the rectangle.
            for (int i = 0; i < 10; i++)
                for (int j = 0; j < 10; j++) {
                    Pose cell = inner;
                    double u = (i + 0.5) / 10 - 0.5, v = (j + 0.5) / 10 - 0.5;
                    double c = std::cos(cell.angle), s = std::sin(cell.angle);
                    double x = cell.centreX + c * u * cell.width - s * v * cell.height - area.x - 0.5;
                    double y = cell.centreY + s * u * cell.width + c * v * cell.height - area.y - 0.5;
                    if (x >= 0 && y >= 0 && x < area.width && y < area.height) points.emplace_back(x, y);
                }
        }
        if (points.size() < 6) return false;
        std::vector<cv::Point2f> there, back;
        std::vector<uchar> status, backStatus;
        std::vector<float> errors;
        cv::TermCriteria criteria(cv::TermCriteria::COUNT | cv::TermCriteria::EPS, 30, 0.01);
        cv::calcOpticalFlowPyrLK(before, now, points, there, status, errors, cv::Size(15, 15), 3, criteria);
        cv::calcOpticalFlowPyrLK(now, before, there, back, backStatus, errors, cv::Size(15, 15), 3, criteria);
        std::vector<cv::Point2f> from, to;
        for (size_t i = 0; i < points.size(); i++) {
            if (!status[i] || !backStatus[i] || cv::norm(back[i] - points[i]) > 1.0) continue;
            from.push_back(points[i]);
            to.push_back(there[i]);
        }
        if (from.size() < 6) return false;
        cv::Mat similarity = cv::estimateAffinePartial2D(from, to, cv::noArray(), cv::LMEDS);
        if (similarity.empty()) return false;
        cv::Matx23d m(similarity);
        double scale = std::clamp(std::hypot(m(0, 0), m(1, 0)), 0.8, 1.25);
        double turn = std::clamp(std::atan2(m(1, 0), m(0, 0)), -0.3, 0.3);
        // The centre (OpenCV's coordinates within the area) where the similarity takes it.
        double cx = pose.centreX - 0.5 - area.x, cy = pose.centreY - 0.5 - area.y;
        moved = Pose{m(0, 0) * cx + m(0, 1) * cy + m(0, 2) + 0.5 + area.x, m(1, 0) * cx + m(1, 1) * cy + m(1, 2) + 0.5 + area.y,
                     pose.width * scale, pose.height * scale, wrapped(pose.angle + turn)};
        return std::isfinite(moved.centreX) && std::isfinite(moved.centreY);
    }

    /// The object looked for near where it was last (three times its box around it): its
    /// latest look matched by normalized cross-correlation over a copy of the area reduced so
    /// that the object is lookSide pixels wide, then checked as a found object is.
    bool findNearby(const cv::Mat &frame, Pose &found, double &sureness, bool everywhere = false, double size = 1) {
        double scale = lookSide / std::max(pose.width * size, 1.0);
        double yScale = lookSide / std::max(pose.height * size, 1.0);
        Box box = pose.box();
        double margin = std::max(box.width, box.height);
        cv::Rect area(cv::Point(static_cast<int>(box.x - margin), static_cast<int>(box.y - margin)),
                      cv::Point(static_cast<int>(box.x + box.width + margin), static_cast<int>(box.y + box.height + margin)));
        if (everywhere) area = cv::Rect(0, 0, frame.cols, frame.rows);
        area &= cv::Rect(0, 0, frame.cols, frame.rows);
        int width = static_cast<int>(std::lround(area.width * scale)), height = static_cast<int>(std::lround(area.height * yScale));
        if (width <= lookSide || height <= lookSide) return false;
        cv::Mat small, scores;
        cv::resize(frame(area), small, cv::Size(width, height), 0, 0, cv::INTER_AREA);
        cv::matchTemplate(small, latestLook, scores, cv::TM_CCOEFF_NORMED);
        double best;
        cv::Point at;
        cv::minMaxLoc(scores, nullptr, &best, nullptr, &at);
        if (best < foundAbove) return false;
        found = pose;
        found.angle = 0;
        found.width = pose.width * size;
        found.height = pose.height * size;
        found.centreX = area.x + (at.x + lookSide / 2.0) / (static_cast<double>(width) / area.width);
        found.centreY = area.y + (at.y + lookSide / 2.0) / (static_cast<double>(height) / area.height);
        if (shareInView(found.box(), frame.size()) < leastInView) return false;
        cv::Mat there = look(frame, found);
        // A place found by a template alone, with no features to agree on it, needs the whole
        // look to agree, not only its middle: the middle of a face or a shape is like much else.
        sureness = std::max(correlation(there, firstLook), correlation(there, latestLook));
        return sureness >= foundAbove && correlation(there, firstLook) >= foundAbove;
    }

    /// The object's latest look matched over the whole frame at three sizes (0.8, 1 and 1.25
    /// times its last), for an object with too few features to be found by them.
    bool findAnywhere(const cv::Mat &frame, Pose &found, double &sureness) {
        for (double size : {1.0, 0.8, 1.25})
            if (findNearby(frame, found, sureness, true, size)) return true;
        return false;
    }

    /// The object looked for in the whole frame by its ORB features: where the similarity fitted
    /// to them puts its first pose, when its look there is like the first look.
    bool find(const cv::Mat &frame, Pose &found, double &sureness) {
        if (featureDescriptors.rows < 8) return false;
        std::vector<cv::KeyPoint> points;
        cv::Mat descriptors;
        orb->setMaxFeatures(accurate ? 3000 : 1500);
        orb->detectAndCompute(frame, cv::noArray(), points, descriptors);
        if (points.size() < 8) return false;
        std::vector<std::vector<cv::DMatch>> matches;
        cv::BFMatcher(cv::NORM_HAMMING).knnMatch(featureDescriptors, descriptors, matches, 2);
        std::vector<cv::Point2f> from, to;
        for (const auto &pair : matches) {
            if (pair.size() < 2 || pair[0].distance > 0.8f * pair[1].distance) continue;
            from.push_back(featurePlaces[pair[0].queryIdx]);
            to.push_back(points[pair[0].trainIdx].pt);
        }
        // Several groups of matches may agree on a place (the object's, and the scene that was
        // behind it in the marked box): up to three are tried, the largest first.
        for (int attempt = 0; attempt < 3 && from.size() >= 8; attempt++) {
            std::vector<uchar> inliers;
            cv::Mat similarity = cv::estimateAffinePartial2D(from, to, inliers, cv::RANSAC, 4.0);
            if (similarity.empty() || cv::countNonZero(inliers) < 8) return false;
            if (placed(frame, cv::Matx23d(similarity), found, sureness)) return true;
            std::vector<cv::Point2f> restFrom, restTo;
            for (size_t i = 0; i < from.size(); i++)
                if (!inliers[i]) {
                    restFrom.push_back(from[i]);
                    restTo.push_back(to[i]);
                }
            from.swap(restFrom);
            to.swap(restTo);
        }
        return false;
    }

    /// The first pose moved by `m`, taken as found when it lies in view and its look there is
    /// like the first look.
    bool placed(const cv::Mat &frame, const cv::Matx23d &m, Pose &found, double &sureness) {
        double scale = std::hypot(m(0, 0), m(1, 0));
        if (!(scale > 0.2 && scale < 5)) return false;
        double cx = firstPose.centreX - 0.5, cy = firstPose.centreY - 0.5;
        found = Pose{m(0, 0) * cx + m(0, 1) * cy + m(0, 2) + 0.5, m(1, 0) * cx + m(1, 1) * cy + m(1, 2) + 0.5,
                     firstPose.width * scale, firstPose.height * scale, wrapped(std::atan2(m(1, 0), m(0, 0)))};
        if (shareInView(found.box(), frame.size()) < leastInView) return false;
        sureness = likeness(look(frame, found), firstLook);
        return sureness >= foundAbove;
    }
};

extern "C" {

scry_object_tracker *scry_object_tracker_create(const scry_gray *frame, scry_box box, int accurate, char *error,
                                                size_t error_capacity) {
    return scry_motion::guarded<scry_object_tracker *>(error, error_capacity, nullptr, [&]() -> scry_object_tracker * {
        cv::Mat image = wrap(frame);
        if (!(std::isfinite(box.x) && std::isfinite(box.y) && std::isfinite(box.width) && std::isfinite(box.height)))
            return nullptr;
        double left = std::max(0.0, box.x), top = std::max(0.0, box.y);
        double right = std::min<double>(image.cols, box.x + box.width), bottom = std::min<double>(image.rows, box.y + box.height);
        if (right - left < leastSide || bottom - top < leastSide) return nullptr;
        auto tracker = new scry_object_tracker();
        tracker->accurate = accurate != 0;
        tracker->pose = Pose{(left + right) / 2, (top + bottom) / 2, right - left, bottom - top, 0};
        tracker->firstPose = tracker->pose;
        tracker->previous = image.clone();
        tracker->firstLook = look(image, tracker->pose);
        tracker->latestLook = tracker->firstLook;
        tracker->orb = cv::ORB::create(500, 1.2f, 8, 15, 0, 2, cv::ORB::HARRIS_SCORE, 15, 12);
        cv::Mat mask = cv::Mat::zeros(image.size(), CV_8U);
        mask(cv::Rect(cv::Point(static_cast<int>(left), static_cast<int>(top)),
                      cv::Point(static_cast<int>(std::ceil(right)), static_cast<int>(std::ceil(bottom))))
             & cv::Rect(0, 0, image.cols, image.rows))
            .setTo(255);
        std::vector<cv::KeyPoint> points;
        tracker->orb->detectAndCompute(image, mask, points, tracker->featureDescriptors);
        for (const cv::KeyPoint &point : points) tracker->featurePlaces.push_back(point.pt);
        return tracker;
    });
}

void scry_object_tracker_destroy(scry_object_tracker *tracker) { delete tracker; }

int scry_object_tracker_next(scry_object_tracker *tracker, const scry_gray *frame, scry_box *box, double *confidence,
                             int *found, char *error, size_t error_capacity) {
    return scry_motion::guarded<int>(error, error_capacity, -1, [&]() -> int {
        cv::Mat image = wrap(frame);
        *found = 0;
        *confidence = 0;
        if (image.size() != tracker->previous.size()) {
            // A frame of another size: nothing to follow from; looked for afresh.
            tracker->inView = false;
            tracker->previous = image.clone();
        }
        int answer = 0;
        if (tracker->inView) {
            Pose moved;
            if (tracker->follow(image, moved) && shareInView(moved.box(), image.size()) >= leastInView) {
                cv::Mat now = look(image, moved);
                double first = likeness(now, tracker->firstLook), latest = likeness(now, tracker->latestLook);
                double sureness = std::max(first, latest);
                // Unlike both looks, or drifting away from the first one (onto what is behind
                // the object) while the latest look follows it.
                if (sureness >= lostBelow && first >= driftBelow) {
                    tracker->pose = moved;
                    if (latest >= refreshAbove && first >= lostBelow) tracker->latestLook = now;
                    answer = 1;
                    *confidence = std::clamp(sureness, 0.0, 1.0);
                }
            }
            if (!answer) {
                tracker->inView = false;
                tracker->framesLost = 0;
            }
        } else {
            tracker->framesLost++;
            Pose candidate;
            double sureness = 0;
            bool looks = tracker->accurate || tracker->framesLost % 3 == 1;
            bool wide = tracker->framesLost % 3 == 1;
            if (looks && (tracker->findNearby(image, candidate, sureness) || tracker->find(image, candidate, sureness)
                          || (wide && tracker->findAnywhere(image, candidate, sureness)))) {
                tracker->pose = candidate;
                tracker->inView = true;
                tracker->latestLook = look(image, candidate);
                answer = 1;
                *found = 1;
                *confidence = std::clamp(sureness, 0.0, 1.0);
            }
        }
        tracker->previous = image.clone();
        Box reported = tracker->pose.reportedBox();
        *box = scry_box{reported.x, reported.y, reported.width, reported.height};
        return answer;
    });
}

} // extern "C"
