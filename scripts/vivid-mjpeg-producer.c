// The MJPEG camera of scripts/vivid-check: feeds the output side of a v4l2loopback device with
// JPEG frames, as a webcam that only speaks MJPEG would deliver them.
//
//     vivid-mjpeg-producer DEVICE FPS JPEG...
//
// Sets DEVICE's output format to MJPEG at the JPEGs' size (1280x720 here), then writes the
// JPEGs in turn, one write per frame, FPS frames a second, until killed; prints "streaming"
// once the first frame is written (with exclusive_caps=1 the capture side appears only then). Built statically by
// vivid-check so that it runs in the guest, which has no C library of its own beyond busybox.
#include <errno.h>
#include <fcntl.h>
#include <linux/videodev2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

static unsigned char *read_file(const char *path, size_t *length) {
    FILE *file = fopen(path, "rb");
    if (!file) { perror(path); exit(1); }
    fseek(file, 0, SEEK_END);
    long size = ftell(file);
    fseek(file, 0, SEEK_SET);
    unsigned char *bytes = malloc(size);
    if (!bytes || fread(bytes, 1, size, file) != (size_t)size) { fprintf(stderr, "%s: cannot read\n", path); exit(1); }
    fclose(file);
    *length = size;
    return bytes;
}

int main(int argc, char **argv) {
    if (argc < 4) { fprintf(stderr, "usage: %s DEVICE FPS JPEG...\n", argv[0]); return 2; }
    int fps = atoi(argv[2]);
    int count = argc - 3;
    unsigned char **frames = calloc(count, sizeof *frames);
    size_t *lengths = calloc(count, sizeof *lengths), largest = 0;
    for (int i = 0; i < count; i++) {
        frames[i] = read_file(argv[3 + i], &lengths[i]);
        if (lengths[i] > largest) largest = lengths[i];
    }
    int device = open(argv[1], O_RDWR);
    if (device < 0) { perror(argv[1]); return 1; }
    struct v4l2_format format;
    memset(&format, 0, sizeof format);
    format.type = V4L2_BUF_TYPE_VIDEO_OUTPUT;
    format.fmt.pix.width = 1280;
    format.fmt.pix.height = 720;
    format.fmt.pix.pixelformat = V4L2_PIX_FMT_MJPEG;
    format.fmt.pix.field = V4L2_FIELD_NONE;
    format.fmt.pix.sizeimage = largest;
    if (ioctl(device, VIDIOC_S_FMT, &format) < 0) { perror("VIDIOC_S_FMT"); return 1; }
    struct v4l2_streamparm parameters;
    memset(&parameters, 0, sizeof parameters);
    parameters.type = V4L2_BUF_TYPE_VIDEO_OUTPUT;
    parameters.parm.output.timeperframe.numerator = 1;
    parameters.parm.output.timeperframe.denominator = fps;
    ioctl(device, VIDIOC_S_PARM, &parameters);  // advisory: the writes set the pace
    struct timespec next;
    clock_gettime(CLOCK_MONOTONIC, &next);
    for (unsigned long frame = 0;; frame++) {
        int index = frame % count;
        if (write(device, frames[index], lengths[index]) < 0 && errno != EINTR) { perror("write"); return 1; }
        if (frame == 0) { puts("streaming"); fflush(stdout); }  // the camera can be opened now
        next.tv_nsec += 1000000000L / fps;
        if (next.tv_nsec >= 1000000000L) { next.tv_sec += 1; next.tv_nsec -= 1000000000L; }
        clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &next, NULL);
    }
}
