#!/usr/bin/env python3
"""Differential fuzzer: seeded mutants of models/*.xml (and *.urdf) and of upstream-compiled MJB
files, each loaded (and, when loaded, stepped) in a child process by our library and by
upstream's. Our crashes (signals), hangs and floods (output past FLOOD_LIMIT) are failures;
loaded/rejected verdicts are compared.

  fuzz.py --ours DIST_LIB --ref REF_LIB --runner FUZZ_RUN [--n N] [--seed S] [--jobs J]
          [--timeout SEC] [--work DIR] [--min-agree FRACTION] [--write I]

Inputs that crash, hang or flood ours, or get a different verdict, are kept under WORK/{crash,
hang,flood,disagree}/ with both outputs beside them. A summary goes to stdout and
WORK/summary.txt; the exit status is 1 when ours crashed, hung or flooded, or agreement fell
below --min-agree.
"""
import argparse
import concurrent.futures as cf
import copy
import os
import random
import re
import resource
import shutil
import signal
import struct
import subprocess
import tempfile
import sys
import time
import xml.etree.ElementTree as ET

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MODELS = os.path.join(ROOT, "models")

HOSTILE = ["nan", "NaN", "-nan", "inf", "-inf", "Inf", "1e308", "-1e308", "1e400", "-1e400", "0",
           "-0", "-1", "1e-320", "2147483647", "2147483648", "-2147483649", "99999999",
           "3.4e38", "1e39", "", "1e", "0x10", "+5", " ", "-", ".", "1 2", "1,2", "5e-324",
           "100000", "65535", "-100000"]
NUM = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
NEST_TAGS = ["body", "frame", "replicate", "default"]
DEPTHS = [2, 10, 100, 480, 495, 496, 497, 498, 499, 500, 510, 1030, 5000]


# ------------------------------------------------------------------ MJCF mutations

def elements(root):
    out = []
    stack = [(root, None)]
    while stack:
        e, p = stack.pop()
        out.append((e, p))
        stack.extend((c, e) for c in e)
    return out


def m_number(rng, root):
    cands = [(e, k) for e, _ in elements(root) for k, v in e.attrib.items() if NUM.search(v)]
    if not cands:
        return False
    e, k = rng.choice(cands)
    toks = e.attrib[k].split()
    if toks and rng.random() < 0.8:
        toks[rng.randrange(len(toks))] = rng.choice(HOSTILE)
        e.attrib[k] = " ".join(toks)
    else:
        e.attrib[k] = rng.choice(HOSTILE)
    return True


def m_drop_attr(rng, root):
    cands = [(e, k) for e, _ in elements(root) for k in e.attrib]
    if not cands:
        return False
    e, k = rng.choice(cands)
    del e.attrib[k]
    return True


def m_cut(rng, root):
    cands = [(e, p) for e, p in elements(root) if p is not None]
    if not cands:
        return False
    e, p = rng.choice(cands)
    p.remove(e)
    return True


def m_move(rng, root):
    els = elements(root)
    cands = [(e, p) for e, p in els if p is not None]
    if not cands:
        return False
    e, p = rng.choice(cands)
    p.remove(e)
    inside = {id(x) for x, _ in elements(e)}
    targets = [x for x, _ in elements(root) if id(x) not in inside]
    t = rng.choice(targets)
    t.insert(rng.randint(0, len(t)), e)
    return True


def m_duplicate(rng, root):
    cands = [(e, p) for e, p in elements(root) if p is not None]
    if not cands:
        return False
    e, p = rng.choice(cands)
    p.insert(list(p).index(e) + 1, copy.deepcopy(e))
    return True


def m_rename(rng, root):
    els = [e for e, p in elements(root) if p is not None]
    if not els:
        return False
    names = sorted({e.tag for e in els})
    rng.choice(els).tag = rng.choice(names + ["body", "frame", "geom", "joint", "include"])
    return True


