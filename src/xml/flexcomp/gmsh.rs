//! GMSH files for `<flexcomp type="gmsh">`: format versions 4.1 and 2.2, ASCII or binary, with
//! the checks, messages and quirks of upstream's reader (a single node block and a single
//! element block for 4.1; triangles or tetrahedra for 2.2, as gmsh or fTetWild write them).

/// Points (xyz), elements (dim+1 node indices from 0) and the dimension the file declares.
#[derive(Default, Debug)]
pub struct Gmsh {
    pub dim: i32,
    pub point: Vec<f64>,
    pub element: Vec<i32>,
}

/// Failure while reading: a message, or an error upstream's reader meets as a C++ exception
/// other than its own (reported as a generic failure).
pub enum GmshError {
    Msg(&'static str),
    Exception,
}

type G<T> = Result<T, GmshError>;

fn msg<T>(m: &'static str) -> G<T> {
    Err(GmshError::Msg(m))
}

/// A text stream read as `std::istream >>` does: whitespace skipped, a number taken, the stream
/// failing on a missing or malformed number and reaching its end after the last character.
struct Stream<'a> {
    b: &'a [u8],
    pos: usize,
    fail: bool,
    eof: bool,
}

impl<'a> Stream<'a> {
    fn new(b: &'a [u8]) -> Self {
        Stream { b, pos: 0, fail: false, eof: false }
    }

    fn good(&self) -> bool {
        !self.fail && !self.eof
    }

    /// The characters of the next number (integers: sign and digits; floats also a point and
    /// an exponent).
    fn token(&mut self, float: bool) -> Option<&'a str> {
        if self.fail || self.eof {
            self.fail = true;
            return None;
        }
        while self.pos < self.b.len() && (self.b[self.pos] as char).is_ascii_whitespace() {
            self.pos += 1;
        }
        if self.pos >= self.b.len() {
            self.eof = true;
            self.fail = true;
            return None;
        }
        let start = self.pos;
        let mut i = self.pos;
        if i < self.b.len() && (self.b[i] == b'+' || self.b[i] == b'-') {
            i += 1;
        }
        let mut seen_e = false;
        while i < self.b.len() {
            let c = self.b[i];
            let ok = c.is_ascii_digit()
                || (float && c == b'.')
                || (float && !seen_e && (c == b'e' || c == b'E'))
                || (float && seen_e && (c == b'+' || c == b'-') && matches!(self.b[i - 1], b'e' | b'E'));
            if !ok {
                break;
            }
            if c == b'e' || c == b'E' {
                seen_e = true;
            }
            i += 1;
        }
        self.pos = i;
        if i >= self.b.len() {
            self.eof = true;
        }
        let t = core::str::from_utf8(&self.b[start..i]).unwrap_or("");
        if !t.bytes().any(|c| c.is_ascii_digit()) {
            self.fail = true;
            return None;
        }
        Some(t)
    }

    /// `size_t`: negative values wrap, as strtoull does.
    fn usize(&mut self) -> u64 {
        let Some(t) = self.token(false) else { return 0 };
        let (neg, digits) = match t.as_bytes()[0] {
            b'-' => (true, &t[1..]),
            b'+' => (false, &t[1..]),
            _ => (false, t),
        };
        match digits.parse::<u64>() {
            Ok(v) => {
                if neg {
                    v.wrapping_neg()
                } else {
                    v
                }
            }
            Err(_) => {
                self.fail = true;
                u64::MAX
            }
        }
    }

    fn int(&mut self) -> i32 {
        let Some(t) = self.token(false) else { return 0 };
        match t.parse::<i64>() {
            Ok(v) if v >= i32::MIN as i64 && v <= i32::MAX as i64 => v as i32,
            Ok(v) => {
                self.fail = true;
                if v < 0 {
                    i32::MIN
                } else {
                    i32::MAX
                }
            }
            Err(_) => {
                self.fail = true;
                if t.starts_with('-') {
                    i32::MIN
                } else {
                    i32::MAX
                }
            }
        }
    }

    fn double(&mut self) -> f64 {
        let Some(t) = self.token(true) else {
            return 0.0;
        };
        match t.parse::<f64>() {
            Ok(v) => v,
            Err(_) => {
                self.fail = true;
                0.0
            }
        }
    }

    /// The rest of the current line (without the newline), as `std::getline`; the position is
    /// restored afterwards (upstream steps back over the line it inspected).
    fn peek_line(&self) -> &'a [u8] {
        let rest = &self.b[self.pos..];
        let end = rest.iter().position(|&c| c == b'\n').unwrap_or(rest.len());
        &rest[..end]
    }
}

