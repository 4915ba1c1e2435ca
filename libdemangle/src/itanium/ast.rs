//! The component tree built by the Itanium parser.
//!
//! Nodes live in an arena (`Vec<Node>`) and refer to each other by index, so
//! substitutions can share subtrees without reference counting. The node kinds
//! follow the grammar of the Itanium C++ ABI, with a few GNU extensions.

/// Index of a node in the arena.
pub(crate) type Id = u32;

/// What a node is. Children live in `Node::left` / `Node::right`; the
/// meaning of each is given per kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// An identifier (`text`).
    Name,
    /// `left::right`.
    QualName,
    /// `left` (function encoding) `::` `right` (entity).
    LocalName,
    /// `left` (name) with `right` (function type).
    TypedName,
    /// `left` (template name) `<right>` (template arglist).
    Template,
    /// Template parameter number `num`.
    TemplateParam,
    /// Function parameter number `num` (0 is `this`).
    FunctionParam,
    /// Constructor of class named `left`.
    Ctor,
    /// Destructor of class named `left`.
    Dtor,
    Vtable,
    Vtt,
    /// `left` is the base type, `right` the derived type.
    ConstructionVtable,
    Typeinfo,
    TypeinfoName,
    TypeinfoFn,
    Thunk,
    VirtualThunk,
    CovariantThunk,
    JavaClass,
    /// `java resource left` (GCJ's `_ZGr`).
    JavaResource,
    /// `left` followed by `right` (the pieces of a Java resource name).
    CompoundName,
    Guard,
    TlsInit,
    TlsWrapper,
    /// `left` is the name, `right` a `Number`.
    RefTemp,
    HiddenAlias,
    /// A standard substitution such as `std::allocator` (`text`).
    SubStd,
    Restrict,
    Volatile,
    Const,
    RestrictThis,
    VolatileThis,
    ConstThis,
    ReferenceThis,
    RvalueReferenceThis,
    TransactionSafe,
    /// `noexcept`, with an optional expression in `right`.
    Noexcept,
    /// `throw(right)`.
    ThrowSpec,
    /// `left` qualified by vendor qualifier `right`.
    VendorTypeQual,
    Pointer,
    Reference,
    RvalueReference,
    Complex,
    Imaginary,
    /// Builtin type number `num` in [`BUILTINS`](super::tables::BUILTINS).
    BuiltinType,
    /// `_Float<num>` with optional suffix `aux`.
    ExtendedBuiltinType,
    VendorType,
    /// Return type `left` (optional), parameters `right`.
    FunctionType,
    /// Dimension `left` (optional), element type `right`.
    ArrayType,
    /// Class `left`, member type `right`.
    PtrmemType,
    /// Dimension `left`, element type `right`.
    VectorType,
    /// List cell: element `left`, rest `right`.
    Arglist,
    /// List cell: element `left`, rest `right`.
    TemplateArglist,
    TparmObj,
    /// Optional type `left`, list `right`.
    InitializerList,
    /// Operator number `num` in [`OPERATORS`](super::tables::OPERATORS).
    Operator,
    /// Vendor operator named `left` taking `num` arguments.
    ExtendedOperator,
    Cast,
    Conversion,
    Nullary,
    Unary,
    Binary,
    BinaryArgs,
    Trinary,
    TrinaryArg1,
    TrinaryArg2,
    Literal,
    LiteralNeg,
    VendorExpr,
    Number,
    Decltype,
    GlobalConstructors,
    GlobalDestructors,
    /// Lambda number `num` with parameters `left`.
    Lambda,
    /// Default argument number `num` scope around `left`.
    DefaultArg,
    /// Unnamed type number `num`.
    UnnamedType,
    TransactionClone,
    NonTransactionClone,
    PackExpansion,
    /// `left[abi:right]`.
    TaggedName,
    /// `left [clone right]`.
    Clone,
    /// Structured binding: name `left`, next binding `right`.
    StructuredBinding,
    ModuleName,
    ModulePartition,
    ModuleEntity,
    ModuleInit,
    TemplateHead,
    TemplateTypeParm,
    TemplateNonTypeParm,
    TemplateTemplateParm,
    TemplatePackParm,
}

impl Kind {
    /// Qualifiers that apply to a member function's `this`.
    pub(crate) fn is_fnqual(self) -> bool {
        matches!(
            self,
            Kind::RestrictThis
                | Kind::VolatileThis
                | Kind::ConstThis
                | Kind::ReferenceThis
                | Kind::RvalueReferenceThis
                | Kind::TransactionSafe
                | Kind::Noexcept
                | Kind::ThrowSpec
        )
    }

    /// Plain cv-qualifiers.
    pub(crate) fn is_cv(self) -> bool {
        matches!(self, Kind::Restrict | Kind::Volatile | Kind::Const)
    }
}

/// Where a node's text comes from.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Text {
    None,
    /// A byte range of the mangled input.
    Input(u32, u32),
    /// A fixed string.
    Static(&'static str),
}

/// One component.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Node {
    pub(crate) kind: Kind,
    pub(crate) left: Option<Id>,
    pub(crate) right: Option<Id>,
    pub(crate) text: Text,
    pub(crate) num: i32,
    pub(crate) aux: u8,
}
