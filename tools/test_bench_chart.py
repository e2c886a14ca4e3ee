#!/usr/bin/env python3
"""Checks tools/bench_chart.py on a small report: 3 models x 3 series, one bad line.

    python3 tools/test_bench_chart.py      (exit status 0 when every check holds)

The PNG is decoded here (chunks, CRCs, zlib, filter bytes) and checked against the layout
rule written in bench_chart.py's docstring; the markdown table against geometric means
computed here.
"""
import math
import os
import struct
import subprocess
import sys
import tempfile
import zlib

SCRIPT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "bench_chart.py")

# (series, model, upstream, ours, ratio); the colours are the first three of the palette
SERIES = ["one thread", "2 pool threads", "load time"]
COLOURS = [(31, 119, 180), (255, 127, 14), (44, 160, 44)]
MODELS = ["alpha", "beta_model", "gamma"]
RATIOS = {
    "one thread": [1.5, 2.0, 4.0],        # geometric mean 2.289
    "2 pool threads": [0.5, 0.5, 0.5],    # 0.500
    "load time": [0.25, 1.0, 2.0],        # 0.794
}
BACKGROUND = (255, 255, 255)
REFLINE = (200, 0, 0)

failures = []


def check(ok, what):
    if not ok:
        failures.append(what)
        print("FAIL:", what)


def write_report(path):
    lines = ["series\tmodel\tupstream\tours\tratio"]
    for s in SERIES:
        for m, r in zip(MODELS, RATIOS[s]):
            lines.append(f"{s}\t{m}\t1000\t{1000 * r:g}\t{r}")
    lines.append("one thread\tdelta\t1000\tfailed\tn/a")  # must be skipped with a note
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


def read_png(path):
    """(width, height, rows of RGB tuples); checks the signature, CRCs and IDAT size."""
    data = open(path, "rb").read()
    check(data[:8] == b"\x89PNG\r\n\x1a\n", "PNG signature")
    pos, chunks = 8, []
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        crc = struct.unpack(">I", data[pos + 8 + n:pos + 12 + n])[0]
        check(crc == zlib.crc32(kind + body) & 0xFFFFFFFF, f"CRC of chunk {kind!r}")
        chunks.append((kind, body))
        pos += 12 + n
    kinds = [k for k, _ in chunks]
    check(kinds[0] == b"IHDR" and kinds[-1] == b"IEND", f"chunk order {kinds}")
    w, h, depth, ctype, comp, filt, inter = struct.unpack(">IIBBBBB", chunks[0][1])
    check((depth, ctype, comp, filt, inter) == (8, 2, 0, 0, 0), "IHDR: 8-bit RGB, no interlace")
    raw = zlib.decompress(b"".join(b for k, b in chunks if k == b"IDAT"))
    check(len(raw) == h * (1 + 3 * w), f"IDAT holds {len(raw)} bytes, not h*(1+3w)={h * (1 + 3 * w)}")
    rows = []
    for y in range(h):
        line = raw[y * (1 + 3 * w):(y + 1) * (1 + 3 * w)]
        check(line[0] == 0, f"filter byte of row {y} is {line[0]}, not 0")
        rows.append([tuple(line[1 + 3 * x:4 + 3 * x]) for x in range(w)])
    return w, h, rows


def main():
    with tempfile.TemporaryDirectory(prefix="bench_chart_test.") as tmp:
        run_checks(tmp)


