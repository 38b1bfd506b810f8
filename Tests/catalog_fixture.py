"""A content folder laid out as Xcode writes an app's assets, made by the
test: image sets whose variants are plain colours (so a test can tell from
one pixel which file is shown), colour sets, a template image inside a
namespaced group, sets with problems, and a font the app bundles."""
import json
import os
import struct
import zlib

# Plain colours, one per file, so a pixel names the file.
UNIVERSAL_1X = (255, 0, 0)
UNIVERSAL_2X = (0, 255, 0)
UNIVERSAL_3X = (0, 0, 255)
DARK_2X = (0, 255, 255)
DARK_3X = (255, 255, 0)
HIGH_CONTRAST_3X = (128, 128, 128)
PHONE_3X = (255, 128, 0)
PAD_2X = (128, 0, 255)
BRAND_LIGHT = (204, 26, 26)
BRAND_DARK = (26, 153, 230)
FONT_SOURCE = "/usr/share/fonts/truetype/liberation/LiberationMono-Regular.ttf"
FONT_POSTSCRIPT_NAME = "LiberationMono"


def png(width, height, color):
    """A PNG of one colour: RGB, or RGBA when `color` has four channels."""
    channels = len(color)
    raw = b"".join(b"\x00" + bytes(color) * width for _ in range(height))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 6 if channels == 4 else 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


def _image_set(folder, entries, properties=None):
    """entries: (file name, bytes or None for a file left out, Contents.json fields)."""
    os.makedirs(folder, exist_ok=True)
    images = []
    for name, data, fields in entries:
        if data is not None:
            with open(os.path.join(folder, name), "wb") as f:
                f.write(data)
        images.append({"filename": name, **fields})
    contents = {"images": images, "info": {"author": "xcode", "version": 1}}
    if properties:
        contents["properties"] = properties
    with open(os.path.join(folder, "Contents.json"), "w", encoding="utf-8") as f:
        json.dump(contents, f, indent=2)


def _component(value):
    return f"{value / 255:.3f}"


def _color(rgb):
    return {"color-space": "srgb", "components": {"red": _component(rgb[0]), "green": _component(rgb[1]), "blue": _component(rgb[2]), "alpha": "1.000"}}


DARK = {"appearances": [{"appearance": "luminosity", "value": "dark"}]}


