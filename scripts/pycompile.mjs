// Compiles the engine's modules to bytecode with the pinned Pyodide's own Python, for
// scripts/build.py (py.zip then carries each module's .pyc beside its source, so the page's
// worker imports them without compiling: about 0.15 s less between Pyodide and the first table).
//
// stdin:  {"root": "/abs/path/py", "files": ["scopa/__init__.py", ...]}   (paths under root)
// stdout: {"python": "3.14.2", "files": {"scopa/__pycache__/__init__.cpython-314.pyc": "<base64>", ...}}
//
// The .pyc files are hash-checked (PEP 552, CHECKED_HASH): Python compares them with the source
// beside them at import and compiles the source instead if they differ, so a stale .pyc can
// never run. A file that does not compile fails the build with Python's message.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const { loadPyodide } = await import(join(root, "node_modules/pyodide/pyodide.mjs"));

const request = JSON.parse(readFileSync(0, "utf8"));
const pyodide = await loadPyodide({ indexURL: join(root, "node_modules/pyodide") + "/" });
// The page unpacks py.zip into the worker's working directory: compile at the same paths, so
// the code objects name the files where they will be.
const HOME = "/home/pyodide";
for (const rel of request.files) {
  const dest = `${HOME}/${rel}`;
  pyodide.FS.mkdirTree(dest.slice(0, dest.lastIndexOf("/")));
  pyodide.FS.writeFile(dest, readFileSync(join(request.root, rel)));
}
pyodide.globals.set("_files", pyodide.toPy(request.files));
let result;
try {
  result = pyodide.runPython(`
import base64, importlib.util, json, py_compile, sys
out = {}
for rel in _files:
    if not rel.endswith(".py"):
        continue
    pyc = importlib.util.cache_from_source(rel)
    py_compile.compile(f"${HOME}/{rel}", cfile=f"${HOME}/{pyc}", doraise=True,
                       invalidation_mode=py_compile.PycInvalidationMode.CHECKED_HASH)
    with open(f"${HOME}/{pyc}", "rb") as f:
        out[pyc] = base64.b64encode(f.read()).decode()
json.dumps({"python": ".".join(map(str, sys.version_info[:3])), "files": out})
`);
} catch (err) {
  // Python's own message (e.g. "SyntaxError: ... (scopa/x.py, line 3)"), not the runtime's source
  process.stderr.write(`${err.message}\n`);
  process.exit(1);
}
process.stdout.write(result);
