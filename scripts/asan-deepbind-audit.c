// An rtld-audit library (LD_AUDIT) for scripts/asan-check: oneTBB (loaded by OpenVINO and
// OpenCV) opens its topology helper, libtbbbind, with RTLD_DEEPBIND, which AddressSanitizer's
// dlopen refuses by ending the process. For bindings of `dlopen` made from a libtbb, this
// hands out a dlopen that drops RTLD_DEEPBIND and calls the one the binding found (ASan's).
// Nothing else is changed; only the sanitizer run uses it.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <link.h>
#include <stdint.h>
#include <string.h>

unsigned int la_version(unsigned int version) { (void)version; return LAV_CURRENT; }
unsigned int la_objopen(struct link_map *map, Lmid_t lmid, uintptr_t *cookie) {
    (void)lmid;
    *cookie = strstr(map->l_name, "/libtbb") != NULL;
    return LA_FLG_BINDTO | LA_FLG_BINDFROM;
}
static void *(*bound_dlopen)(const char *, int);
static void *dlopen_without_deepbind(const char *file, int flags) { return bound_dlopen(file, flags & ~RTLD_DEEPBIND); }
uintptr_t la_symbind64(Elf64_Sym *sym, unsigned int index, uintptr_t *from, uintptr_t *to, unsigned int *flags, const char *name) {
    (void)index; (void)to; (void)flags;
    if (*from && strcmp(name, "dlopen") == 0) {
        bound_dlopen = (void *(*)(const char *, int))sym->st_value;
        return (uintptr_t)dlopen_without_deepbind;
    }
    return sym->st_value;
}
