"""A real editor: headless Neovim with its built-in LSP client runs
`galley lsp` on a copy of the bundled example while `galley serve` shows it
in Chromium. Typing (never saving) reaches the page; a broken line reaches
`vim.diagnostic.get()`; `:e!` brings the page back to the file on disk."""
import json
import os
import shutil
import subprocess
import tempfile

import pytest
from selenium.webdriver.common.by import By

import strings_fixture as fx
from browser_support import REPO, Daemon, copy_content, shown_block_locations, wait_until
from galley_support import GALLEY_BIN, private_runtime_dir, readme_snippet, temp_root

DATA = "Resources/speciesData.json"
INIT = """
local client = vim.lsp.start_client({{
  name = "galley",
  cmd = {{ {galley}, "lsp" }},
  root_dir = {root},
  flags = {{ debounce_text_changes = 0 }},
}})
vim.g.galley_client = client
vim.api.nvim_create_autocmd({{ "BufReadPost" }}, {{
  callback = function(args) vim.lsp.buf_attach_client(args.buf, client) end,
}})
"""


class Neovim:
    """`nvim --headless` on a file, driven through its server socket."""

    def __init__(self, file, root, folder):
        init = os.path.join(folder, "init.lua")
        with open(init, "w") as handle:
            handle.write(INIT.format(galley=json.dumps(GALLEY_BIN), root=json.dumps(root)))
        self._start(file, folder, init, None, "nvim")

    @classmethod
    def with_init(cls, file, folder, init, env, binary):
        editor = cls.__new__(cls)
        editor._start(file, folder, init, env, binary)
        return editor

    def _start(self, file, folder, init, env, binary):
        self.binary = binary
        self.socket = os.path.join(folder, "nvim.sock")
        self.proc = subprocess.Popen(
            [binary, "--headless", "--clean", "-n", "-i", "NONE", "--listen", self.socket, "-u", init, file],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env,
        )
        wait_until(lambda: os.path.exists(self.socket), message="nvim never listened")

    def lua(self, expression):
        """The value of a Lua expression in the editor, through JSON."""
        code = "vim.fn.json_encode(" + expression + ")"
        result = subprocess.run([self.binary, "--server", self.socket, "--remote-expr", "luaeval('" + code.replace("'", "''") + "')"],
                                capture_output=True, text=True, timeout=30)
        # Neovim 0.7 prints --remote-expr results on standard error.
        return json.loads(result.stdout or result.stderr)

    def keys(self, keys, check=True):
        subprocess.run([self.binary, "--server", self.socket, "--remote-send", keys], check=check, capture_output=True, timeout=30)

    def quit(self):
        if self.proc.poll() is None:
            # Neovim may quit before it answers the request that asked it to.
            self.keys("<Esc>:qa!<CR>", check=False)
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


@pytest.fixture
def runtime_dir():
    with private_runtime_dir() as folder:
        yield folder


def only_the_caption_contrast(editor):
    """The example's one standing warning: the seed's grey caption, said at the folder's first caption."""
    return [(d["severity"], "contrast ratio of 3.26:1" in d["message"]) for d in editor.lua("vim.diagnostic.get(0)")] == [(2, True)]


def article_text(page):
    return page.execute_script("const a = document.querySelector('#view-a article'); return a ? a.textContent : '';")


def test_typing_in_neovim_shows_on_the_page_without_saving(page, runtime_dir):
    if not shutil.which("nvim"):
        pytest.skip("neovim is not installed")
    example, holder = copy_content(os.path.join(REPO, "Assets", "Example"))
    daemon = Daemon(example).start()
    editor = None
    try:
        path = os.path.join(example, DATA)
        before = open(path, "rb").read()
        mtime = os.stat(path).st_mtime_ns
        lines = before.decode().split("\n")
        line = next(i for i, text in enumerate(lines) if "コガタペンギンは、現生" in text) + 1
        quote_column = lines[line - 1].encode().index(b'"') + 1

        page.get(daemon.url + "doc/" + daemon.doc_id("Little Penguin"))
        wait_until(lambda: page.find_element(By.ID, "connection").get_attribute("data-state") == "live", message="page never went live")
        assert "TYPED-IN-NEOVIM" not in article_text(page)

        editor = Neovim(path, example, holder)
        wait_until(lambda: editor.lua("vim.lsp.buf_is_attached(0, vim.g.galley_client) and "
                                      "vim.lsp.get_client_by_id(vim.g.galley_client).initialized == true"),
                   timeout=30, message="the galley client never attached")
        # Type at the start of the first body paragraph, in insert mode, without saving.
        editor.keys(f"<Esc>:call cursor({line}, {quote_column + 1})<CR>iTYPED-IN-NEOVIM <Esc>")
        wait_until(lambda: "TYPED-IN-NEOVIM コガタペンギンは" in article_text(page), timeout=20, message="typed text never shown")
        wait_until(lambda: page.find_element(By.ID, "unsaved").is_displayed(), message="page never said 'unsaved'")

        # Delete the line's trailing comma: an error at that line in the editor.
        editor.keys(f"<Esc>:call cursor({line}, 1)<CR>$x")
        diagnostics = wait_until(lambda: [d for d in editor.lua("vim.diagnostic.get(0)") if d["severity"] == 1],
                                 timeout=20, message="no error diagnostic in neovim")
        assert [(d["lnum"], d["source"], d["message"]) for d in diagnostics] == [(line - 1, "galley", "missing ',' between array elements")]

        # :e! reads the file again: the page shows the file on disk.
        editor.keys("<Esc>:e!<CR>")
        wait_until(lambda: "TYPED-IN-NEOVIM" not in article_text(page) and "コガタペンギンは、現生" in article_text(page),
                   timeout=20, message="the page never went back to the file")
        wait_until(lambda: not page.find_element(By.ID, "unsaved").is_displayed(), message="page still says 'unsaved'")
        wait_until(lambda: only_the_caption_contrast(editor), message="diagnostics stayed after :e!")
        assert open(path, "rb").read() == before and os.stat(path).st_mtime_ns == mtime
    finally:
        try:
            if editor:
                editor.quit()
        finally:
            # Leave no poll to a stopped daemon in the shared browser's log.
            page.get("about:blank")
            daemon.stop()
            shutil.rmtree(holder, ignore_errors=True)


