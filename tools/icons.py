"""Draw the app icons: a mountain of stacked coloured pawns (K3's pyramid) under a snowy peak.

Standard library only (zlib + struct). Run ``python3 tools/icons.py`` to rewrite
``web/icons/icon-{192,512}.png`` and ``web/icons/maskable-512.png``; the PNGs are committed.
"""

from __future__ import annotations

import math
import struct
import zlib
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "web" / "icons"

SKY_TOP = (24, 52, 86)
SKY_BOTTOM = (58, 110, 150)
ROCK = (92, 104, 120)
ROCK_SHADE = (70, 80, 96)
SNOW = (240, 246, 252)
PAWN_COLOURS = [(214, 64, 56), (238, 180, 40), (58, 160, 90), (60, 110, 200), (150, 80, 170), (235, 120, 40)]
OUTLINE = (20, 28, 40)


def _in_triangle(x, y, a, b, c):
    def side(p, q):
        return (q[0] - p[0]) * (y - p[1]) - (q[1] - p[1]) * (x - p[0])

    d1, d2, d3 = side(a, b), side(b, c), side(c, a)
    neg = d1 < 0 or d2 < 0 or d3 < 0
    pos = d1 > 0 or d2 > 0 or d3 > 0
    return not (neg and pos)


def _pawns():
    """Rows of pawns (centre x, base y, radius, colour), bottom row first: 4, 3, 2, 1."""
    pawns = []
    r = 0.062
    colour = 0
    for row, count in enumerate((4, 3, 2, 1)):
        y = 0.80 - row * 0.118
        for i in range(count):
            x = 0.5 + (i - (count - 1) / 2) * 2.05 * r
            pawns.append((x, y, r, PAWN_COLOURS[colour % len(PAWN_COLOURS)]))
            colour += 1
    return pawns


PAWNS = _pawns()


def _pawn_hit(x, y, cx, by, r):
    """A pawn: round head on a flared body; returns 'outline', 'body' or None."""
    head_c = by - 1.45 * r
    for grow, label in ((0.0, "body"), (0.012, "outline")):
        hr = 0.55 * r + grow
        if (x - cx) ** 2 + (y - head_c) ** 2 <= hr * hr:
            return label
        top, bottom = by - 1.05 * r - grow, by + grow
        if top <= y <= bottom:
            t = (y - top) / (bottom - top)
            half = (0.35 + 0.6 * t) * r + grow
            if abs(x - cx) <= half:
                return label
    return None


def colour_at(x, y, maskable):
    """Colour of the unit-square point (x, y), or None for transparent."""
    if not maskable:
        # rounded square with transparent corners
        m, rad = 0.04, 0.18
        qx = min(max(x, m + rad), 1 - m - rad)
        qy = min(max(y, m + rad), 1 - m - rad)
        if (x - qx) ** 2 + (y - qy) ** 2 > rad * rad:
            return None
    scale = 0.8 if maskable else 1.0  # maskable: keep the picture inside the safe zone
    x = 0.5 + (x - 0.5) / scale
    y = 0.5 + (y - 0.5) / scale
    for cx, by, r, col in PAWNS:
        hit = _pawn_hit(x, y, cx, by, r)
        if hit == "body":
            shade = 1.0 - 0.25 * max(0.0, (x - cx) / r)
            return tuple(int(c * shade) for c in col)
        if hit == "outline":
            return OUTLINE
    peak, left, right = (0.5, 0.14), (0.02, 0.92), (0.98, 0.92)
    if _in_triangle(x, y, peak, left, right):
        snow_line = 0.36 + 0.025 * math.sin(x * 40)
        if y < snow_line:
            return SNOW
        return ROCK_SHADE if x > 0.5 + (y - 0.14) * 0.12 else ROCK
    if y > 0.92:
        return (44, 84, 60)
    t = max(0.0, min(1.0, y))
    return tuple(int(a + (b - a) * t) for a, b in zip(SKY_TOP, SKY_BOTTOM, strict=True))


def render(size, maskable=False, samples=3):
    rows = []
    for py in range(size):
        row = bytearray([0])  # filter type 0
        for px in range(size):
            acc = [0, 0, 0, 0]
            for sy in range(samples):
                for sx in range(samples):
                    x = (px + (sx + 0.5) / samples) / size
                    c = colour_at(x, (py + (sy + 0.5) / samples) / size, maskable)
                    if c is not None:
                        acc[0] += c[0]
                        acc[1] += c[1]
                        acc[2] += c[2]
                        acc[3] += 1
            n = acc[3]
            if n:
                row += bytes((acc[0] // n, acc[1] // n, acc[2] // n, 255 * n // (samples * samples)))
            else:
                row += b"\0\0\0\0"
        rows.append(bytes(row))
    return png(size, size, b"".join(rows))


def png(width, height, raw):
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)  # 8-bit RGBA
    body = chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")
    return b"\x89PNG\r\n\x1a\n" + body


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    for name, size, maskable in (
        ("icon-192.png", 192, False),
        ("icon-512.png", 512, False),
        ("maskable-512.png", 512, True),
    ):
        (OUT / name).write_bytes(render(size, maskable))
        print("wrote", OUT / name)


if __name__ == "__main__":
    main()