def m_nest(rng, root):
    """Marks a place for a chain of nested bodies, frames, replicates or defaults (written as
    text by nest_text: the tree writer recurses)."""
    els = elements(root)
    tag = rng.choice(NEST_TAGS)
    if tag == "default":
        hosts = [e for e, _ in els if e.tag == "default"]
    else:
        hosts = [e for e, _ in els if e.tag in ("worldbody", "body", "frame")]
    if not hosts:
        return False
    host = rng.choice(hosts)
    host.insert(rng.randint(0, len(host)), ET.Element("fznest", {"tag": tag, "depth": str(rng.choice(DEPTHS)),
                                                                "key": str(rng.randrange(1 << 30))}))
    return True


def nest_text(m):
    # the marker's depth is itself an attribute other mutations may change (m_number once made it
    # 2147483648 and the generator ran out of memory building the text): kept within DEPTHS
    tag, depth, key = m.group(1), min(int(m.group(2)), max(DEPTHS)), m.group(3)
    opens = []
    for i in range(depth):
        if tag == "default":
            opens.append('<default class="fz%s_%d">' % (key, i))
        elif tag == "replicate":
            opens.append('<replicate count="1">')
        elif tag == "body" and i % 3 == 0:
            opens.append('<body><geom size="0.1"/>')
        else:
            opens.append("<%s>" % tag)
    inner = '<geom size="0.05"/>' if tag != "default" else ""
    return "\n".join(opens) + inner + ("</%s>\n" % tag) * depth


TREE_MUTATIONS = [m_number] * 5 + [m_drop_attr] * 2 + [m_cut, m_move, m_duplicate, m_rename] + [m_nest]


def t_dup_attr(rng, text):
    tags = list(re.finditer(r"<([A-Za-z_]\w*)(\s+[^<>]*?)(/?)>", text))
    tags = [t for t in tags if "=" in t.group(2)]
    if not tags:
        return text
    t = rng.choice(tags)
    attrs = re.findall(r"\s[\w:]+\s*=\s*(?:\"[^\"]*\"|'[^']*')", t.group(2))
    if not attrs:
        return text
    a = rng.choice(attrs)
    s, e = t.span(2)
    return text[:e] + a + text[e:]


def t_truncate(rng, text):
    return text[: rng.randrange(len(text) + 1)]


def t_bytes(rng, text):
    b = bytearray(text.encode())
    for _ in range(rng.randint(1, 4)):
        if not b:
            break
        i = rng.randrange(len(b))
        op = rng.randrange(3)
        if op == 0:
            b[i] = rng.choice(b"<>/\"'=&;# \n\x00\xff0123456789.-e")
        elif op == 1:
            del b[i : i + rng.randint(1, 40)]
        else:
            b[i:i] = bytes([rng.randrange(256)])
    return bytes(b).decode("utf-8", "replace")


TEXT_MUTATIONS = [t_dup_attr] * 3 + [t_truncate, t_bytes]


def mutate_xml(rng, src):
    text = open(src, encoding="utf-8", errors="replace").read()
    try:
        root = ET.fromstring(text)
    except ET.ParseError:
        root = None
    if root is not None:
        done = 0
        for _ in range(rng.randint(1, 3)):
            done += bool(rng.choice(TREE_MUTATIONS)(rng, root))
        if done:
            text = ET.tostring(root, encoding="unicode")
            text = re.sub(r'<fznest tag="(\w+)" depth="(\d+)" key="(\d+)" />', nest_text, text)
    if rng.random() < 0.3:
        text = rng.choice(TEXT_MUTATIONS)(rng, text)
    return text.encode("utf-8", "replace")


# ------------------------------------------------------------------ MJB mutations

