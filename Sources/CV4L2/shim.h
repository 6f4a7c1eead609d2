// Imports libv4l2 and the V4L2 kernel API. Swift cannot call libv4l2's variadic functions or
// use the function-like VIDIOC_* and V4L2_PIX_FMT_* macros, so this header wraps each one it
// needs in a plain inline function or constant.
#include <fcntl.h>
#include <sys/mman.h>
#include <linux/videodev2.h>
#include <libv4l2.h>

#include <sys/ioctl.h>

#include <stdio.h>

// libv4l2 prints its errors to stderr unless v4l2_log_file is set; scry reports every error
// itself, in one line, so libv4l2's go to /dev/null.
static inline void scry_v4l2_silence_log(void) {
    if (v4l2_log_file == NULL) v4l2_log_file = fopen("/dev/null", "w");
}
static inline int scry_v4l2_fd_open(int fd) { return v4l2_fd_open(fd, 0); }
static inline int scry_plain_ioctl(int fd, unsigned long request, void *argument) {
    return ioctl(fd, request, argument);
}
static inline int scry_v4l2_close(int fd) { return v4l2_close(fd); }
static inline int scry_v4l2_ioctl(int fd, unsigned long request, void *argument) {
    return v4l2_ioctl(fd, request, argument);
}
static inline void *scry_v4l2_mmap_shared(int fd, size_t length, int64_t offset) {
    return v4l2_mmap(NULL, length, PROT_READ | PROT_WRITE, MAP_SHARED, fd, offset);
}
static inline int scry_v4l2_munmap(void *start, size_t length) { return v4l2_munmap(start, length); }
static inline int scry_map_failed(const void *address) { return address == MAP_FAILED; }

static const unsigned long SCRY_VIDIOC_QUERYCAP = VIDIOC_QUERYCAP;
static const unsigned long SCRY_VIDIOC_ENUM_FMT = VIDIOC_ENUM_FMT;
static const unsigned long SCRY_VIDIOC_ENUM_FRAMESIZES = VIDIOC_ENUM_FRAMESIZES;
static const unsigned long SCRY_VIDIOC_ENUM_FRAMEINTERVALS = VIDIOC_ENUM_FRAMEINTERVALS;
static const unsigned long SCRY_VIDIOC_S_FMT = VIDIOC_S_FMT;
static const unsigned long SCRY_VIDIOC_G_PARM = VIDIOC_G_PARM;
static const unsigned long SCRY_VIDIOC_S_PARM = VIDIOC_S_PARM;
static const unsigned long SCRY_VIDIOC_REQBUFS = VIDIOC_REQBUFS;
static const unsigned long SCRY_VIDIOC_QUERYBUF = VIDIOC_QUERYBUF;
static const unsigned long SCRY_VIDIOC_QBUF = VIDIOC_QBUF;
static const unsigned long SCRY_VIDIOC_DQBUF = VIDIOC_DQBUF;
static const unsigned long SCRY_VIDIOC_STREAMON = VIDIOC_STREAMON;
static const unsigned long SCRY_VIDIOC_STREAMOFF = VIDIOC_STREAMOFF;
