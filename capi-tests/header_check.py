#!/usr/bin/env python3
"""Each public header of include/mujoco on its own, against upstream 3.4.0's headers.

  header_check.py REF_DIR INCLUDE_DIR

For each header of HEADERS, included alone by a one-line C file (gcc -std=c11) and C++ file
(g++ -std=c++17), -fsyntax-only:
  alone     ours compiles (always required); under the variants -DmjUSESINGLE,
            -DADDRESS_SANITIZER and -DMJ_STATIC ours compiles wherever upstream's does
  macros    the macros defined after the include (gcc -E -dM, bodies compared token by token)
            are upstream's: same names, same parameters, same replacement tokens, in every variant
  skeleton  the header's #include lines and conditionals (#if/#ifdef/#ifndef/#elif/#else/#endif),
            in order, are upstream's
Ends with 'N passed, N failed'.
"""
import os
import re
import subprocess
import sys
import tempfile

HEADERS = ["mujoco.h", "mjdata.h", "mjmodel.h", "mjplugin.h", "mjrender.h", "mjsan.h", "mjspec.h",
           "mjthread.h", "mjtnum.h", "mjui.h", "mjvisualize.h", "mjxmacro.h", "mjmacro.h",
           "mjexport.h"]
LANGS = {"C": ["gcc", "-x", "c", "-std=c11"], "C++": ["g++", "-x", "c++", "-std=c++17"]}
VARIANTS = [[], ["-DmjUSESINGLE"], ["-DADDRESS_SANITIZER"], ["-DMJ_STATIC"]]
DIRECTIVE = re.compile(r"^\s*#\s*(include|if|ifdef|ifndef|elif|else|endif)\b(.*)$")
TOKEN = re.compile(r"[A-Za-z_]\w*|\d[\w.]*(?:[eEpP][+-][\w.]*)?|\"(?:\\.|[^\"\\])*\"|'(?:\\.|[^'\\])*'|\S")


def run(cmd, src):
    return subprocess.run(cmd, input=src, capture_output=True, text=True)


def compiles(inc, header, lang, flags):
    r = run(LANGS[lang] + ["-fsyntax-only", "-I", inc] + flags + ["-"], f"#include <mujoco/{header}>\n")
    return r.returncode == 0, r.stderr


def macros(inc, header, lang, flags):
    """name -> (parameters, replacement tokens) after including the header alone."""
    r = run(LANGS[lang] + ["-E", "-dM", "-I", inc] + flags + ["-"], f"#include <mujoco/{header}>\n")
    out = {}
    for line in r.stdout.splitlines():
        m = re.match(r"#define (\w+)(\([^)]*\))?\s?(.*)$", line)
        if m:
            params = re.sub(r"\s+", "", m.group(2)) if m.group(2) else None
            out[m.group(1)] = (params, TOKEN.findall(m.group(3)))
    return out


def skeleton(path):
    """The #include and conditional lines, comments and spacing dropped."""
    lines = []
    for line in open(path):
        m = DIRECTIVE.match(line)
        if m:
            rest = re.sub(r"//.*|/\*.*?\*/", "", m.group(2))
            lines.append(f"#{m.group(1)} {' '.join(rest.split())}".strip())
    return lines


def main():
    ref_inc, our_inc = os.path.join(sys.argv[1], "include"), sys.argv[2]
    passed = failed = 0
    alone = {lang: 0 for lang in LANGS}

    def check(ok, what):
        nonlocal passed, failed
        if ok:
            passed += 1
        else:
            failed += 1
            print(f"FAIL {what}")
        return ok

    for h in HEADERS:
        ours = os.path.join(our_inc, "mujoco", h)
        if not check(os.path.exists(ours), f"{h}: missing"):
            continue
        theirs = skeleton(os.path.join(ref_inc, "mujoco", h))
        mine = skeleton(ours)
        if not check(mine == theirs, f"{h}: #include/#if lines differ from upstream's"):
            import difflib
            for d in difflib.unified_diff(theirs, mine, "upstream", "ours", lineterm="", n=1):
                print("    " + d)
        for lang in LANGS:
            for flags in VARIANTS:
                tag = f"{h} ({lang}{''.join(' ' + f for f in flags)})"
                ok, err = compiles(our_inc, h, lang, flags)
                if not flags:
                    alone[lang] += ok
                    check(ok, f"{tag} does not compile alone:\n{err[:2000]}")
                else:
                    ref_ok, _ = compiles(ref_inc, h, lang, flags)
                    check(ok or not ref_ok, f"{tag}: upstream's compiles alone, ours not:\n{err[:2000]}")
                a, b = macros(ref_inc, h, lang, flags), macros(our_inc, h, lang, flags)
                diff = [f"    {n}: upstream {a.get(n)}, ours {b.get(n)}"
                        for n in sorted(set(a) | set(b)) if a.get(n) != b.get(n)]
                check(not diff, f"{tag}: {len(diff)} macros differ from upstream's\n" + "\n".join(diff[:20]))
    n = len(HEADERS)
    print(f"headers alone: {alone['C']}/{n} in C (gcc -std=c11), {alone['C++']}/{n} in C++ (g++ -std=c++17)")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
