"""nardcore as a library: the wheel holds every subpackage and data file, and runs from anywhere."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from build import build_lock
from nardcore.variant import VARIANT_NAMES

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    # under the tests' build lock: setuptools builds in the repository's own build/ folder, and two
    # workers that both take this module's tests would build there at once ("File exists")
    with build_lock():
        subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(out), str(ROOT)],
                       check=True, cwd=out)
    (found,) = out.glob("nardcore-*.whl")
    return found


def test_the_wheel_holds_every_module_the_networks_and_the_type_marker(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    sources = {p.relative_to(ROOT).as_posix() for p in (ROOT / "nardcore").rglob("*.py")}
    assert sources <= names, sorted(sources - names)
    expected = {"nardcore/py.typed", "nardcore/bots/weights/bearoff.bin",
                *(f"nardcore/bots/weights/{name}.nnw" for name in VARIANT_NAMES)}
    assert expected <= names, sorted(expected - names)


def test_the_installed_command_line_and_public_names_work_outside_the_repository(wheel: Path, tmp_path: Path) -> None:
    env = {"PYTHONPATH": str(wheel), "PATH": ""}
    start = "backgammon:w:24x2,13x5,8x3,6x5:24x2,13x5,8x3,6x5"
    plays = subprocess.run([sys.executable, "-m", "nardcore", "plays", start, "31"], cwd=tmp_path, env=env,
                           capture_output=True, text=True, check=True).stdout
    assert plays.startswith("16 legal plays with 31:") and "8/5 6/5" in plays
    names = subprocess.run([sys.executable, "-c", "import nardcore; print(nardcore.__file__, nardcore.Game.__name__, "
                            "nardcore.Position.__name__, nardcore.__version__)"], cwd=tmp_path, env=env,
                           capture_output=True, text=True, check=True).stdout.split()
    assert names[0].startswith(str(wheel)) and names[1:3] == ["Game", "Position"] and names[3][0].isdigit()
    estimate = subprocess.run([sys.executable, "-m", "nardcore", "eval", start], cwd=tmp_path, env=env,
                              capture_output=True, text=True, check=True).stdout
    assert '"win"' in estimate  # the network was read from inside the wheel