/// A section header line of format 2.2 holds digits only.
fn header22_ok(line: &[u8]) -> bool {
    line.iter().all(|c| c.is_ascii_digit())
}

fn rd_u64(b: &[u8], at: usize) -> G<u64> {
    b.get(at..at + 8).map(|s| u64::from_ne_bytes(s.try_into().unwrap())).ok_or(GmshError::Exception)
}
fn rd_i32(b: &[u8], at: usize) -> G<i32> {
    b.get(at..at + 4).map(|s| i32::from_ne_bytes(s.try_into().unwrap())).ok_or(GmshError::Exception)
}
fn rd_f64(b: &[u8], at: usize) -> G<f64> {
    b.get(at..at + 8).map(|s| f64::from_ne_bytes(s.try_into().unwrap())).ok_or(GmshError::Exception)
}

/// Position of `s` in `b` (the last possible position excluded, as upstream scans), or -1.
fn find(b: &[u8], s: &[u8]) -> i64 {
    let n = b.len() as i64 - s.len() as i64;
    let mut i = 0i64;
    while i < n {
        if &b[i as usize..i as usize + s.len()] == s {
            return i;
        }
        i += 1;
    }
    -1
}

/// `sscanf("%lf %d")` on the text after `$MeshFormat`.
fn scan_header(b: &[u8]) -> Option<(f64, i32)> {
    let mut st = Stream::new(b);
    let v = st.double();
    if st.fail {
        return None;
    }
    let bin = st.int();
    if st.fail {
        return None;
    }
    Some((v, bin))
}

const INT_MAX: u64 = i32::MAX as u64;

/// Reads a GMSH file.
pub fn load(b: &[u8]) -> G<Gmsh> {
    if b.is_empty() {
        return msg("Empty GMSH file");
    }
    if b.len() < 11 || &b[..11] != b"$MeshFormat" {
        return msg("GMSH file must begin with $MeshFormat");
    }
    let Some((version, binary)) = scan_header(&b[11..]) else {
        return msg("Could not read GMSH file header");
    };
    let v = (100.0 * version).round() as i64;
    if v != 220 && v != 410 {
        return msg("Only GMSH file format versions 4.1 and 2.2 are supported");
    }
    let nodebegin = find(b, b"$Nodes") + 7;
    let nodeend = find(b, b"$EndNodes");
    let elembegin = find(b, b"$Elements") + 10;
    let elemend = find(b, b"$EndElements");
    if nodebegin < 0 {
        return msg("GMSH file missing $Nodes");
    }
    if nodeend < nodebegin {
        return msg("GMSH file missing $EndNodes after $Nodes");
    }
    if elembegin < 0 {
        return msg("GMSH file missing $Elements");
    }
    if elemend < elembegin {
        return msg("GMSH file missing $EndElements after $Elements");
    }
    let sec = Sections {
        nodebegin: nodebegin as usize,
        nodeend: nodeend as usize,
        elembegin: elembegin as usize,
        elemend: elemend as usize,
    };
    let mut g = Gmsh { dim: 2, ..Gmsh::default() };
    if v == 410 {
        load41(b, binary != 0, &sec, &mut g)?;
    } else {
        load22(b, binary != 0, &sec, &mut g)?;
    }
    Ok(g)
}

struct Sections {
    nodebegin: usize,
    nodeend: usize,
    elembegin: usize,
    elemend: usize,
}

