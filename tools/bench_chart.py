#!/usr/bin/env python3
"""Chart and table of `make bench`'s speed ratios, with nothing but the standard library.

    tools/bench_chart.py REPORT.tsv OUT.png OUT.md

REPORT.tsv (benches/report.sh writes it): a header line `series model upstream ours ratio`
(tab separated) and one line per (series, model). `ratio` is always "higher is faster for us"
(ours/upstream for speeds, upstream/ours for times); this script only plots that column.

OUT.png: a horizontal grouped bar chart, one group of bars per model and one bar (colour) per
series, a dashed reference line at 1.0 (upstream's speed), the value at each bar's end, an x
axis with ticks, and a legend naming each series with its geometric mean. The text is drawn
with the 5x7 bitmap font below; the PNG (8-bit RGB) is encoded here with zlib and struct.

OUT.md: a markdown table, per model the upstream, ours and ratio columns of every series, and
a last row with each series' geometric mean.

Layout (tools/test_bench_chart.py checks it; keep both in step):
  width  = 1000
  height = PLOT_TOP0 + LEGEND_ROW * nseries + nmodels * (BAR_H * nseries + GROUP_GAP) + BOTTOM
  the bars of model i start at y = plot_top + i * group_h + GROUP_GAP // 2, one BAR_H per series
  the plot spans x from `left` (after the model names) to WIDTH - RIGHT; ratio 0 at `left`
  and the last tick (see axis_ticks) at WIDTH - RIGHT.
"""
import math
import struct
import sys
import zlib

WIDTH = 1000
MARGIN = 16          # outer margin on every side
TITLE_SCALE = 2      # title, legend, model names and tick labels at 2x; bar values at 1x
LEGEND_TOP = 44      # first legend row (title at MARGIN, 16 px tall, then a gap)
LEGEND_ROW = 20      # height of one legend row
PLOT_TOP0 = LEGEND_TOP + 12   # plot top = PLOT_TOP0 + LEGEND_ROW * nseries
BAR_H = 14           # one bar
GROUP_GAP = 12       # space between two models' groups (half above, half below)
BOTTOM = 40          # axis, tick labels and margin under the last group
RIGHT = 60           # room right of the plot for the longest bar's value
MAX_NAME = 60        # model names longer than this are cut

BACKGROUND = (255, 255, 255)
INK = (0, 0, 0)
AXIS = (90, 90, 90)
REFLINE = (200, 0, 0)
# one colour per series, in the order the series first appear in the TSV
PALETTE = [
    (31, 119, 180), (255, 127, 14), (44, 160, 44), (148, 103, 189),
    (140, 86, 75), (227, 119, 194), (127, 127, 127), (188, 189, 34), (23, 190, 207),
]

