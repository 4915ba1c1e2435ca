//! The small block-style YAML subset the legacy Elftoolchain descriptions use, parsed by
//! hand: `%` directives, `---`/`...` markers, `#` comments, block mappings and
//! sequences (a sequence may sit at its key's indentation), local tags (`!Section`),
//! flow sequences of scalars (`[ PF_X, PF_R ]`), plain, single- and double-quoted
//! scalars. Anchors, aliases, flow mappings, block scalars and multi-line plain
//! scalars are refused with an error at their position.

use crate::error::{err, Result};

/// A parsed node. Positions are byte offsets into the source.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Node {
    pub tag: Option<String>,
    pub pos: usize,
    pub kind: Kind,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Kind {
    Null,
    /// A scalar; `quoted` scalars are always strings.
    Scalar {
        text: String,
        quoted: bool,
    },
    Seq(Vec<Node>),
    /// `(key, key position, value)` in source order.
    Map(Vec<(String, usize, Node)>),
}

/// Nesting beyond this is refused, so hostile input cannot exhaust the stack.
const MAX_DEPTH: usize = 64;

/// One significant line: its indentation, its text without comment and trailing
/// blanks, and the byte offset of that text.
#[derive(Debug, Clone)]
struct Line {
    indent: usize,
    text: String,
    pos: usize,
}

/// Where a `#` comment starts in `s` (outside quotes, at the start or after a blank).
fn comment_start(s: &str) -> Option<usize> {
    let b = s.as_bytes();
    let (mut quote, mut i) = (None::<u8>, 0);
    while let Some(&c) = b.get(i) {
        match quote {
            Some(b'"') if c == b'\\' => i += 1,
            Some(q) if c == q => quote = None,
            Some(_) => {}
            None if (c == b'"' || c == b'\'')
                && (i == 0 || b.get(i - 1).is_some_and(|p| b" \t[,:-".contains(p))) =>
            {
                quote = Some(c)
            }
            None if c == b'#'
                && (i == 0 || b.get(i - 1).is_some_and(|p| *p == b' ' || *p == b'\t')) =>
            {
                return Some(i)
            }
            None => {}
        }
        i += 1;
    }
    None
}

fn lines(src: &str) -> Result<Vec<Line>> {
    let mut out = Vec::new();
    let mut pos = 0;
    let mut in_doc = false;
    for raw in src.split_inclusive('\n') {
        let start = pos;
        pos += raw.len();
        let line = raw.trim_end_matches(['\n', '\r']);
        let body = &line[..comment_start(line).unwrap_or(line.len())];
        let text = body.trim_end();
        let trimmed = text.trim_start_matches(' ');
        if trimmed.is_empty() {
            continue;
        }
        let indent = text.len() - trimmed.len();
        if trimmed.starts_with('\t') {
            return err(start + indent, "tab in indentation");
        }
        if indent == 0 && !in_doc && trimmed.starts_with('%') {
            continue;
        }
        if indent == 0 && (trimmed == "---" || trimmed.starts_with("--- ")) {
            if in_doc && !out.is_empty() {
                return err(start, "only one YAML document is supported");
            }
            in_doc = true;
            let rest = trimmed.get(4..).unwrap_or("").trim();
            if !rest.is_empty() {
                return err(start + 4, "content after `---` is not supported");
            }
            continue;
        }
        if indent == 0 && trimmed == "..." {
            break;
        }
        in_doc = true;
        out.push(Line {
            indent,
            text: trimmed.to_owned(),
            pos: start + indent,
        });
    }
    Ok(out)
}

struct Parser {
    lines: Vec<Line>,
    at: usize,
}

/// Parse a document; an empty one is [`Kind::Null`].
pub(crate) fn parse(src: &str) -> Result<Node> {
    let mut p = Parser {
        lines: lines(src)?,
        at: 0,
    };
    let Some(first) = p.lines.first().cloned() else {
        return Ok(Node {
            tag: None,
            pos: 0,
            kind: Kind::Null,
        });
    };
    let node = p.block(first.indent, 0)?;
    if let Some(l) = p.lines.get(p.at) {
        return err(l.pos, "unexpected indentation");
    }
    Ok(node)
}

