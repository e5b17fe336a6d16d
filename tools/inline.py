"""web/page/boot/app.js and the modules it imports, as one script for the page (see
site.page_html).

On a first visit each file the page waits for costs a round trip, and the board can only be
drawn once its modules are in. So they go into index.html, each wrapped in a function, in
the order app.js's import graph needs them. A module is named by its path under web/
("page/board/board.js"); imports are relative to the importing module ("./x.js",
"../board/board.js") and must stay inside web/. Only the import and export forms our modules
use are understood; anything else stops the build rather than ship a page that breaks.
"""

from __future__ import annotations

import json
import posixpath
import re
from pathlib import Path

RELATIVE = r"(?:\.\.?/)+(?:[\w-]+/)*[\w-]+\.js"  # ./x.js, ../board/board.js
IMPORT = re.compile(rf'^import \{{([^}}]*)\}} from "({RELATIVE})";\n', re.M)
EXPORT = re.compile(r"^export ((?:async function|function|class|const|let) )([\w$]+)", re.M)
# Any import line at all, to find the ones IMPORT does not understand.
ANY_IMPORT = re.compile(r'^\s*import\b.*?from\s*["\']([^"\']+)["\']', re.M)
# A JSDoc block on lines of its own: the types tsc checks (tsconfig.json), of no use to the
# browser, so left out of what is inlined (a cast inside a line of code stays).
JSDOC_LINES = re.compile(r"^[ \t]*/\*\*(?:(?!\*/).)*?\*/[ \t]*\n", re.M | re.S)
ENTRY = "page/boot/app.js"


def module_name(file: str) -> str:
    return "__web_" + re.sub(r"\W", "_", file.removesuffix(".js"))


def resolve(file: str, target: str) -> str:
    """The module `file` means by the relative `target`, as a path under web/."""
    found = posixpath.normpath(posixpath.join(posixpath.dirname(file), target))
    if found.startswith("../") or found == "..":
        raise SystemExit(f"web/{file}: imports {target}, which is not a module of web/")
    return found


def imports_of(file: str, source: str) -> list[str]:
    """The web/ modules `file` imports (paths under web/), in the order it names them."""
    for match in ANY_IMPORT.finditer(source):
        target = match.group(1)
        if not re.fullmatch(RELATIVE, target):
            raise SystemExit(f"web/{file}: imports {target}, which is not a module of web/")
    return [resolve(file, match.group(2)) for match in IMPORT.finditer(source)]


def module_order(web: Path, entry: str = ENTRY) -> list[str]:
    """The modules reachable from `entry` by imports, each after every module it imports."""
    order: list[str] = []
    visiting: list[str] = []

    def visit(file: str) -> None:
        if file in order:
            return
        if file in visiting:
            cycle = " -> ".join([*visiting[visiting.index(file):], file])
            raise SystemExit(f"web/: an import cycle cannot be inlined: {cycle}")
        path = web / file
        if not path.is_file():
            raise SystemExit(f"web/{visiting[-1] if visiting else file}: imports {file}, which is not in web/")
        visiting.append(file)
        # last import first: app.js's own order of the page's modules since they were inlined
        for target in reversed(imports_of(file, path.read_text(encoding="utf-8"))):
            visit(target)
        visiting.pop()
        order.append(file)

    visit(entry)
    return order


def wrap_module(file: str, source: str, before: list[str], classic: bool = False) -> str:
    """One module as a function that runs its body and returns its exports; `before` are the
    modules already inlined ahead of it. `classic`: for a plain script, where import.meta is
    not defined (a module that needs its own address cannot go there)."""
    def imported(match: re.Match[str]) -> str:
        target = resolve(file, match.group(2))
        if target not in before:
            raise SystemExit(f"web/{file}: imports {match.group(2)}, which is not inlined before it")
        names = [name.strip().replace(" as ", ": ") for name in match.group(1).split(",") if name.strip()]
        return f"const {{ {', '.join(names)} }} = {module_name(target)};\n"

    body = IMPORT.sub(imported, JSDOC_LINES.sub("", source))
    exports = EXPORT.findall(body)
    body = EXPORT.sub(r"\1\2", body)
    if classic and "import.meta" in body:
        raise SystemExit(f"web/{file}: uses import.meta, which a plain script does not have")
    # import.meta.url is the page's own address once inlined: give each module back its own
    body = body.replace("import.meta.url", f'new URL("./web/{file}", import.meta.url).href')
    if re.search(r"^\s*(import|export)\b", body, re.M) or "</script" in body or "<!--" in body:
        raise SystemExit(f"web/{file}: a form of import or export (or text) that cannot be inlined")
    names = ", ".join(name for _, name in exports)
    return f"const {module_name(file)} = (() => {{\n{body}\nreturn {{ {names} }};\n}})();\n"


def inlined_script(web: Path, entry: str = ENTRY) -> str:
    """The body of the page's one module script: every module of the graph, wrapped."""
    order = module_order(web, entry)
    return "".join(wrap_module(file, (web / file).read_text(encoding="utf-8"), order[:index])
                   for index, file in enumerate(order))


def bundled_script(web: Path, entry: str) -> str:
    """`entry` and the modules it imports as one plain (non-module) script: a plain script runs
    from any origin without CORS headers, and from a file:// page. Nothing leaks into the
    page's global scope."""
    order = module_order(web, entry)
    body = "".join(wrap_module(file, (web / file).read_text(encoding="utf-8"), order[:index], classic=True)
                   for index, file in enumerate(order))
    return f'(() => {{\n"use strict";\n{body}}})();\n'


def script_json(value: object) -> str:
    """JSON that a <script> element holds safely: no `</script>`, `<!--` or line separators."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    for char, escaped in (("<", "\\u003c"), (">", "\\u003e"), ("&", "\\u0026"),
                          ("\u2028", "\\u2028"), ("\u2029", "\\u2029")):
        text = text.replace(char, escaped)
    return text
