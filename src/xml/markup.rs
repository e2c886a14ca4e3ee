//! The XML parser: accepts what upstream's parser (TinyXML2, default settings: entities
//! processed, whitespace preserved) accepts, refuses what it refuses, with its error ids,
//! names, line numbers and texts.
//!
//! What it takes from TinyXML2's behaviour:
//! - the text ends at its first NUL byte; leading whitespace, then one UTF-8 BOM, are skipped;
//! - whitespace is C's `isspace` (so also `\v` and `\f`), lines are counted at `\n`;
//! - attributes need no whitespace between them; end tags may carry attributes; `</a/>` is an
//!   empty element `a`; `<?...?>`, `<!--...-->`, `<![CDATA[...]]>` and `<!...>` (up to the first
//!   `>`, so DOCTYPE internal subsets are not understood) are nodes whose end is searched for,
//!   nothing more; text is allowed anywhere, also outside the root;
//! - declarations must precede everything else at document level;
//! - a stray end tag at document level ends the document (what follows is not read); the root
//!   is the first element of the document, later top-level elements are parsed and dropped;
//! - values are decoded as TinyXML2 decodes them on reading: CR, CR LF and LF CR become LF, the
//!   five predefined entities and numeric character references are replaced, anything else
//!   after `&` stays as it is (with TinyXML2's quirk: after a replacement has shortened the
//!   value, an unknown `&` repeats the byte the value has shrunk by);
//! - content of an element nested `MAX_ELEMENT_DEPTH - 1` deep cannot be parsed.
//!
//! The parser is a loop over a stack of open elements, so nesting uses no call stack.

use super::tree::Element;

/// TinyXML2's limit on element nesting (TINYXML2_MAX_ELEMENT_DEPTH): the content of an
/// element at this level (the root being level 1) cannot be parsed.
pub const MAX_ELEMENT_DEPTH: usize = 500;

/// TinyXML2's error ids (`XMLError`) that reading a document can give.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorId {
    FileNotFound = 3,
    FileReadError = 5,
    ParsingElement = 6,
    ParsingAttribute = 7,
    ParsingText = 8,
    ParsingCdata = 9,
    ParsingComment = 10,
    ParsingDeclaration = 11,
    ParsingUnknown = 12,
    EmptyDocument = 13,
    MismatchedElement = 14,
    Parsing = 15,
    DepthExceeded = 18,
}

impl ErrorId {
    /// TinyXML2's name of the id (`ErrorIDToName`).
    pub fn name(self) -> &'static str {
        match self {
            ErrorId::FileNotFound => "XML_ERROR_FILE_NOT_FOUND",
            ErrorId::FileReadError => "XML_ERROR_FILE_READ_ERROR",
            ErrorId::ParsingElement => "XML_ERROR_PARSING_ELEMENT",
            ErrorId::ParsingAttribute => "XML_ERROR_PARSING_ATTRIBUTE",
            ErrorId::ParsingText => "XML_ERROR_PARSING_TEXT",
            ErrorId::ParsingCdata => "XML_ERROR_PARSING_CDATA",
            ErrorId::ParsingComment => "XML_ERROR_PARSING_COMMENT",
            ErrorId::ParsingDeclaration => "XML_ERROR_PARSING_DECLARATION",
            ErrorId::ParsingUnknown => "XML_ERROR_PARSING_UNKNOWN",
            ErrorId::EmptyDocument => "XML_ERROR_EMPTY_DOCUMENT",
            ErrorId::MismatchedElement => "XML_ERROR_MISMATCHED_ELEMENT",
            ErrorId::Parsing => "XML_ERROR_PARSING",
            ErrorId::DepthExceeded => "XML_ELEMENT_DEPTH_EXCEEDED",
        }
    }
}

/// A document TinyXML2 refuses: the error id, the line it reports and the detail after the line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyntaxError {
    pub id: ErrorId,
    pub line: i32,
    pub detail: Option<String>,
}

/// Cuts `s` to at most `max` bytes (at a character boundary), as a C buffer of `max + 1` would.
pub fn clip(mut s: String, max: usize) -> String {
    if s.len() > max {
        let mut n = max;
        while !s.is_char_boundary(n) {
            n -= 1;
        }
        s.truncate(n);
    }
    s
}

