#!/usr/bin/env python3
"""Renders an SVG to PNG with rsvg-convert (Debian's librsvg2-bin) and prints what the picture
shows, not what the file holds: `WIDTH HEIGHT COLOURS INKED [SHARE]` — the pixel size, the number
of distinct colours (capped at 1000), the fraction of pixels that are not the background (the
most common colour), and with `--colour RRGGBB` the fraction of pixels near that colour (a series'
own colour: axes and labels alone never have it). A figure that draws nothing has one colour.
Only the standard library: PNG is zlib-compressed rows, each with a filter byte (PNG spec § 9)."""
import collections
import os
import struct
import subprocess
import sys
import tempfile
import zlib


def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    return a if pa <= pb and pa <= pc else (b if pb <= pc else c)


def pixels(png):
    """The PNG's width, height and rows of RGBA byte strings (8-bit RGBA or RGB, non-interlaced)."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    at, idat, header = 8, b"", None
    while at < len(png):
        length, kind = struct.unpack(">I4s", png[at:at + 8])
        data = png[at + 8:at + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", data)
        elif kind == b"IDAT":
            idat += data
        at += 12 + length
    width, height, depth, colour, _, _, interlace = header
    assert depth == 8 and colour in (2, 6) and interlace == 0, f"unsupported PNG {header}"
    step = 4 if colour == 6 else 3
    raw, stride = zlib.decompress(idat), width * step
    rows, previous = [], bytearray(stride)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for x in range(stride):
            left = line[x - step] if x >= step else 0
            up, corner = previous[x], (previous[x - step] if x >= step else 0)
            line[x] = (line[x] + (0, left, up, (left + up) // 2, paeth(left, up, corner))[kind]) & 255
        rows.append(bytes(line))
        previous = line
    return width, height, step, rows


def render(svg, scratch, zoom):
    png_file = os.path.join(scratch, f"figure-{zoom}.png")
    subprocess.run(["rsvg-convert", "--background-color=white", f"--zoom={zoom}", svg, "-o",
                    png_file], check=True)
    return open(png_file, "rb").read()


def main():
    svg = sys.argv[1]
    colour = None
    if len(sys.argv) == 4 and sys.argv[2] == "--colour":
        colour = bytes.fromhex(sys.argv[3])
    with tempfile.TemporaryDirectory() as scratch:
        # The colours from a half-size rendering: plenty to tell a drawing from a blank, and a
        # quarter of the pure-Python decoding; its size, doubled, is the picture's.
        half_width, half_height, step, rows = pixels(render(svg, scratch, 0.5))
    width, height = 2 * half_width, 2 * half_height
    counts = collections.Counter()
    for row in rows:
        for x in range(0, len(row), step):
            counts[row[x:x + step]] += 1
    total = sum(counts.values())
    background = counts.most_common(1)[0][1]
    facts = [str(width), str(height), str(min(len(counts), 1000)), f"{1 - background / total:.4f}"]
    if colour is not None:
        near = sum(n for rgb, n in counts.items()
                   if sum((a - b) ** 2 for a, b in zip(rgb[:3], colour)) <= 60 ** 2)
        facts.append(f"{near / total:.5f}")
    print(" ".join(facts))


if __name__ == "__main__":
    main()