# Debian 12's Neovim, and a current release beside it (Scripts/setup puts it in a venv).
CURRENT_NEOVIM = os.path.join(REPO, ".build", "tools", "neovim", "bin", "nvim")
# The editor's own client list: `buf_get_clients` in 0.7, `get_clients` from 0.10 on.
GALLEY_ATTACHED = ("(function() local c = vim.lsp.get_clients and vim.lsp.get_clients({ bufnr = 0 }) or vim.tbl_values(vim.lsp.buf_get_clients(0)) "
                   "return #c == 1 and c[1].name == 'galley' and c[1].initialized == true end)()")


@pytest.mark.parametrize("heading,binary", [("Neovim 0.7", "nvim"), ("Neovim 0.8 and later", CURRENT_NEOVIM)],
                         ids=["neovim-0.7", "neovim-current"])
def test_the_readme_snippet_shows_diagnostics_and_follows(page, runtime_dir, heading, binary):
    if not shutil.which(binary):
        pytest.skip(f"{binary} is not installed (Scripts/setup installs it)")
    example, holder = copy_content(os.path.join(REPO, "Assets", "Example"))
    daemon = Daemon(example).start()
    editor = None
    try:
        path = os.path.join(example, DATA)
        page.get(daemon.url + "doc/" + daemon.doc_id("Little Penguin"))
        wait_until(lambda: page.find_element(By.ID, "connection").get_attribute("data-state") == "live", message="page never went live")
        page.find_element(By.ID, "follow").click()
        lines = [line for line, _ in shown_block_locations(page)]
        last_line = lines[-1]
        in_view = ("const r = document.querySelectorAll('#view-a article .blk')[%d].getBoundingClientRect();"
                   "return r.bottom > 0 && r.top < window.innerHeight;") % lines.index(last_line)
        assert not page.execute_script(in_view), "the last block must start out of view"

        # The snippet as the README gives it, with `galley` found on PATH.
        init = os.path.join(holder, "init.lua")
        with open(init, "w") as handle:
            handle.write(readme_snippet(heading, "lua"))
        env = dict(os.environ, PATH=os.path.dirname(GALLEY_BIN) + os.pathsep + os.environ["PATH"])
        editor = Neovim.with_init(path, holder, init, env, binary)
        minor = editor.lua("vim.version().minor")
        assert minor == 7 if binary == "nvim" else minor >= 8, minor
        wait_until(lambda: editor.lua(GALLEY_ATTACHED), timeout=30, message="the README's snippet never attached galley")

        lines = open(path, encoding="utf-8").read().split("\n")
        line = next(i for i, text in enumerate(lines) if "コガタペンギンは、現生" in text) + 1
        editor.keys(f"<Esc>:call cursor({line}, 1)<CR>$x")
        diagnostics = wait_until(lambda: [d for d in editor.lua("vim.diagnostic.get(0)") if d["severity"] == 1],
                                 timeout=20, message="no error diagnostic in neovim")
        assert [(d["lnum"], d["source"]) for d in diagnostics] == [(line - 1, "galley")]
        editor.keys("<Esc>u")
        wait_until(lambda: only_the_caption_contrast(editor), timeout=20, message="diagnostics stayed after undo")

        # The cursor rests on the last block: the page scrolls to it (CursorHold, after 'updatetime').
        column = lines[last_line - 1].index('"') + 2
        editor.keys(f"<Esc>:call cursor({last_line}, {column})<CR>")
        wait_until(lambda: page.execute_script(in_view), timeout=30, message="the page never followed the cursor")
    finally:
        try:
            if editor:
                editor.quit()
        finally:
            page.get("about:blank")
            daemon.stop()
            shutil.rmtree(holder, ignore_errors=True)