# 5x7 glyphs for ASCII 32..126: seven rows per glyph, top first, each row a 5-bit number whose
# bit 4 is the leftmost column. Glyph cells are 6x8 (one column and one row of spacing). The
# letters g, p, q and y are drawn two rows lower (DESCENDERS): their first five rows sit on
# the x-height of the other lower-case letters and the last two hang below the line.
FONT_ROWS = """
00 00 00 00 00 00 00|04 04 04 04 04 00 04|0A 0A 0A 00 00 00 00|0A 0A 1F 0A 1F 0A 0A
04 0F 14 0E 05 1E 04|18 19 02 04 08 13 03|0C 12 14 08 15 12 0D|04 04 08 00 00 00 00
02 04 08 08 08 04 02|08 04 02 02 02 04 08|00 04 15 0E 15 04 00|00 04 04 1F 04 04 00
00 00 00 00 0C 04 08|00 00 00 1F 00 00 00|00 00 00 00 00 0C 0C|00 01 02 04 08 10 00
0E 11 13 15 19 11 0E|04 0C 04 04 04 04 0E|0E 11 01 02 04 08 1F|1F 02 04 02 01 11 0E
02 06 0A 12 1F 02 02|1F 10 1E 01 01 11 0E|06 08 10 1E 11 11 0E|1F 01 02 04 08 08 08
0E 11 11 0E 11 11 0E|0E 11 11 0F 01 02 0C|00 0C 0C 00 0C 0C 00|00 0C 0C 00 0C 04 08
02 04 08 10 08 04 02|00 00 1F 00 1F 00 00|08 04 02 01 02 04 08|0E 11 01 02 04 00 04
0E 11 01 0D 15 15 0E|0E 11 11 11 1F 11 11|1E 11 11 1E 11 11 1E|0E 11 10 10 10 11 0E
1C 12 11 11 11 12 1C|1F 10 10 1E 10 10 1F|1F 10 10 1E 10 10 10|0E 11 10 17 11 11 0F
11 11 11 1F 11 11 11|0E 04 04 04 04 04 0E|07 02 02 02 02 12 0C|11 12 14 18 14 12 11
10 10 10 10 10 10 1F|11 1B 15 15 11 11 11|11 11 19 15 13 11 11|0E 11 11 11 11 11 0E
1E 11 11 1E 10 10 10|0E 11 11 11 15 12 0D|1E 11 11 1E 14 12 11|0F 10 10 0E 01 01 1E
1F 04 04 04 04 04 04|11 11 11 11 11 11 0E|11 11 11 11 11 0A 04|11 11 11 15 15 15 0A
11 11 0A 04 0A 11 11|11 11 11 0A 04 04 04|1F 01 02 04 08 10 1F|0E 08 08 08 08 08 0E
00 10 08 04 02 01 00|0E 02 02 02 02 02 0E|04 0A 11 00 00 00 00|00 00 00 00 00 00 1F
08 04 02 00 00 00 00|00 00 0E 01 0F 11 0F|10 10 16 19 11 11 1E|00 00 0E 10 10 11 0E
01 01 0D 13 11 11 0F|00 00 0E 11 1F 10 0E|06 09 08 1C 08 08 08|0F 11 11 11 0F 01 0E
10 10 16 19 11 11 11|04 00 0C 04 04 04 0E|02 00 06 02 02 12 0C|10 10 12 14 18 14 12
0C 04 04 04 04 04 0E|00 00 1A 15 15 11 11|00 00 16 19 11 11 11|00 00 0E 11 11 11 0E
1E 11 11 11 1E 10 10|0F 11 11 11 0F 01 01|00 00 16 19 10 10 10|00 00 0E 10 0E 01 1E
08 08 1C 08 08 09 06|00 00 11 11 11 13 0D|00 00 11 11 11 0A 04|00 00 11 11 15 15 0A
00 00 11 0A 04 0A 11|11 11 11 11 0F 01 0E|00 00 1F 02 04 08 1F|02 04 04 08 04 04 02
04 04 04 04 04 04 04|08 04 04 02 04 04 08|00 00 08 15 02 00 00
"""
FONT = {}
for _i, _glyph in enumerate(FONT_ROWS.replace("\n", "|").strip("|").split("|")):
    FONT[chr(32 + _i)] = [int(v, 16) for v in _glyph.split()]
assert len(FONT) == 95 and all(len(g) == 7 for g in FONT.values())
CELL_W, CELL_H = 6, 8
DESCENDERS = "gpqy"