/// `key: rest` when `s` starts with a plain mapping key.
fn split_key(s: &str) -> Option<(&str, &str)> {
    if s.starts_with(['"', '\'', '[', '{', '!', '&', '*', '|', '>'])
        || s.starts_with("- ")
        || s == "-"
    {
        return None;
    }
    let b = s.as_bytes();
    let mut i = 0;
    while let Some(&c) = b.get(i) {
        if c == b':' && matches!(b.get(i + 1), None | Some(b' ')) {
            let key = s[..i].trim_end();
            return (!key.is_empty()).then(|| (key, s[i + 1..].trim_start()));
        }
        i += 1;
    }
    None
}

fn is_seq_item(s: &str) -> bool {
    s == "-" || s.starts_with("- ")
}

impl Parser {
    fn peek(&self) -> Option<&Line> {
        self.lines.get(self.at)
    }

    /// The block node starting at the current line, which is at `indent`.
    fn block(&mut self, indent: usize, depth: usize) -> Result<Node> {
        let Some(line) = self.peek().cloned() else {
            return Ok(Node {
                tag: None,
                pos: 0,
                kind: Kind::Null,
            });
        };
        if depth > MAX_DEPTH {
            return err(line.pos, "nesting deeper than 64 levels");
        }
        if is_seq_item(&line.text) {
            let mut items = Vec::new();
            while let Some(l) = self.peek().cloned() {
                if l.indent != indent || !is_seq_item(&l.text) {
                    break;
                }
                let rest = l.text.get(1..).unwrap_or("");
                let content = rest.trim_start();
                let col = indent + 1 + (rest.len() - content.len());
                let cpos = l.pos + 1 + (rest.len() - content.len());
                if content.is_empty() {
                    self.at += 1;
                    items.push(self.nested(indent, l.pos, None, depth)?);
                } else {
                    // The item's content continues as if it were a line of its own.
                    if let Some(cur) = self.lines.get_mut(self.at) {
                        *cur = Line {
                            indent: col,
                            text: content.to_owned(),
                            pos: cpos,
                        };
                    }
                    items.push(self.inline_or_block(col, indent, depth + 1)?);
                }
            }
            return Ok(Node {
                tag: None,
                pos: line.pos,
                kind: Kind::Seq(items),
            });
        }
        if split_key(&line.text).is_some() {
            let mut entries: Vec<(String, usize, Node)> = Vec::new();
            while let Some(l) = self.peek().cloned() {
                if l.indent != indent {
                    if l.indent > indent {
                        return err(l.pos, "unexpected indentation");
                    }
                    break;
                }
                let Some((key, rest)) = split_key(&l.text) else {
                    if is_seq_item(&l.text) {
                        return err(l.pos, "a sequence item where a mapping key was expected");
                    }
                    return err(l.pos, "expected `key: value`");
                };
                if entries.iter().any(|(k, _, _)| k == key) {
                    return err(l.pos, format!("duplicate key `{key}`"));
                }
                let vpos = l.pos + (l.text.len() - rest.len());
                self.at += 1;
                let value = self.value(rest, vpos, indent, depth + 1)?;
                entries.push((key.to_owned(), l.pos, value));
            }
            return Ok(Node {
                tag: None,
                pos: line.pos,
                kind: Kind::Map(entries),
            });
        }
        // A lone node on its line: tag and/or scalar.
        self.at += 1;
        self.value(&line.text, line.pos, indent.saturating_sub(1), depth)
    }

    /// A sequence item's content at column `col` (the dash at `dash`).
    fn inline_or_block(&mut self, col: usize, dash: usize, depth: usize) -> Result<Node> {
        let Some(l) = self.peek().cloned() else {
            return err(0, "unexpected end");
        };
        if split_key(&l.text).is_some() || is_seq_item(&l.text) {
            return self.block(col, depth);
        }
        self.at += 1;
        self.value(&l.text, l.pos, dash, depth)
    }