impl SyntaxError {
    pub fn new(id: ErrorId, line: i32, detail: Option<String>) -> Self {
        SyntaxError { id, line, detail }
    }

    /// TinyXML2's `ErrorStr()` (formatted into its 1000-byte buffer).
    pub fn text(&self) -> String {
        let id = self.id as u32;
        let mut s = format!("Error={} ErrorID={} ({:#x}) Line number={}", self.id.name(), id, id, self.line);
        if let Some(d) = &self.detail {
            s.push_str(": ");
            s.push_str(d);
        }
        clip(s, 999)
    }
}

impl std::fmt::Display for SyntaxError {
    /// Upstream's whole message after a failed parse.
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        write!(f, "XML parse error {}:\n{}\n", self.id as u32, self.text())
    }
}

fn is_space(c: u8) -> bool {
    matches!(c, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r')
}

fn is_name_start(c: u8) -> bool {
    c >= 0x80 || c.is_ascii_alphabetic() || c == b':' || c == b'_'
}

fn is_name_char(c: u8) -> bool {
    is_name_start(c) || c.is_ascii_digit() || c == b'.' || c == b'-'
}

fn lossy(b: &[u8]) -> String {
    match std::str::from_utf8(b) {
        Ok(s) => s.to_owned(),
        Err(_) => String::from_utf8_lossy(b).into_owned(),
    }
}

const PREDEFINED: [(&[u8], u8); 5] = [(b"quot", b'"'), (b"amp", b'&'), (b"apos", b'\''), (b"lt", b'<'), (b"gt", b'>')];

/// UTF-8 bytes of a code point up to 0x10FFFF (surrogates included, as TinyXML2 writes them).
fn utf8(cp: u32, out: &mut Vec<u8>) {
    match cp {
        0..=0x7f => out.push(cp as u8),
        0x80..=0x7ff => out.extend([0xc0 | (cp >> 6) as u8, 0x80 | (cp & 0x3f) as u8]),
        0x800..=0xffff => {
            out.extend([0xe0 | (cp >> 12) as u8, 0x80 | ((cp >> 6) & 0x3f) as u8, 0x80 | (cp & 0x3f) as u8])
        }
        _ => out.extend([
            0xf0 | (cp >> 18) as u8,
            0x80 | ((cp >> 12) & 0x3f) as u8,
            0x80 | ((cp >> 6) & 0x3f) as u8,
            0x80 | (cp & 0x3f) as u8,
        ]),
    }
}

/// The numeric character reference starting at `b[p]` (`&#...;`, `b` ending in a NUL): its
/// bytes and the index after its `;`, or None when TinyXML2 leaves it as text. An `&#` ending
/// the value is dropped.
fn char_ref(b: &[u8], p: usize) -> Option<(Vec<u8>, usize)> {
    const MAX: u32 = 0x10ffff;
    if b[p + 2] == 0 {
        return Some((Vec::new(), p + 1));
    }
    let hex = b[p + 2] == b'x';
    let (first, stop, radix) = if hex { (p + 3, b'x', 16) } else { (p + 2, b'#', 10) };
    if b[first] == 0 {
        return None;
    }
    let semi = first + b[first..].iter().position(|&c| c == b';')?;
    // digits are read from the last one back to the `#` or `x`
    let (mut value, mut mult, mut k) = (0u32, 1u32, semi - 1);
    while b[k] != stop {
        let d = match b[k] {
            c @ b'0'..=b'9' => c - b'0',
            c @ b'a'..=b'f' if hex => c - b'a' + 10,
            c @ b'A'..=b'F' if hex => c - b'A' + 10,
            _ => return None,
        } as u32;
        value = value.wrapping_add(mult.wrapping_mul(d));
        mult = mult.wrapping_mul(radix).min(MAX);
        k -= 1;
    }
    if value > MAX {
        return None;
    }
    let mut out = Vec::with_capacity(4);
    utf8(value, &mut out);
    Some((out, semi + 1))
}

/// A raw value as TinyXML2 reads it back: line breaks normalised, and with `entities`,
/// references replaced. The value ends at a NUL a reference produced.
fn decode(raw: &[u8], entities: bool) -> String {
    if !(raw.contains(&b'\r') || entities && raw.contains(&b'&')) {
        return lossy(raw);
    }
    // rewritten in place, as TinyXML2 does: `q` (write) never passes `p` (read), and the bytes
    // from `q` on are still the original ones
    let end = raw.len();
    let mut b = Vec::with_capacity(end + 1);
    b.extend_from_slice(raw);
    b.push(0);
    let (mut p, mut q) = (0, 0);
    while p < end {
        let c = b[p];
        if c == b'\r' || c == b'\n' {
            let pair = if c == b'\r' { b'\n' } else { b'\r' };
            p += if b[p + 1] == pair { 2 } else { 1 };
            b[q] = b'\n';
            q += 1;
        } else if entities && c == b'&' && b[p + 1] == b'#' {
            match char_ref(&b, p) {
                Some((bytes, next)) => {
                    b[q..q + bytes.len()].copy_from_slice(&bytes);
                    q += bytes.len();
                    p = next;
                }
                None => {
                    b[q] = c;
                    q += 1;
                    p += 1;
                }
            }
        } else if entities && c == b'&' {
            let known =
                PREDEFINED.iter().find(|(name, _)| b[p + 1..].starts_with(name) && b[p + 1 + name.len()] == b';');
            match known {
                Some(&(name, value)) => {
                    b[q] = value;
                    q += 1;
                    p += name.len() + 2;
                }
                None => {
                    // the byte at `q` is kept, not the `&`
                    q += 1;
                    p += 1;
                }
            }
        } else {
            b[q] = c;
            q += 1;
            p += 1;
        }
    }
    b.truncate(q);
    if let Some(nul) = b.iter().position(|&c| c == 0) {
        b.truncate(nul);
    }
    lossy(&b)
}

/// How a tag ends: `<a ...>`, `<a .../>` or `</a ...>`.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Closing {
    Open,
    Closed,
    End,
}

