"""Issue 42: the page's mechanic renderers are found, not listed. scripts/build.py writes
static/vendor/mechanics.js, which static/js/mechanics/index.js imports: every module of
static/js/mechanics/ but index.js, in the engine's order of the mechanics, so a new renderer is a
new file and nothing else; a file named after no engine mechanic stops the build by name."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
_SPEC = importlib.util.spec_from_file_location("build_for_renderers", ROOT / "scripts" / "build.py")
build = importlib.util.module_from_spec(_SPEC)
sys.modules.setdefault("build_for_renderers", build)
_SPEC.loader.exec_module(build)

if str(ROOT / "py") not in sys.path:
    sys.path.insert(0, str(ROOT / "py"))
from scopa.mechanics import ORDER  # noqa: E402


def _folder(tmp_path: Path, names: list[str]) -> Path:
    src = tmp_path / "static" / "js" / "mechanics"
    src.mkdir(parents=True)
    for name in names:
        (src / f"{name}.js").write_text(f'export default {{ name: "{name}" }};\n')
    return src


def test_the_list_imports_every_renderer_but_the_registry_in_the_engines_order(tmp_path):
    src = _folder(tmp_path, ["steal", "index", "accuse", "fidasse"])
    dest = tmp_path / "static" / "vendor" / "mechanics.js"
    assert build.write_renderers(dest, src, ["modulo", "accuse", "steal", "cascina", "fidasse"]) == [
        "accuse", "steal", "fidasse"]
    text = dest.read_text()
    assert re.findall(r'^import (r\d) from "\.\./js/mechanics/(\w+)\.js";$', text, re.M) == [
        ("r0", "accuse"), ("r1", "steal"), ("r2", "fidasse")]
    assert text.rstrip().endswith("export default [r0, r1, r2];")
    assert "index" not in re.sub(r"^//.*$", "", text, flags=re.M)


def test_a_renderer_named_after_no_engine_mechanic_stops_the_build_by_name(tmp_path):
    src = _folder(tmp_path, ["accuse", "stael"])
    with pytest.raises(SystemExit, match=r"static/js/mechanics/stael\.js is named after no engine mechanic"):
        build.write_renderers(tmp_path / "mechanics.js", src, [m.name for m in ORDER])
    assert not (tmp_path / "mechanics.js").exists()


def test_each_renderer_of_the_page_is_named_as_its_file_and_listed_by_the_build():
    src = ROOT / "static" / "js" / "mechanics"
    for path in src.glob("*.js"):
        if path.name != "index.js":
            assert re.search(rf'^export default \{{\s*name: "{path.stem}",', path.read_text(), re.M), path
    names = build.renderer_names(src)
    assert names == [m.name for m in ORDER if (src / f"{m.name}.js").is_file()]
    registry = (src / "index.js").read_text()
    assert 'from "../../vendor/mechanics.js"' in registry
    assert not re.search(r'from "\./(?!\.)', registry)  # imports no renderer by hand
    listing = ROOT / "static" / "vendor" / "mechanics.js"
    assert listing.is_file(), "static/vendor/ is not built: python3 scripts/build.py"
    assert re.findall(r'/mechanics/(\w+)\.js";$', listing.read_text(), re.M) == names
    # the service worker caches it with the rest of the site, for offline play
    assert "static/vendor/mechanics.js" in build.precache_list(ROOT)["files"]
