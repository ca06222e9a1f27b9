// Worker of benchmarks/bare.html: the same vendored Pyodide the game uses, nothing else.
import { loadPyodide } from "../static/vendor/pyodide/pyodide.mjs";

const pyodide = await loadPyodide();
postMessage(pyodide.runPython("import sys; '.'.join(map(str, sys.version_info[:3]))"));