class Canvas:
    """An RGB image in a bytearray, row after row."""

    def __init__(self, width, height, colour):
        self.w, self.h = width, height
        self.px = bytearray(bytes(colour) * (width * height))

    def rect(self, x0, y0, x1, y1, colour):
        """Fills [x0, x1) x [y0, y1), clipped to the image."""
        x0, x1 = max(0, int(x0)), min(self.w, int(x1))
        y0, y1 = max(0, int(y0)), min(self.h, int(y1))
        if x0 >= x1:
            return
        line = bytes(colour) * (x1 - x0)
        for y in range(y0, y1):
            o = (y * self.w + x0) * 3
            self.px[o:o + len(line)] = line

    def text(self, x, y, s, colour, scale=1):
        """Draws s with its top-left corner at (x, y); unknown characters as '?'."""
        for ch in s:
            rows = FONT.get(ch, FONT["?"])
            top = y + (2 * scale if ch in DESCENDERS else 0)
            for r, bits in enumerate(rows):
                for c in range(5):
                    if bits & (0x10 >> c):
                        self.rect(x + c * scale, top + r * scale,
                                  x + (c + 1) * scale, top + (r + 1) * scale, colour)
            x += CELL_W * scale

    def png(self):
        """The image as PNG bytes: IHDR (8-bit RGB), one zlib IDAT (filter 0 rows), IEND."""
        def chunk(kind, data):
            return (struct.pack(">I", len(data)) + kind + data
                    + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))
        stride = self.w * 3
        raw = bytearray()
        for y in range(self.h):
            raw.append(0)
            raw += self.px[y * stride:(y + 1) * stride]
        ihdr = struct.pack(">IIBBBBB", self.w, self.h, 8, 2, 0, 0, 0)
        return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr)
                + chunk(b"IDAT", zlib.compress(bytes(raw), 9)) + chunk(b"IEND", b""))


def text_width(s, scale):
    return len(s) * CELL_W * scale


def axis_ticks(vmax):
    """Tick step and axis end: the smallest step of 1, 2, 2.5 or 5 times a power of ten that
    needs at most 8 intervals to reach vmax; the axis ends at the first tick >= vmax."""
    vmax = max(vmax, 1.0)
    exp = math.floor(math.log10(vmax / 8))
    for e in (exp - 1, exp, exp + 1):
        for m in (1, 2, 2.5, 5):
            step = m * 10.0 ** e
            n = math.ceil(vmax / step - 1e-9)
            if n <= 8:
                return step, n * step
    return vmax / 8, vmax  # not reached


def tick_label(v, step):
    if v == 0:
        return "0"
    decimals = 1 if step >= 0.1 and abs(step * 10 - round(step * 10)) < 1e-9 else 2
    if step >= 1 and v >= 10:
        decimals = 0
    return f"{v:.{decimals}f}"


def read_tsv(path):
    """[(series, model, upstream, ours, ratio)], in file order; bad lines noted on stderr."""
    try:
        with open(path, encoding="utf-8") as f:
            lines = f.read().splitlines()
    except OSError as e:
        sys.exit(f"bench_chart: cannot read {path}: {e.strerror}")
    rows = []
    for n, line in enumerate(lines, 1):
        if not line.strip():
            continue
        f = line.split("\t")
        if n == 1 and f[0].strip() == "series":
            continue
        if len(f) != 5:
            print(f"bench_chart: {path}:{n}: expected 5 tab-separated fields, skipped: {line!r}",
                  file=sys.stderr)
            continue
        series, model, up, ours, ratio = (x.strip() for x in f)
        try:
            r = float(ratio)
        except ValueError:
            r = float("nan")
        if not math.isfinite(r) or r <= 0:
            print(f"bench_chart: {path}:{n}: ratio {ratio!r} is not a positive number, "
                  f"skipped ({series}, {model})", file=sys.stderr)
            continue
        rows.append((series, model, up, ours, r))
    if not rows:
        sys.exit(f"bench_chart: {path} has no usable lines (series, model, upstream, ours, ratio)")
    return rows


def organise(rows):
    """Series and models in first-seen order, the table {(series, model): (up, ours, ratio)}
    and each series' geometric mean."""
    series, models, cell = [], [], {}
    for s, m, up, ours, r in rows:
        if s not in series:
            series.append(s)
        if m not in models:
            models.append(m)
        if (s, m) in cell:
            print(f"bench_chart: ({s}, {m}) given twice, the last line kept", file=sys.stderr)
        cell[(s, m)] = (up, ours, r)
    geo = {}
    for s in series:
        logs = [math.log(cell[(s, m)][2]) for m in models if (s, m) in cell]
        geo[s] = math.exp(sum(logs) / len(logs))
    return series, models, cell, geo


def short(name):
    return name if len(name) <= MAX_NAME else name[:MAX_NAME - 1] + "~"


