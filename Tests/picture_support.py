"""Pictures made at test time with libvips's `vips` and libheif's `heif-enc`
(Scripts/setup installs both), PDFs written by hand, and the size of a
PNG or JPEG answer read from its header. Shared by the integration tests,
the browser tests and Scripts/bench."""
import os
import shutil
import struct
import subprocess
import tempfile
import zlib


def have_tools():
    return shutil.which("vips") is not None and shutil.which("heif-enc") is not None


def vips(*arguments):
    subprocess.run(["vips", *arguments], check=True, capture_output=True)


def photo(path, width, height, rgb=(200, 30, 30), noise=0):
    """A picture of `width` × `height` in the format `path` names: one
    colour, or that colour with grain (`noise` > 0) so that it compresses
    like a photo. HEIC goes through heif-enc (x265)."""
    with tempfile.TemporaryDirectory() as work:
        flat = os.path.join(work, "flat.v")
        vips("black", flat, str(width), str(height), "--bands", "3")
        coloured = os.path.join(work, "coloured.v")
        vips("linear", flat, coloured, "1 1 1", " ".join(str(c) for c in rgb))
        if noise:
            grain = os.path.join(work, "grain.v")
            vips("gaussnoise", grain, str(width), str(height), "--sigma", str(noise), "--mean", "0")
            grainy = os.path.join(work, "grainy.v")
            vips("add", coloured, grain, grainy)
            coloured = grainy
        pixels = os.path.join(work, "pixels.v")
        vips("cast", coloured, pixels, "uchar")
        if path.lower().endswith((".heic", ".heif")):
            png = os.path.join(work, "pixels.png")
            vips("copy", pixels, png)
            subprocess.run(["heif-enc", "-q", "70", png, "-o", path], check=True, capture_output=True)
        elif path.lower().endswith((".jpg", ".jpeg")):
            vips("copy", pixels, path + "[Q=85]")
        elif path.lower().endswith((".tif", ".tiff")):
            vips("copy", pixels, path + "[compression=deflate]")
        elif path.lower().endswith(".bmp"):
            write_bmp(path, width, height, rgb)
        else:
            vips("copy", pixels, path)
    return path


def write_bmp(path, width, height, rgb):
    """A 24-bit BMP (libvips has no BMP writer)."""
    row = (width * 3 + 3) // 4 * 4
    line = bytes([rgb[2], rgb[1], rgb[0]]) * width + b"\0" * (row - width * 3)
    data = line * height
    header = b"BM" + struct.pack("<IHHI", 14 + 40 + len(data), 0, 0, 54)
    header += struct.pack("<IiiHHIIiiII", 40, width, height, 1, 24, 0, len(data), 2835, 2835, 0, 0)
    with open(path, "wb") as handle:
        handle.write(header + data)


def pdf(path, width_pt, height_pt, pages=1, rgb=(200, 30, 30)):
    """A PDF of `pages` pages, each a filled rectangle of the given size in
    points, with a correct cross-reference table."""
    fill = b"%.3f %.3f %.3f rg 0 0 %d %d re f\n" % (rgb[0] / 255, rgb[1] / 255, rgb[2] / 255, width_pt, height_pt)
    objects = [b"<< /Type /Catalog /Pages 2 0 R >>", None, b"<< /Length %d >>\nstream\n" % len(fill) + fill + b"endstream"]
    kids = []
    for _ in range(pages):
        kids.append(b"%d 0 R" % (len(objects) + 1))
        objects.append(b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 %d %d] /Contents 3 0 R >>" % (width_pt, height_pt))
    objects[1] = b"<< /Type /Pages /Kids [" + b" ".join(kids) + b"] /Count %d >>" % pages
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
    with open(path, "wb") as handle:
        handle.write(bytes(out))
    return path


def truncated(source, path, fraction=0.4):
    with open(source, "rb") as handle:
        data = handle.read()
    with open(path, "wb") as handle:
        handle.write(data[: max(16, int(len(data) * fraction))])
    return path


def tiff_bomb(path, width=100_000, height=100_000):
    """A TIFF header claiming width × height pixels, and almost nothing else."""
    entries = [(256, 4, width), (257, 4, height), (258, 3, 8), (259, 3, 1), (262, 3, 1), (273, 4, 8), (277, 3, 1), (279, 4, 16)]
    body = struct.pack("<2sHI", b"II", 42, 8) + struct.pack("<H", len(entries))
    for tag, kind, value in entries:
        body += struct.pack("<HHI", tag, kind, 1) + (struct.pack("<HH", value, 0) if kind == 3 else struct.pack("<I", value))
    with open(path, "wb") as handle:
        handle.write(body + struct.pack("<I", 0) + b"\0" * 16)
    return path


def heif_decodes(path):
    """Whether libheif's own heif-convert decodes the file on this machine."""
    with tempfile.TemporaryDirectory() as work:
        result = subprocess.run(["heif-convert", path, os.path.join(work, "out.png")], capture_output=True)
        return result.returncode == 0


def picture_size(data):
    """(format, width, height) of a PNG or JPEG answer, from its header."""
    if data[:8] == b"\x89PNG\r\n\x1a\n":
        width, height = struct.unpack(">II", data[16:24])
        return "png", width, height
    if data[:2] == b"\xff\xd8":
        offset = 2
        while offset + 9 < len(data):
            marker = data[offset + 1]
            length = struct.unpack(">H", data[offset + 2:offset + 4])[0]
            if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):
                height, width = struct.unpack(">HH", data[offset + 5:offset + 9])
                return "jpeg", width, height
            offset += 2 + length
    return None, 0, 0


def snapshot(folder):
    """Every path below `folder` with its size, mtime and mode: what Galley must never change."""
    state = {}
    for directory, folders, files in os.walk(folder):
        for name in folders + files:
            path = os.path.join(directory, name)
            info = os.lstat(path)
            state[os.path.relpath(path, folder)] = (info.st_size, info.st_mtime_ns, info.st_mode)
    return state


def transparent_png(path, width, height, interlaced=False):
    """A 16-bit RGBA PNG of `width` × `height` transparent pixels (8 bytes
    each once decoded), Adam7-interlaced if asked (its decoder must then
    hold the whole image): about a thousandth of its decoded size on disk.
    Every byte of the filtered rows is zero, so the deflate stream repeats
    one fully flushed block of zeros, and its Adler-32 has a closed form."""
    passes = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
    total = 0
    for x, y, x_step, y_step in passes if interlaced else [(0, 0, 1, 1)]:
        columns = (width - x + x_step - 1) // x_step
        rows = (height - y + y_step - 1) // y_step
        if columns and rows:
            total += rows * (1 + columns * 8)
    block = 1 << 20
    compressor = zlib.compressobj(9, zlib.DEFLATED, -15)
    flushed = compressor.compress(bytes(block)) + compressor.flush(zlib.Z_FULL_FLUSH)
    count, rest = divmod(total, block)
    tail = zlib.compressobj(9, zlib.DEFLATED, -15)
    stream = flushed * count + tail.compress(bytes(rest)) + tail.flush()
    # Adler-32 of n zero bytes: A stays 1, B grows by 1 a byte.
    adler = (total % 65521) << 16 | 1
    data = b"\x78\xda" + stream + struct.pack(">I", adler)

    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 16, 6, 0, 0, 1 if interlaced else 0)
    with open(path, "wb") as handle:
        handle.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", data) + chunk(b"IEND", b""))
    return path
