// Imports zinnia, the online handwriting recognizer (Debian's libzinnia-dev): its C interface.
#include <zinnia.h>