fn load41(b: &[u8], binary: bool, s: &Sections, g: &mut Gmsh) -> G<()> {
    const HEADER: usize = 52;
    let min_node_tag;
    if !binary {
        let mut ss = Stream::new(&b[s.nodebegin..s.nodeend]);
        let nblocks = ss.usize();
        let nnodes = ss.usize();
        min_node_tag = ss.usize();
        let max_node_tag = ss.usize();
        let edim = ss.int();
        let _etag = ss.int();
        let _param = ss.int();
        let nblock = ss.usize();
        if !ss.good() {
            return msg("Error reading Nodes header");
        }
        if nblocks != 1 || nnodes != nblock {
            return msg("All nodes must be in single block");
        }
        if max_node_tag != nblock {
            return msg("Maximum number of nodes must be equal to number of nodes in a block");
        }
        if !(1..=3).contains(&edim) {
            return msg("Entity must be 1D, 2D or 3D");
        }
        g.dim = edim;
        for i in 0..nnodes {
            let tag = ss.usize();
            if !ss.good() {
                return msg("Error reading node tags");
            }
            if tag != i.wrapping_add(min_node_tag) {
                return msg("Node tags must be sequential");
            }
        }
        if nnodes >= INT_MAX / 3 {
            return msg("Invalid number of nodes.");
        }
        g.point.reserve(3 * nnodes as usize);
        for _ in 0..3 * nnodes {
            let x = ss.double();
            if !ss.good() {
                return msg("Error reading node coordinates");
            }
            g.point.push(x);
        }
    } else {
        let (nb, ne) = (s.nodebegin, s.nodeend);
        if (ne as i64 - nb as i64) < HEADER as i64 {
            return msg("Invalid nodes header");
        }
        let nblocks = rd_u64(b, nb)?;
        let nnodes = rd_u64(b, nb + 8)?;
        min_node_tag = rd_u64(b, nb + 16)?;
        let edim = rd_i32(b, nb + 32)?;
        let nblock = rd_u64(b, nb + 44)?;
        if nblocks != 1 || nnodes != nblock {
            return msg("All nodes must be in single block");
        }
        if !(1..=3).contains(&edim) {
            return msg("Entity must be 1D, 2D or 3D");
        }
        g.dim = edim;
        if ((ne - nb) as u64) < (HEADER as u64).wrapping_add(nnodes.wrapping_mul(32)) {
            return msg("Insufficient byte size of Nodes");
        }
        let tags = nb + HEADER;
        for i in 0..nnodes {
            let tag = rd_u64(b, tags + 8 * i as usize)?;
            if tag != i.wrapping_add(min_node_tag) {
                return msg("Node tags must be sequential");
            }
        }
        if nnodes >= INT_MAX / 3 {
            return msg("Invalid number of nodes.");
        }
        let pts = nb + HEADER + 8 * nnodes as usize;
        for i in 0..3 * nnodes as usize {
            g.point.push(rd_f64(b, pts + 8 * i)?);
        }
    }

    if !binary {
        let mut ss = Stream::new(&b[s.elembegin..s.elemend]);
        let nblocks = ss.usize();
        let nelem = ss.usize();
        let _min = ss.usize();
        let _max = ss.usize();
        let edim = ss.int();
        let _etag = ss.int();
        let etype = ss.int();
        let nblock = ss.usize();
        if !ss.good() {
            return msg("Error reading Elements header");
        }
        if nblocks != 1 || nelem != nblock {
            return msg("All elements must be in single block");
        }
        if edim != g.dim {
            return msg("Inconsistent dimensionality in Elements");
        }
        if nelem >= INT_MAX / 4 {
            return msg("Invalid numElements.");
        }
        if (edim == 1 && etype != 1) || (edim == 2 && etype != 2) || (edim == 3 && etype != 4) {
            return msg("Element type inconsistent with dimensionality");
        }
        for _ in 0..nelem {
            let _tag = ss.usize();
            for _ in 0..=edim {
                let id = ss.usize();
                if !ss.good() {
                    return msg("Error reading Elements");
                }
                g.element.push(id.wrapping_sub(min_node_tag) as i32);
            }
        }
    } else {
        let (eb, ee) = (s.elembegin, s.elemend);
        if (ee as i64 - eb as i64) < HEADER as i64 {
            return msg("Invalid elements header");
        }
        let nblocks = rd_u64(b, eb)?;
        let nelem = rd_u64(b, eb + 8)?;
        let edim = rd_i32(b, eb + 32)?;
        let etype = rd_i32(b, eb + 40)?;
        let nblock = rd_u64(b, eb + 44)?;
        if nblocks != 1 || nelem != nblock {
            return msg("All elements must be in single block");
        }
        if edim != g.dim {
            return msg("Inconsistent dimensionality in Elements");
        }
        if (edim == 1 && etype != 1) || (edim == 2 && etype != 2) || (edim == 3 && etype != 4) {
            return msg("Element type inconsistent with dimensionality");
        }
        if nelem >= INT_MAX / 4 {
            return msg("Invalid numElements.");
        }
        let size = ((edim + 2) * 8) as u64;
        if ((ee - eb) as u64) < (HEADER as u64).wrapping_add(nelem.wrapping_mul(size)) {
            return msg("Insufficient byte size of Elements");
        }
        let mut at = eb + HEADER;
        for _ in 0..nelem {
            at += 8;
            for _ in 0..=edim {
                let id = rd_u64(b, at)?;
                g.element.push(id.wrapping_sub(min_node_tag) as i32);
                at += 8;
            }
        }
    }
    Ok(())
}

