// The standalone decoders of scripts/bench-mjpeg. Decodes each 1280x720 JPEG given, ROUNDS
// times over, and prints one line per frame: the milliseconds it took on the monotonic clock,
// as scry's decode statistics are timed. MODE is
//   v4lconvert      v4lconvert_convert to YU12: what libv4l2 does to every frame of an
//                   MJPEG-only camera when a program asks it for YU12 (as scry did before it
//                   took the JPEGs itself)
//   turbojpeg-gray  tjDecompress2 to TJPF_GRAY, the call scry's gray decode makes, alone
//
//     bench-mjpeg-decode MODE ROUNDS JPEG...
//
// libv4lconvert is driven without a device: its device operations answer VIDIOC_QUERYCAP
// for a plain capture device and refuse every other request, which it only makes for
// controls and format enumeration, not for a conversion.
#include <errno.h>
#include <libv4l-plugin.h>
#include <libv4lconvert.h>
#include <linux/videodev2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <turbojpeg.h>

static int device_ioctl(void *private, int fd, unsigned long request, void *argument) {
    (void)private;
    (void)fd;
    if (request == VIDIOC_QUERYCAP) {
        struct v4l2_capability *capability = argument;
        memset(capability, 0, sizeof *capability);
        strcpy((char *)capability->driver, "bench");
        strcpy((char *)capability->card, "bench");
        capability->capabilities = V4L2_CAP_VIDEO_CAPTURE | V4L2_CAP_STREAMING;
        return 0;
    }
    errno = EINVAL;
    return -1;
}

static const struct libv4l_dev_ops operations = {.ioctl = device_ioctl};

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
    if (argc < 4) { fprintf(stderr, "usage: %s v4lconvert|turbojpeg-gray ROUNDS JPEG...\n", argv[0]); return 2; }
    int gray = strcmp(argv[1], "turbojpeg-gray") == 0;
    int rounds = atoi(argv[2]);
    tjhandle turbojpeg = tjInitDecompress();
    struct v4lconvert_data *converter = v4lconvert_create_with_dev_ops(-1, NULL, &operations);
    if (!converter) { fprintf(stderr, "v4lconvert_create_with_dev_ops failed\n"); return 1; }
    struct v4l2_format source, destination;
    memset(&source, 0, sizeof source);
    source.type = V4L2_BUF_TYPE_VIDEO_CAPTURE;
    source.fmt.pix.width = 1280;
    source.fmt.pix.height = 720;
    source.fmt.pix.pixelformat = V4L2_PIX_FMT_MJPEG;
    source.fmt.pix.field = V4L2_FIELD_NONE;
    destination = source;
    destination.fmt.pix.pixelformat = V4L2_PIX_FMT_YUV420;
    destination.fmt.pix.bytesperline = 1280;
    destination.fmt.pix.sizeimage = 1280 * 720 * 3 / 2;
    unsigned char *yu12 = malloc(destination.fmt.pix.sizeimage);
    for (int round = 0; round < rounds; round++) {
        for (int i = 3; i < argc; i++) {
            size_t length;
            unsigned char *jpeg = read_file(argv[i], &length);
            source.fmt.pix.sizeimage = length;
            struct timespec start, end;
            clock_gettime(CLOCK_MONOTONIC, &start);
            int failed;
            if (gray) {
                failed = tjDecompress2(turbojpeg, jpeg, length, yu12, 1280, 0, 720, TJPF_GRAY, TJFLAG_STOPONWARNING) != 0;
            } else {
                failed = v4lconvert_convert(converter, &source, &destination, jpeg, (int)length, yu12,
                                            (int)destination.fmt.pix.sizeimage) != (int)destination.fmt.pix.sizeimage;
            }
            clock_gettime(CLOCK_MONOTONIC, &end);
            if (failed) {
                fprintf(stderr, "%s: %s\n", argv[i],
                        gray ? tjGetErrorStr2(turbojpeg) : v4lconvert_get_error_message(converter));
                return 1;
            }
            printf("%.4f\n", (end.tv_sec - start.tv_sec) * 1e3 + (end.tv_nsec - start.tv_nsec) / 1e6);
            free(jpeg);
        }
    }
    v4lconvert_destroy(converter);
    tjDestroy(turbojpeg);
    return 0;
}