def draw(series, models, cell, geo):
    ns, nm = len(series), len(models)
    group_h = BAR_H * ns + GROUP_GAP
    plot_top = PLOT_TOP0 + LEGEND_ROW * ns
    plot_bottom = plot_top + nm * group_h
    height = plot_bottom + BOTTOM
    img = Canvas(WIDTH, height, BACKGROUND)
    colour = {s: PALETTE[i % len(PALETTE)] for i, s in enumerate(series)}

    # model names at 2x when the longest fits in 30 characters, else at 1x
    longest = max(len(short(m)) for m in models)
    name_scale = 2 if longest <= 30 else 1
    left = MARGIN + longest * CELL_W * name_scale + 12
    right = WIDTH - RIGHT
    step, vmax = axis_ticks(max(r for _, _, r in cell.values()))

    def xpos(v):
        return left + round(v / vmax * (right - left))

    img.text(MARGIN, MARGIN, "ours / upstream 3.4.0 (higher is faster)", INK, TITLE_SCALE)
    for i, s in enumerate(series):
        y = LEGEND_TOP + i * LEGEND_ROW
        img.rect(MARGIN, y + 2, MARGIN + 24, y + 14, colour[s])
        img.text(MARGIN + 32, y, f"{s}: geometric mean {geo[s]:.3f}", INK, TITLE_SCALE)

    # bars and model names; the values are written after the reference line, over it
    values = []
    for i, m in enumerate(models):
        gy = plot_top + i * group_h + GROUP_GAP // 2
        label = short(m)
        img.text(left - 12 - text_width(label, name_scale),
                 gy + (BAR_H * ns - 7 * name_scale) // 2, label, INK, name_scale)
        for j, s in enumerate(series):
            if (s, m) not in cell:
                continue
            r = cell[(s, m)][2]
            y = gy + j * BAR_H
            x1 = xpos(min(r, vmax))
            img.rect(left, y + 1, x1, y + BAR_H - 1, colour[s])
            values.append((x1 + 4, y + (BAR_H - 7) // 2, f"{r:.3f}"))

    # reference line at 1.0, dashed (4 on, 3 off), over the bars
    xr = xpos(1.0)
    for y in range(plot_top, plot_bottom, 7):
        img.rect(xr, y, xr + 2, min(y + 4, plot_bottom), REFLINE)
    for x, y, s in values:
        img.rect(x - 1, y - 1, x + text_width(s, 1), y + 8, BACKGROUND)
        img.text(x, y, s, INK, 1)

    # axes, ticks and tick labels
    img.rect(left, plot_top, left + 1, plot_bottom + 1, AXIS)
    img.rect(left, plot_bottom, right + 1, plot_bottom + 1, AXIS)
    nticks = round(vmax / step)
    for k in range(nticks + 1):
        v = k * step
        x = xpos(v)
        img.rect(x, plot_bottom, x + 1, plot_bottom + 5, AXIS)
        lab = tick_label(v, step)
        img.text(x - text_width(lab, TITLE_SCALE) // 2, plot_bottom + 8, lab, INK, TITLE_SCALE)
    return img


def markdown(series, models, cell, geo):
    head = ["model"]
    for s in series:
        head += [f"{s} upstream", f"{s} ours", f"{s} ratio"]
    out = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for m in models:
        row = [m]
        for s in series:
            if (s, m) in cell:
                up, ours, r = cell[(s, m)]
                row += [up, ours, f"{r:.3f}"]
            else:
                row += ["", "", ""]
        out.append("| " + " | ".join(row) + " |")
    row = ["geometric mean"]
    for s in series:
        row += ["", "", f"{geo[s]:.3f}"]
    out.append("| " + " | ".join(row) + " |")
    return "\n".join(out) + "\n"


def main(argv):
    if len(argv) != 4:
        sys.exit("usage: tools/bench_chart.py REPORT.tsv OUT.png OUT.md")
    series, models, cell, geo = organise(read_tsv(argv[1]))
    with open(argv[2], "wb") as f:
        f.write(draw(series, models, cell, geo).png())
    with open(argv[3], "w", encoding="utf-8") as f:
        f.write(markdown(series, models, cell, geo))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
