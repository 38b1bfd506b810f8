"""A content folder with the app's own strings, made by the test: a help
page in three languages whose title in galley.json is the key the app
looks up (`NSLocalizedString("title-HelpView", comment: "")`), English in a
UTF-16 `Localizable.strings`, Japanese in a String Catalog still marked
`needs_review`, French missing the key and giving another key's format
specifier as `%@` where English has `%d`."""
import json
import os

ENGLISH_TITLE = "Help"
JAPANESE_TITLE = "ヘルプ"
KEY = "title-HelpView"

CONFIG = '{\n  "titles": {"*.lproj/Help.rtf": "title-HelpView"}\n}\n'
ENGLISH_STRINGS = '/* The help page */\n"title-HelpView" = "Help";\n"birds-seen" = "%d birds";\n'
FRENCH_STRINGS = '"birds-seen" = "%@ oiseaux";\n'
CATALOG = {
    "sourceLanguage": "en",
    "strings": {
        "title-HelpView": {
            "localizations": {
                "ja": {"stringUnit": {"state": "needs_review", "value": JAPANESE_TITLE}},
            },
        },
    },
    "version": "1.0",
}


def catalog_text():
    """The catalog as Xcode writes it: two-space indent, ` : ` between key and value."""
    return json.dumps(CATALOG, ensure_ascii=False, indent=2).replace('": ', '" : ') + "\n"


def line_and_column(text, needle):
    """1-based (line, column) of `needle`'s first character in `text`."""
    before = text[:text.index(needle)]
    return before.count("\n") + 1, len(before) - (before.rfind("\n") + 1) + 1


def make_strings_project(root):
    """Writes the project into `root` (an empty folder)."""
    def write(path, data):
        os.makedirs(os.path.dirname(os.path.join(root, path)), exist_ok=True)
        with open(os.path.join(root, path), "wb") as handle:
            handle.write(data)

    write("galley.json", CONFIG.encode())
    for language in ("en", "ja", "fr"):
        write(f"{language}.lproj/Help.rtf", ("{\\rtf1\\ansi {\\fonttbl\\f0 Helvetica;}\\f0 Help text " + language + ".\\par}\n").encode())
    write("en.lproj/Localizable.strings", b"\xff\xfe" + ENGLISH_STRINGS.encode("utf-16-le"))
    write("fr.lproj/Localizable.strings", FRENCH_STRINGS.encode())
    write("Localizable.xcstrings", catalog_text().encode())
