// A pen the kernel provides (uinput), for scripts/vivid-check: creates a pen tablet (0..10000
// on both axes, y down, 40 units a millimetre), writes its event node's path to NODE_FILE,
// waits until GO_FILE exists (scry ink is reading it), draws what SCRIPT says as a hand
// would, a sample every 8 ms, and unplugs the pen.
//
//   vivid-pen NODE_FILE GO_FILE SCRIPT
//
// SCRIPT has one command a line: "X Y" touches or moves the pen there (the first after a lift
// begins a stroke), "up" lifts it, "rest MS" keeps it up that long.
#include <dirent.h>
#include <fcntl.h>
#include <linux/uinput.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

static int device;

static void emit(int type, int code, int value) {
  struct input_event event;
  memset(&event, 0, sizeof event);
  event.type = type;
  event.code = code;
  event.value = value;
  if (write(device, &event, sizeof event) != sizeof event) { perror("write"); exit(1); }
}

static void report(void) { emit(EV_SYN, SYN_REPORT, 0); usleep(8000); }

static void at(double x, double y) {
  emit(EV_ABS, ABS_X, (int)lround(x));
  emit(EV_ABS, ABS_Y, (int)lround(y));
}

static void axis(int code, int maximum) {
  struct uinput_abs_setup setup;
  memset(&setup, 0, sizeof setup);
  setup.code = code;
  setup.absinfo.minimum = 0;
  setup.absinfo.maximum = maximum;
  setup.absinfo.resolution = code == ABS_PRESSURE ? 0 : 40;
  if (ioctl(device, UI_ABS_SETUP, &setup) < 0) { perror("UI_ABS_SETUP"); exit(1); }
}

int main(int argc, char **argv) {
  if (argc != 4) { fprintf(stderr, "usage: vivid-pen NODE_FILE GO_FILE SCRIPT\n"); return 64; }
  FILE *script = fopen(argv[3], "r");
  if (!script) { perror(argv[3]); return 66; }
  device = open("/dev/uinput", O_WRONLY | O_NONBLOCK);
  if (device < 0) { perror("/dev/uinput"); return 1; }
  ioctl(device, UI_SET_EVBIT, EV_KEY);
  ioctl(device, UI_SET_KEYBIT, BTN_TOOL_PEN);
  ioctl(device, UI_SET_KEYBIT, BTN_TOUCH);
  ioctl(device, UI_SET_KEYBIT, BTN_STYLUS);
  ioctl(device, UI_SET_EVBIT, EV_ABS);
  ioctl(device, UI_SET_ABSBIT, ABS_X);
  ioctl(device, UI_SET_ABSBIT, ABS_Y);
  ioctl(device, UI_SET_ABSBIT, ABS_PRESSURE);
  ioctl(device, UI_SET_PROPBIT, INPUT_PROP_DIRECT);
  axis(ABS_X, 10000);
  axis(ABS_Y, 10000);
  axis(ABS_PRESSURE, 1023);
  struct uinput_setup setup;
  memset(&setup, 0, sizeof setup);
  setup.id.bustype = BUS_VIRTUAL;
  setup.id.vendor = 0x5c5c;
  setup.id.product = 0x0001;
  snprintf(setup.name, sizeof setup.name, "Scry test pen");
  if (ioctl(device, UI_DEV_SETUP, &setup) < 0 || ioctl(device, UI_DEV_CREATE) < 0) { perror("UI_DEV_CREATE"); return 1; }

  // The event node: /sys/devices/virtual/input/inputN/eventM.
  char name[64] = "", path[128];
  if (ioctl(device, UI_GET_SYSNAME(sizeof name), name) < 0) { perror("UI_GET_SYSNAME"); return 1; }
  snprintf(path, sizeof path, "/sys/devices/virtual/input/%s", name);
  DIR *directory = opendir(path);
  struct dirent *entry;
  char node[300] = "";
  while (directory && (entry = readdir(directory)))
    if (strncmp(entry->d_name, "event", 5) == 0) snprintf(node, sizeof node, "/dev/input/%s", entry->d_name);
  if (directory) closedir(directory);
  if (!node[0]) { fprintf(stderr, "no event node under %s\n", path); return 1; }
  FILE *file = fopen(argv[1], "w");
  fprintf(file, "%s\n", node);
  fclose(file);
  printf("created %s\n", node);
  fflush(stdout);

  struct stat status;
  for (int tries = 0; stat(argv[2], &status) != 0; tries++) {
    if (tries > 9000) { fprintf(stderr, "nobody said go in 15 minutes\n"); return 1; }
    usleep(100000);
  }
  usleep(500000);
  // The pen comes near the surface.
  emit(EV_KEY, BTN_TOOL_PEN, 1);
  at(1000, 1000);
  report();

  char line[128];
  int touching = 0, strokes = 0;
  while (fgets(line, sizeof line, script)) {
    double x, y;
    int milliseconds;
    if (sscanf(line, "rest %d", &milliseconds) == 1) {
      usleep(milliseconds * 1000);
    } else if (strncmp(line, "up", 2) == 0) {
      if (touching) {
        emit(EV_KEY, BTN_TOUCH, 0);
        emit(EV_ABS, ABS_PRESSURE, 0);
        report();
        touching = 0;
      }
    } else if (sscanf(line, "%lf %lf", &x, &y) == 2) {
      at(x, y);
      if (!touching) {
        emit(EV_KEY, BTN_TOUCH, 1);
        emit(EV_ABS, ABS_PRESSURE, 600);
        touching = 1;
        strokes++;
      }
      report();
    }
  }
  fclose(script);
  emit(EV_KEY, BTN_TOOL_PEN, 0);
  report();
  printf("drawn %d strokes\n", strokes);
  fflush(stdout);
  ioctl(device, UI_DEV_DESTROY);
  close(device);
  return 0;
}