/// `std::stoi` on up to 10 bytes copied as `strncpy` does (stopping at a zero byte); also the
/// copied length less one (where upstream takes the binary data to begin).
fn stoi_header(b: &[u8], begin: usize, end: usize) -> G<(i32, i64)> {
    let n = 10usize.min(end.saturating_sub(begin));
    let raw = &b[begin..begin + n];
    let len = raw.iter().position(|&c| c == 0).unwrap_or(n);
    let text = &raw[..len];
    let mut i = 0;
    while i < text.len() && matches!(text[i], b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c) {
        i += 1;
    }
    let start = i;
    if i < text.len() && (text[i] == b'+' || text[i] == b'-') {
        i += 1;
    }
    let d0 = i;
    while i < text.len() && text[i].is_ascii_digit() {
        i += 1;
    }
    if i == d0 {
        return Err(GmshError::Exception);
    }
    let v: i64 = core::str::from_utf8(&text[start..i]).unwrap().parse().map_err(|_| GmshError::Exception)?;
    if v < i32::MIN as i64 || v > i32::MAX as i64 {
        return Err(GmshError::Msg(""));
    }
    Ok((v as i32, len as i64 - 1))
}

fn load22(b: &[u8], binary: bool, s: &Sections, g: &mut Gmsh) -> G<()> {
    let nnodes: u64;
    if !binary {
        let mut ss = Stream::new(&b[s.nodebegin..s.nodeend]);
        if !header22_ok(ss.peek_line()) {
            return msg("Invalid node header");
        }
        let max = ss.usize();
        if !ss.good() {
            return msg("Error reading Nodes header");
        }
        nnodes = max;
        if nnodes >= INT_MAX / 3 {
            return msg("Invalid number of nodes.");
        }
        for _ in 0..nnodes {
            let _tag = ss.usize();
            if !ss.good() {
                return msg("Error reading node tags");
            }
            for _ in 0..3 {
                let x = ss.double();
                if !ss.good() {
                    return msg("Error reading node coordinates");
                }
                g.point.push(x);
            }
        }
    } else {
        let (nb, ne) = (s.nodebegin, s.nodeend);
        if (ne as i64 - nb as i64) < 4 {
            return msg("Invalid nodes header");
        }
        let (max, measured) = match stoi_header(b, nb, ne) {
            Err(GmshError::Msg(_)) => return msg("Invalid number of nodes"),
            r => r?,
        };
        nnodes = max as i64 as u64;
        if ((ne - nb) as u64) < 4u64.wrapping_add(nnodes.wrapping_mul(28)) {
            return msg("Insufficient byte size of Nodes");
        }
        if nnodes >= INT_MAX / 3 {
            return msg("Invalid number of nodes.");
        }
        let base = (nb as i64 + measured) as usize;
        for i in 0..nnodes as usize {
            let off = i * 28;
            let _tag = rd_i32(b, base + off)?;
            for k in 0..3 {
                g.point.push(rd_f64(b, base + 4 + 8 * k + off)?);
            }
        }
    }

    if !binary {
        let mut ss = Stream::new(&b[s.elembegin..s.elemend]);
        if !header22_ok(ss.peek_line()) {
            return msg("Invalid elements header");
        }
        let nelem = ss.usize();
        if !ss.good() {
            return msg("Error reading Elements header");
        }
        if nelem >= INT_MAX / 4 {
            return msg("Invalid number of elements.");
        }
        let _tag = ss.int();
        let etype = ss.int();
        let mut ntags = ss.int();
        if !ss.good() {
            return msg("Error reading Elements");
        }
        let (dim, nnodetags) = match etype {
            2 => (2, 3),
            4 => (3, 4),
            _ => return msg("Invalid number of node tags"),
        };
        g.dim = dim;
        for i in 0..nelem {
            if i != 0 {
                let _ = ss.int();
                let _ = ss.int();
                ntags = ss.int();
                if !ss.good() {
                    return msg("Error reading Elements");
                }
            }
            if ntags > 0 {
                let _ = ss.int();
                let _ = ss.int();
                if !ss.good() {
                    return msg("Error reading Elements");
                }
            }
            for _ in 0..nnodetags {
                let t = ss.int();
                if !ss.good() {
                    return msg("Error reading Elements");
                }
                if t as i64 > nnodes as i64 || t < 1 {
                    return msg("Invalid node tag");
                }
                g.element.push(t - 1);
            }
        }
    } else {
        let (eb, ee) = (s.elembegin, s.elemend);
        if (ee as i64 - eb as i64) < 4 {
            return msg("Invalid elements header");
        }
        let (nelem, measured) = match stoi_header(b, eb, ee) {
            Err(GmshError::Msg(_)) => return msg("Invalid number of elements"),
            r => r?,
        };
        if nelem < 0 {
            return msg("Invalid number of elements");
        }
        let base = (eb as i64 + measured) as usize;
        let etype = rd_i32(b, base)?;
        let ntags = rd_i32(b, base + 8)?;
        let (dim, nnodetags) = match etype {
            2 => (2, 3),
            4 => (3, 4),
            _ => return msg("Invalid number of node tags"),
        };
        g.dim = dim;
        let size_ftet = 17i64 + nelem as i64 * 20;
        let size_gmsh = 4i64 + nelem as i64 * ((6 + nnodetags) as i64 * 4);
        let avail = ee as i64 - eb as i64;
        if avail < size_ftet {
            return msg("Insufficient byte size of Elements");
        }
        let nodes_ok = |t: i32, limit: i64| t as i64 <= limit && t >= 1;
        if ntags > 0 {
            if avail < size_gmsh {
                return msg("Insufficient byte size of Elements");
            }
            for k in 0..nnodetags {
                let t = rd_i32(b, base + 4 * (6 + k))?;
                if !nodes_ok(t, nnodes as i64) {
                    return msg("Invalid node tag");
                }
                g.element.push(t - 1);
            }
            let esize = (6 + nnodetags) * 4;
            for i in 1..nelem as usize {
                let off = i * esize;
                for k in 0..nnodetags {
                    let t = rd_i32(b, base + 4 * (6 + k) + off)?;
                    if !nodes_ok(t, nelem as i64) {
                        return msg("Invalid node tag");
                    }
                    g.element.push(t - 1);
                }
            }
        } else {
            for k in 0..nnodetags {
                let t = rd_i32(b, base + 4 * (4 + k))?;
                if !nodes_ok(t, nnodes as i64) {
                    return msg("Invalid node tag");
                }
                g.element.push(t - 1);
            }
            for i in 0..(nelem as usize).saturating_sub(1) {
                let off = 24 + i * 20;
                for k in 0..nnodetags {
                    let t = rd_i32(b, base + 4 * (3 + k) + off)?;
                    if !nodes_ok(t, nelem as i64) {
                        return msg("Invalid node tag");
                    }
                    g.element.push(t - 1);
                }
            }
        }
    }
    Ok(())
}
