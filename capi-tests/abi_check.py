#!/usr/bin/env python3
"""The ABI of include/mujoco against upstream 3.4.0's headers (from the reference wheel).

  abi_check.py REF_DIR INCLUDE_DIR LIB

Checks, each counted: struct layouts (every field's name, offset and size, via gdb on debug info),
enumerator values, object-like mj* macro values, upstream prototypes redeclared after our header
(no conflicts), every function our header declares is exported by LIB, and every mj* symbol LIB
exports is one upstream exports too. Ends with 'N passed, N failed'.
"""
import os
import re
import subprocess
import sys
import tempfile

HEADERS = ["mujoco.h", "mjxmacro.h"]


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


def public_text(inc):
    out = []
    for name in sorted(os.listdir(os.path.join(inc, "mujoco"))):
        if name.startswith("mj") or name == "mujoco.h":
            out.append(open(os.path.join(inc, "mujoco", name)).read())
    return "\n".join(out)


def debug_object(inc, tmp, tag):
    src = os.path.join(tmp, tag + ".c")
    with open(src, "w") as f:
        f.write("".join(f"#include <mujoco/{h}>\n" for h in HEADERS) + "int main(void){return 0;}\n")
    obj = os.path.join(tmp, tag + ".o")
    r = run(["gcc", "-g", "-fno-eliminate-unused-debug-types", "-I", inc, "-c", src, "-o", obj])
    if r.returncode:
        sys.exit(f"header set {inc} does not compile:\n{r.stderr}")
    return obj


ROW = re.compile(r"/\*\s+(\d+)(?::\s*\d+)?\s*\|\s*(\d+)\s*\*/\s+(.*?);?\s*$")


def layouts(obj, names):
    cmd = ["gdb", "-batch", "-ex", "set max-value-size unlimited", obj]
    for n in names:
        cmd += ["-ex", f"echo ##{n}\\n", "-ex", f"ptype /o struct {n}"]
    res, cur = {}, None
    for line in run(cmd).stdout.splitlines():
        if line.startswith("##"):
            cur = res.setdefault(line[2:], [])
        elif cur is not None:
            m = ROW.search(line)
            if m:
                decl = m.group(3)
                fp = re.search(r"\(\*\s*(\w+)\)", decl)
                name = fp.group(1) if fp else re.sub(r"\[.*$", "", decl).split()[-1].lstrip("*")
                cur.append((int(m.group(1)), int(m.group(2)), name))
            t = re.search(r"total size \(bytes\):\s*(\d+)", line)
            if t:
                cur.append(("size", int(t.group(1))))
    return res


def enum_values(obj, names):
    cmd = ["gdb", "-batch", obj]
    for n in names:
        cmd += ["-ex", f"echo ##{n}\\n", "-ex", f"print (long){n}"]
    vals = {}
    for n, v in re.findall(r"##(\w+)\n\$\d+ = (-?\d+)", run(cmd).stdout):
        vals[n] = int(v)
    return vals


def macros(inc):
    src = "".join(f"#include <mujoco/{h}>\n" for h in HEADERS)
    r = run(["gcc", "-dM", "-E", "-I", inc, "-x", "c", "-"], input=src)
    out = {}
    for m in re.finditer(r"^#define (mj\w*) (.+)$", r.stdout, re.M):
        out[m.group(1)] = m.group(2).strip()
    return out


def norm(v):
    v = v.replace(" ", "").strip("()")
    try:
        return float(v.rstrip("fFuUlL"))
    except ValueError:
        return v


def exported(lib):
    r = run(["nm", "-D", "--defined-only", lib])
    return {line.split()[-1] for line in r.stdout.splitlines() if line.strip()}


def main():
    ref_dir, inc, lib = sys.argv[1:4]
    ref_inc = os.path.join(ref_dir, "include")
    rtxt = public_text(ref_inc)
    passed = failed = 0

    def report(what, bad, total):
        nonlocal passed, failed
        print(f"{what}: {total - len(bad)}/{total}" + (f"  differ: {' '.join(sorted(bad)[:12])}" if bad else ""))
        passed += total - len(bad)
        failed += len(bad)

    with tempfile.TemporaryDirectory() as tmp:
        ref_obj = debug_object(ref_inc, tmp, "ref")
        our_obj = debug_object(inc, tmp, "ours")
        structs = sorted(set(re.findall(r"^(?:typedef )?struct (mj\w+_) \{", rtxt, re.M)))
        a, b = layouts(ref_obj, structs), layouts(our_obj, structs)
        report("struct layouts", [s for s in structs if not a.get(s) or a[s] != b.get(s)], len(structs))

        names = []
        for body in re.findall(r"enum mj\w+_ \{(.*?)\}", rtxt, re.S):
            names += re.findall(r"^\s*(mj\w+)", re.sub(r"//.*", "", body), re.M)
        names = sorted(set(names))
        a, b = enum_values(ref_obj, names), enum_values(our_obj, names)
        report("enumerators", [n for n in names if n not in a or a[n] != b.get(n)], len(names))

    a, b = macros(ref_inc), macros(inc)
    keys = [k for k in a if a[k] and not k.startswith("mjXMACRO")]
    report("macros", [k for k in keys if k not in b or norm(a[k]) != norm(b[k])], len(keys))

    protos = []
    for p in re.findall(r"MJAPI\s+([^;{]*?\))\s*;", re.sub(r"//.*", "", open(os.path.join(ref_inc, "mujoco", "mujoco.h")).read()), re.S):
        p = " ".join(p.split())
        m = re.search(r"(mj\w+)\s*\(", p)
        if m:
            protos.append((m.group(1), p))
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "protos.c")
        with open(src, "w") as f:
            f.write("#include <mujoco/mujoco.h>\n" + "".join(p + ";\n" for _, p in protos))
        r = run(["gcc", "-fsyntax-only", "-fmax-errors=0", "-I", inc, src])
        bad = {protos[int(n) - 2][0] for n in re.findall(r"protos\.c:(\d+):\d+: error", r.stderr) if 0 <= int(n) - 2 < len(protos)}
        if r.returncode and not bad:
            bad = {n for n, _ in protos}
    report("upstream prototypes compatible", bad, len(protos))

    ours_txt = open(os.path.join(inc, "mujoco", "mujoco.h")).read()
    declared = set(re.findall(r"^MJAPI [^;(]*?\b(mj\w+)\s*\(", ours_txt, re.M))
    declared |= set(re.findall(r"^MJAPI extern [^;]*?\b(mj\w+)\s*[\[;]", ours_txt, re.M))
    declared |= set(re.findall(r"^MJAPI extern [^;]*?\(\*(mj\w+)\)", ours_txt, re.M))
    ours_syms = exported(lib)
    report("declared symbols exported", [n for n in declared if n not in ours_syms], len(declared))
    ref_syms = exported(os.path.join(ref_dir, "lib", "libmujoco.so.3.4.0"))
    ours_mj = [s for s in ours_syms if s.startswith("mj") or s.startswith("_mjPRIVATE")]
    report("exported symbols known upstream", [s for s in ours_mj if s not in ref_syms], len(ours_mj))
    print(f"exported: {len([s for s in ours_mj if s in ref_syms])} of upstream's "
          f"{len([s for s in ref_syms if s.startswith('mj')])} mj* symbols")
    print(f"abi: {passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
