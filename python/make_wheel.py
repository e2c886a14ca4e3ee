#!/usr/bin/env python3
"""Makes the mujoco wheel that carries this project's library: the official mujoco==3.4.0 wheel
with mujoco/libmujoco.so.3.4.0 replaced by LIB and the version given a local label.

usage: make_wheel.py UPSTREAM.whl LIB OUTDIR [LABEL]      (LABEL defaults to "rs")

Everything else in the wheel is kept as it is (Python bindings, plugin libraries, headers,
tests): the bindings find the library through their rpath ($ORIGIN), so the one file decides which
engine runs. The dist-info directory becomes mujoco-3.4.0+LABEL.dist-info, METADATA's Version
line 3.4.0+LABEL, and RECORD is written anew from the bytes that go into the new wheel
(sha256 in urlsafe base64 without padding, and the size, for every file; RECORD's own row is
empty). Prints the path of the new wheel.
"""
import base64
import hashlib
import os
import re
import sys
import zipfile

LIBNAME = "mujoco/libmujoco.so.3.4.0"


def record_row(name, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return "%s,sha256=%s,%d" % (name, digest, len(data))


def main():
    if len(sys.argv) not in (4, 5):
        sys.exit(__doc__)
    src, lib, outdir = sys.argv[1:4]
    label = sys.argv[4] if len(sys.argv) == 5 else "rs"
    if not re.fullmatch(r"[a-z0-9]+(\.[a-z0-9]+)*", label):
        sys.exit("make_wheel: local version label %r is not PEP 440 (lowercase letters, digits, "
                 "dots)" % label)
    base = os.path.basename(src)
    m = re.fullmatch(r"mujoco-([0-9.]+)-(.+)\.whl", base)
    if not m:
        sys.exit("make_wheel: %s is not an official mujoco wheel (mujoco-VERSION-TAGS.whl)" % src)
    version, tags = m.groups()
    if version != "3.4.0":
        sys.exit("make_wheel: %s is mujoco %s; the library is a drop-in for 3.4.0" % (src, version))
    with open(lib, "rb") as f:
        libdata = f.read()
    if not libdata.startswith(b"\x7fELF"):
        sys.exit("make_wheel: %s is not an ELF shared library" % lib)

    new_version = "%s+%s" % (version, label)
    old_info = "mujoco-%s.dist-info/" % version
    new_info = "mujoco-%s.dist-info/" % new_version
    os.makedirs(outdir, exist_ok=True)
    out = os.path.join(outdir, "mujoco-%s-%s.whl" % (new_version, tags))
    tmp = out + ".part"

    rows = []
    seen_lib = seen_meta = False
    with zipfile.ZipFile(src) as zin, \
            zipfile.ZipFile(tmp, "w", compression=zipfile.ZIP_DEFLATED) as zout:
        record_info = None
        for info in zin.infolist():
            name = info.filename
            if name.startswith(old_info):
                name = new_info + name[len(old_info):]
            elif "dist-info/" in name:
                sys.exit("make_wheel: unexpected entry %s" % name)
            if name == new_info + "RECORD":
                record_info = info  # written last, from the rows below
                continue
            data = zin.read(info)
            if info.filename == LIBNAME:
                data = libdata
                seen_lib = True
            elif name == new_info + "METADATA":
                text = data.decode("utf-8")
                text, n = re.subn(r"^Version: .*$", "Version: " + new_version, text, count=1,
                                  flags=re.M)
                if n != 1:
                    sys.exit("make_wheel: no Version line in METADATA")
                data = text.encode("utf-8")
                seen_meta = True
            new = zipfile.ZipInfo(name, date_time=info.date_time)
            new.external_attr = info.external_attr
            new.create_system = info.create_system
            is_dir = name.endswith("/")
            new.compress_type = zipfile.ZIP_STORED if is_dir else zipfile.ZIP_DEFLATED
            zout.writestr(new, data)
            if not is_dir:
                rows.append(record_row(name, data))
        if not (seen_lib and seen_meta and record_info):
            sys.exit("make_wheel: %s lacks %s" % (src, ", ".join(
                n for n, ok in ((LIBNAME, seen_lib), ("METADATA", seen_meta),
                                ("RECORD", record_info)) if not ok)))
        rows.append(new_info + "RECORD,,")
        rec = zipfile.ZipInfo(new_info + "RECORD", date_time=record_info.date_time)
        rec.external_attr = record_info.external_attr
        rec.create_system = record_info.create_system
        rec.compress_type = zipfile.ZIP_DEFLATED
        zout.writestr(rec, "\n".join(rows) + "\n")
    os.replace(tmp, out)
    print(out)


if __name__ == "__main__":
    main()