    /// The value after `key:` (or a lone line): `rest` on the same line, else the
    /// block on the following lines indented more than `parent` (a sequence may sit
    /// at `parent`'s own indentation).
    fn value(&mut self, rest: &str, pos: usize, parent: usize, depth: usize) -> Result<Node> {
        let mut rest = rest;
        let mut tag = None;
        let mut pos = pos;
        if let Some(t) = rest.strip_prefix('!') {
            let end = t.find(' ').unwrap_or(t.len());
            tag = Some(t[..end].to_owned());
            let after = t[end..].trim_start();
            pos += rest.len() - after.len();
            rest = after;
        }
        if rest.starts_with(['&', '*', '|', '>', '{', '@', '`']) {
            return err(
                pos,
                format!("`{}` is not supported in this YAML subset", &rest[..1]),
            );
        }
        if !rest.is_empty() {
            let kind = if let Some(inner) = rest.strip_prefix('[') {
                let Some(inner) = inner.strip_suffix(']') else {
                    return err(pos, "flow sequence must close on its line");
                };
                let mut items = Vec::new();
                let mut off = pos + 1;
                for part in split_flow(inner, pos + 1)? {
                    let p = part.trim();
                    let ppos = off + (part.len() - part.trim_start().len());
                    off += part.len() + 1;
                    if p.is_empty() {
                        if inner.trim().is_empty() {
                            break;
                        }
                        return err(ppos, "empty flow sequence item");
                    }
                    items.push(Node {
                        tag: None,
                        pos: ppos,
                        kind: scalar(p, ppos)?,
                    });
                }
                Kind::Seq(items)
            } else {
                scalar(rest, pos)?
            };
            let node = Node { tag, pos, kind };
            return Ok(node);
        }
        self.nested(parent, pos, tag, depth)
    }

    /// The block on the following lines belonging to a parent at `parent`.
    fn nested(
        &mut self,
        parent: usize,
        pos: usize,
        tag: Option<String>,
        depth: usize,
    ) -> Result<Node> {
        match self.peek().cloned() {
            Some(l) if l.indent > parent || (l.indent == parent && is_seq_item(&l.text)) => {
                let mut node = self.block(l.indent, depth + 1)?;
                if tag.is_some() {
                    node.tag = tag;
                }
                Ok(node)
            }
            _ => Ok(Node {
                tag,
                pos,
                kind: Kind::Null,
            }),
        }
    }
}

/// Split a flow sequence's inside at commas outside quotes.
fn split_flow(s: &str, pos: usize) -> Result<Vec<&str>> {
    let b = s.as_bytes();
    let (mut parts, mut start, mut quote, mut i) = (Vec::new(), 0, None::<u8>, 0);
    while let Some(&c) = b.get(i) {
        match quote {
            Some(b'"') if c == b'\\' => i += 1,
            Some(q) if c == q => quote = None,
            Some(_) => {}
            None if c == b'"' || c == b'\'' => quote = Some(c),
            None if c == b'[' || c == b'{' => {
                return err(pos + i, "nested flow collections are not supported")
            }
            None if c == b',' => {
                parts.push(&s[start..i]);
                start = i + 1;
            }
            None => {}
        }
        i += 1;
    }
    if quote.is_some() {
        return err(pos, "unterminated quoted scalar");
    }
    parts.push(&s[start..]);
    Ok(parts)
}

fn scalar(s: &str, pos: usize) -> Result<Kind> {
    if let Some(inner) = s.strip_prefix('\'') {
        let Some(inner) = inner.strip_suffix('\'') else {
            return err(pos, "unterminated single-quoted scalar");
        };
        return Ok(Kind::Scalar {
            text: inner.replace("''", "'"),
            quoted: true,
        });
    }
    if let Some(inner) = s.strip_prefix('"') {
        let Some(inner) = inner
            .strip_suffix('"')
            .filter(|i| !i.ends_with('\\') || i.ends_with("\\\\"))
        else {
            return err(pos, "unterminated double-quoted scalar");
        };
        let mut out = String::new();
        let mut it = inner.chars();
        while let Some(c) = it.next() {
            if c != '\\' {
                out.push(c);
                continue;
            }
            let e = it.next().unwrap_or('\\');
            out.push(match e {
                'n' => '\n',
                't' => '\t',
                'r' => '\r',
                '0' => '\0',
                '\\' => '\\',
                '"' => '"',
                '/' => '/',
                ' ' => ' ',
                'x' => {
                    let h: String = it.by_ref().take(2).collect();
                    match u8::from_str_radix(&h, 16) {
                        Ok(v) => char::from(v),
                        Err(_) => return err(pos, format!("bad escape `\\x{h}`")),
                    }
                }
                other => return err(pos, format!("unsupported escape `\\{other}`")),
            });
        }
        return Ok(Kind::Scalar {
            text: out,
            quoted: true,
        });
    }
    if s == "~" || s == "null" || s == "Null" || s == "NULL" {
        return Ok(Kind::Null);
    }
    Ok(Kind::Scalar {
        text: s.to_owned(),
        quoted: false,
    })
}

