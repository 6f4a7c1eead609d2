// Imports libevdev, the kernel's input events made readable (Debian's libevdev-dev): its C
// interface, and the kernel's event codes.
#include <libevdev/libevdev.h>
#include <linux/input.h>
