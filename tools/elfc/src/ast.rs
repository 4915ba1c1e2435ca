//! The syntax tree the grammar builds. Positions are byte offsets into the source.

/// A binary operator.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Op {
    Or,
    Xor,
    And,
    Shl,
    Shr,
    Add,
    Sub,
    Mul,
    Div,
    Rem,
}

/// A layout function: `sizeof(.text)`, `offset(.text)`, `addr(label)`, `index(.text)`,
/// `end(.text)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Func {
    Sizeof,
    Offset,
    Addr,
    Index,
    End,
}

/// An integer expression.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Expr {
    Num(u64),
    /// A constant, a section (when it starts with `.`: its index) or a label (its address).
    Ident(Box<str>, usize),
    /// `$class`, `$addrsize`, `$data`.
    Param(Box<str>, usize),
    Neg(Box<Expr>),
    Not(Box<Expr>),
    Bin(Op, Box<Expr>, Box<Expr>),
    Func(Func, Box<[u8]>, usize),
}

/// A field value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Value {
    Expr(Expr),
    /// A string or `hex "…"` literal.
    Bytes(Vec<u8>),
}

/// `key: value`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Field {
    /// The key: borrowed from the tables of known keys (no allocation a field), owned
    /// only for an unknown key, which is reported.
    pub key: std::borrow::Cow<'static, str>,
    pub pos: usize,
    pub value: Value,
}

/// A typed record inside a section: `sym { … }`, `rel { … }`, `rela { … }`, `dyn { … }`,
/// `note { … }`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum RecordKind {
    Sym,
    Rel,
    Rela,
    Dyn,
    Note,
}

/// One item of a section's or fill's contents.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Content {
    Bytes(Vec<u8>),
    /// `u8`/`u16`/`u32`/`u64` (width 1, 2, 4, 8) or `addr` (width 0: the class's).
    Words(u8, Box<[Expr]>),
    /// One word, without an allocation: the common case of a long list of words.
    Word(u8, Expr),
    Zeros(Expr, usize),
    Align(Expr, usize),
    Label(String),
    StrTab(Vec<Vec<u8>>),
    Record(RecordKind, Vec<Field>, usize),
}

/// A section's body item.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Body {
    /// Boxed: a body is mostly contents, and a field is larger than any of them.
    Field(Box<Field>),
    Content(Content),
}

/// A top-level item.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Item {
    Header(Vec<Field>),
    Segment(Vec<Field>),
    /// `name` is `None` for `section null` (section 0 given explicitly).
    Section {
        name: Option<Vec<u8>>,
        pos: usize,
        body: Vec<Body>,
    },
    Fill {
        offset: Expr,
        pos: usize,
        contents: Vec<Content>,
    },
}