def run_checks(tmp):
    tsv, png, md = (os.path.join(tmp, n) for n in ("r.tsv", "r.png", "r.md"))
    write_report(tsv)
    run = subprocess.run([sys.executable, SCRIPT, tsv, png, md], capture_output=True, text=True)
    check(run.returncode == 0, f"bench_chart exit status {run.returncode}: {run.stderr}")
    check("'n/a'" in run.stderr and "delta" in run.stderr, "note on stderr for the n/a line")
    if run.returncode != 0:
        return

    # layout rule from bench_chart.py: 3 series, 3 models
    ns, nm = len(SERIES), len(MODELS)
    group_h = 14 * ns + 12                       # BAR_H * nseries + GROUP_GAP
    plot_top = 44 + 12 + 20 * ns                 # PLOT_TOP0 + LEGEND_ROW * nseries
    exp_h = plot_top + nm * group_h + 40         # + BOTTOM
    w, h, rows = read_png(png)
    check((w, h) == (1000, exp_h), f"IHDR size {w}x{h}, expected 1000x{exp_h}")
    if (w, h) != (1000, exp_h):
        return

    # x scale: names at 2x (longest "beta_model", 10 characters of 12 px), so the plot runs
    # from 16 + 120 + 12 = 148 to 1000 - 60 = 940; the largest ratio 4.0 needs ticks of 0.5
    # (8 intervals), so the axis ends at 4.0.
    left, right, vmax = 16 + 10 * 12 + 12, 940, 4.0

    def xpos(v):
        return left + round(v / vmax * (right - left))

    def bar_y(model_i, series_j):  # middle row of that bar
        return plot_top + model_i * group_h + 12 // 2 + series_j * 14 + 7

    # first bar (alpha, one thread, 1.5): its middle has the series' colour, and the bar
    # ends where 1.5 is on the axis
    y, x_end = bar_y(0, 0), xpos(1.5)
    check(rows[y][(left + x_end) // 2] == COLOURS[0],
          f"middle of the first bar is {rows[y][(left + x_end) // 2]}, not {COLOURS[0]}")
    check(rows[y][x_end - 2] == COLOURS[0] and rows[y][x_end + 1] != COLOURS[0],
          "first bar ends at ratio 1.5")
    # every bar in its series' colour at 3/4 of its length, and the gap after it not
    for i in range(nm):
        for j, s in enumerate(SERIES):
            r = RATIOS[s][i]
            x = left + (xpos(r) - left) * 3 // 4
            if abs(x - xpos(1.0)) <= 2:  # the reference line crosses the bar there
                x -= 5
            check(rows[bar_y(i, j)][x] == COLOURS[j], f"bar ({s}, {MODELS[i]}) colour at x={x}")
    # right of the longest bar (gamma, one thread, 4.0) and past its value label: background
    y, x_end = bar_y(2, 0), xpos(4.0)
    check(rows[y][x_end + 45] == BACKGROUND, f"right of the longest bar: {rows[y][x_end + 45]}")
    # the dashed reference line at 1.0 in the gap above the first group
    check(REFLINE in [rows[y][xpos(1.0)] for y in range(plot_top, plot_top + 6)],
          "reference line at ratio 1.0")
    # the legend swatch of each series
    for j in range(ns):
        check(rows[44 + 20 * j + 8][16 + 12] == COLOURS[j], f"legend swatch {j}")

    # markdown: header, one row per model, geometric means computed here
    table = open(md).read().splitlines()
    check(table[0].startswith("| model | one thread upstream | one thread ours | one thread ratio |"),
          f"table header: {table[0]}")
    check(len(table) == 2 + nm + 1, f"table has {len(table)} lines, expected {2 + nm + 1}")
    check(not any("delta" in l for l in table), "the n/a line is not in the table")
    check("| alpha | 1000 | 1500 | 1.500 |" in table[2], f"alpha row: {table[2]}")
    geo = [math.exp(sum(map(math.log, RATIOS[s])) / nm) for s in SERIES]
    expect = "| geometric mean |" + "".join(f"  |  | {g:.3f} |" for g in geo)
    check(table[-1] == expect, f"geometric mean row {table[-1]!r}, expected {expect!r}")
    check(f"{geo[0]:.3f}" == "2.289" and f"{geo[2]:.3f}" == "0.794", "test's own geomeans")

    # bad input: a missing file and a report with no usable line both exit 1 with a message
    for name, content in (("missing.tsv", None), ("empty.tsv", "series\tmodel\tupstream\tours\tratio\n")):
        p = os.path.join(tmp, name)
        if content is not None:
            open(p, "w").write(content)
        bad = subprocess.run([sys.executable, SCRIPT, p, png + ".x", md + ".x"],
                             capture_output=True, text=True)
        check(bad.returncode == 1 and p in bad.stderr, f"{name}: status {bad.returncode}, {bad.stderr!r}")
        check(not os.path.exists(png + ".x"), f"{name}: no PNG written")


main()
if failures:
    print(f"test_bench_chart: {len(failures)} check(s) failed")
    sys.exit(1)
print("test_bench_chart: all checks passed")
