// Runs benchmarks/ai_speed.py inside the vendored Pyodide under Node: a proxy for the browser worker.
// Usage: node benchmarks/ai_speed_pyodide.mjs [variant] [matches] [levels]
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "../static/vendor/pyodide/pyodide.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const pyodide = await loadPyodide({ indexURL: join(root, "static/vendor/pyodide") + "/" });

function copyTree(src, dst) {
  pyodide.FS.mkdirTree(dst);
  for (const name of readdirSync(src)) {
    if (name === "__pycache__") continue;
    const s = join(src, name), d = dst + "/" + name;
    if (statSync(s).isDirectory()) copyTree(s, d);
    else if (name.endsWith(".py")) pyodide.FS.writeFile(d, readFileSync(s));
  }
}
for (const pkg of ["scopa", "scopa_ai"]) copyTree(join(root, "py", pkg), "/home/pyodide/py/" + pkg);
pyodide.FS.writeFile("/home/pyodide/ai_speed.py", readFileSync(join(root, "benchmarks/ai_speed.py")));
const args = JSON.stringify(process.argv.slice(2));
pyodide.runPython(`
import sys, json
sys.path.insert(0, "/home/pyodide/py"); sys.path.insert(0, "/home/pyodide")
import ai_speed
ai_speed.main(json.loads('${args}'))
`);
