#ifndef GALLEY_VIPS_H
#define GALLEY_VIPS_H

#include <stddef.h>

/// libvips, behind plain C types: Swift never sees GLib or GObject.
///
/// Why this exists: libvips takes its options as C varargs
/// (vips_thumbnail_buffer, vips_pngsave_buffer), which Swift cannot call,
/// and it must be set up once, with its warnings routed away from the
/// terminal and its threads bounded, before any picture is made.

/// Starts libvips once per process (later calls return the first result):
/// `threads` workers per picture, no operation cache, only the loaders for
/// PNG, JPEG, GIF, WebP, TIFF, BMP, HEIF and PDF allowed, and nothing that
/// libvips, GLib, poppler, libheif or libtiff would print reaching the
/// terminal. Returns 0, or -1 when libvips cannot start.
int galley_vips_start(int threads);

/// A picture libvips drew; `bytes` is freed with galley_vips_free.
typedef struct {
    void *bytes;
    size_t length;
    int width;
    int height;
    /// 1 for PNG (the picture has transparency, or is drawn from vectors), 0 for JPEG.
    int is_png;
} galley_vips_picture;

/// Draws the first page or frame of the encoded image in `bytes` at
/// `width` pixels (upright, sRGB), at most `max_height` tall, as PNG or
/// JPEG. `enlarge` allows a picture wider than the source (vectors: a PDF
/// page is rasterised at that width); raster images are only made smaller.
/// A source of more than `max_source_pixels` pixels (0: no limit) is
/// refused from its header, before anything is decoded, and so is one whose
/// decoded pixels (width × height × bands × bytes per band, as libvips
/// reads the header) take more than `max_decoded_bytes` (0: no limit):
/// that returns galley_vips_too_many_bytes with the bytes in
/// `decoded_bytes`. ImageMagick (the only BMP reader) is used only when
/// `allow_imagemagick` is set. Returns 0, or -1 with the reason in `error`.
int galley_vips_draw(const void *bytes, size_t length, int width, int max_height, int enlarge,
                     long long max_source_pixels, long long max_decoded_bytes, int prefer_png, int allow_imagemagick,
                     galley_vips_picture *picture, long long *decoded_bytes, char *error, size_t error_size);

enum { galley_vips_too_many_bytes = -2 };

/// Frees a picture's bytes.
void galley_vips_free(void *bytes);

#endif
