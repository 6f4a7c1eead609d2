"""What the benchmark scripts share: their virtual environments, the box overlap they score by,
and one percentile, computed as scry's own stats line computes it (nearest rank), so that a
p50 or p99 of a benchmark and one of scry's `--stats` mean the same thing.

A benchmark imports it with
    sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent / "lib")); import benchlib
"""
import math
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent.parent

_CHECK = ("import importlib.metadata as m, sys; "
          "sys.exit(any(m.version(p.split('==')[0]) != p.split('==')[1] for p in sys.argv[1:]))")


def venv_python(name, packages):
    """The python of the virtual environment ROOT/name, made if missing, with `packages`
    (pinned `name==version` from PyPI) installed when any is missing or at another version."""
    venv = ROOT / name
    python = venv / "bin/python"
    if not python.exists():
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    if subprocess.run([str(python), "-c", _CHECK, *packages], capture_output=True).returncode != 0:
        subprocess.run([str(python), "-m", "pip", "install", "-q", *packages], check=True)
    return str(python)


def percentile(values, p):
    """The p-th percentile (0 < p <= 100) of `values` by nearest rank: the smallest value with
    at least p% of the values at or below it, as scry's stats line gives p50, p95 and p99
    (LatencyStatistics). None for no values."""
    ordered = sorted(values)
    if not ordered:
        return None
    rank = min(len(ordered), max(1, math.ceil(p / 100 * len(ordered))))
    return ordered[rank - 1]


def median(values):
    """percentile(values, 50): for an even count the lower middle value, as scry's p50."""
    return percentile(values, 50)


def iou(a, b):
    """Intersection over union of two boxes (x, y, width, height); 0 when neither has area."""
    w = max(0.0, min(a[0] + a[2], b[0] + b[2]) - max(a[0], b[0]))
    h = max(0.0, min(a[1] + a[3], b[1] + b[3]) - max(a[1], b[1]))
    union = a[2] * a[3] + b[2] * b[3] - w * h
    return w * h / union if union > 0 else 0.0
