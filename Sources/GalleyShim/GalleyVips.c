#include "GalleyVips.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <vips/vips.h>

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

static GLogWriterOutput drop_structured_log(GLogLevelFlags level, const GLogField *fields, gsize count, gpointer data) {
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
    /* Before anything can log: GLib allows the writer to be set only once. */
    g_log_set_writer_func(drop_structured_log, NULL, NULL);
    g_log_set_default_handler(drop_log, NULL);
    g_set_print_handler(drop_print);
    g_set_printerr_handler(drop_print);
    if (VIPS_INIT("galley") != 0) {
        vips_error_clear();
        return;
    }
    g_log_set_handler("VIPS", G_LOG_LEVEL_MASK | G_LOG_FLAG_RECURSION, drop_log, NULL);
    vips_concurrency_set(start_threads);
    /* Every picture is made once and kept by Galley's own bounded cache. */
    vips_cache_set_max(0);
    vips_cache_set_max_mem(0);
    vips_cache_set_max_files(0);
    vips_leak_set(FALSE);
    /* Only the formats Galley serves reach a decoder; BMP needs ImageMagick's. */
    vips_operation_block_set("VipsForeignLoad", TRUE);
    static const char *const allowed[] = {
        "VipsForeignLoadPngBuffer", "VipsForeignLoadJpegBuffer", "VipsForeignLoadNsgifBuffer",
        "VipsForeignLoadWebpBuffer", "VipsForeignLoadTiffBuffer", "VipsForeignLoadHeifBuffer",
        "VipsForeignLoadPdfBuffer", "VipsForeignLoadMagickBuffer",
    };
    for (size_t index = 0; index < sizeof allowed / sizeof allowed[0]; index++) {
        vips_operation_block_set(allowed[index], FALSE);
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
    char *text = vips_error_buffer_copy();
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
    g_free(text);
    vips_thread_shutdown();
    return -1;
}

int galley_vips_draw(const void *bytes, size_t length, int width, int max_height, int enlarge,
                     long long max_source_pixels, int prefer_png, int allow_imagemagick,
                     galley_vips_picture *picture, char *error, size_t error_size) {
    memset(picture, 0, sizeof *picture);
    if (start_result != 0) return fail(error, error_size, "libvips is not available");
    /* ImageMagick reads a hundred formats, some of them scripts: it may
     * only read what the caller knows to be a BMP. */
    const char *loader = vips_foreign_find_load_buffer(bytes, length);
    if (loader == NULL) return fail(error, error_size, "not an image libvips can read");
    if (!allow_imagemagick && strncmp(loader, "magickload", 10) == 0) {
        snprintf(error, error_size, "not an image libvips can read");
        vips_thread_shutdown();
        return -1;
    }
    if (max_source_pixels > 0) {
        /* Reads the header only; the pixels are decoded later, on demand. */
        VipsImage *header = vips_image_new_from_buffer(bytes, length, "", "access", VIPS_ACCESS_SEQUENTIAL, NULL);
        if (header == NULL) return fail(error, error_size, "not an image libvips can read");
        long long pixels = (long long)vips_image_get_width(header) * (long long)vips_image_get_height(header);
        g_object_unref(header);
        /* A sequential header read may note a seek it could not make; the
         * decoding below is what decides, and its reason is the one to give. */
        vips_error_clear();
        if (pixels > max_source_pixels) {
            snprintf(error, error_size, "%lld pixels is more than Galley decodes", pixels);
            vips_thread_shutdown();
            return -1;
        }
    }
    VipsImage *drawn = NULL;
    if (vips_thumbnail_buffer((void *)bytes, length, &drawn, width,
                              "height", max_height,
                              "size", enlarge ? VIPS_SIZE_BOTH : VIPS_SIZE_DOWN,
                              "fail_on", VIPS_FAIL_ON_ERROR,
                              NULL) != 0) {
        return fail(error, error_size, "cannot decode the image");
    }
    int is_png = prefer_png || vips_image_hasalpha(drawn);
    void *encoded = NULL;
    size_t encoded_length = 0;
    int saved = is_png
        ? vips_pngsave_buffer(drawn, &encoded, &encoded_length, "compression", 6, "strip", TRUE, NULL)
        : vips_jpegsave_buffer(drawn, &encoded, &encoded_length, "Q", 82, "strip", TRUE, "optimize_coding", TRUE, NULL);
    picture->width = vips_image_get_width(drawn);
    picture->height = vips_image_get_height(drawn);
    g_object_unref(drawn);
    if (saved != 0) return fail(error, error_size, "cannot encode the picture");
    picture->bytes = encoded;
    picture->length = encoded_length;
    picture->is_png = is_png;
    vips_thread_shutdown();
    return 0;
}

void galley_vips_free(void *bytes) {
    g_free(bytes);
}
