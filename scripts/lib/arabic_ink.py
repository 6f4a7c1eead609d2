"""Arabic words written as hand-written ink, for scripts/bench-ink and the ink tests' fixture.

Each word is set in an Arabic font with Pillow's Raqm layout (HarfBuzz's shaping, right to
left: the letters joined as the script joins them), thinned to lines one pixel wide (Zhang and
Suen's thinning), and the lines traced into pen strokes: each connected part walked from its
right-most end, turning as little as it can at a fork, a part of at most 6 pixels (a dot) one
point. The strokes are then smoothed, slanted by up to 10 degrees, bent by three slow waves of
up to 2.5 px, jittered, and time-stamped at an uneven pen speed, right-most parts first.

Needs Pillow with Raqm and numpy (scripts/bench-books' venv has them) and the fonts below
(scripts/install-deps: fonts-kacst, fonts-hosny-amiri, fonts-dejavu-core, fonts-freefont-ttf).

As a script: python3 scripts/lib/arabic_ink.py --seed S [--font N] WORD... writes one ink per
word, as `scry ink --lines` reads them, to stdout.
"""
import argparse
import json
import math
import random

import numpy as np
from PIL import Image, ImageDraw, ImageFont

# A pen-like font, a plain one, a Naskh and two general fonts with Arabic.
ARABIC_FONTS = ["/usr/share/fonts/truetype/kacst/KacstPen.ttf",
                "/usr/share/fonts/truetype/kacst-one/KacstOne.ttf",
                "/usr/share/fonts/opentype/fonts-hosny-amiri/Amiri-Regular.ttf",
                "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
                "/usr/share/fonts/truetype/freefont/FreeSerif.ttf"]


def thinned(mask):
    """Zhang and Suen's thinning of a boolean image: lines one pixel wide."""
    image = np.pad(mask.astype(np.uint8), 1)
    changed = True
    while changed:
        changed = False
        for step in (0, 1):
            # The eight neighbours clockwise from the one above (p2) to the one above-left (p9).
            p2, p3, p4, p5, p6, p7, p8, p9 = (np.roll(np.roll(image, dy, 0), dx, 1) for dy, dx in
                                              ((1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1), (0, 1), (1, 1)))
            ring = [p2, p3, p4, p5, p6, p7, p8, p9, p2]
            count = p2 + p3 + p4 + p5 + p6 + p7 + p8 + p9
            crossings = sum(((ring[i] == 0) & (ring[i + 1] == 1)).astype(np.uint8) for i in range(8))
            if step == 0:
                side = (p2 * p4 * p6 == 0) & (p4 * p6 * p8 == 0)
            else:
                side = (p2 * p4 * p8 == 0) & (p2 * p6 * p8 == 0)
            remove = (image == 1) & (count >= 2) & (count <= 6) & (crossings == 1) & side
            if remove.any():
                image = np.where(remove, 0, image).astype(np.uint8)
                changed = True
    return image[1:-1, 1:-1].astype(bool)


def traced(lines):
    """The thinned image's pixels as strokes of (x, y), right-most parts first (see above)."""
    ys, xs = np.nonzero(lines)
    pixels = set(zip(xs.tolist(), ys.tolist()))

    def neighbours(p):
        x, y = p
        return [(x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx or dy) and (x + dx, y + dy) in pixels]

    strokes, seen = [], set()
    for start in sorted(pixels, key=lambda p: (-p[0], p[1])):
        if start in seen:
            continue
        part, todo = {start}, [start]
        while todo:
            for q in neighbours(todo.pop()):
                if q not in part:
                    part.add(q)
                    todo.append(q)
        seen |= part
        if len(part) <= 6:
            strokes.append([(sum(p[0] for p in part) / len(part), sum(p[1] for p in part) / len(part))])
            continue
        used = set()

        def free(p):
            return [q for q in neighbours(p) if frozenset((p, q)) not in used]

        while True:
            ends = [p for p in part if free(p)]
            if not ends:
                break
            loose = [p for p in ends if len(free(p)) == 1]
            p = max(loose or ends, key=lambda p: (p[0], -p[1]))
            path, heading = [p], None
            while options := free(p):
                if heading:
                    q = max(options, key=lambda q: ((q[0] - p[0]) * heading[0] + (q[1] - p[1]) * heading[1],
                                                    -abs(q[0] - p[0]) - abs(q[1] - p[1]), q))
                else:
                    q = min(options, key=lambda q: (abs(q[0] - p[0]) + abs(q[1] - p[1]), q))
                used.add(frozenset((p, q)))
                heading = (q[0] - p[0], q[1] - p[1])
                p = q
                path.append(p)
            if len(path) >= 4:
                strokes.append(path)
    return strokes


