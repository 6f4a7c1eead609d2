#ifndef SCRY_COPENVINO_SHIM_H
#define SCRY_COPENVINO_SHIM_H

// OpenVINO's C API from its PyPI wheel (scripts/install-deps), opened at run time rather than
// linked: a machine without the runtime (or with a broken copy) must still run scry's other
// engines, and a library that will not load must become one line on stderr and status 69,
// which a missing DT_NEEDED library never allows (the loader ends the process before main).
// So the header gives the types, and `scry_openvino_open` fills a table of function pointers
// with dlsym. Only variadic-free entry points are listed: Swift cannot call C variadics, and
// OpenVINO has `*_props` forms that take an array instead.

#include <dlfcn.h>
#include <malloc.h>
#include <stddef.h>
#include <openvino/c/openvino.h>

#define SCRY_OPENVINO_FUNCTIONS(X) \
    X(ov_get_error_info) \
    X(ov_get_last_err_msg) \
    X(ov_core_create) \
    X(ov_core_free) \
    X(ov_core_read_model) \
    X(ov_core_read_model_from_memory_buffer) \
    X(ov_core_compile_model_props) \
    X(ov_model_free) \
    X(ov_model_inputs_size) \
    X(ov_model_outputs_size) \
    X(ov_model_reshape_single_input) \
    X(ov_model_const_input_by_index) \
    X(ov_model_const_output_by_index) \
    X(ov_port_get_partial_shape) \
    X(ov_port_get_element_type) \
    X(ov_output_const_port_free) \
    X(ov_partial_shape_free) \
    X(ov_partial_shape_create_static) \
    X(ov_compiled_model_free) \
    X(ov_compiled_model_create_infer_request) \
    X(ov_infer_request_free) \
    X(ov_infer_request_set_input_tensor_by_index) \
    X(ov_infer_request_get_output_tensor_by_index) \
    X(ov_infer_request_infer) \
    X(ov_shape_create) \
    X(ov_shape_free) \
    X(ov_tensor_create_from_host_ptr) \
    X(ov_tensor_get_shape) \
    X(ov_tensor_get_element_type) \
    X(ov_tensor_data) \
    X(ov_tensor_free)

/// The OpenVINO C functions scry calls, each a pointer of the declared function's own type.
typedef struct {
#define SCRY_OPENVINO_FIELD(name) __typeof__(&name) name;
    SCRY_OPENVINO_FUNCTIONS(SCRY_OPENVINO_FIELD)
#undef SCRY_OPENVINO_FIELD
} scry_openvino_api;

/// Opens the C API library at `path` and fills `api`. Returns the library handle, or NULL with
/// `*missing` naming what failed: NULL when dlopen itself failed (dlerror says why), else the
/// first function the library does not export (the library is closed again).
static inline void *scry_openvino_open(const char *path, scry_openvino_api *api, const char **missing) {
    *missing = NULL;
    void *library = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) return NULL;
#define SCRY_OPENVINO_LOAD(name) \
    api->name = (__typeof__(&name))dlsym(library, #name); \
    if (api->name == NULL) { *missing = #name; dlclose(library); return NULL; }
    SCRY_OPENVINO_FUNCTIONS(SCRY_OPENVINO_LOAD)
#undef SCRY_OPENVINO_LOAD
    return library;
}

/// Sets glibc's threshold above which a block is mapped for itself (and unmapped when freed),
/// which also stops glibc from raising it as blocks are freed; NeuralRuntime's policy for
/// OpenVINO's working memory (Swift's Glibc module does not export mallopt).
static inline int scry_openvino_map_blocks_from(int bytes) {
    return mallopt(M_MMAP_THRESHOLD, bytes);
}

/// Gives the free memory at the top of glibc's heaps and in whole free pages inside them back
/// to the system (malloc_trim); what OpenVINO freed otherwise stays counted in the process.
static inline void scry_openvino_return_free_memory(void) {
    malloc_trim(0);
}

#endif
