// Worker of benchmarks/bare.html: the same Pyodide release the game uses, as npm ships it
// (node_modules/pyodide/: its whole standard library, no snapshot), nothing else. The game's own
// copy in static/vendor/pyodide/ has a trimmed standard library (scripts/build.py), so it is not
// the stock runtime any more; node_modules/ is served with the same cache headers
// (scripts/serve.py).
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";

const pyodide = await loadPyodide();
postMessage(pyodide.runPython("import sys; '.'.join(map(str, sys.version_info[:3]))"));
