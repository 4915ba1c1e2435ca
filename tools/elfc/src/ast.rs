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
    Ident(String, usize),
    /// `$class`, `$addrsize`, `$data`.
    Param(String, usize),
    Neg(Box<Expr>),
    Not(Box<Expr>),
    Bin(Op, Box<Expr>, Box<Expr>),
    Func(Func, Vec<u8>, usize),
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
    pub key: String,
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
    Words(u8, Vec<Expr>),
    Zeros(Expr, usize),
    Align(Expr, usize),
    Label(String),
    StrTab(Vec<Vec<u8>>),
    Record(RecordKind, Vec<Field>, usize),
}

/// A section's body item.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Body {
    Field(Field),
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
