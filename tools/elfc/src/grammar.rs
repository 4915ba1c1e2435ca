//! The grammar of the notation, in `peg`.

use crate::ast::{Body, Content, Expr, Field, Func, Item, Op, RecordKind, Value};

fn bin(op: Op, a: Expr, b: Expr) -> Expr {
    Expr::Bin(op, Box::new(a), Box::new(b))
}

/// Decode the inside of a `hex "…"` literal: pairs of hex digits, whitespace ignored.
fn decode_hex(s: &str) -> Result<Vec<u8>, &'static str> {
    let mut out = Vec::with_capacity(s.len() / 2);
    let mut hi: Option<u8> = None;
    for c in s.bytes() {
        if c.is_ascii_whitespace() {
            continue;
        }
        let d = match c {
            b'0'..=b'9' => c - b'0',
            b'a'..=b'f' => c - b'a' + 10,
            b'A'..=b'F' => c - b'A' + 10,
            _ => return Err("hex digits"),
        };
        match hi.take() {
            Some(h) => out.push(h << 4 | d),
            None => hi = Some(d),
        }
    }
    if hi.is_some() {
        return Err("an even number of hex digits");
    }
    Ok(out)
}

fn func(name: &str) -> Option<Func> {
    Some(match name {
        "sizeof" => Func::Sizeof,
        "offset" => Func::Offset,
        "addr" => Func::Addr,
        "index" => Func::Index,
        "end" => Func::End,
        _ => return None,
    })
}