def smoothed(points, width=2, every=3):
    """A moving average over 2 x `width` + 1 points, every `every`-th point and the last kept."""
    if len(points) < 3:
        return points
    out = []
    for i in range(len(points)):
        window = points[max(0, i - width):i + width + 1]
        out.append((sum(p[0] for p in window) / len(window), sum(p[1] for p in window) / len(window)))
    kept = out[::every]
    return kept + [out[-1]] if (len(out) - 1) % every else kept


def written(word, font_path, rng):
    """`word` as ink in the font at `font_path`, at a size of 70-110 px (see above)."""
    size = rng.randint(70, 110)
    font = ImageFont.truetype(font_path, size, layout_engine=ImageFont.Layout.RAQM)
    left, top, right, bottom = font.getbbox(word, direction="rtl", language="ar")
    image = Image.new("L", (right - left + 40, bottom - top + 40), 0)
    ImageDraw.Draw(image).text((20 - left, 20 - top), word, font=font, fill=255, direction="rtl", language="ar")
    strokes = [smoothed(stroke) for stroke in traced(thinned(np.array(image) > 127))]
    slant = math.radians(rng.uniform(-10, 10))
    waves = [(rng.uniform(0.01, 0.04), rng.uniform(0, 2 * math.pi), rng.uniform(0.5, 2.5)) for _ in range(3)]

    def moved(x, y):
        dx = sum(a * math.sin(f * y + phase) for f, phase, a in waves)
        dy = sum(a * math.sin(f * x + phase) for f, phase, a in waves)
        return x - math.tan(slant) * y + dx + rng.gauss(0, 0.3), y + dy + rng.gauss(0, 0.3)

    t, ink = 0.0, []
    for stroke in strokes:
        points = []
        for x, y in stroke:
            px, py = moved(x, y)
            points.append({"x": round(px, 2), "y": round(py, 2), "t": round(t, 1)})
            t += rng.uniform(4, 12)
        t += rng.uniform(80, 250)
        ink.append({"points": points})
    return {"strokes": ink}


# Fonts that `written` never uses, for `written_otherwise` (scripts/install-deps:
# fonts-sil-scheherazade, fonts-sil-lateef, fonts-sil-harmattan, fonts-arabeyes): Naskh, a
# Naskh of South Asia, a West African style, and three of Arabeyes' fonts (one written with a
# reed pen's slant, Mashq).
OTHER_ARABIC_FAMILIES = ["Scheherazade", "Lateef", "Harmattan", "AlArabiya", "Furat", "Mashq"]