def mutate_mjb(rng, data):
    b = bytearray(data)
    nheader = 5
    nint = struct.unpack_from("<i", b, 8)[0] if len(b) >= 20 else 0
    size_end = 4 * (nheader + max(0, min(nint, 200)))
    for _ in range(rng.randint(1, 3)):
        op = rng.randrange(6)
        if op == 0 and len(b) > 0:  # flip bits
            for _ in range(rng.randint(1, 8)):
                i = rng.randrange(len(b))
                b[i] ^= 1 << rng.randrange(8)
        elif op == 1:  # truncate
            del b[rng.randrange(len(b) + 1):]
        elif op == 2 and size_end + 8 <= len(b):  # a size field (or a 64-bit size after them)
            i = 4 * rng.randrange(size_end // 4 + 40)
            if i + 4 <= len(b):
                old = struct.unpack_from("<i", b, i)[0]
                new = rng.choice([0, -1, 1, old + 1, old - 1, old * 2, 2**31 - 1, -2**31,
                                  rng.randrange(-1000, 100000)])
                struct.pack_into("<i", b, i, max(-2**31, min(2**31 - 1, new)))
        elif op == 3 and len(b) >= 8:  # a hostile double somewhere in the arrays
            i = 8 * rng.randrange(len(b) // 8)
            struct.pack_into("<d", b, i, rng.choice([float("nan"), float("inf"), -float("inf"),
                                                     1e308, -1e308, 0.0, 1e-320]))
        elif op == 4 and len(b) > 0:  # zero or 0xff a block
            i = rng.randrange(len(b))
            n = rng.randint(1, 256)
            b[i : i + n] = bytes([rng.choice([0, 255])]) * len(b[i : i + n])
        elif op == 5 and len(b) > 0:  # an int array entry (ids, addresses) made hostile
            i = 4 * rng.randrange(len(b) // 4)
            struct.pack_into("<i", b, i, rng.choice([-1, -2, 2**31 - 1, 65535, 1000000, 0]))
    return bytes(b)


# ------------------------------------------------------------------ running

MEMORY_LIMIT = 6 << 30  # address space of one child (a damaged size field can ask for far more)


OUTPUT_LIMIT = 64 << 10  # bytes of a child's output kept (and shown)
FLOOD_LIMIT = 64 << 20  # bytes a child may write to stdout or stderr before it counts as a flood


def limit_memory():
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))
    # a child that prints without end stops at this file size (SIGXFSZ) instead of filling the
    # disk; the parent reads only the first OUTPUT_LIMIT bytes of each stream
    resource.setrlimit(resource.RLIMIT_FSIZE, (FLOOD_LIMIT, FLOOD_LIMIT))


def run(runner, lib, path, timeout, nstep):
    env = dict(os.environ, LD_LIBRARY_PATH=lib)
    t0 = time.time()
    # output goes to files (capped by RLIMIT_FSIZE), of which the first OUTPUT_LIMIT bytes are read
    with tempfile.TemporaryFile() as fo, tempfile.TemporaryFile() as fe:
        try:
            p = subprocess.run([runner, "run", path, str(nstep)], env=env, cwd=os.path.dirname(path),
                               stdout=fo, stderr=fe, timeout=timeout, preexec_fn=limit_memory)
        except subprocess.TimeoutExpired:
            fo.seek(0)
            return {"kind": "hang", "out": fo.read(OUTPUT_LIMIT).decode("utf-8", "replace"), "sec": timeout}
        sizes = (os.fstat(fo.fileno()).st_size, os.fstat(fe.fileno()).st_size)
        fo.seek(0)
        fe.seek(0)
        out = fo.read(OUTPUT_LIMIT).decode("utf-8", "replace")
        err = fe.read(OUTPUT_LIMIT).decode("utf-8", "replace")
    sec = time.time() - t0
    if p.returncode == -signal.SIGXFSZ or max(sizes) >= FLOOD_LIMIT:
        # printed without end: its own verdict (a failure when ours does it and upstream not)
        return {"kind": "flood", "out": "%s\n[... %d + %d bytes of output]\n%s" % (out[:4000], sizes[0], sizes[1], err[:4000]),
                "sec": sec}
    if p.returncode < 0:
        return {"kind": "crash", "sig": -p.returncode, "out": out + err, "sec": sec}
    first = out.split("\n", 1)[0]
    if first.startswith("LOADED"):
        return {"kind": "loaded", "sizes": first, "out": out, "sec": sec}
    if first.startswith("REJECTED"):
        return {"kind": "rejected", "out": out + err, "sec": sec}
    if first.startswith("ERROR"):
        # mju_error while loading (as upstream's "Could not allocate memory")
        return {"kind": "error", "out": out + err, "sec": sec}
    return {"kind": "odd", "out": out + err + " rc=%d" % p.returncode, "sec": sec}


def prepare(work, runner, ref, timeout):
    """Run folder (links to everything in models/, so relative file names resolve) and MJB
    seeds compiled by upstream."""
    rundir = os.path.join(work, "run")
    os.makedirs(rundir, exist_ok=True)
    for n in os.listdir(rundir):
        if n.startswith("fz_"):
            os.remove(os.path.join(rundir, n))
    for n in os.listdir(MODELS):
        link = os.path.join(rundir, n)
        if not os.path.lexists(link):
            os.symlink(os.path.join(MODELS, n), link)
    xml_seeds = sorted(os.path.join(MODELS, n) for n in os.listdir(MODELS)
                       if n.endswith(".xml") or n.endswith(".urdf"))
    seeddir = os.path.join(work, "seeds")
    os.makedirs(seeddir, exist_ok=True)
    mjb_seeds = []
    for x in xml_seeds:
        if not x.endswith(".xml"):
            continue
        out = os.path.join(seeddir, os.path.basename(x)[:-4] + ".mjb")
        if not os.path.exists(out):
            subprocess.run([runner, "compile", x, out], env=dict(os.environ, LD_LIBRARY_PATH=ref),
                           cwd=seeddir, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                           timeout=120)
        if os.path.exists(out) and os.path.getsize(out) < 4 << 20:
            mjb_seeds.append(out)
    return rundir, xml_seeds, mjb_seeds


def one(i, args, rundir, xml_seeds, mjb_seeds):
    try:
        return one_input(i, args, rundir, xml_seeds, mjb_seeds)
    except Exception as e:  # a fault of the generator, not of a library
        return i, "generator", "", {"kind": "odd", "out": repr(e), "sec": 0}, {"kind": "odd", "out": repr(e), "sec": 0}


def make_input(i, args, rundir, xml_seeds, mjb_seeds):
    """Writes input I of the seed into the run folder; returns its path and its seed file."""
    rng = random.Random(args.seed * 1000003 + i)
    if rng.random() < args.mjb_share and mjb_seeds:
        seed = rng.choice(mjb_seeds)
        data = mutate_mjb(rng, open(seed, "rb").read())
        path = os.path.join(rundir, "fz_%d.mjb" % i)
    else:
        seed = rng.choice(xml_seeds)
        data = mutate_xml(rng, seed)
        path = os.path.join(rundir, "fz_%d%s" % (i, os.path.splitext(seed)[1]))
    with open(path, "wb") as f:
        f.write(data)
    return path, seed


def one_input(i, args, rundir, xml_seeds, mjb_seeds):
    path, seed = make_input(i, args, rundir, xml_seeds, mjb_seeds)
    ref = run(args.runner, args.ref, path, args.timeout, args.nstep)
    ours = run(args.runner, args.ours, path, args.timeout, args.nstep)
    return i, seed, path, ref, ours


def keep(work, what, i, path, ref, ours):
    d = os.path.join(work, what)
    os.makedirs(d, exist_ok=True)
    dst = os.path.join(d, os.path.basename(path) if path else "generator_%d" % i)
    if path:
        shutil.copy(path, dst)
    with open(dst + ".txt", "w") as f:
        f.write("upstream (%s, %.1fs):\n%s\nours (%s, %.1fs):\n%s\n" % (
            ref["kind"], ref["sec"], ref["out"], ours["kind"], ours["sec"], ours["out"]))
    return dst


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ours", required=True)
    ap.add_argument("--ref", required=True)
    ap.add_argument("--runner", required=True)
    ap.add_argument("--n", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--timeout", type=float, default=20)
    ap.add_argument("--nstep", type=int, default=3)
    ap.add_argument("--mjb-share", type=float, default=0.35)
    ap.add_argument("--work", default=os.path.join(ROOT, "target", "fuzz"))
    ap.add_argument("--min-agree", type=float, default=0.99)
    ap.add_argument("--write", type=int, metavar="I",
                    help="only write input I of --seed to WORK/run (nothing is run) and print its path")
    args = ap.parse_args()
    args.ours, args.ref, args.runner = map(os.path.abspath, (args.ours, args.ref, args.runner))
    if args.write is not None:
        rundir, xml_seeds, mjb_seeds = prepare(os.path.abspath(args.work), args.runner, args.ref, args.timeout)
        path, seed = make_input(args.write, args, rundir, xml_seeds, mjb_seeds)
        print("%s <- %s" % (path, os.path.basename(seed)))
        return 0
    work = os.path.abspath(args.work)
    for d in ("crash", "hang", "flood", "disagree"):
        shutil.rmtree(os.path.join(work, d), ignore_errors=True)
    rundir, xml_seeds, mjb_seeds = prepare(work, args.runner, args.ref, args.timeout)

    t0 = time.time()
    stats = {"xml": 0, "mjb": 0, "crash": 0, "hang": 0, "flood": 0, "both_slow": 0, "ref_crash": 0,
             "compared": 0, "agree": 0, "loaded": 0, "sizes_differ": 0, "odd": 0}
    lines = []
    with cf.ThreadPoolExecutor(max_workers=args.jobs) as ex:
        futs = [ex.submit(one, i, args, rundir, xml_seeds, mjb_seeds) for i in range(args.n)]
        for fu in cf.as_completed(futs):
            i, seed, path, ref, ours = fu.result()
            stats["mjb" if path.endswith(".mjb") else "xml"] += 1
            tag = "%s <- %s" % (os.path.basename(path), os.path.basename(seed))
            if ours["kind"] == "crash":
                stats["crash"] += 1
                lines.append("CRASH (signal %d) %s: kept %s" % (ours["sig"], tag, keep(work, "crash", i, path, ref, ours)))
            elif ours["kind"] == "hang" and ref["kind"] not in ("hang", "flood"):
                stats["hang"] += 1
                lines.append("HANG %s: kept %s" % (tag, keep(work, "hang", i, path, ref, ours)))
            elif ours["kind"] == "flood" and ref["kind"] not in ("hang", "flood"):
                stats["flood"] += 1
                lines.append("FLOOD %s: kept %s" % (tag, keep(work, "flood", i, path, ref, ours)))
            elif ours["kind"] in ("hang", "flood"):
                stats["both_slow"] += 1
            elif ref["kind"] in ("crash", "hang", "flood"):
                stats["ref_crash"] += 1
            elif ours["kind"] == "odd" or ref["kind"] == "odd":
                stats["odd"] += 1
                lines.append("ODD %s: kept %s" % (tag, keep(work, "disagree", i, path, ref, ours)))
            else:
                stats["compared"] += 1
                if ref["kind"] == ours["kind"]:
                    stats["agree"] += 1
                    if ours["kind"] == "loaded":
                        stats["loaded"] += 1
                        if ref["sizes"] != ours["sizes"]:
                            stats["sizes_differ"] += 1
                            keep(work, "disagree", i, path, ref, ours)
                else:
                    lines.append("VERDICT %s: upstream %s, ours %s: kept %s" % (
                        tag, ref["kind"], ours["kind"], keep(work, "disagree", i, path, ref, ours)))
            if path and os.path.exists(path):
                os.remove(path)
    sec = time.time() - t0
    agree = stats["agree"] / max(1, stats["compared"])
    summary = [
        "fuzz: %d inputs (%d MJCF/URDF, %d MJB), seed %d, %.0f s" % (args.n, stats["xml"], stats["mjb"], args.seed, sec),
        "  ours: %d crashes, %d hangs (upstream finished within %gs), %d floods (over %d MB of output)"
        % (stats["crash"], stats["hang"], args.timeout, stats["flood"], FLOOD_LIMIT >> 20),
        "  verdicts: %d of %d agree with upstream (%.2f%%); %d loaded by both, %d of them with other sizes"
        % (stats["agree"], stats["compared"], 100 * agree, stats["loaded"], stats["sizes_differ"]),
        "  not compared: %d where upstream crashed, hung or flooded, %d slow or flooding on both, %d odd outputs"
        % (stats["ref_crash"], stats["both_slow"], stats["odd"]),
    ]
    text = "\n".join(sorted(lines) + summary) + "\n"
    sys.stdout.write(text)
    with open(os.path.join(work, "summary.txt"), "w") as f:
        f.write(text)
    ok = stats["crash"] == 0 and stats["hang"] == 0 and stats["flood"] == 0 and agree >= args.min_agree
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