/// A tag read by `Parser::tag`.
struct Tag<'a> {
    name: &'a [u8],
    attrs: Vec<(&'a [u8], &'a [u8])>,
    closing: Closing,
}

/// An element whose content is being read.
struct Open<'a> {
    name: &'a [u8],
    elem: Element,
    /// nodes of its content read so far
    nodes: usize,
}

/// What the document level holds so far (for the rule on declarations).
#[derive(Default)]
struct Doc {
    root: Option<Element>,
    /// whether the first node is a declaration (None: no node yet)
    first_decl: Option<bool>,
    last_decl: bool,
}

/// Kinds of nodes, as far as their parent cares.
enum Node<'a> {
    Declaration,
    Comment(&'a [u8]),
    Other,
    Element(Element),
}

struct Parser<'a> {
    b: &'a [u8],
    pos: usize,
    line: i32,
    /// attribute list of the last tag, kept for the next one
    attrs: Vec<(&'a [u8], &'a [u8])>,
}

impl<'a> Parser<'a> {
    fn at(&self, i: usize) -> u8 {
        self.b.get(i).copied().unwrap_or(0)
    }

    fn eof(&self) -> bool {
        self.pos >= self.b.len()
    }

    fn skip_space(&mut self) {
        while self.pos < self.b.len() && is_space(self.b[self.pos]) {
            if self.b[self.pos] == b'\n' {
                self.line += 1;
            }
            self.pos += 1;
        }
    }