/// A plain scalar's value as a YAML 1.1 integer (`42`, `-1`, `0x2a`, `052`, `0b101`,
/// `1_000`), wrapped to 64 bits when negative; `None` if it is not one or does not fit.
pub(crate) fn int(s: &str) -> Option<u64> {
    let (neg, body) = match s.as_bytes().first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    };
    let clean: String = body.chars().filter(|&c| c != '_').collect();
    if clean.is_empty() || body.starts_with('_') {
        return None;
    }
    let (digits, radix) = if let Some(h) = clean.strip_prefix("0x") {
        (h, 16)
    } else if let Some(b) = clean.strip_prefix("0b") {
        (b, 2)
    } else if clean.len() > 1 && clean.starts_with('0') {
        (&clean[1..], 8)
    } else {
        (clean.as_str(), 10)
    };
    if digits.is_empty() || !digits.chars().all(|c| c.is_digit(radix)) {
        return None;
    }
    let v = u64::from_str_radix(digits, radix).ok()?;
    if neg {
        (v <= 1 << 63).then(|| v.wrapping_neg())
    } else {
        Some(v)
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::indexing_slicing, clippy::panic)]
    use super::*;

    fn s(n: &Node) -> &str {
        match &n.kind {
            Kind::Scalar { text, .. } => text,
            k => panic!("not a scalar: {k:?}"),
        }
    }

    #[test]
    fn subset() {
        let src = "%YAML 1.1\n# c\n---\nehdr: !Ehdr\n  e_ident: !Ident # x\n    ei_class: ELFCLASSNONE\n  e_flags: [ 64, 8 ]\nsections:\n - !Section # 0\n   sh_type: SHT_NULL\n\n - !Section\n   sh_name: .a\n   sh_data:\n   - hello world\n   - 'q # not'\n   - \"x\\x41\"\n";
        let n = parse(src).unwrap();
        let Kind::Map(top) = &n.kind else { panic!() };
        assert_eq!(top[0].0, "ehdr");
        assert_eq!(top[0].2.tag.as_deref(), Some("Ehdr"));
        let Kind::Map(eh) = &top[0].2.kind else {
            panic!()
        };
        assert_eq!(eh[0].2.tag.as_deref(), Some("Ident"));
        let Kind::Seq(flags) = &eh[1].2.kind else {
            panic!()
        };
        assert_eq!(flags.len(), 2);
        let Kind::Seq(secs) = &top[1].2.kind else {
            panic!()
        };
        assert_eq!(secs.len(), 2);
        assert_eq!(secs[1].tag.as_deref(), Some("Section"));
        let Kind::Map(sec) = &secs[1].kind else {
            panic!()
        };
        let Kind::Seq(data) = &sec[1].2.kind else {
            panic!()
        };
        assert_eq!(s(&data[0]), "hello world");
        assert_eq!(s(&data[1]), "q # not");
        assert_eq!(s(&data[2]), "xA");
    }

    #[test]
    fn tagged_items_inline() {
        let n = parse("l:\n - !Verdef\n   vd_version: 1\n - !Verdaux {}\n").err();
        assert!(n.is_some());
        let n = parse("l:\n - !Dyn\n   d_tag: 1\n - a: 1\n   b: 2\n").unwrap();
        let Kind::Map(top) = &n.kind else { panic!() };
        let Kind::Seq(items) = &top[0].2.kind else {
            panic!()
        };
        assert_eq!(items[0].tag.as_deref(), Some("Dyn"));
        let Kind::Map(m) = &items[1].kind else {
            panic!()
        };
        assert_eq!(m.len(), 2);
    }

    #[test]
    fn ints() {
        assert_eq!(int("0xFF03"), Some(0xff03));
        assert_eq!(int("010"), Some(8));
        assert_eq!(int("0"), Some(0));
        assert_eq!(int("-1"), Some(u64::MAX));
        assert_eq!(int("0xFFFFFFFFFFFFFFFF"), Some(u64::MAX));
        assert_eq!(int(".shstrtab"), None);
        assert_eq!(int("hello"), None);
        assert_eq!(int("0x1_0000_0000_0000_0000"), None);
    }

    #[test]
    fn errors() {
        assert!(parse("a: 1\n  b: 2\n").is_err());
        assert!(parse("a: *x\n").is_err());
        assert!(parse("a: [1, [2]]\n").is_err());
        assert!(parse("a: 1\na: 2\n").is_err());
        assert!(parse("a: 'x\n").is_err());
    }
}
