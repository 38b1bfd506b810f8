#include "GalleyVips.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

/* libvips is opened with dlopen when the first picture is drawn, not
 * linked: linked, it and the 70 libraries under it (poppler, librsvg,
 * libheif, ImageMagick…) were loaded and relocated at every start of
 * every galley command, which cost 11.5 MiB of RSS and more time than the
 * rest of the start-up of a small folder, for pictures most folders never
 * need. So this file declares the few calls it makes itself, from the
 * headers of libvips 8.14 (ABI 42) and GLib 2. */

typedef struct _VipsImage VipsImage;
typedef int gboolean;
typedef char gchar;
typedef void *gpointer;
typedef size_t gsize;
typedef int GLogLevelFlags;
typedef struct _GLogField GLogField;

enum { VIPS_ACCESS_SEQUENTIAL = 1 };
enum { VIPS_SIZE_BOTH = 0, VIPS_SIZE_DOWN = 2 };
enum { VIPS_FAIL_ON_ERROR = 2 };
enum { G_LOG_FLAG_RECURSION = 1 << 0, G_LOG_LEVEL_MASK = ~((1 << 0) | (1 << 1)) };
enum { G_LOG_WRITER_HANDLED = 1 };
/* vips_version(3) - vips_version(5): the ABI the declarations below are for. */
enum { VIPS_ABI = 42 };

typedef void (*GLogFunc)(const gchar *domain, GLogLevelFlags level, const gchar *message, gpointer data);
typedef int (*GLogWriterFunc)(GLogLevelFlags level, const GLogField *fields, gsize count, gpointer data);
typedef void (*GPrintFunc)(const gchar *text);

static struct {
    void (*g_log_set_writer_func)(GLogWriterFunc, gpointer, void (*)(gpointer));
    GLogFunc (*g_log_set_default_handler)(GLogFunc, gpointer);
    GPrintFunc (*g_set_print_handler)(GPrintFunc);
    GPrintFunc (*g_set_printerr_handler)(GPrintFunc);
    unsigned (*g_log_set_handler)(const gchar *, GLogLevelFlags, GLogFunc, gpointer);
    void (*g_free)(gpointer);
    void (*g_object_unref)(gpointer);
    int (*vips_version)(int);
    int (*vips_init)(const char *);
    void (*vips_error_clear)(void);
    char *(*vips_error_buffer_copy)(void);
    void (*vips_concurrency_set)(int);
    void (*vips_cache_set_max)(int);
    void (*vips_cache_set_max_mem)(size_t);
    void (*vips_cache_set_max_files)(int);
    void (*vips_leak_set)(gboolean);
    void (*vips_operation_block_set)(const char *, gboolean);
    void (*vips_thread_shutdown)(void);
    const char *(*vips_foreign_find_load_buffer)(const void *, size_t);
    VipsImage *(*vips_image_new_from_buffer)(const void *, size_t, const char *, ...);
    int (*vips_image_get_width)(const VipsImage *);
    int (*vips_image_get_height)(const VipsImage *);
    int (*vips_image_get_bands)(const VipsImage *);
    int (*vips_image_get_format)(const VipsImage *);
    unsigned long long (*vips_format_sizeof)(int);
    gboolean (*vips_image_hasalpha)(VipsImage *);
    int (*vips_thumbnail_buffer)(void *, size_t, VipsImage **, int, ...);
    int (*vips_pngsave_buffer)(VipsImage *, void **, size_t *, ...);
    int (*vips_jpegsave_buffer)(VipsImage *, void **, size_t *, ...);
} vips;