def make_catalog_project(root, with_font=True):
    """Writes the project into `root` (an existing, empty folder)."""
    catalog = os.path.join(root, "Assets.xcassets")
    os.makedirs(catalog)
    with open(os.path.join(catalog, "Contents.json"), "w") as f:
        json.dump({"info": {"author": "xcode", "version": 1}}, f)
    size = 8
    _image_set(os.path.join(catalog, "swatch.imageset"), [
        ("s1.png", png(size, size, UNIVERSAL_1X), {"idiom": "universal", "scale": "1x"}),
        ("s2.png", png(size * 2, size * 2, UNIVERSAL_2X), {"idiom": "universal", "scale": "2x"}),
        ("s3.png", png(size * 3, size * 3, UNIVERSAL_3X), {"idiom": "universal", "scale": "3x"}),
        ("d2.png", png(size * 2, size * 2, DARK_2X), {"idiom": "universal", "scale": "2x", **DARK}),
        ("d3.png", png(size * 3, size * 3, DARK_3X), {"idiom": "universal", "scale": "3x", **DARK}),
        ("h3.png", png(size * 3, size * 3, HIGH_CONTRAST_3X), {"idiom": "universal", "scale": "3x",
                                                              "appearances": [{"appearance": "contrast", "value": "high"}]}),
    ])
    _image_set(os.path.join(catalog, "device.imageset"), [
        ("phone.png", png(size * 3, size * 3, PHONE_3X), {"idiom": "iphone", "scale": "3x"}),
        ("pad.png", png(size * 2, size * 2, PAD_2X), {"idiom": "ipad", "scale": "2x"}),
    ])
    group = os.path.join(catalog, "Icons")
    os.makedirs(group)
    with open(os.path.join(group, "Contents.json"), "w") as f:
        json.dump({"info": {"author": "xcode", "version": 1}, "properties": {"provides-namespace": True}}, f)
    _image_set(os.path.join(group, "star.imageset"), [
        ("star.png", png(size, size, (0, 0, 0, 255)), {"idiom": "universal"}),
    ], properties={"template-rendering-intent": "template"})
    _image_set(os.path.join(catalog, "artwork.imageset"), [
        ("artwork.psd", b"8BPS\x00\x01" + bytes(20), {"idiom": "universal"}),
    ])
    _image_set(os.path.join(catalog, "padonly.imageset"), [
        ("tablet.png", png(size * 2, size * 2, PAD_2X), {"idiom": "ipad", "scale": "2x"}),
    ])
    _image_set(os.path.join(catalog, "partial.imageset"), [
        ("p1.png", png(size, size, UNIVERSAL_1X), {"idiom": "universal", "scale": "1x"}),
        ("p2.png", None, {"idiom": "universal", "scale": "2x"}),
    ])
    brand = os.path.join(catalog, "Brand.colorset")
    os.makedirs(brand)
    with open(os.path.join(brand, "Contents.json"), "w") as f:
        json.dump({"colors": [{"idiom": "universal", "color": _color(BRAND_LIGHT)},
                              {"idiom": "universal", "color": _color(BRAND_DARK), **DARK}],
                   "info": {"author": "xcode", "version": 1}}, f, indent=2)
    kinds = [
        {"name": "image", "asset": "{content}", "style": {"color": "Brand"}},
        {"name": "caption"},
        {"name": "accent", "pattern": "^<accent>(.*)</accent>$", "style": {"color": "Brand", "size": 30}},
        {"name": "tinted", "pattern": "^<tint>(.*)</tint>$", "style": {"color": "Brnad"}},
        {"name": "body"},
    ]
    if with_font:
        fonts = os.path.join(root, "App", "Fonts")
        os.makedirs(fonts)
        with open(FONT_SOURCE, "rb") as source, open(os.path.join(fonts, "BrandMono.ttf"), "wb") as dest:
            dest.write(source.read())
        with open(os.path.join(root, "App", "Info.plist"), "w", encoding="utf-8") as f:
            f.write('<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" '
                    '"http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n<plist version="1.0">\n<dict>\n'
                    '\t<key>CFBundleName</key>\n\t<string>Swatches</string>\n'
                    '\t<key>UIAppFonts</key>\n\t<array>\n\t\t<string>BrandMono.ttf</string>\n\t\t<string>Gone.otf</string>\n\t</array>\n'
                    '</dict>\n</plist>\n')
        kinds.insert(3, {"name": "mono", "pattern": "^<mono>(.*)</mono>$", "style": {"font": FONT_POSTSCRIPT_NAME, "size": 20}})
        kinds.insert(4, {"name": "fancy", "pattern": "^<fancy>(.*)</fancy>$", "style": {"font": "Comic Neue"}})
    with open(os.path.join(root, "galley.json"), "w", encoding="utf-8") as f:
        json.dump({"kinds": kinds, "device": {"width": 390, "appearance": "light"}}, f, indent=2)
    os.makedirs(os.path.join(root, "Resources"))
    items = [{
        "name": "Swatches",
        "imageName": "swatch",
        "detailText": [
            "<image>swatch</image>",
            "<caption>Scale and appearance</caption>",
            "<image>device</image>",
            "<image>Icons/star</image>",
            "<accent>Brand colour</accent>",
            "<mono>MMMMMMMMMM iiiiiiiiii</mono>",
            "Body text.",
        ],
    }]
    with open(os.path.join(root, "Resources", "swatches.json"), "w", encoding="utf-8") as f:
        json.dump(items, f, indent=2)