def written_otherwise(word, family, rng, work):
    """`word` as ink made another way than `written`'s, for a second test set: set by
    ImageMagick's Pango text (Pango and HarfBuzz, not Pillow's Raqm) in one of
    OTHER_ARABIC_FAMILIES at 55-120 points, thinned by ImageMagick's morphology (its Skeleton
    kernel, not Zhang and Suen's), traced as `traced` does, every part no wider or taller than
    a sixth of the size taken as one dot, then turned by up to 6 degrees, each stroke moved by
    up to 1.5 px on its own (a hand that lifts the pen does not come back to the very spot),
    jittered by 0.5 px and time-stamped at a steadier pen speed than `written`'s. `work` is a
    folder for the drawing."""
    import os
    import subprocess
    size = rng.randint(55, 120)
    path = os.path.join(work, "word.png")
    subprocess.run(["convert", "-background", "black", "-fill", "white",
                    f'pango:<span font="{family} {size}">{word}</span>', "-threshold", "50%",
                    "-morphology", "Thinning:-1", "Skeleton", path], check=True, capture_output=True)
    lines = np.array(Image.open(path).convert("L")) > 127
    strokes = []
    for stroke in traced(lines):
        xs, ys = [p[0] for p in stroke], [p[1] for p in stroke]
        if max(xs) - min(xs) <= size / 6 and max(ys) - min(ys) <= size / 6 and len(stroke) < size / 2:
            strokes.append([(sum(xs) / len(xs), sum(ys) / len(ys))])
        else:
            strokes.append(smoothed(stroke, width=3, every=2))
    # A dot's part may be traced as several strokes (a cross): one dot each is enough.
    dots, kept = [], []
    for stroke in strokes:
        if len(stroke) == 1:
            if any(abs(stroke[0][0] - x) + abs(stroke[0][1] - y) <= size / 6 for x, y in dots):
                continue
            dots.append(stroke[0])
        kept.append(stroke)
    turn = math.radians(rng.uniform(-6, 6))
    cos, sin = math.cos(turn), math.sin(turn)
    t, ink = 0.0, []
    for stroke in kept:
        shift = (rng.uniform(-1.5, 1.5), rng.uniform(-1.5, 1.5))
        points = []
        for x, y in stroke:
            px = cos * x - sin * y + shift[0] + rng.gauss(0, 0.5)
            py = sin * x + cos * y + shift[1] + rng.gauss(0, 0.5)
            points.append({"x": round(px, 2), "y": round(py, 2), "t": round(t, 1)})
            t += rng.uniform(7, 9)
        t += rng.uniform(150, 400)
        ink.append({"points": points})
    return {"strokes": ink}


def wordfreq_words(path):
    """The words of a wordfreq list (its cBpack file: a MessagePack array of a header and bins
    of words, bin i of frequency 10^(-(i+1)/100)), most common first, with their frequencies."""
    data = open(path, "rb").read()
    at = 0

    def take(count):
        nonlocal at
        at += count
        return data[at - count:at]

    def value():
        tag = take(1)[0]
        if tag <= 0x7f:
            return tag
        if 0x80 <= tag <= 0x8f:
            return {value(): value() for _ in range(tag & 0x0f)}
        if 0x90 <= tag <= 0x9f:
            return [value() for _ in range(tag & 0x0f)]
        if 0xa0 <= tag <= 0xbf:
            return take(tag & 0x1f).decode()
        sizes = {0xd9: 1, 0xda: 2, 0xdb: 4, 0xdc: 2, 0xdd: 4, 0xde: 2, 0xdf: 4, 0xcc: 1, 0xcd: 2, 0xce: 4}
        if tag in sizes:
            n = int.from_bytes(take(sizes[tag]), "big")
            if tag in (0xd9, 0xda, 0xdb):
                return take(n).decode()
            if tag in (0xdc, 0xdd):
                return [value() for _ in range(n)]
            if tag in (0xde, 0xdf):
                return {value(): value() for _ in range(n)}
            return n
        if tag == 0xc0:
            return None
        raise ValueError(f"{path}: MessagePack type {tag:#x} at {at - 1}")

    bins = value()[1:]
    return [(word, 10 ** (-(index + 1) / 100)) for index, words in enumerate(bins) for word in words]


def main():
    parser = argparse.ArgumentParser(description="Arabic words as hand-written ink, one JSON line each")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--font", type=int, help="the font's index in ARABIC_FONTS (default: each in turn)")
    parser.add_argument("words", nargs="+")
    options = parser.parse_args()
    rng = random.Random(options.seed)
    for index, word in enumerate(options.words):
        font = ARABIC_FONTS[options.font if options.font is not None else index % len(ARABIC_FONTS)]
        print(json.dumps(written(word, font, rng), ensure_ascii=False))


if __name__ == "__main__":
    main()
