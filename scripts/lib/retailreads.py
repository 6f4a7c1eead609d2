"""What the EAN/UPC benchmarks share (bench-turned-retail, bench-grainy-retail): the numbers
`scry image` and pip zxing-cpp read on a set of pictures, each in Scry's form (13 digits, 8
for an EAN-8; add-ons left off), and the time each took over the set.

zxing-cpp and Pillow are imported by the caller's virtual environment (.build-venv).
"""
import collections
import json
import os
import pathlib
import subprocess
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent.parent
RETAIL = ("ean_13", "upc_a", "upc_e", "ean_8")
ZXING_NAMES = {"EAN-13": "ean_13", "UPC-A": "upc_a", "UPC-E": "upc_e", "EAN-8": "ean_8"}


def main_number(payload, symbology):
    """The payload's main number: its first 8 digits for an EAN-8, 13 otherwise."""
    return payload[:8] if symbology == "ean_8" else payload[:13]


def upc_e_as_ean13(text):
    """An 8-digit UPC-E (number system, six digits, check digit) in its 13-digit EAN form."""
    if len(text) != 8 or not text.isdigit():
        return text
    system, d, check = text[0], text[1:7], text[7]
    last = d[5]
    if last in "012":
        body = d[0:2] + last + "0000" + d[2:5]
    elif last == "3":
        body = d[0:3] + "00000" + d[3:5]
    elif last == "4":
        body = d[0:4] + "00000" + d[4]
    else:
        body = d[0:5] + "0000" + last
    return "0" + system + body + check


def scry_reads(scry, files):
    """({file: set of main numbers}, seconds) of one `scry image --no-text` process over `files`."""
    env = dict(os.environ, SCRY_CALIBRATION=str(ROOT / "Calibration"))
    started = time.monotonic()
    out = subprocess.run([scry, "image", "--no-text", *map(str, files)], capture_output=True, text=True, env=env)
    elapsed = time.monotonic() - started
    reads = collections.defaultdict(set)
    for line in out.stdout.splitlines():
        event = json.loads(line)
        if event.get("type") == "barcode" and event["symbology"] in RETAIL:
            reads[event["file"]].add(main_number(event["payload"], event["symbology"]))
    return reads, elapsed


def zxing_reads(files):
    """({file: set of main numbers}, seconds) of pip zxing-cpp at its defaults over `files`,
    each decoded by Pillow (in the time)."""
    import zxingcpp
    from PIL import Image
    started = time.monotonic()
    reads = collections.defaultdict(set)
    for path in files:
        for found in zxingcpp.read_barcodes(Image.open(path)):
            name = ZXING_NAMES.get(str(found.format))
            if name is None:
                continue
            text = found.text
            # zxing-cpp gives a UPC-A in 12 digits and a UPC-E in 8; Scry's form is 13.
            if name == "upc_a" and len(text) == 12:
                text = "0" + text
            if name == "upc_e":
                text = upc_e_as_ean13(text)
            reads[str(path)].add(main_number(text, name))
    return reads, time.monotonic() - started
