// Makes the memory snapshot the engine worker boots from (static/js/pyodide-boot.mjs), for
// scripts/build.py: the pinned Pyodide booted under Node, the standard library modules the
// page imports imported, and Python's whole memory written out, gzip-compressed.
//
// stdin:  {"indexURL": "/abs/node_modules/pyodide/", "modules": ["asyncio", ...], "out": "/abs/file.gz"}
// stdout: {"python": "3.14.2", "bytes": N, "gzip_bytes": N, "modules": N, "failed": [[name, error], ...],
//          "boot_ms": N}
//
// Restoring it in a browser replaces Python's start-up inside loadPyodide. Only what holds
// no JavaScript object besides the global scope can be in it (Pyodide records the path to
// each global it reads, e.g. `setTimeout`, and looks it up again in the worker), so only the
// standard library goes in, never the game (py.zip stays its source) nor PyScript's package.
// A module that does not import here (e.g. one that needs a browser API) is left out and
// reported; the page then imports it from python_stdlib.zip as usual.
// `_settebello_snapshot` in sys.modules marks a Python restored from this snapshot
// (static/bridge.py's ping reports it); its after_restore() is run by the page once restored.
import { readFileSync, writeFileSync, renameSync } from "node:fs";
import { gzipSync, constants } from "node:zlib";

const request = JSON.parse(readFileSync(0, "utf8"));
const { loadPyodide } = await import(request.indexURL + "pyodide.mjs");

const started = performance.now();
// A fixed hash seed, so the same inputs give the same memory (the hash secret would be the
// same for every player anyway: it is in the published file). Removed from os.environ below.
const pyodide = await loadPyodide({
  indexURL: request.indexURL, _makeSnapshot: true, env: { PYTHONHASHSEED: "0" },
});
const bootMs = Math.round(performance.now() - started);

// What static/js/pyodide-boot.mjs runs once Python is restored in the browser: the memory is
// the build machine's, so this visit gets its own random state and the player's time zone,
// and the import system looks at the files written since (PyScript unpacks py.zip then).
const AFTER_RESTORE = `
def after_restore():
    import importlib, sys, time
    importlib.invalidate_caches()
    while sys.path.count("") > 1:  # Pyodide adds "" at every boot, the snapshot's included
        sys.path.remove("")
    if "random" in sys.modules:
        sys.modules["random"].seed()  # from the browser's crypto.getRandomValues
    # time.timezone/altzone/daylight/tzname are computed once at start-up, as CPython does
    # without tzname(): from the offsets of January and July (the build ran in another zone)
    year = 365 * 24 * 3600
    jan = time.localtime(int(time.time()) // year * year)
    jul = time.localtime(int(time.time()) // year * year + year // 2)
    janzone, julzone = -jan.tm_gmtoff, -jul.tm_gmtoff
    if janzone < julzone:  # the southern hemisphere: DST in January
        time.timezone, time.altzone, time.tzname = julzone, janzone, (jul.tm_zone, jan.tm_zone)
    else:
        time.timezone, time.altzone, time.tzname = janzone, julzone, (jan.tm_zone, jul.tm_zone)
    time.daylight = int(janzone != julzone)
`;

// in a namespace of its own, so __main__ stays as a fresh Python's
const namespace = pyodide.toPy({ _modules: request.modules, AFTER_RESTORE });
const result = JSON.parse(pyodide.runPython(`
import importlib, json, sys, types
failed = []
for name in _modules:
    try:
        importlib.import_module(name)
    except BaseException as err:  # a module this runtime cannot import under Node
        failed.append([name, f"{type(err).__name__}: {err}"])
marker = types.ModuleType("_settebello_snapshot", "Present when Python was restored from the page's memory snapshot.")
marker.modules = sorted(n for n in _modules if n in sys.modules)
marker.loaded = frozenset(sys.modules)  # with what they imported: static/bridge.py's ping compares
exec(AFTER_RESTORE, marker.__dict__)
sys.modules["_settebello_snapshot"] = marker
import gc, os, random
os.environ.pop("PYTHONHASHSEED", None)
random.seed(0)  # static/js/pyodide-boot.mjs reseeds it from the browser after restoring
gc.collect()
json.dumps({"python": ".".join(map(str, sys.version_info[:3])), "failed": failed,
            "modules": len(sys.modules["_settebello_snapshot"].modules)})
`, { globals: namespace }));
namespace.destroy();

const snapshot = pyodide.makeMemorySnapshot();
// Level 6: within ~5 % of level 9's size at a fraction of its time. Node writes a gzip header
// with no name and no timestamp, so the same memory gives the same file.
const gzipped = gzipSync(snapshot, { level: 6, memLevel: 9, strategy: constants.Z_DEFAULT_STRATEGY });
const tmp = `${request.out}.tmp`;
writeFileSync(tmp, gzipped, { mode: 0o644 });
renameSync(tmp, request.out);
process.stdout.write(JSON.stringify({
  ...result, bytes: snapshot.length, gzip_bytes: gzipped.length, boot_ms: bootMs,
}));
process.exit(0);