    /// The text up to the next `pat`, which is passed; None if there is none.
    fn until(&mut self, pat: &[u8]) -> Option<&'a [u8]> {
        let b = self.b;
        let rest = &b[self.pos..];
        let k = if pat.len() == 1 {
            rest.iter().position(|&c| c == pat[0])
        } else {
            rest.windows(pat.len()).position(|w| w == pat)
        }?;
        let text = &rest[..k];
        self.line += text.iter().filter(|&&c| c == b'\n').count() as i32;
        self.pos += k + pat.len();
        Some(text)
    }

    fn name(&mut self) -> Option<&'a [u8]> {
        let b = self.b;
        let start = self.pos;
        if !is_name_start(self.at(start)) {
            return None;
        }
        let n = b[start..].iter().position(|&c| !is_name_char(c)).unwrap_or(b.len() - start);
        self.pos += n;
        Some(&b[start..start + n])
    }

    /// A tag after its `<`; `line` is the line of the `<`.
    fn tag(&mut self, line: i32) -> Result<Tag<'a>, SyntaxError> {
        self.skip_space();
        let mut closing = Closing::Open;
        if self.at(self.pos) == b'/' {
            closing = Closing::End;
            self.pos += 1;
        }
        let name = self.name().ok_or_else(|| SyntaxError::new(ErrorId::Parsing, line, None))?;
        let named = || Some(format!("XMLElement name={}", lossy(name)));
        // (the list of the previous tag, emptied: one allocation for the document)
        let mut attrs = std::mem::take(&mut self.attrs);
        attrs.clear();
        let mut seen = std::collections::HashSet::new();
        loop {
            self.skip_space();
            if self.eof() {
                return Err(SyntaxError::new(ErrorId::ParsingElement, line, named()));
            }
            let c = self.b[self.pos];
            if is_name_start(c) {
                let line = self.line;
                let bad = || SyntaxError::new(ErrorId::ParsingAttribute, line, named());
                let key = self.name().unwrap_or_default();
                if self.eof() {
                    return Err(bad());
                }
                self.skip_space();
                if self.at(self.pos) != b'=' {
                    return Err(bad());
                }
                self.pos += 1;
                self.skip_space();
                let quote = self.at(self.pos);
                if quote != b'"' && quote != b'\'' {
                    return Err(bad());
                }
                self.pos += 1;
                let Some(value) = self.until(&[quote]) else { return Err(bad()) };
                // (a set once the list is long: the list alone is quadratic)
                let repeated = if attrs.len() < 16 {
                    attrs.iter().any(|(k, _)| *k == key)
                } else {
                    if seen.is_empty() {
                        seen.extend(attrs.iter().map(|(k, _)| *k));
                    }
                    !seen.insert(key)
                };
                if repeated {
                    return Err(bad());
                }
                attrs.push((key, value));
            } else if c == b'>' {
                self.pos += 1;
                break;
            } else if c == b'/' && self.at(self.pos + 1) == b'>' {
                self.pos += 2;
                closing = Closing::Closed;
                break;
            } else {
                return Err(SyntaxError::new(ErrorId::ParsingElement, line, None));
            }
        }
        Ok(Tag { name, attrs, closing })
    }

    /// Reads the document: its root element (None if it has none).
    fn document(&mut self) -> Result<Option<Element>, SyntaxError> {
        let mut doc = Doc::default();
        let mut open: Vec<Open<'a>> = Vec::new();
        loop {
            self.skip_space();
            if self.eof() {
                // an element's content must end with its end tag
                return match open.pop() {
                    None => Ok(doc.root),
                    Some(o) => Err(SyntaxError::new(ErrorId::Parsing, o.elem.line, None)),
                };
            }
            let line = self.line;
            let rest = &self.b[self.pos..];
            let node = if rest.starts_with(b"<?") {
                self.pos += 2;
                let value =
                    self.until(b"?>").ok_or_else(|| SyntaxError::new(ErrorId::ParsingDeclaration, line, None))?;
                let first =
                    open.is_empty() && (doc.first_decl.is_none() || (doc.first_decl == Some(true) && doc.last_decl));
                if !first {
                    let detail = format!("XMLDeclaration value={}", decode(value, false));
                    return Err(SyntaxError::new(ErrorId::ParsingDeclaration, line, Some(detail)));
                }
                Node::Declaration
            } else if rest.starts_with(b"<!--") {
                self.pos += 4;
                Node::Comment(self.until(b"-->").ok_or_else(|| SyntaxError::new(ErrorId::ParsingComment, line, None))?)
            } else if rest.starts_with(b"<![CDATA[") {
                self.pos += 9;
                self.until(b"]]>").ok_or_else(|| SyntaxError::new(ErrorId::ParsingCdata, line, None))?;
                Node::Other
            } else if rest.starts_with(b"<!") {
                self.pos += 2;
                self.until(b">").ok_or_else(|| SyntaxError::new(ErrorId::ParsingUnknown, line, None))?;
                Node::Other
            } else if rest.starts_with(b"<") {
                self.pos += 1;
                let tag = self.tag(line)?;
                let (name, closing) = (tag.name, tag.closing);
                let elem = (closing != Closing::End).then(|| element(&tag, line));
                self.attrs = tag.attrs;
                match (closing, elem) {
                    (Closing::Open, Some(e)) if !self.eof() => {
                        // the document is level 1
                        if open.len() + 2 == MAX_ELEMENT_DEPTH {
                            let detail = Some("Element nesting is too deep.".to_string());
                            return Err(SyntaxError::new(ErrorId::DepthExceeded, self.line, detail));
                        }
                        open.push(Open { name, elem: e, nodes: 0 });
                        continue;
                    }
                    (Closing::Open, _) => {
                        let detail = format!("XMLElement name={}", lossy(name));
                        return Err(SyntaxError::new(ErrorId::MismatchedElement, line, Some(detail)));
                    }
                    (_, Some(e)) => Node::Element(e),
                    (_, None) => {
                        // the end tag closes the innermost open element; at document level it
                        // ends the document
                        let Some(o) = open.pop() else { return Ok(doc.root) };
                        if o.name != name {
                            let detail = format!("XMLElement name={}", o.elem.name);
                            return Err(SyntaxError::new(ErrorId::MismatchedElement, o.elem.line, Some(detail)));
                        }
                        Node::Element(o.elem)
                    }
                }
            } else {
                // text, up to a '<' that starts more markup
                match self.until(b"<") {
                    None => return Err(SyntaxError::new(ErrorId::ParsingText, line, None)),
                    Some(_) if self.eof() => return Err(SyntaxError::new(ErrorId::Parsing, line, None)),
                    Some(_) => self.pos -= 1,
                }
                Node::Other
            };
            let top_level = open.len() == 1;
            match open.last_mut() {
                Some(o) => {
                    match node {
                        Node::Element(e) => o.elem.children.push(e),
                        // the leading comment of a top-level element (the root's is kept)
                        Node::Comment(c) if o.nodes == 0 && top_level => o.elem.comment = Some(decode(c, false)),
                        _ => {}
                    }
                    o.nodes += 1;
                }
                None => {
                    let decl = matches!(node, Node::Declaration);
                    doc.first_decl.get_or_insert(decl);
                    doc.last_decl = decl;
                    if let Node::Element(e) = node {
                        doc.root.get_or_insert(e);
                    }
                }
            }
        }
    }
}