def test_neovim_hovers_completes_and_warns_about_a_title_key(runtime_dir):
    """galley.json in Neovim: the missing French value under the title, each
    language's value on hover, the app's keys offered where a title goes."""
    if not shutil.which("nvim"):
        pytest.skip("neovim is not installed")
    holder = tempfile.mkdtemp(prefix="galley-nvim-strings-", dir=temp_root())
    root = os.path.join(holder, "App")
    os.makedirs(root)
    fx.make_strings_project(root)
    daemon = Daemon(root).start()
    editor = None
    try:
        editor = Neovim(os.path.join(root, "galley.json"), root, holder)
        wait_until(lambda: editor.lua("vim.lsp.buf_is_attached(0, vim.g.galley_client) and "
                                      "vim.lsp.get_client_by_id(vim.g.galley_client).initialized == true"),
                   timeout=30, message="the galley client never attached")
        line, column = fx.line_and_column(fx.CONFIG, '"title-HelpView"')
        diagnostics = wait_until(lambda: editor.lua("vim.diagnostic.get(0)"), timeout=20, message="no diagnostic in neovim")
        assert [(d["lnum"], d["col"], d["source"], d["code"]) for d in diagnostics] == [(line - 1, column - 1, "galley", "missing-translation")]
        where = '{textDocument = {uri = vim.uri_from_bufnr(0)}, position = {line = %d, character = %d}}' % (line - 1, column + 2)

        def ask(method):
            answers = editor.lua('vim.lsp.buf_request_sync(0, "%s", %s, 10000)' % (method, where))
            return [answer["result"] for answer in (answers.values() if isinstance(answers, dict) else answers) if answer]

        hover = ask("textDocument/hover")[0]["contents"]["value"]
        assert f"`en`: {fx.ENGLISH_TITLE}" in hover and f"`ja`: {fx.JAPANESE_TITLE}" in hover
        labels = [item["label"] for item in ask("textDocument/completion")[0]]
        assert fx.KEY in labels
    finally:
        try:
            if editor:
                editor.quit()
        finally:
            daemon.stop()
            shutil.rmtree(holder, ignore_errors=True)


# What Ctrl-X Ctrl-O leaves on a new line of Little Penguin's detailText, typed
# inside a new string: 0.7 takes the item's whole edit; 0.11, which Galley
# tells it snippets work in, inserts the tag's label and leaves the rest to a snippet engine.
COMPLETED = {
    "nvim": {"<lt>image>": '"<image>01",', "<lt>ima": '"<image></image>",', "<lt>cap": '"<caption></caption>",'},
    "current": {"<lt>image>": '"<image>01",', "<lt>ima": '"<image>",', "<lt>cap": '"<caption>",'},
}


@pytest.mark.parametrize("heading,binary", [("Neovim 0.7", "nvim"), ("Neovim 0.8 and later", CURRENT_NEOVIM)],
                         ids=["neovim-0.7", "neovim-current"])
def test_the_readme_snippet_completes_image_names_and_tags(runtime_dir, heading, binary):
    """Omni completion (Ctrl-X Ctrl-O) through the README's snippet, as an
    author types it: `"<image>` gives the item's first image name, `"<ima`
    and `"<cap` their tags, each replacing what was typed from the `<`."""
    if not shutil.which(binary):
        pytest.skip(f"{binary} is not installed (Scripts/setup installs it)")
    example, holder = copy_content(os.path.join(REPO, "Assets", "Example"))
    editor = None
    try:
        path = os.path.join(example, DATA)
        # A galley.json at the top: the snippet roots the server there, where the asset catalog is.
        with open(os.path.join(example, "galley.json"), "w", encoding="utf-8") as handle:
            handle.write("{}\n")
        init = os.path.join(holder, "init.lua")
        with open(init, "w") as handle:
            handle.write(readme_snippet(heading, "lua"))
        env = dict(os.environ, PATH=os.path.dirname(GALLEY_BIN) + os.pathsep + os.environ["PATH"])
        editor = Neovim.with_init(path, holder, init, env, binary)
        wait_until(lambda: editor.lua(GALLEY_ATTACHED), timeout=30, message="the README's snippet never attached galley")
        assert editor.lua("vim.bo.omnifunc") == "v:lua.vim.lsp.omnifunc"
        line = open(path, encoding="utf-8").read().split("\n").index('            "<image>01</image>",') + 1
        for typed, expected in COMPLETED["nvim" if binary == "nvim" else "current"].items():
            # A new line after the first image, holding an empty string; the cursor goes inside it.
            editor.keys(f'<Esc>:call cursor({line}, 1)<CR>o"",<Left><Left>{typed}<C-x><C-o>')
            shown = []
            wait_until(lambda: shown.append(editor.lua("vim.trim(vim.api.nvim_get_current_line())")) or shown[-1] == expected, timeout=30,
                       message=f"{typed} never became {expected!r}: {shown[-1:]}")
            editor.keys("<Esc>dd")
            wait_until(lambda: editor.lua("vim.api.nvim_buf_line_count(0)") == len(open(path, encoding="utf-8").read().split("\n")) - 1,
                       message="the new line stayed")
    finally:
        try:
            if editor:
                editor.quit()
        finally:
            shutil.rmtree(holder, ignore_errors=True)
