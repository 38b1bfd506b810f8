#!/usr/bin/env python3
"""A content folder shaped like a real, localised app's, made from the real
app's articles (the corpus's grmagicdog-SpeciesCollection) and the corpus
RTFs, for `Scripts/bench --only realistic`:

  <lang>.lproj/speciesDataNN.json   the articles, `--per-file` to a file
  <lang>.lproj/Help.rtf             help in rich text (a real app's credits, a corpus RTF)
  <lang>.lproj/InfoPlist.strings    the app's name and permission texts
  Localizable.xcstrings             the String Catalog: article titles and
                                    the app's own strings, every language,
                                    some with plural and device variations
  Assets.xcassets/*.imageset        1x/2x/3x PNGs with a dark variant each
  galley.json                       the help's title, a key of the catalog

An article's title is its name in the file's language (the catalog has it
too, for the app's own screens); the help's title is a key of the catalog,
given in `galley.json` (the page shows its value in the file's language);
every `<image>` names an image set of the asset catalog,
and one document in `--warning-every` has a misspelt tag (`<imgae>`), a
warning. Deterministic: the same parameters and seed make the same bytes.

  Scripts/bench.d/realistic_tree.py --corpus ../shared/corpus [--languages 30] [--articles 200] [OUT]

prints a JSON summary (the folder, how many documents, files and bytes).
"""
import argparse
import json
import os
import random
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))



sys.path.insert(0, os.path.join(REPO, "Tests", "Browser"))
from browser_support import make_png  # noqa: E402

# Languages an app of this kind ships, the source language first; right-to-left ones among them.
LANGUAGES = ["en", "ja", "de", "fr", "es", "it", "pt-BR", "zh-Hans", "zh-Hant", "ko", "ru", "nl", "sv", "da", "fi",
             "nb", "pl", "tr", "cs", "hu", "el", "he", "ar", "th", "vi", "id", "ms", "uk", "ro", "hr", "ca", "sk",
             "en-GB", "en-AU", "fr-CA", "es-MX", "pt-PT", "hi", "bg", "sl", "lt", "lv", "et", "fa", "ur"]

# A real Cocoa app's credits (TextEdit's RTF, in Japanese), which Galley finds nothing wrong in.
HELP_RTF = "cocoa-XspfManager-ja-Credits.rtf"

# Xcode's JSON: two-space indents, " : " between a key and its value, keys sorted.
XCODE_JSON = {"indent": 2, "separators": (",", " : "), "sort_keys": True, "ensure_ascii": False}


class Tree:
    """Writes files under `root` and counts them."""

    def __init__(self, root):
        self.root = root
        self.files = 0
        self.bytes = 0

    def write(self, relative, data):
        path = os.path.join(self.root, relative)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        if isinstance(data, str):
            data = data.encode("utf-8")
        with open(path, "wb") as handle:
            handle.write(data)
        self.files += 1
        self.bytes += len(data)


def species_material(corpus):
    """The real app's paragraphs and captions, pooled, and its items' other fields."""
    species = os.path.join(corpus, "tagged", "grmagicdog-SpeciesCollection", "Resources", "speciesData.json")
    with open(species, encoding="utf-8") as handle:
        items = json.load(handle)
    paragraphs, captions = [], []
    for item in items:
        for block in item["detailText"]:
            if block.startswith("<caption>"):
                captions.append(block)
            elif not block.startswith("<image>"):
                paragraphs.append(block)
    return items, paragraphs, captions


def images_of(article, articles, image_sets):
    """How many image sets article `article` shows: set s is article s % articles's number s // articles + 1."""
    return image_sets // articles + (1 if article < image_sets % articles else 0)


HELP_TITLE_KEY = "title-HelpView"


def title_key(article):
    return f"species.{article:04d}.name"


def article_title(template, article, language):
    """An article's name in `language`: in the file of that language, and the value of its key in the catalog."""
    return f"{template['jpnName'] if language == 'ja' else template['name']} {article} ({language})"