peg::parser! {
    pub(crate) grammar notation() for str {
        /// A whole description.
        pub rule file() -> Vec<Item> = _ items:(item() ** _) _ ![_] { items }

        rule _ = quiet!{ ([' ' | '\t' | '\r' | '\n'] / "#" [^ '\n']*)* }

        rule ident() -> String = quiet!{
            s:$(['a'..='z' | 'A'..='Z' | '_' | '.'] ['a'..='z' | 'A'..='Z' | '0'..='9' | '_' | '.' | '$' | '@']*)
            { s.to_string() }
        } / expected!("identifier")

        rule kw(k: &'static str) = i:ident() {? if i == k { Ok(()) } else { Err(k) } }

        rule number() -> u64 = quiet!{
            "0x" s:$(['0'..='9' | 'a'..='f' | 'A'..='F']+) {? u64::from_str_radix(s, 16).or(Err("a 64-bit number")) }
            / "0b" s:$(['0' | '1']+) {? u64::from_str_radix(s, 2).or(Err("a 64-bit number")) }
            / s:$(['0'..='9']+) {? s.parse().or(Err("a 64-bit number")) }
        } / expected!("number")

        rule string() -> Vec<u8> = quiet!{ "\"" b:(string_char()*) "\"" { b.concat() } } / expected!("string")

        rule string_char() -> Vec<u8>
            = "\\x" h:$(['0'..='9' | 'a'..='f' | 'A'..='F']*<2>) {? u8::from_str_radix(h, 16).map(|b| vec![b]).or(Err("escape")) }
            / "\\n" { vec![b'\n'] }
            / "\\t" { vec![b'\t'] }
            / "\\r" { vec![b'\r'] }
            / "\\0" { vec![0] }
            / "\\\\" { vec![b'\\'] }
            / "\\\"" { vec![b'"'] }
            / s:$([^ '"' | '\\']+) { s.as_bytes().to_vec() }

        rule hex() -> Vec<u8> = kw("hex") _ "\"" s:$([^ '"']*) "\"" {? decode_hex(s) }

        /// An integer expression.
        pub rule expr() -> Expr = precedence!{
            x:(@) _ "|" _ y:@ { bin(Op::Or, x, y) }
            --
            x:(@) _ "^" _ y:@ { bin(Op::Xor, x, y) }
            --
            x:(@) _ "&" _ y:@ { bin(Op::And, x, y) }
            --
            x:(@) _ "<<" _ y:@ { bin(Op::Shl, x, y) }
            x:(@) _ ">>" _ y:@ { bin(Op::Shr, x, y) }
            --
            x:(@) _ "+" _ y:@ { bin(Op::Add, x, y) }
            x:(@) _ "-" _ y:@ { bin(Op::Sub, x, y) }
            --
            x:(@) _ "*" _ y:@ { bin(Op::Mul, x, y) }
            x:(@) _ "/" _ y:@ { bin(Op::Div, x, y) }
            x:(@) _ "%" _ y:@ { bin(Op::Rem, x, y) }
            --
            a:atom() { a }
        }

        rule atom() -> Expr
            = "-" _ p:primary() { Expr::Neg(Box::new(p)) }
            / "~" _ p:primary() { Expr::Not(Box::new(p)) }
            / primary()

        rule primary() -> Expr
            = n:number() { Expr::Num(n) }
            / paren()
            / p:position!() f:ident() _ "(" _ r:reference() _ ")" {?
                func(&f).map(|f| Expr::Func(f, r.into_boxed_slice(), p)).ok_or("sizeof, offset, addr, index or end")
            }
            / p:position!() "$" i:ident() { Expr::Param(i.into_boxed_str(), p) }
            / p:position!() i:ident() { Expr::Ident(i.into_boxed_str(), p) }

        /// A parenthesised expression, memoised (packrat): without it a hostile nesting
        /// of `-(` is re-parsed by every alternative at every level, exponentially, before
        /// the syntax error is reported. Only this rule is memoised: a cache entry is kept
        /// for every position a memoised rule is tried at, and memoising `expr`, `atom`
        /// and `primary` cost 330 bytes an item of a description (issue 10).
        #[cache]
        rule paren() -> Expr = "(" _ e:expr() _ ")" { e }

        rule reference() -> Vec<u8> = s:string() { s } / i:ident() { i.into_bytes() }

        rule value() -> Value
            = h:hex() { Value::Bytes(h) }
            / s:string() { Value::Bytes(s) }
            / e:expr() { Value::Expr(e) }

        rule field() -> Field = pos:position!() key:ident() _ ":" _ value:value() { Field { key: crate::compile::intern_key(key), pos, value } }

        rule fields() -> Vec<Field> = "{" _ f:(field() ** _) _ "}" {
            // Records come by the million: no spare capacity in each.
            let mut f = f;
            f.shrink_to_fit();
            f
        }

        rule width() -> u8
            = kw("u8") { 1 } / kw("u16") { 2 } / kw("u32") { 4 } / kw("u64") { 8 } / kw("addr") { 0 }

        rule record() -> RecordKind
            = kw("sym") { RecordKind::Sym } / kw("rela") { RecordKind::Rela } / kw("rel") { RecordKind::Rel }
            / kw("dyn") { RecordKind::Dyn } / kw("note") { RecordKind::Note }

        rule content() -> Content
            = h:hex() { Content::Bytes(h) }
            / kw("ascii") _ s:string() { Content::Bytes(s) }
            / kw("asciz") _ s:string() { let mut s = s; s.push(0); Content::Bytes(s) }
            / w:width() _ e:(expr() ++ (_ "," _)) {
                let mut e = e;
                match (e.pop(), e.is_empty()) {
                    (Some(one), true) => Content::Word(w, one),
                    (Some(last), false) => { e.push(last); Content::Words(w, e.into_boxed_slice()) }
                    (None, _) => Content::Words(w, Box::new([])),
                }
            }
            / p:position!() kw("zeros") _ e:expr() { Content::Zeros(e, p) }
            / p:position!() kw("align") _ e:expr() { Content::Align(e, p) }
            / kw("label") _ i:ident() { Content::Label(i) }
            / kw("strtab") _ "{" _ s:(string() ** _) _ "}" { Content::StrTab(s) }
            / p:position!() k:record() _ f:fields() { Content::Record(k, f, p) }

        rule body() -> Body = f:field() { Body::Field(Box::new(f)) } / c:content() { Body::Content(c) }

        rule section_name() -> Option<Vec<u8>>
            = s:string() { Some(s) }
            / i:ident() { if i == "null" { None } else { Some(i.into_bytes()) } }

        rule item() -> Item
            = kw("header") _ f:fields() { Item::Header(f) }
            / kw("segment") _ f:fields() { Item::Segment(f) }
            / pos:position!() kw("section") _ name:section_name() _ "{" _ body:(body() ** _) _ "}" {
                Item::Section { name, pos, body }
            }
            / pos:position!() kw("fill") _ offset:expr() _ "{" _ contents:(content() ** _) _ "}" {
                Item::Fill { offset, pos, contents }
            }
    }
}

pub(crate) use self::notation::file;

#[cfg(test)]
pub(crate) use self::notation::expr;