/* Finds every call in libvips (or in GLib and GObject below it); 0 when one is missing. */
static int open_vips(void) {
    void *library = dlopen("libvips.so.42", RTLD_NOW | RTLD_GLOBAL);
    if (library == NULL) return 0;
#define FIND(name) \
    do { \
        *(void **)&vips.name = dlsym(library, #name); \
        if (vips.name == NULL) return 0; \
    } while (0)
    FIND(g_log_set_writer_func);
    FIND(g_log_set_default_handler);
    FIND(g_set_print_handler);
    FIND(g_set_printerr_handler);
    FIND(g_log_set_handler);
    FIND(g_free);
    FIND(g_object_unref);
    FIND(vips_version);
    FIND(vips_init);
    FIND(vips_error_clear);
    FIND(vips_error_buffer_copy);
    FIND(vips_concurrency_set);
    FIND(vips_cache_set_max);
    FIND(vips_cache_set_max_mem);
    FIND(vips_cache_set_max_files);
    FIND(vips_leak_set);
    FIND(vips_operation_block_set);
    FIND(vips_thread_shutdown);
    FIND(vips_foreign_find_load_buffer);
    FIND(vips_image_new_from_buffer);
    FIND(vips_image_get_width);
    FIND(vips_image_get_height);
    FIND(vips_image_get_bands);
    FIND(vips_image_get_format);
    FIND(vips_format_sizeof);
    FIND(vips_image_hasalpha);
    FIND(vips_thumbnail_buffer);
    FIND(vips_pngsave_buffer);
    FIND(vips_jpegsave_buffer);
#undef FIND
    return vips.vips_version(3) - vips.vips_version(5) == VIPS_ABI;
}

static pthread_once_t start_once = PTHREAD_ONCE_INIT;
static int start_result = -1;
static int start_threads = 1;

/* What libvips and the libraries under it would print goes nowhere: the
 * daemon's terminal is the author's, and a failing picture reports why
 * through libvips's error text instead. */
static void drop_log(const gchar *domain, GLogLevelFlags level, const gchar *message, gpointer data) {
    (void)domain;
    (void)level;
    (void)message;
    (void)data;
}

static int drop_structured_log(GLogLevelFlags level, const GLogField *fields, gsize count, gpointer data) {
    (void)level;
    (void)fields;
    (void)count;
    (void)data;
    return G_LOG_WRITER_HANDLED;
}

static void drop_print(const gchar *text) {
    (void)text;
}

static void start(void) {
    if (!open_vips()) return;
    /* Before anything can log: GLib allows the writer to be set only once. */
    vips.g_log_set_writer_func(drop_structured_log, NULL, NULL);
    vips.g_log_set_default_handler(drop_log, NULL);
    vips.g_set_print_handler(drop_print);
    vips.g_set_printerr_handler(drop_print);
    if (vips.vips_init("galley") != 0) {
        vips.vips_error_clear();
        return;
    }
    vips.g_log_set_handler("VIPS", G_LOG_LEVEL_MASK | G_LOG_FLAG_RECURSION, drop_log, NULL);
    vips.vips_concurrency_set(start_threads);
    /* Every picture is made once and kept by Galley's own bounded cache. */
    vips.vips_cache_set_max(0);
    vips.vips_cache_set_max_mem(0);
    vips.vips_cache_set_max_files(0);
    vips.vips_leak_set(0);
    /* Only the formats Galley serves reach a decoder; BMP needs ImageMagick's. */
    vips.vips_operation_block_set("VipsForeignLoad", 1);
    static const char *const allowed[] = {
        "VipsForeignLoadPngBuffer", "VipsForeignLoadJpegBuffer", "VipsForeignLoadNsgifBuffer",
        "VipsForeignLoadWebpBuffer", "VipsForeignLoadTiffBuffer", "VipsForeignLoadHeifBuffer",
        "VipsForeignLoadPdfBuffer", "VipsForeignLoadMagickBuffer",
    };
    for (size_t index = 0; index < sizeof allowed / sizeof allowed[0]; index++) {
        vips.vips_operation_block_set(allowed[index], 0);
    }
    start_result = 0;
}

int galley_vips_start(int threads) {
    start_threads = threads < 1 ? 1 : threads;
    pthread_once(&start_once, start);
    return start_result;
}

/* Whether a line of libvips's error text only says that something below it
 * failed (a stream could not seek, a writer got nothing), not why. */
static int is_echo(const char *line) {
    static const char *const echoes[] = {"source:", "target:", "vips2png:", "vips2jpeg:", "VipsImage:", "vips_image_"};
    for (size_t index = 0; index < sizeof echoes / sizeof echoes[0]; index++) {
        if (strncmp(line, echoes[index], strlen(echoes[index])) == 0) return 1;
    }
    return 0;
}

/* Takes the line of libvips's error text that says why (the text is shared
 * by every thread, so it is cleared each time). */
static int fail(char *error, size_t error_size, const char *fallback) {
    char *text = vips.vips_error_buffer_copy();
    const char *reason = fallback;
    if (text != NULL && text[0] != '\0') {
        reason = text;
        for (char *line = text; line != NULL && *line != '\0';) {
            char *next = strchr(line, '\n');
            if (next != NULL) *next++ = '\0';
            if (!is_echo(line)) {
                reason = line;
                break;
            }
            line = next;
        }
    }
    snprintf(error, error_size, "%s", reason);
    char *newline = strchr(error, '\n');
    if (newline != NULL) *newline = '\0';
    size_t length = strlen(error);
    while (length > 0 && error[length - 1] == ' ') error[--length] = '\0';
    vips.g_free(text);
    vips.vips_thread_shutdown();
    return -1;
}

int galley_vips_draw(const void *bytes, size_t length, int width, int max_height, int enlarge,
                     long long max_source_pixels, long long max_decoded_bytes, int prefer_png, int allow_imagemagick,
                     galley_vips_picture *picture, long long *decoded_bytes, char *error, size_t error_size) {
    memset(picture, 0, sizeof *picture);
    *decoded_bytes = 0;
    if (start_result != 0) {
        snprintf(error, error_size, "libvips is not available");
        return -1;
    }
    /* ImageMagick reads a hundred formats, some of them scripts: it may
     * only read what the caller knows to be a BMP. */
    const char *loader = vips.vips_foreign_find_load_buffer(bytes, length);
    if (loader == NULL) return fail(error, error_size, "not an image libvips can read");
    if (!allow_imagemagick && strncmp(loader, "magickload", 10) == 0) {
        snprintf(error, error_size, "not an image libvips can read");
        vips.vips_thread_shutdown();
        return -1;
    }
    if (max_source_pixels > 0) {
        /* Reads the header only; the pixels are decoded later, on demand. */
        VipsImage *header = vips.vips_image_new_from_buffer(bytes, length, "", "access", VIPS_ACCESS_SEQUENTIAL, NULL);
        if (header == NULL) return fail(error, error_size, "not an image libvips can read");
        long long pixels = (long long)vips.vips_image_get_width(header) * (long long)vips.vips_image_get_height(header);
        long long pixel_bytes = (long long)vips.vips_image_get_bands(header)
            * (long long)vips.vips_format_sizeof(vips.vips_image_get_format(header));
        vips.g_object_unref(header);
        /* A sequential header read may note a seek it could not make; the
         * decoding below is what decides, and its reason is the one to give. */
        vips.vips_error_clear();
        if (pixels > max_source_pixels) {
            snprintf(error, error_size, "%lld pixels is more than Galley decodes", pixels);
            vips.vips_thread_shutdown();
            return -1;
        }
        /* Below the pixel limit, the product cannot overflow. */
        if (max_decoded_bytes > 0 && pixels * pixel_bytes > max_decoded_bytes) {
            *decoded_bytes = pixels * pixel_bytes;
            vips.vips_thread_shutdown();
            return galley_vips_too_many_bytes;
        }
    }
    VipsImage *drawn = NULL;
    if (vips.vips_thumbnail_buffer((void *)bytes, length, &drawn, width,
                              "height", max_height,
                              "size", enlarge ? VIPS_SIZE_BOTH : VIPS_SIZE_DOWN,
                              "fail_on", VIPS_FAIL_ON_ERROR,
                              NULL) != 0) {
        return fail(error, error_size, "cannot decode the image");
    }
    int is_png = prefer_png || vips.vips_image_hasalpha(drawn);
    void *encoded = NULL;
    size_t encoded_length = 0;
    int saved = is_png
        ? vips.vips_pngsave_buffer(drawn, &encoded, &encoded_length, "compression", 6, "strip", 1, NULL)
        : vips.vips_jpegsave_buffer(drawn, &encoded, &encoded_length, "Q", 82, "strip", 1, "optimize_coding", 1, NULL);
    picture->width = vips.vips_image_get_width(drawn);
    picture->height = vips.vips_image_get_height(drawn);
    vips.g_object_unref(drawn);
    if (saved != 0) return fail(error, error_size, "cannot encode the picture");
    picture->bytes = encoded;
    picture->length = encoded_length;
    picture->is_png = is_png;
    vips.vips_thread_shutdown();
    return 0;
}

void galley_vips_free(void *bytes) {
    vips.g_free(bytes);
}
