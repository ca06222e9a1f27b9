// Trims Pyodide's standard library zip to what the game can import, for scripts/build.py.
//
// The stock python_stdlib.zip (2.5 MB, sources) is the second biggest download of a first visit
// after the wasm; the game imports about a tenth of it. This script keeps:
//   - the roots build.py gives (every module the page had imported once a hand was played,
//     Pyodide's own packages, the encodings Python starts with, and every standard library
//     module the game's code under py/ imports, at the top of a file or inside a function),
//   - and everything those import, followed through every `import` statement of their sources
//     (also one inside a function, so a rarely taken path is not left without its module),
//     except into the modules build.py lists as never used in the page (pydoc, unittest ...:
//     reached only from help() or tests),
// The modules the page imports as it starts ("imported", build.py's SNAPSHOT_MODULES) go in as
// bytecode only (sourceless .pyc, compiled here by the pinned Pyodide, docstrings and asserts
// stripped as `python -OO` does): a first visit that boots without the snapshot imports them
// without compiling them (about 2 s less of Pyodide's start-up under Node, for 0.5 MB more).
// The other modules stay sources: they are imported rarely, if ever.
// It then checks the result on a second Pyodide booted from the trimmed zip: every root imports
// (or, for one the page never imports at the top of a file, is found), and every module of
// py/ imports. A module missing there fails the build, naming it.
//
// stdin:  {"indexURL": "/abs/node_modules/pyodide/", "roots": [...], "never": [...],
//          "pyRoot": "/abs/py", "pyModules": ["scopa", "scopa.cards", ...], "imported": [...],
//          "out": "/abs/static/vendor/pyodide/python_stdlib.zip"}
// stdout: {"kept": N, "dropped": N, "bytecode": N, "bytes": N, "full_bytes": N, "missing": [...]}
import { readFileSync, writeFileSync, renameSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";

const request = JSON.parse(readFileSync(0, "utf8"));
const { loadPyodide } = await import(request.indexURL + "pyodide.mjs");

const fullPath = request.indexURL + "python_stdlib.zip";
const builder = await loadPyodide({ indexURL: request.indexURL });
builder.FS.writeFile("/tmp/full.zip", readFileSync(fullPath));
const scope = builder.toPy({ roots: request.roots, never: request.never, compiled: request.imported });
const report = JSON.parse(builder.runPython(`
import ast, io, json, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

full = zipfile.ZipFile("/tmp/full.zip")
modules = {}  # dotted name -> path in the zip
for info in full.infolist():
    name = info.filename
    if name.endswith(".py"):
        dotted = name[:-3].replace("/", ".")
        if dotted.endswith(".__init__"):
            dotted = dotted[: -len(".__init__")]
        modules[dotted] = name

def blocked(name):
    return any(name == n or name.startswith(n + ".") for n in never)

def imported_by(name):
    path = modules[name]
    package = name if path.endswith("__init__.py") else name.rpartition(".")[0]
    tree = ast.parse(full.read(path), path)
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name
        elif isinstance(node, ast.ImportFrom):
            base = package
            for _ in range(max(node.level - 1, 0)):
                base = base.rpartition(".")[0]
            target = ".".join(p for p in (base if node.level else "", node.module or "") if p)
            yield target
            for alias in node.names:
                yield f"{target}.{alias.name}"  # "from pkg import submodule"

keep, todo = set(), list(roots)
while todo:
    name = todo.pop()
    if name in keep or name not in modules:
        continue
    keep.add(name)
    parts = name.split(".")
    todo.extend(".".join(parts[:i]) for i in range(1, len(parts)))  # its packages
    for found in imported_by(name):
        if found in modules and found not in keep and not blocked(found):
            todo.append(found)

wanted = {modules[n] for n in keep}
as_bytecode = {modules[n] for n in compiled if n in keep}
# where the zip is in the page's Python (the same Pyodide): the code objects name their files there
zip_home = next(p for p in sys.path if p.endswith(".zip"))
out = io.BytesIO()
with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
    for info in full.infolist():
        if info.filename in as_bytecode:
            code = compile(full.read(info), f"{zip_home}/{info.filename}", "exec", dont_inherit=True, optimize=2)
            pyc = bytes(_code_to_hash_pyc(code, bytes(8), checked=False))  # no source to check against
            pyc_info = zipfile.ZipInfo(info.filename[:-3] + ".pyc", info.date_time)
            pyc_info.external_attr = info.external_attr
            z.writestr(pyc_info, pyc, compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
        elif info.filename in wanted:
            z.writestr(info, full.read(info), compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
with open("/tmp/trimmed.zip", "wb") as f:
    f.write(out.getvalue())
# what the check looks for: each root that is a module ("from typing import Any" names typing.Any,
# no module: typing is the root then), a top-level one also when it is no file (a builtin module)
check = sorted(r for r in roots if r in modules or "." not in r)
json.dumps({"kept": len(keep), "dropped": len(modules) - len(keep), "bytecode": len(as_bytecode),
            "bytes": len(out.getvalue()),
            "check": check})
`, { globals: scope }));
scope.destroy();
const trimmed = builder.FS.readFile("/tmp/trimmed.zip");

// The check: a fresh Pyodide whose standard library is the trimmed zip only.
writeFileSync(`${request.out}.tmp`, trimmed, { mode: 0o644 });
const checker = await loadPyodide({ indexURL: request.indexURL, stdLibURL: `${request.out}.tmp` });
const home = "/home/pyodide/py";
for (const file of walk(request.pyRoot)) {
  const dest = join(home, relative(request.pyRoot, file));
  checker.FS.mkdirTree(dest.slice(0, dest.lastIndexOf("/")));
  checker.FS.writeFile(dest, readFileSync(file));
}
const checkScope = checker.toPy({ roots: report.check, imported: request.imported, game: request.pyModules, home });
const missing = JSON.parse(checker.runPython(`
import importlib, importlib.util, json, sys
sys.path.insert(0, home)
missing = []
for name in imported + game:  # what the page imports: each must import
    try:
        importlib.import_module(name)
    except ImportError as err:
        missing.append(f"{name}: {type(err).__name__}: {err}")
for name in roots:  # every root must at least be found
    try:
        if importlib.util.find_spec(name) is None:
            missing.append(f"{name}: not found")
    except ImportError as err:
        missing.append(f"{name}: {type(err).__name__}: {err}")
json.dumps(missing)
`, { globals: checkScope }));
checkScope.destroy();
if (missing.length) {
  process.stderr.write(`the trimmed standard library lacks what the game imports:\n  ${missing.join("\n  ")}\n`);
  process.exit(1);
}
renameSync(`${request.out}.tmp`, request.out);
delete report.check;
process.stdout.write(JSON.stringify({ ...report, full_bytes: statSync(fullPath).size }));
process.exit(0);

function* walk(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith(".") || entry.name === "__pycache__") continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (entry.name.endsWith(".py")) yield path;
  }
}