/// The element of a start tag, its attribute values decoded.
fn element(tag: &Tag, line: i32) -> Element {
    let mut e = Element::default();
    e.name = lossy(tag.name);
    e.attrs = tag.attrs.iter().map(|&(k, v)| (lossy(k), decode(v, true))).collect();
    e.line = line;
    e
}

/// Parses a document (the bytes up to the first NUL) as TinyXML2's `XMLDocument::Parse`
/// does: its root element, None when it has no element, or TinyXML2's error.
pub fn parse(bytes: &[u8]) -> Result<Option<Element>, SyntaxError> {
    let end = bytes.iter().position(|&c| c == 0).unwrap_or(bytes.len());
    let mut p = Parser { b: &bytes[..end], pos: 0, line: 1, attrs: Vec::new() };
    p.skip_space();
    if p.b[p.pos..].starts_with(b"\xef\xbb\xbf") {
        p.pos += 3;
    }
    if p.eof() {
        return Err(SyntaxError::new(ErrorId::EmptyDocument, 0, None));
    }
    p.document()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn root(text: &str) -> Element {
        parse(text.as_bytes()).unwrap().unwrap()
    }

    fn fails(text: &[u8]) -> String {
        parse(text).unwrap_err().text()
    }

    #[test]
    fn accepts_what_tinyxml2_accepts() {
        // attributes without whitespace between them, whitespace around '=' and after '<'
        let e = root("<mujoco><geom name=\"a\"type='box'/>< body  pos = \"1 2 3\" ></body ></mujoco>");
        assert_eq!(e.children[0].attrs, [("name".into(), "a".into()), ("type".into(), "box".into())]);
        assert_eq!(e.children[1].name, "body");
        assert_eq!(e.children[1].attr("pos"), Some("1 2 3"));
        // the text ends at its first NUL (a VFS buffer holding the terminator)
        assert_eq!(parse(b"<mujoco/>\0garbage <<").unwrap().unwrap().name, "mujoco");
        // declarations, DOCTYPE, text, CDATA, a second root; '<' and '>' in attribute values
        let e = root("<?xml version=\"1.0\"?>\n<!DOCTYPE m>text<m a=\"<>\"><![CDATA[<x>]]>t</m><n/>");
        assert_eq!((e.name.as_str(), e.attr("a"), e.children.len()), ("m", Some("<>"), 0));
        // a BOM after leading whitespace; \v and \f are whitespace
        assert_eq!(root("\n \u{feff}\x0b\x0c<m/>").name, "m");
        // an end tag with attributes, `</a/>` as an element, a stray end tag ends the document
        let e = root("<m><a></a x=\"1\"></b/></m></x> <<< not read");
        assert_eq!(e.children.iter().map(|c| c.name.as_str()).collect::<Vec<_>>(), ["a", "b"]);
        // no root element
        assert!(parse(b"<!-- only a comment -->").unwrap().is_none());
        assert!(parse(b"</x><m/>").unwrap().is_none());
    }

    #[test]
    fn values_are_decoded_as_tinyxml2_does() {
        let v = |raw: &str| root(&format!("<m v=\"{raw}\"/>")).attr("v").unwrap().to_string();
        assert_eq!(v("&lt;&gt;&amp;&quot;&apos;"), "<>&\"'");
        assert_eq!(v("&#x41;&#66;&#x4e2d;&#X41;&#12a;&#;x"), "AB中&#X41;&#12a;");
        assert_eq!(v("&unknown; & &amp"), "&unknown; & &amp");
        // after a shortening replacement, an unknown '&' repeats a stale byte
        assert_eq!(v("&lt;&foo;"), "<lfoo;");
        // a reference to 0 ends the value; out of range stays as text
        assert_eq!(v("ab&#0;cd"), "ab");
        assert_eq!((v("a&#"), v("&#x")), ("a#".into(), "&#x".into()));
        assert_eq!(v("&#x110000;"), "&#x110000;");
        // line breaks: CR LF, lone CR and LF CR become LF
        assert_eq!(v("a\r\nb\rc\n\rd"), "a\nb\nc\nd");
        // comments keep entities, normalise line breaks
        assert_eq!(root("<m>\n<!-- a &amp; b\r\n --><x/></m>").comment.as_deref(), Some(" a &amp; b\n "));
        assert_eq!(root("<m>t<!-- c --></m>").comment, None);
    }

    #[test]
    fn element_lines() {
        let e = root("\n\n<m\n>\r\n<a\nb=\"1\n2\"/>\n\n  <c/></m>");
        assert_eq!((e.line, e.children[0].line, e.children[1].line), (3, 5, 9));
    }

    #[test]
    fn errors_are_tinyxml2s() {
        let cases: [(&[u8], &str); 24] = [
            (b"", "Error=XML_ERROR_EMPTY_DOCUMENT ErrorID=13 (0xd) Line number=0"),
            (b" \n\t\r\n", "Error=XML_ERROR_EMPTY_DOCUMENT ErrorID=13 (0xd) Line number=0"),
            (b"\0<m/>", "Error=XML_ERROR_EMPTY_DOCUMENT ErrorID=13 (0xd) Line number=0"),
            (b"<m>\n<a b=\"1\" b=\"2\"/></m>", "Error=XML_ERROR_PARSING_ATTRIBUTE ErrorID=7 (0x7) Line number=2: XMLElement name=a"),
            (b"<m>\n<a\nb=1/></m>", "Error=XML_ERROR_PARSING_ATTRIBUTE ErrorID=7 (0x7) Line number=3: XMLElement name=a"),
            (b"<m><a b/></m>", "Error=XML_ERROR_PARSING_ATTRIBUTE ErrorID=7 (0x7) Line number=1: XMLElement name=a"),
            (b"<m a=\"x", "Error=XML_ERROR_PARSING_ATTRIBUTE ErrorID=7 (0x7) Line number=1: XMLElement name=m"),
            (b"<m\n a=\"1\"", "Error=XML_ERROR_PARSING_ELEMENT ErrorID=6 (0x6) Line number=1: XMLElement name=m"),
            (b"<m>\n<a =\"1\"/></m>", "Error=XML_ERROR_PARSING_ELEMENT ErrorID=6 (0x6) Line number=2"),
            (b"<m>\n<a/ ></m>", "Error=XML_ERROR_PARSING_ELEMENT ErrorID=6 (0x6) Line number=2"),
            (b"<m/>trailing", "Error=XML_ERROR_PARSING_TEXT ErrorID=8 (0x8) Line number=1"),
            (b"<m>\n<![CDATA[x</m>", "Error=XML_ERROR_PARSING_CDATA ErrorID=9 (0x9) Line number=2"),
            (b"<m>\n\n<!-- open</m>", "Error=XML_ERROR_PARSING_COMMENT ErrorID=10 (0xa) Line number=3"),
            (b"<m>\n<?pi?></m>", "Error=XML_ERROR_PARSING_DECLARATION ErrorID=11 (0xb) Line number=2: XMLDeclaration value=pi"),
            (
                b"<!-- c -->\n<?xml v=\"1\"\r\n?><m/>",
                "Error=XML_ERROR_PARSING_DECLARATION ErrorID=11 (0xb) Line number=2: XMLDeclaration value=xml v=\"1\"\n",
            ),
            (b"<?xml ", "Error=XML_ERROR_PARSING_DECLARATION ErrorID=11 (0xb) Line number=1"),
            (b"<m><!DOCTYPE", "Error=XML_ERROR_PARSING_UNKNOWN ErrorID=12 (0xc) Line number=1"),
            (b"<m>\n<a>\n</b></m>", "Error=XML_ERROR_MISMATCHED_ELEMENT ErrorID=14 (0xe) Line number=2: XMLElement name=a"),
            (b"<m>", "Error=XML_ERROR_MISMATCHED_ELEMENT ErrorID=14 (0xe) Line number=1: XMLElement name=m"),
            (b"<m>\n<a>\n", "Error=XML_ERROR_PARSING ErrorID=15 (0xf) Line number=2"),
            (b"<m><a/>", "Error=XML_ERROR_PARSING ErrorID=15 (0xf) Line number=1"),
            (b"<m>\n< 1/></m>", "Error=XML_ERROR_PARSING ErrorID=15 (0xf) Line number=2"),
            (b"<m>\nx<", "Error=XML_ERROR_PARSING ErrorID=15 (0xf) Line number=2"),
            (b"<m></ m>", "Error=XML_ERROR_PARSING ErrorID=15 (0xf) Line number=1"),
        ];
        for (text, want) in cases {
            assert_eq!(fails(text), want, "{}", String::from_utf8_lossy(text));
        }
        let e = parse(b"<m>\n<a b='1'b='2'/></m>").unwrap_err();
        assert_eq!(e.to_string(), format!("XML parse error 7:\n{}\n", e.text()));
        // the text is cut as TinyXML2's 1000-byte buffer cuts it
        let long = format!("<{}", "n".repeat(2000));
        assert_eq!(fails(long.as_bytes()).len(), 999);
    }

    #[test]
    fn nesting_limit() {
        let nested = |n: usize, leaf: &str| format!("<m>{}{}{}</m>", "<a>".repeat(n), leaf, "</a>".repeat(n));
        // the root is level 1: at level 499 only a self-closed element, or one at the very end
        assert!(parse(nested(497, "<b/>").as_bytes()).is_ok());
        let e = parse(format!("\n{}", nested(498, "")).as_bytes()).unwrap_err();
        assert_eq!(
            e.text(),
            "Error=XML_ELEMENT_DEPTH_EXCEEDED ErrorID=18 (0x12) Line number=2: Element nesting is too deep."
        );
        let open = format!("<m>{}", "<a>".repeat(497));
        assert_eq!(parse(open.as_bytes()).unwrap_err().id, ErrorId::MismatchedElement);
        assert_eq!(parse(nested(100_000, "").as_bytes()).unwrap_err().id, ErrorId::DepthExceeded);
    }
}