def make_article(rng, template, article, language, images, paragraphs, captions, misspelt):
    """One item: the template's fields, its own title key and image name, body
    paragraphs drawn from the pool (a translation's own text: no two languages
    share a file's bytes), each image followed by its caption, in the same
    order in every language (the localisation check compares them)."""
    body = rng.sample(paragraphs, rng.randint(6, min(14, len(paragraphs))))
    body[0] = f"[{language}] {body[0]}"
    blocks = []
    every = max(1, len(body) // (images + 1))
    for index, paragraph in enumerate(body):
        blocks.append(paragraph)
        number = index // every + 1
        if (index + 1) % every == 0 and number <= images:
            blocks.append(f"<image>{number:02d}</image>")
            blocks.append(captions[(article + number) % len(captions)])
    shown = sum(block.startswith("<image>") for block in blocks)
    for number in range(shown + 1, images + 1):
        blocks.append(f"<image>{number:02d}</image>")
        blocks.append(captions[(article + number) % len(captions)])
    if misspelt:
        blocks.insert(1, "<imgae>01</imgae>")
    item = {key: value for key, value in template.items() if key not in ("detailText", "name", "imageName", "id")}
    item.update({"id": 10000 + article, "name": article_title(template, article, language), "imageName": f"sp{article:04d}",
                 "detailText": blocks})
    return item


def catalog(rng, languages, articles, keys, items):
    """Localizable.xcstrings: the help's title and each article's name, then
    the app's own strings up to `keys`; one in twenty of those a plural
    (`%lld`), one in fifty varied by device as well."""
    strings = {HELP_TITLE_KEY: {"localizations": {
        language: {"stringUnit": {"state": "translated", "value": f"Help ({language})"}} for language in languages}}}
    for article in range(min(articles, keys - 1)):
        strings[title_key(article)] = {"localizations": {
            language: {"stringUnit": {"state": "translated", "value": article_title(items[article % len(items)], article, language)}}
            for language in languages}}
    for number in range(keys - len(strings)):
        key = f"screen{number // 40:03d}.label{number % 40:02d}"
        words = " ".join(rng.choice(["Species", "Habitat", "Favourites", "Search", "Share", "Photos", "Map", "Status"])
                         for _ in range(rng.randint(1, 4)))
        localizations = {}
        for language in languages:
            if number % 20 == 0:
                plural = {"plural": {"one": {"stringUnit": {"state": "translated", "value": f"%lld {words} ({language})"}},
                                     "other": {"stringUnit": {"state": "translated", "value": f"%lld {words}s ({language})"}}}}
                if number % 50 == 0:
                    localizations[language] = {"variations": {"device": {"iphone": {"variations": plural},
                                                                         "other": {"variations": plural}}}}
                else:
                    localizations[language] = {"variations": plural}
            else:
                localizations[language] = {"stringUnit": {"state": "translated", "value": f"{words} ({language})"}}
        strings[key] = {"comment": f"Label {number % 40} on screen {number // 40}", "localizations": localizations}
    return json.dumps({"sourceLanguage": languages[0], "strings": strings, "version": "1.0"}, **XCODE_JSON) + "\n"


def image_set(tree, name, index):
    """An image set as Xcode writes it: 1x/2x/3x, each with a dark appearance variant."""
    entries = []
    light = (40 + index * 37 % 200, 90 + index * 53 % 150, 60 + index * 71 % 180)
    dark = tuple(channel // 3 for channel in light)
    for scale in (1, 2, 3):
        for appearance, colour in (("light", light), ("dark", dark)):
            suffix = "" if appearance == "light" else "-dark"
            filename = f"{name}{suffix}{'' if scale == 1 else f'@{scale}x'}.png"
            tree.write(f"Assets.xcassets/{name}.imageset/{filename}", make_png(32 * scale, 24 * scale, colour))
            entry = {"filename": filename, "idiom": "universal", "scale": f"{scale}x"}
            if appearance == "dark":
                entry["appearances"] = [{"appearance": "luminosity", "value": "dark"}]
            entries.append(entry)
    tree.write(f"Assets.xcassets/{name}.imageset/Contents.json",
               json.dumps({"images": entries, "info": {"author": "xcode", "version": 1}}, **XCODE_JSON) + "\n")


def help_rtf(source, language):
    """The help in `language`: one corpus RTF for every language, as a
    translation keeps its structure (the localisation check compares the
    copies' pictures), with a last paragraph of its own so that no two
    languages share a file's bytes."""
    end = source.rstrip().rindex(b"}")
    return source[:end] + f"\\par [{language}]\\par\n".encode() + source[end:]


def info_plist_strings(language):
    return (f'/* Bundle display name */\n"CFBundleDisplayName" = "Species ({language})";\n\n'
            f'/* Privacy - Photo Library Usage Description */\n'
            f'"NSPhotoLibraryUsageDescription" = "Photos you take of species ({language}).";\n')


def generate(root, corpus, languages=30, articles=200, image_sets=600, catalog_keys=3000, warning_every=10, per_file=20, seed=45):
    """Writes the tree into `root` (which must not exist yet) from the
    content in `corpus` (the shared corpus folder); returns its summary."""
    if languages > len(LANGUAGES):
        raise ValueError(f"at most {len(LANGUAGES)} languages")
    rng = random.Random(seed)
    names = LANGUAGES[:languages]
    items, paragraphs, captions = species_material(corpus)
    rtf_folder = os.path.join(corpus, "rtf")
    with open(os.path.join(rtf_folder, HELP_RTF), "rb") as handle:
        help_source = handle.read()
    os.makedirs(root)
    tree = Tree(root)
    tree.write("Assets.xcassets/Contents.json", json.dumps({"info": {"author": "xcode", "version": 1}}, **XCODE_JSON) + "\n")
    for index in range(image_sets):
        image_set(tree, f"sp{index % articles:04d}_{index // articles + 1:02d}", index)
    tree.write("Localizable.xcstrings", catalog(rng, names, articles, catalog_keys, items))
    tree.write("galley.json", json.dumps({"titles": {"*.lproj/Help.rtf": HELP_TITLE_KEY}}, indent=2) + "\n")
    warnings = 0
    for language_index, language in enumerate(names):
        folder = f"{language}.lproj"
        for first in range(0, articles, per_file):
            file_items = []
            for article in range(first, min(first + per_file, articles)):
                misspelt = warning_every > 0 and (language_index * articles + article) % warning_every == 0
                warnings += misspelt
                file_items.append(make_article(rng, items[article % len(items)], article, language,
                                               images_of(article, articles, image_sets), paragraphs, captions, misspelt))
            tree.write(f"{folder}/speciesData{first // per_file + 1:02d}.json",
                       json.dumps(file_items, ensure_ascii=False, indent=2) + "\n")
        tree.write(f"{folder}/Help.rtf", help_rtf(help_source, language))
        tree.write(f"{folder}/InfoPlist.strings", info_plist_strings(language))
    return {"root": root, "languages": languages, "articles": articles, "documents": languages * (articles + 1),
            "articleDocuments": languages * articles, "warnedDocuments": warnings, "imageSets": image_sets,
            "catalogKeys": catalog_keys, "files": tree.files, "bytes": tree.bytes,
            "sampleFile": f"{names[0]}.lproj/speciesData01.json"}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--languages", type=int, default=30)
    parser.add_argument("--articles", type=int, default=200, help="articles per language")
    parser.add_argument("--image-sets", type=int, default=600)
    parser.add_argument("--catalog-keys", type=int, default=3000)
    parser.add_argument("--warning-every", type=int, default=10, help="one document in N has a misspelt tag (0: none)")
    parser.add_argument("--per-file", type=int, default=20, help="articles per speciesDataNN.json")
    parser.add_argument("--seed", type=int, default=45)
    parser.add_argument("--corpus", default=os.environ.get("GALLEY_CORPUS"), required="GALLEY_CORPUS" not in os.environ,
                        help="the shared corpus folder (default: GALLEY_CORPUS)")
    parser.add_argument("out", nargs="?", help="the folder to make (default: a new one under .build/bench-tmp)")
    args = parser.parse_args()
    if args.out:
        root = args.out
    else:
        base = os.path.join(REPO, ".build", "bench-tmp")
        os.makedirs(base, exist_ok=True)
        root = os.path.join(tempfile.mkdtemp(prefix="realistic-", dir=base), "tree")
    summary = generate(root, args.corpus, args.languages, args.articles, args.image_sets, args.catalog_keys, args.warning_every,
                       args.per_file, args.seed)
    json.dump(summary, sys.stdout, indent=1)
    print()


if __name__ == "__main__":
    sys.exit(main())
