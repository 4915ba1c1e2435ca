//! Parser: mangled bytes to a component tree (Itanium C++ ABI §5.1).
//!
//! Every function returns `None` on malformed input. Work is bounded: the
//! node arena, the substitution table and the nesting depth all have caps
//! derived from the input length.

use super::ast::{Id, Kind, Node, Text};
use super::tables::{self, STD_SUBS};

/// Hard cap on parser nesting, independent of the GNU-compatible limits.
const MAX_DEPTH: u32 = 1200;
/// GNU's limit on nested function types (`DEMANGLE_RECURSION_LIMIT`).
const FN_RECURSION_LIMIT: u32 = 2048;

/// Parser state.
pub(crate) struct Parser<'a> {
    pub(crate) s: &'a [u8],
    n: usize,
    pub(crate) nodes: Vec<Node>,
    max_nodes: usize,
    subs: Vec<Id>,
    max_subs: usize,
    last_name: Option<Id>,
    is_expression: bool,
    is_conversion: bool,
    fn_recursion: u32,
    recurse_limit: bool,
    depth: u32,
    /// 1: try the new unresolved-name grammar; -1: it was tried; 0: old grammar.
    pub(crate) unresolved_name_state: i8,
    params: bool,
    verbose: bool,
    /// Java names (`DMGL_JAVA`): a `$` after a source name is skipped.
    pub(crate) java: bool,
}

/// Saved parser position for backtracking.
struct Checkpoint {
    n: usize,
    nodes: usize,
    subs: usize,
}

impl<'a> Parser<'a> {
    /// A parser for `s`, building its tree in `nodes` and `subs` (cleared
    /// first; passed in so that their storage can be reused).
    pub(crate) fn new(
        s: &'a [u8],
        params: bool,
        verbose: bool,
        recurse_limit: bool,
        (mut nodes, mut subs): (Vec<Node>, Vec<Id>),
    ) -> Self {
        nodes.clear();
        subs.clear();
        Parser {
            s,
            n: 0,
            nodes,
            max_nodes: s.len().saturating_mul(2),
            subs,
            max_subs: s.len(),
            last_name: None,
            is_expression: false,
            is_conversion: false,
            fn_recursion: 0,
            recurse_limit,
            depth: 0,
            unresolved_name_state: 1,
            params,
            verbose,
            java: false,
        }
    }

    /// The node arena and substitution table, for reuse.
    pub(crate) fn into_buffers(self) -> (Vec<Node>, Vec<Id>) {
        (self.nodes, self.subs)
    }

    /// Resets for a second attempt with the same input.
    pub(crate) fn reset(&mut self) {
        self.n = 0;
        self.nodes.clear();
        self.subs.clear();
        self.last_name = None;
        self.is_expression = false;
        self.is_conversion = false;
        self.fn_recursion = 0;
        self.depth = 0;
    }

    pub(crate) fn at_end(&self) -> bool {
        self.n >= self.s.len()
    }

    pub(crate) fn advance(&mut self, k: usize) {
        self.n = (self.n + k).min(self.s.len());
    }

    fn peek(&self) -> u8 {
        self.s.get(self.n).copied().unwrap_or(0)
    }

    fn peek_next(&self) -> u8 {
        if self.n >= self.s.len() {
            return 0;
        }
        self.s.get(self.n + 1).copied().unwrap_or(0)
    }

    fn next_char(&mut self) -> u8 {
        let c = self.peek();
        if c != 0 {
            self.n += 1;
        }
        c
    }

    fn check(&mut self, c: u8) -> bool {
        if self.peek() == c {
            self.n += 1;
            true
        } else {
            false
        }
    }

    fn checkpoint(&self) -> Checkpoint {
        Checkpoint {
            n: self.n,
            nodes: self.nodes.len(),
            subs: self.subs.len(),
        }
    }

    fn backtrack(&mut self, c: &Checkpoint) {
        self.n = c.n;
        self.nodes.truncate(c.nodes);
        self.subs.truncate(c.subs);
    }

    fn enter(&mut self) -> Option<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return None;
        }
        Some(())
    }

    fn leave(&mut self) {
        self.depth = self.depth.saturating_sub(1);
    }

    // ----- node construction -----

    fn alloc(&mut self, node: Node) -> Option<Id> {
        if self.nodes.len() >= self.max_nodes {
            return None;
        }
        let id = Id::try_from(self.nodes.len()).ok()?;
        self.nodes.push(node);
        Some(id)
    }

    fn leaf(&mut self, kind: Kind, text: Text, num: i32) -> Option<Id> {
        self.alloc(Node {
            kind,
            left: None,
            right: None,
            text,
            num,
            aux: 0,
        })
    }

    /// Makes an interior node, checking which children the kind requires.
    pub(crate) fn comp(&mut self, kind: Kind, left: Option<Id>, right: Option<Id>) -> Option<Id> {
        use Kind::*;
        let ok = match kind {
            QualName | LocalName | TypedName | TaggedName | Template | ConstructionVtable
            | VendorTypeQual | PtrmemType | Unary | Binary | BinaryArgs | Trinary | TrinaryArg1
            | Literal | LiteralNeg | VendorExpr | VectorType | Clone | ModuleEntity
            | CompoundName => left.is_some() && right.is_some(),
            Vtable | Vtt | Typeinfo | TypeinfoName | TypeinfoFn | Thunk | VirtualThunk
            | CovariantThunk | JavaClass | JavaResource | Guard | TlsInit | TlsWrapper
            | RefTemp | HiddenAlias | TransactionClone | NonTransactionClone | Pointer
            | Reference | RvalueReference | Complex | Imaginary | VendorType | Cast
            | Conversion | Decltype | PackExpansion | GlobalConstructors | GlobalDestructors
            | Nullary | TrinaryArg2 | TparmObj | StructuredBinding | ModuleInit | TemplateHead
            | TemplateNonTypeParm | TemplateTemplateParm | TemplatePackParm => left.is_some(),
            ArrayType | InitializerList | ModuleName | ModulePartition => right.is_some(),
            FunctionType | Restrict | Volatile | Const | Arglist | TemplateArglist
            | TemplateTypeParm | RestrictThis | VolatileThis | ConstThis | ReferenceThis
            | RvalueReferenceThis | TransactionSafe | Noexcept | ThrowSpec => true,
            _ => false,
        };
        if !ok {
            return None;
        }
        self.alloc(Node {
            kind,
            left,
            right,
            text: Text::None,
            num: 0,
            aux: 0,
        })
    }

    fn name(&mut self, start: usize, len: usize) -> Option<Id> {
        if len == 0 {
            return None;
        }
        let s = u32::try_from(start).ok()?;
        let l = u32::try_from(len).ok()?;
        self.leaf(Kind::Name, Text::Input(s, l), 0)
    }

    fn static_name(&mut self, s: &'static str) -> Option<Id> {
        self.leaf(Kind::Name, Text::Static(s), 0)
    }

    fn kind_of(&self, id: Option<Id>) -> Option<Kind> {
        id.and_then(|i| self.nodes.get(i as usize)).map(|n| n.kind)
    }

    fn left_of(&self, id: Id) -> Option<Id> {
        self.nodes.get(id as usize).and_then(|n| n.left)
    }

    fn right_of(&self, id: Id) -> Option<Id> {
        self.nodes.get(id as usize).and_then(|n| n.right)
    }

    fn set_left(&mut self, id: Id, v: Option<Id>) {
        if let Some(n) = self.nodes.get_mut(id as usize) {
            n.left = v;
        }
    }

    fn set_right(&mut self, id: Id, v: Option<Id>) {
        if let Some(n) = self.nodes.get_mut(id as usize) {
            n.right = v;
        }
    }

    fn add_sub(&mut self, id: Option<Id>) -> Option<()> {
        let id = id?;
        if self.subs.len() >= self.max_subs {
            return None;
        }
        self.subs.push(id);
        Some(())
    }

    // ----- grammar -----

    /// `<mangled-name> ::= _Z <encoding> [<clone-suffix>]*`
    pub(crate) fn mangled_name(&mut self, top_level: bool) -> Option<Id> {
        if !self.check(b'_') && top_level {
            return None;
        }
        if !self.check(b'Z') {
            return None;
        }
        let mut p = self.encoding(top_level);
        if top_level && self.params {
            while self.peek() == b'.' {
                let c = self.peek_next();
                if !(c.is_ascii_lowercase() || c == b'_' || c.is_ascii_digit()) {
                    break;
                }
                p = self.clone_suffix(p);
            }
        }
        p
    }

    fn has_return_type(&self, dc: Option<Id>) -> bool {
        let Some(id) = dc else { return false };
        match self.kind_of(dc) {
            Some(Kind::LocalName) => self.has_return_type(self.right_of(id)),
            Some(Kind::Template) => !self.is_ctor_dtor_or_conversion(self.left_of(id)),
            Some(k) if k.is_fnqual() => self.has_return_type(self.left_of(id)),
            _ => false,
        }
    }

    fn is_ctor_dtor_or_conversion(&self, dc: Option<Id>) -> bool {
        let Some(id) = dc else { return false };
        match self.kind_of(dc) {
            Some(Kind::QualName | Kind::LocalName) => {
                self.is_ctor_dtor_or_conversion(self.right_of(id))
            }
            Some(Kind::Ctor | Kind::Dtor | Kind::Conversion) => true,
            _ => false,
        }
    }

    /// `<encoding>` below the top level (for `_GLOBAL_` symbols).
    pub(crate) fn encoding_pub(&mut self) -> Option<Id> {
        self.encoding(false)
    }

    /// A name node with the given text.
    pub(crate) fn raw_name(&mut self, text: Text) -> Option<Id> {
        self.leaf(Kind::Name, text, 0)
    }

    fn encoding(&mut self, top_level: bool) -> Option<Id> {
        self.enter()?;
        let r = self.encoding_inner(top_level);
        self.leave();
        r
    }

    fn encoding_inner(&mut self, top_level: bool) -> Option<Id> {
        let peek = self.peek();
        if peek == b'G' || peek == b'T' {
            return self.special_name();
        }
        let mut dc = self.d_name(false)?;
        if top_level && !self.params {
            while self.kind_of(Some(dc)).is_some_and(Kind::is_fnqual) {
                dc = self.left_of(dc)?;
            }
            if self.kind_of(Some(dc)) == Some(Kind::LocalName) {
                loop {
                    let r = self.right_of(dc);
                    match r {
                        Some(rid) if self.kind_of(r).is_some_and(Kind::is_fnqual) => {
                            let inner = self.left_of(rid);
                            self.set_right(dc, inner);
                        }
                        _ => break,
                    }
                }
                self.right_of(dc)?;
            }
            Some(dc)
        } else {
            let peek = self.peek();
            if peek != 0 && peek != b'E' {
                let hrt = self.has_return_type(Some(dc));
                let ftype = self.bare_function_type(hrt)?;
                if !top_level
                    && self.kind_of(Some(dc)) == Some(Kind::LocalName)
                    && self.kind_of(Some(ftype)) == Some(Kind::FunctionType)
                {
                    self.set_left(ftype, None);
                }
                self.comp(Kind::TypedName, Some(dc), Some(ftype))
            } else {
                Some(dc)
            }
        }
    }

    fn abi_tags(&mut self, mut dc: Option<Id>) -> Option<Id> {
        let hold = self.last_name;
        while self.peek() == b'B' {
            self.advance(1);
            let tag = self.source_name();
            dc = self.comp(Kind::TaggedName, dc, tag);
        }
        self.last_name = hold;
        dc
    }

    /// `<name>`; `substable` adds the result to the substitution table.
    fn d_name(&mut self, substable: bool) -> Option<Id> {
        self.enter()?;
        let r = self.d_name_inner(substable);
        self.leave();
        r
    }

    fn d_name_inner(&mut self, substable: bool) -> Option<Id> {
        let mut dc: Option<Id> = None;
        let mut subst = false;
        match self.peek() {
            b'N' => dc = self.nested_name(),
            b'Z' => dc = self.local_name(),
            b'U' => dc = self.unqualified_name(None, None),
            c => {
                let mut module = None;
                if c == b'S' {
                    if self.peek_next() == b't' {
                        self.advance(2);
                        dc = self.static_name("std");
                    }
                    if self.peek() == b'S' {
                        let m = self.substitution(false)?;
                        if matches!(
                            self.kind_of(Some(m)),
                            Some(Kind::ModuleName | Kind::ModulePartition)
                        ) {
                            module = Some(m);
                        } else {
                            if dc.is_some() {
                                return None;
                            }
                            subst = true;
                            dc = Some(m);
                        }
                    }
                }
                if !subst {
                    dc = self.unqualified_name(dc, module);
                }
                if self.peek() == b'I' {
                    if !subst {
                        self.add_sub(dc)?;
                    }
                    let args = self.template_args();
                    dc = self.comp(Kind::Template, dc, args);
                    subst = false;
                }
            }
        }
        if substable && !subst {
            self.add_sub(dc)?;
        }
        dc
    }

    fn nested_name(&mut self) -> Option<Id> {
        if !self.check(b'N') {
            return None;
        }
        let quals = self.cv_qualifiers(true)?;
        let rqual = self.ref_qualifier(None);
        let inner = self.prefix(true)?;
        let mut ret = self.fill_quals(&quals, inner);
        if let Some(rq) = rqual {
            self.set_left(rq, Some(ret));
            ret = rq;
        }
        if !self.check(b'E') {
            return None;
        }
        Some(ret)
    }

    /// Links a qualifier chain (outermost first) around `inner`.
    fn fill_quals(&mut self, quals: &[Id], inner: Id) -> Id {
        match (quals.first(), quals.last()) {
            (Some(&outer), Some(&last)) => {
                self.set_left(last, Some(inner));
                outer
            }
            _ => inner,
        }
    }

    fn prefix(&mut self, substable: bool) -> Option<Id> {
        self.enter()?;
        let r = self.prefix_inner(substable);
        self.leave();
        r
    }

    fn prefix_inner(&mut self, substable: bool) -> Option<Id> {
        let mut ret: Option<Id> = None;
        loop {
            let peek = self.peek();
            if peek == b'D' && matches!(self.peek_next(), b'T' | b't') {
                if ret.is_some() {
                    return None;
                }
                ret = self.d_type();
            } else if peek == b'I' {
                ret?;
                let dc = self.template_args()?;
                ret = self.comp(Kind::Template, ret, Some(dc));
            } else if peek == b'T' {
                if ret.is_some() {
                    return None;
                }
                ret = self.template_param();
            } else if peek == b'M' {
                self.advance(1);
                continue;
            } else {
                let mut module = None;
                if peek == b'S' {
                    let m = self.substitution(true)?;
                    if matches!(
                        self.kind_of(Some(m)),
                        Some(Kind::ModuleName | Kind::ModulePartition)
                    ) {
                        module = Some(m);
                    } else {
                        if ret.is_some() {
                            return None;
                        }
                        ret = Some(m);
                        continue;
                    }
                }
                ret = self.unqualified_name(ret, module);
            }
            ret?;
            if self.peek() == b'E' {
                break;
            }
            if substable {
                self.add_sub(ret)?;
            }
        }
        ret
    }

    fn maybe_module_name(&mut self, name: &mut Option<Id>) -> Option<()> {
        while self.peek() == b'W' {
            self.advance(1);
            let mut code = Kind::ModuleName;
            if self.peek() == b'P' {
                code = Kind::ModulePartition;
                self.advance(1);
            }
            let sn = self.source_name();
            *name = Some(self.comp(code, *name, sn)?);
            self.add_sub(*name)?;
        }
        Some(())
    }

    fn unqualified_name(&mut self, scope: Option<Id>, module: Option<Id>) -> Option<Id> {
        let mut module = module;
        self.maybe_module_name(&mut module)?;
        let peek = self.peek();
        let mut ret: Option<Id>;
        if peek.is_ascii_digit() {
            ret = self.source_name();
        } else if peek.is_ascii_lowercase() {
            let was_expr = self.is_expression;
            if peek == b'o' && self.peek_next() == b'n' {
                self.advance(2);
                self.is_expression = false;
            }
            ret = self.operator_name();
            self.is_expression = was_expr;
            if let Some(r) = ret {
                if let Some(node) = self.nodes.get(r as usize) {
                    if node.kind == Kind::Operator
                        && tables::OPERATORS.get(node.num as usize).map(|o| o.code) == Some("li")
                    {
                        let sn = self.source_name();
                        ret = self.comp(Kind::Unary, Some(r), sn);
                    }
                }
            }
        } else if peek == b'D' && self.peek_next() == b'C' {
            self.advance(2);
            let mut prev: Option<Id> = None;
            ret = None;
            loop {
                let sn = self.source_name();
                let next = self.comp(Kind::StructuredBinding, sn, None);
                match prev {
                    Some(p) => self.set_right(p, next),
                    None => ret = next,
                }
                prev = next;
                if prev.is_none() || self.peek() == b'E' {
                    break;
                }
            }
            if prev.is_some() {
                self.advance(1);
            } else {
                ret = None;
            }
        } else if peek == b'C' || peek == b'D' {
            ret = self.ctor_dtor_name();
        } else if peek == b'L' {
            self.advance(1);
            ret = Some(self.source_name()?);
            if !self.discriminator() {
                return None;
            }
        } else if peek == b'U' {
            ret = match self.peek_next() {
                b'l' => self.lambda(),
                b't' => self.unnamed_type(),
                _ => return None,
            };
        } else {
            return None;
        }
        if module.is_some() {
            ret = self.comp(Kind::ModuleEntity, ret, module);
        }
        if self.peek() == b'B' {
            ret = self.abi_tags(ret);
        }
        if scope.is_some() {
            ret = self.comp(Kind::QualName, scope, ret);
        }
        ret
    }

    fn source_name(&mut self) -> Option<Id> {
        let len = self.number();
        if len <= 0 {
            return None;
        }
        let ret = self.identifier(usize::try_from(len).ok()?);
        self.last_name = ret;
        ret
    }

    /// `[n] <decimal>`; returns -1 on overflow.
    fn number(&mut self) -> i32 {
        let mut negative = false;
        if self.peek() == b'n' {
            negative = true;
            self.advance(1);
        }
        let mut ret: i32 = 0;
        loop {
            let c = self.peek();
            if !c.is_ascii_digit() {
                return if negative { -ret } else { ret };
            }
            let d = i32::from(c - b'0');
            if ret > (i32::MAX - d) / 10 {
                return -1;
            }
            ret = ret * 10 + d;
            self.advance(1);
        }
    }

    fn number_component(&mut self) -> Option<Id> {
        let n = self.number();
        self.leaf(Kind::Number, Text::None, n)
    }

    fn identifier(&mut self, len: usize) -> Option<Id> {
        let start = self.n;
        if self.s.len() - start < len {
            return None;
        }
        self.advance(len);
        let name = self.s.get(start..start + len)?;
        // Java appends a `$` (not counted) to names that are C++ keywords.
        if self.java && self.peek() == b'$' {
            self.advance(1);
        }
        if len >= 10 && name.starts_with(b"_GLOBAL_") {
            if let (Some(&c), Some(&n)) = (name.get(8), name.get(9)) {
                if matches!(c, b'.' | b'_' | b'$') && n == b'N' {
                    return self.static_name("(anonymous namespace)");
                }
            }
        }
        self.name(start, len)
    }

    fn operator_name(&mut self) -> Option<Id> {
        let c1 = self.next_char();
        let c2 = self.next_char();
        if c1 == b'v' && c2.is_ascii_digit() {
            let name = self.source_name()?;
            let id = self.leaf(Kind::ExtendedOperator, Text::None, i32::from(c2 - b'0'))?;
            self.set_left(id, Some(name));
            Some(id)
        } else if c1 == b'c' && c2 == b'v' {
            let was_conversion = self.is_conversion;
            self.is_conversion = !self.is_expression;
            let ty = self.d_type();
            let res = if self.is_conversion {
                self.comp(Kind::Conversion, ty, None)
            } else {
                self.comp(Kind::Cast, ty, None)
            };
            self.is_conversion = was_conversion;
            res
        } else {
            let idx = tables::find_operator(c1, c2)?;
            self.leaf(Kind::Operator, Text::None, i32::try_from(idx).ok()?)
        }
    }

    fn operator_code(&self, id: Id) -> Option<&'static str> {
        let node = self.nodes.get(id as usize)?;
        if node.kind != Kind::Operator {
            return None;
        }
        tables::OPERATORS.get(node.num as usize).map(|o| o.code)
    }

    fn special_name(&mut self) -> Option<Id> {
        if self.check(b'T') {
            let k = match self.next_char() {
                b'V' => Kind::Vtable,
                b'T' => Kind::Vtt,
                b'I' => Kind::Typeinfo,
                b'S' => Kind::TypeinfoName,
                b'F' => Kind::TypeinfoFn,
                b'J' => Kind::JavaClass,
                b'h' => {
                    if !self.call_offset(b'h') {
                        return None;
                    }
                    let e = self.encoding(false);
                    return self.comp(Kind::Thunk, e, None);
                }
                b'v' => {
                    if !self.call_offset(b'v') {
                        return None;
                    }
                    let e = self.encoding(false);
                    return self.comp(Kind::VirtualThunk, e, None);
                }
                b'c' => {
                    if !self.call_offset(0) || !self.call_offset(0) {
                        return None;
                    }
                    let e = self.encoding(false);
                    return self.comp(Kind::CovariantThunk, e, None);
                }
                b'C' => {
                    let derived = self.d_type();
                    let offset = self.number();
                    if offset < 0 || !self.check(b'_') {
                        return None;
                    }
                    let base = self.d_type();
                    return self.comp(Kind::ConstructionVtable, base, derived);
                }
                b'H' => {
                    let n = self.d_name(false);
                    return self.comp(Kind::TlsInit, n, None);
                }
                b'W' => {
                    let n = self.d_name(false);
                    return self.comp(Kind::TlsWrapper, n, None);
                }
                b'A' => {
                    let a = self.template_arg();
                    return self.comp(Kind::TparmObj, a, None);
                }
                _ => return None,
            };
            let t = self.d_type();
            self.comp(k, t, None)
        } else if self.check(b'G') {
            match self.next_char() {
                b'V' => {
                    let n = self.d_name(false);
                    self.comp(Kind::Guard, n, None)
                }
                b'R' => {
                    let n = self.d_name(false);
                    let num = self.number_component();
                    self.comp(Kind::RefTemp, n, num)
                }
                b'A' => {
                    let e = self.encoding(false);
                    self.comp(Kind::HiddenAlias, e, None)
                }
                b'I' => {
                    let mut module = None;
                    self.maybe_module_name(&mut module)?;
                    module?;
                    self.comp(Kind::ModuleInit, module, None)
                }
                b'T' => {
                    let k = if self.next_char() == b'n' {
                        Kind::NonTransactionClone
                    } else {
                        Kind::TransactionClone
                    };
                    let e = self.encoding(false);
                    self.comp(k, e, None)
                }
                b'r' => self.java_resource(),
                _ => None,
            }
        } else {
            None
        }
    }

    /// `Gr <length> _ <resource name>`: a Java resource, whose name escapes
    /// `/`, `.` and `$` as `$S`, `$_` and `$$`.
    fn java_resource(&mut self) -> Option<Id> {
        let len = self.number();
        if len <= 1 || !self.check(b'_') {
            return None;
        }
        let mut left = len - 1;
        let mut whole: Option<Id> = None;
        while left > 0 {
            let piece = if self.peek() == b'$' {
                let shown = match self.s.get(self.n + 1) {
                    Some(b'S') => "/",
                    Some(b'_') => ".",
                    Some(b'$') => "$",
                    _ => return None,
                };
                self.advance(2);
                left -= 2;
                self.static_name(shown)?
            } else {
                let start = self.n;
                let rest = self.s.get(start..)?;
                let max = usize::try_from(left).ok()?;
                let run = rest.iter().take(max).take_while(|&&b| b != b'$').count();
                if run == 0 {
                    return None;
                }
                self.advance(run);
                left -= i32::try_from(run).ok()?;
                self.name(start, run)?
            };
            whole = match whole {
                None => Some(piece),
                Some(w) => Some(self.comp(Kind::CompoundName, Some(w), Some(piece))?),
            };
        }
        self.comp(Kind::JavaResource, whole, None)
    }

    fn call_offset(&mut self, c: u8) -> bool {
        let c = if c == 0 { self.next_char() } else { c };
        match c {
            b'h' => {
                self.number();
            }
            b'v' => {
                self.number();
                if !self.check(b'_') {
                    return false;
                }
                self.number();
            }
            _ => return false,
        }
        self.check(b'_')
    }

    fn ctor_dtor_name(&mut self) -> Option<Id> {
        match self.peek() {
            b'C' => {
                let mut inheriting = false;
                if self.peek_next() == b'I' {
                    inheriting = true;
                    self.advance(1);
                }
                if !matches!(self.peek_next(), b'1'..=b'5') {
                    return None;
                }
                self.advance(2);
                if inheriting {
                    let _ = self.d_type();
                }
                let name = self.last_name?;
                self.comp_named(Kind::Ctor, name)
            }
            b'D' => {
                if !matches!(self.peek_next(), b'0' | b'1' | b'2' | b'4' | b'5') {
                    return None;
                }
                self.advance(2);
                let name = self.last_name?;
                self.comp_named(Kind::Dtor, name)
            }
            _ => None,
        }
    }

    fn comp_named(&mut self, kind: Kind, name: Id) -> Option<Id> {
        let id = self.leaf(kind, Text::None, 0)?;
        self.set_left(id, Some(name));
        Some(id)
    }

    fn next_is_type_qual(&self) -> bool {
        match self.peek() {
            b'r' | b'V' | b'K' => true,
            b'D' => matches!(self.peek_next(), b'x' | b'o' | b'O' | b'w'),
            _ => false,
        }
    }

    fn builtin(&mut self, idx: i32) -> Option<Id> {
        self.leaf(Kind::BuiltinType, Text::None, idx)
    }

    /// `<type>`
    pub(crate) fn d_type(&mut self) -> Option<Id> {
        self.enter()?;
        let r = self.type_inner();
        self.leave();
        r
    }

    fn type_inner(&mut self) -> Option<Id> {
        if self.next_is_type_qual() {
            let quals = self.cv_qualifiers(false)?;
            let inner = if self.peek() == b'F' {
                self.function_type()
            } else {
                self.d_type()
            };
            let inner = inner?;
            let mut ret = self.fill_quals(&quals, inner);
            if matches!(
                self.kind_of(Some(inner)),
                Some(Kind::RvalueReferenceThis | Kind::ReferenceThis)
            ) {
                // Move the ref-qualifier outside the cv-qualifiers.
                let f = self.left_of(inner);
                self.set_left(inner, Some(ret));
                if let Some(&last) = quals.last() {
                    self.set_left(last, f);
                }
                ret = inner;
            }
            self.add_sub(Some(ret))?;
            return Some(ret);
        }
        let mut can_subst = true;
        let peek = self.peek();
        let ret: Option<Id> = match peek {
            b'a'..=b'j' | b'l'..=b'o' | b's' | b't' | b'v'..=b'z' => {
                can_subst = false;
                self.advance(1);
                self.builtin(i32::from(peek - b'a'))
            }
            b'u' => {
                self.advance(1);
                let sn = self.source_name();
                self.comp(Kind::VendorType, sn, None)
            }
            b'F' => self.function_type(),
            b'A' => self.array_type(),
            b'M' => self.ptrmem_type(),
            b'T' => {
                let mut ret = self.template_param();
                if self.peek() == b'I' {
                    if !self.is_conversion {
                        self.add_sub(ret)?;
                        let args = self.template_args();
                        ret = self.comp(Kind::Template, ret, args);
                    } else {
                        let cp = self.checkpoint();
                        let args = self.template_args();
                        if self.peek() == b'I' {
                            self.add_sub(ret)?;
                            ret = self.comp(Kind::Template, ret, args);
                        } else {
                            self.backtrack(&cp);
                        }
                    }
                }
                ret
            }
            b'O' | b'P' | b'R' | b'C' | b'G' => {
                self.advance(1);
                let k = match peek {
                    b'O' => Kind::RvalueReference,
                    b'P' => Kind::Pointer,
                    b'R' => Kind::Reference,
                    b'C' => Kind::Complex,
                    _ => Kind::Imaginary,
                };
                let t = self.d_type();
                self.comp(k, t, None)
            }
            b'U' => {
                self.advance(1);
                let mut q = self.source_name();
                if self.peek() == b'I' {
                    let args = self.template_args();
                    q = self.comp(Kind::Template, q, args);
                }
                let t = self.d_type();
                self.comp(Kind::VendorTypeQual, t, q)
            }
            b'D' => {
                can_subst = false;
                self.advance(1);
                match self.next_char() {
                    b'T' | b't' => {
                        let e = self.expression();
                        let mut r = self.comp(Kind::Decltype, e, None);
                        if r.is_some() && self.next_char() != b'E' {
                            r = None;
                        }
                        can_subst = true;
                        r
                    }
                    b'p' => {
                        let t = self.d_type();
                        can_subst = true;
                        self.comp(Kind::PackExpansion, t, None)
                    }
                    b'a' => self.static_name("auto"),
                    b'c' => self.static_name("decltype(auto)"),
                    b'f' => self.builtin(26),
                    b'd' => self.builtin(27),
                    b'e' => self.builtin(28),
                    b'h' => self.builtin(29),
                    b'u' => self.builtin(30),
                    b's' => self.builtin(31),
                    b'i' => self.builtin(32),
                    b'F' => {
                        let arg = self.number();
                        if self.peek() == b'b' {
                            if arg != 16 {
                                return None;
                            }
                            self.advance(1);
                            self.builtin(tables::BFLOAT16)
                        } else {
                            let suffix = if self.peek() == b'x' { b'x' } else { 0 };
                            if suffix == 0 && self.peek() != b'_' {
                                return None;
                            }
                            let id = self.leaf(Kind::ExtendedBuiltinType, Text::None, arg)?;
                            if let Some(n) = self.nodes.get_mut(id as usize) {
                                n.aux = suffix;
                            }
                            self.advance(1);
                            Some(id)
                        }
                    }
                    b'v' => {
                        can_subst = true;
                        self.vector_type()
                    }
                    b'n' => self.builtin(tables::NULLPTR_TYPE),
                    _ => return None,
                }
            }
            _ => return self.d_name(true),
        };
        if can_subst {
            self.add_sub(ret)?;
        }
        ret
    }

    /// Parses `[r] [V] [K] [Dx] [Do|DO..E] [Dw..E]`; returns the created
    /// qualifier nodes, outermost first, each still missing its operand.
    fn cv_qualifiers(&mut self, member_fn: bool) -> Option<Vec<Id>> {
        let mut list: Vec<Id> = Vec::new();
        let mut peek = self.peek();
        while self.next_is_type_qual() {
            self.advance(1);
            let mut right = None;
            let k = match peek {
                b'r' => {
                    if member_fn {
                        Kind::RestrictThis
                    } else {
                        Kind::Restrict
                    }
                }
                b'V' => {
                    if member_fn {
                        Kind::VolatileThis
                    } else {
                        Kind::Volatile
                    }
                }
                b'K' => {
                    if member_fn {
                        Kind::ConstThis
                    } else {
                        Kind::Const
                    }
                }
                _ => {
                    let c = self.next_char();
                    match c {
                        b'x' => Kind::TransactionSafe,
                        b'o' | b'O' => {
                            if c == b'O' {
                                right = Some(self.expression()?);
                                if !self.check(b'E') {
                                    return None;
                                }
                            }
                            Kind::Noexcept
                        }
                        b'w' => {
                            right = Some(self.parmlist()?);
                            if !self.check(b'E') {
                                return None;
                            }
                            Kind::ThrowSpec
                        }
                        _ => return None,
                    }
                }
            };
            let node = self.comp(k, None, right)?;
            if let Some(&last) = list.last() {
                self.set_left(last, Some(node));
            }
            list.push(node);
            peek = self.peek();
        }
        if !member_fn && peek == b'F' {
            for &q in &list {
                if let Some(n) = self.nodes.get_mut(q as usize) {
                    n.kind = match n.kind {
                        Kind::Restrict => Kind::RestrictThis,
                        Kind::Volatile => Kind::VolatileThis,
                        Kind::Const => Kind::ConstThis,
                        k => k,
                    };
                }
            }
        }
        Some(list)
    }

    fn ref_qualifier(&mut self, sub: Option<Id>) -> Option<Id> {
        let k = match self.peek() {
            b'R' => Kind::ReferenceThis,
            b'O' => Kind::RvalueReferenceThis,
            _ => return sub,
        };
        self.advance(1);
        self.comp(k, sub, None)
    }

    fn function_type(&mut self) -> Option<Id> {
        if self.recurse_limit {
            if self.fn_recursion > FN_RECURSION_LIMIT {
                return None;
            }
            self.fn_recursion += 1;
        }
        let mut ret = None;
        if self.check(b'F') {
            if self.peek() == b'Y' {
                self.advance(1);
            }
            ret = self.bare_function_type(true);
            ret = self.ref_qualifier(ret);
            if !self.check(b'E') {
                ret = None;
            }
        }
        if self.recurse_limit {
            self.fn_recursion -= 1;
        }
        ret
    }

    fn parmlist(&mut self) -> Option<Id> {
        let mut first: Option<Id> = None;
        let mut last: Option<Id> = None;
        loop {
            let peek = self.peek();
            if peek == 0 || peek == b'E' || peek == b'.' {
                break;
            }
            if (peek == b'R' || peek == b'O') && self.peek_next() == b'E' {
                break;
            }
            let t = self.d_type()?;
            let cell = self.comp(Kind::Arglist, Some(t), None)?;
            self.link(&mut first, last, cell);
            last = Some(cell);
        }
        let tl = first?;
        if self.right_of(tl).is_none() {
            if let Some(l) = self.left_of(tl) {
                if let Some(node) = self.nodes.get(l as usize) {
                    if node.kind == Kind::BuiltinType
                        && tables::BUILTINS.get(node.num as usize).map(|b| b.style)
                            == Some(tables::LitStyle::Void)
                    {
                        self.set_left(tl, None);
                    }
                }
            }
        }
        Some(tl)
    }

    fn bare_function_type(&mut self, has_return_type: bool) -> Option<Id> {
        let mut hrt = has_return_type;
        if self.peek() == b'J' {
            self.advance(1);
            hrt = true;
        }
        let ret = if hrt { Some(self.d_type()?) } else { None };
        let tl = self.parmlist()?;
        self.comp(Kind::FunctionType, ret, Some(tl))
    }

    fn array_type(&mut self) -> Option<Id> {
        if !self.check(b'A') {
            return None;
        }
        let peek = self.peek();
        let dim = if peek == b'_' {
            None
        } else if peek.is_ascii_digit() {
            let start = self.n;
            while self.peek().is_ascii_digit() {
                self.advance(1);
            }
            Some(self.name(start, self.n - start)?)
        } else {
            Some(self.expression()?)
        };
        if !self.check(b'_') {
            return None;
        }
        let t = self.d_type();
        self.comp(Kind::ArrayType, dim, t)
    }

    fn vector_type(&mut self) -> Option<Id> {
        let dim = if self.peek() == b'_' {
            self.advance(1);
            self.expression()
        } else {
            self.number_component()
        };
        dim?;
        if !self.check(b'_') {
            return None;
        }
        let t = self.d_type();
        self.comp(Kind::VectorType, dim, t)
    }

    fn ptrmem_type(&mut self) -> Option<Id> {
        if !self.check(b'M') {
            return None;
        }
        let cl = self.d_type()?;
        let mem = self.d_type()?;
        self.comp(Kind::PtrmemType, Some(cl), Some(mem))
    }

    fn compact_number(&mut self) -> i32 {
        let num = match self.peek() {
            b'_' => 0,
            b'n' => return -1,
            _ => self.number().wrapping_add(1),
        };
        if num < 0 || !self.check(b'_') {
            return -1;
        }
        num
    }

    fn template_param(&mut self) -> Option<Id> {
        if !self.check(b'T') {
            return None;
        }
        let p = self.compact_number();
        if p < 0 {
            return None;
        }
        self.leaf(Kind::TemplateParam, Text::None, p)
    }

    fn template_args(&mut self) -> Option<Id> {
        if self.peek() != b'I' && self.peek() != b'J' {
            return None;
        }
        self.advance(1);
        self.template_args_1()
    }

    /// Appends `cell` to the chain that starts at `first` and ends at `last`.
    fn link(&mut self, first: &mut Option<Id>, last: Option<Id>, cell: Id) {
        match last {
            Some(l) => self.set_right(l, Some(cell)),
            None => *first = Some(cell),
        }
    }

    /// One or more items read by `item` up to and including `end`, chained through
    /// `kind` cells; the first cell.
    fn cells(&mut self, kind: Kind, end: u8, item: fn(&mut Self) -> Option<Id>) -> Option<Id> {
        let mut first: Option<Id> = None;
        let mut last: Option<Id> = None;
        loop {
            let a = item(self)?;
            let cell = self.comp(kind, Some(a), None)?;
            self.link(&mut first, last, cell);
            last = Some(cell);
            if self.peek() == end {
                self.advance(1);
                break;
            }
        }
        first
    }

    fn template_args_1(&mut self) -> Option<Id> {
        let hold = self.last_name;
        if self.peek() == b'E' {
            self.advance(1);
            return self.comp(Kind::TemplateArglist, None, None);
        }
        let first = self.cells(Kind::TemplateArglist, b'E', Self::template_arg);
        self.last_name = hold;
        first
    }

    fn template_arg(&mut self) -> Option<Id> {
        self.enter()?;
        let r = match self.peek() {
            b'X' => {
                self.advance(1);
                let e = self.expression();
                if self.check(b'E') {
                    e
                } else {
                    None
                }
            }
            b'L' => self.expr_primary(),
            b'I' | b'J' => self.template_args(),
            _ => self.d_type(),
        };
        self.leave();
        r
    }

    fn exprlist(&mut self, terminator: u8) -> Option<Id> {
        if self.peek() == terminator {
            self.advance(1);
            return self.comp(Kind::Arglist, None, None);
        }
        self.cells(Kind::Arglist, terminator, Self::expression)
    }

    fn unresolved_name(&mut self) -> Option<Id> {
        self.advance(2);
        let peek = self.peek();
        let ty = if self.unresolved_name_state != 0
            && (peek.is_ascii_digit()
                || peek.is_ascii_lowercase()
                || matches!(peek, b'C' | b'U' | b'L'))
        {
            self.unresolved_name_state = -1;
            let t = self.prefix(false);
            if self.peek() == b'E' {
                self.advance(1);
            }
            t
        } else {
            self.d_type()
        };
        let mut name = self.unqualified_name(ty, None);
        if self.peek() == b'I' {
            let args = self.template_args();
            name = self.comp(Kind::Template, name, args);
        }
        name
    }

    fn expression(&mut self) -> Option<Id> {
        let was = self.is_expression;
        self.is_expression = true;
        let r = self.expression_1();
        self.is_expression = was;
        r
    }

    fn expression_1(&mut self) -> Option<Id> {
        self.enter()?;
        let r = self.expression_inner();
        self.leave();
        r
    }

    fn expression_inner(&mut self) -> Option<Id> {
        let peek = self.peek();
        let next = self.peek_next();
        if peek == b'L' {
            return self.expr_primary();
        }
        if peek == b'T' {
            return self.template_param();
        }
        if peek == b's' && next == b'r' {
            return self.unresolved_name();
        }
        if peek == b's' && next == b'p' {
            self.advance(2);
            let e = self.expression_1();
            return self.comp(Kind::PackExpansion, e, None);
        }
        if peek == b'f' && next == b'p' {
            self.advance(2);
            let index = if self.peek() == b'T' {
                self.advance(1);
                0
            } else {
                let i = self.compact_number();
                if i == i32::MAX || i == -1 {
                    return None;
                }
                i + 1
            };
            return self.leaf(Kind::FunctionParam, Text::None, index);
        }
        if peek.is_ascii_digit() || (peek == b'o' && next == b'n') {
            if peek == b'o' {
                self.advance(2);
            }
            let name = self.unqualified_name(None, None)?;
            if self.peek() == b'I' {
                let args = self.template_args();
                return self.comp(Kind::Template, Some(name), args);
            }
            return Some(name);
        }
        if (peek == b'i' || peek == b't') && next == b'l' {
            self.advance(2);
            let ty = if peek == b't' { self.d_type() } else { None };
            if self.peek() == 0 || self.peek_next() == 0 {
                return None;
            }
            let list = self.exprlist(b'E');
            return self.comp(Kind::InitializerList, ty, list);
        }
        if peek == b'u' {
            self.advance(1);
            let name = self.source_name();
            let args = self.template_args_1();
            return self.comp(Kind::VendorExpr, name, args);
        }
        let op = self.operator_name()?;
        let kind = self.kind_of(Some(op))?;
        let code = self.operator_code(op);
        if code == Some("st") {
            let t = self.d_type();
            return self.comp(Kind::Unary, Some(op), t);
        }
        let args = match kind {
            Kind::Operator => {
                let idx = self.nodes.get(op as usize)?.num;
                tables::OPERATORS.get(idx as usize)?.args
            }
            Kind::ExtendedOperator => u8::try_from(self.nodes.get(op as usize)?.num).ok()?,
            Kind::Cast => 1,
            _ => return None,
        };
        match args {
            0 => self.comp(Kind::Nullary, Some(op), None),
            1 => {
                let mut suffix = false;
                if let Some(c) = code {
                    let cb = c.as_bytes();
                    if matches!(cb.first(), Some(b'p' | b'm')) && cb.first() == cb.get(1) {
                        suffix = !self.check(b'_');
                    }
                }
                let mut operand = if kind == Kind::Cast && self.check(b'_') {
                    self.exprlist(b'E')
                } else if code == Some("sP") {
                    self.template_args_1()
                } else {
                    self.expression_1()
                };
                if suffix {
                    operand = self.comp(Kind::BinaryArgs, operand, operand);
                }
                self.comp(Kind::Unary, Some(op), operand)
            }
            2 => {
                let code = code?;
                let cb = code.as_bytes();
                let left = if is_new_cast(code) {
                    self.d_type()
                } else if cb.first() == Some(&b'f') {
                    self.operator_name()
                } else if code == "di" {
                    self.unqualified_name(None, None)
                } else {
                    self.expression_1()
                };
                let right = if code == "cl" {
                    self.exprlist(b'E')
                } else if code == "dt" || code == "pt" {
                    let p = self.peek();
                    let n = self.peek_next();
                    if (p == b'g' && n == b's') || (p == b's' && n == b'r') {
                        self.expression_1()
                    } else {
                        let mut r = self.unqualified_name(None, None);
                        if self.peek() == b'I' {
                            let args = self.template_args();
                            r = self.comp(Kind::Template, r, args);
                        }
                        r
                    }
                } else {
                    self.expression_1()
                };
                let args = self.comp(Kind::BinaryArgs, left, right);
                self.comp(Kind::Binary, Some(op), args)
            }
            3 => {
                let code = code?;
                let cb = code.as_bytes();
                let (first, second, third);
                if code == "qu" || code == "dX" {
                    first = self.expression_1();
                    second = self.expression_1();
                    third = self.expression_1();
                    third?;
                } else if cb.first() == Some(&b'f') {
                    first = self.operator_name();
                    second = self.expression_1();
                    third = self.expression_1();
                    third?;
                } else if cb.first() == Some(&b'n') {
                    if !matches!(cb.get(1), Some(b'w' | b'a')) {
                        return None;
                    }
                    first = self.exprlist(b'_');
                    second = self.d_type();
                    if self.peek() == b'E' {
                        self.advance(1);
                        third = None;
                    } else if self.peek() == b'p' && self.peek_next() == b'i' {
                        self.advance(2);
                        third = self.exprlist(b'E');
                    } else if self.peek() == b'i' && self.peek_next() == b'l' {
                        third = self.expression_1();
                    } else {
                        return None;
                    }
                } else {
                    return None;
                }
                let a2 = self.comp(Kind::TrinaryArg2, second, third);
                let a1 = self.comp(Kind::TrinaryArg1, first, a2);
                self.comp(Kind::Trinary, Some(op), a1)
            }
            _ => None,
        }
    }

    fn expr_primary(&mut self) -> Option<Id> {
        if !self.check(b'L') {
            return None;
        }
        let ret;
        if self.peek() == b'_' || self.peek() == b'Z' {
            ret = self.mangled_name(false);
        } else {
            let ty = self.d_type()?;
            if let Some(node) = self.nodes.get(ty as usize) {
                if node.kind == Kind::BuiltinType
                    && node.num == tables::NULLPTR_TYPE
                    && self.peek() == b'E'
                {
                    self.advance(1);
                    return Some(ty);
                }
            }
            let mut k = Kind::Literal;
            if self.peek() == b'n' {
                k = Kind::LiteralNeg;
                self.advance(1);
            }
            let start = self.n;
            while self.peek() != b'E' {
                if self.peek() == 0 {
                    return None;
                }
                self.advance(1);
            }
            let val = self.name(start, self.n - start);
            ret = self.comp(k, Some(ty), val);
        }
        if !self.check(b'E') {
            return None;
        }
        ret
    }

    fn local_name(&mut self) -> Option<Id> {
        if !self.check(b'Z') {
            return None;
        }
        let function = self.encoding(false)?;
        if !self.check(b'E') {
            return None;
        }
        let name;
        if self.peek() == b's' {
            self.advance(1);
            if !self.discriminator() {
                return None;
            }
            name = self.static_name("string literal");
        } else {
            let mut num = -1;
            if self.peek() == b'd' {
                self.advance(1);
                num = self.compact_number();
                if num < 0 {
                    return None;
                }
            }
            let mut nm = self.d_name(false);
            if nm.is_some()
                && !matches!(self.kind_of(nm), Some(Kind::Lambda | Kind::UnnamedType))
                && !self.discriminator()
            {
                return None;
            }
            if num >= 0 {
                let id = self.leaf(Kind::DefaultArg, Text::None, num)?;
                self.set_left(id, nm);
                nm = Some(id);
            }
            name = nm;
        }
        if self.kind_of(Some(function)) == Some(Kind::TypedName) {
            if let Some(r) = self.right_of(function) {
                if self.kind_of(Some(r)) == Some(Kind::FunctionType) {
                    self.set_left(r, None);
                }
            }
        }
        self.comp(Kind::LocalName, Some(function), name)
    }

    fn discriminator(&mut self) -> bool {
        if self.peek() != b'_' {
            return true;
        }
        self.advance(1);
        let mut underscores = 1;
        if self.peek() == b'_' {
            underscores += 1;
            self.advance(1);
        }
        let d = self.number();
        if d < 0 {
            return false;
        }
        if underscores > 1 && d >= 10 {
            if self.peek() == b'_' {
                self.advance(1);
            } else {
                return false;
            }
        }
        true
    }

    /// Returns `Err(())` for a malformed parameter, `Ok(None)` for none.
    fn template_parm(&mut self) -> Result<Option<Id>, ()> {
        if self.peek() != b'T' {
            return Ok(None);
        }
        let (kind, op) = match self.peek_next() {
            b'p' => {
                self.advance(2);
                let op = self.template_parm()?.ok_or(())?;
                (Kind::TemplatePackParm, Some(op))
            }
            b'y' => {
                self.advance(2);
                (Kind::TemplateTypeParm, None)
            }
            b'n' => {
                self.advance(2);
                let op = self.d_type().ok_or(())?;
                (Kind::TemplateNonTypeParm, Some(op))
            }
            b't' => {
                self.advance(2);
                let op = self.template_head()?.ok_or(())?;
                if !self.check(b'E') {
                    return Err(());
                }
                (Kind::TemplateTemplateParm, Some(op))
            }
            _ => return Ok(None),
        };
        Ok(self.comp(kind, op, None))
    }

    fn template_head(&mut self) -> Result<Option<Id>, ()> {
        let mut first: Option<Id> = None;
        let mut last: Option<Id> = None;
        while let Some(op) = self.template_parm()? {
            self.link(&mut first, last, op);
            last = Some(op);
        }
        match first {
            Some(f) => Ok(self.comp(Kind::TemplateHead, Some(f), None)),
            None => Ok(None),
        }
    }

    fn lambda(&mut self) -> Option<Id> {
        if !self.check(b'U') || !self.check(b'l') {
            return None;
        }
        let head = self.template_head().ok()?;
        let mut tl = self.parmlist()?;
        if let Some(h) = head {
            self.set_right(h, Some(tl));
            tl = h;
        }
        if !self.check(b'E') {
            return None;
        }
        let num = self.compact_number();
        if num < 0 {
            return None;
        }
        let id = self.leaf(Kind::Lambda, Text::None, num)?;
        self.set_left(id, Some(tl));
        Some(id)
    }

    fn unnamed_type(&mut self) -> Option<Id> {
        if !self.check(b'U') || !self.check(b't') {
            return None;
        }
        let num = self.compact_number();
        if num < 0 {
            return None;
        }
        let id = self.leaf(Kind::UnnamedType, Text::None, num)?;
        self.add_sub(Some(id))?;
        Some(id)
    }

    fn clone_suffix(&mut self, encoding: Option<Id>) -> Option<Id> {
        let start = self.n;
        let s = self.s;
        let at = |i: usize| s.get(i).copied().unwrap_or(0);
        let mut end = start;
        let c1 = at(end + 1);
        if at(end) == b'.' && (c1.is_ascii_lowercase() || c1.is_ascii_digit() || c1 == b'_') {
            end += 2;
            while at(end).is_ascii_lowercase() || at(end).is_ascii_digit() || at(end) == b'_' {
                end += 1;
            }
        }
        while at(end) == b'.' && at(end + 1).is_ascii_digit() {
            end += 2;
            while at(end).is_ascii_digit() {
                end += 1;
            }
        }
        self.advance(end - start);
        let n = self.name(start, end - start);
        self.comp(Kind::Clone, encoding, n)
    }

    fn substitution(&mut self, prefix: bool) -> Option<Id> {
        if !self.check(b'S') {
            return None;
        }
        let mut c = self.next_char();
        if c == b'_' || c.is_ascii_digit() || c.is_ascii_uppercase() {
            let mut id: u32 = 0;
            if c != b'_' {
                loop {
                    let d = if c.is_ascii_digit() {
                        u32::from(c - b'0')
                    } else if c.is_ascii_uppercase() {
                        u32::from(c - b'A') + 10
                    } else {
                        return None;
                    };
                    id = id.checked_mul(36)?.checked_add(d)?;
                    c = self.next_char();
                    if c == b'_' {
                        break;
                    }
                }
                id = id.checked_add(1)?;
            }
            return self.subs.get(id as usize).copied();
        }
        let mut verbose = self.verbose;
        if !verbose && prefix && matches!(self.peek(), b'C' | b'D') {
            verbose = true;
        }
        let sub = STD_SUBS.iter().find(|p| p.code == c)?;
        if let Some(ln) = sub.last_name {
            self.last_name = self.leaf(Kind::SubStd, Text::Static(ln), 0);
        }
        let text = if verbose { sub.full } else { sub.simple };
        let mut dc = self.leaf(Kind::SubStd, Text::Static(text), 0);
        if self.peek() == b'B' {
            dc = self.abi_tags(dc);
            self.add_sub(dc)?;
        }
        dc
    }
}

/// `const_cast`, `dynamic_cast`, `static_cast`, `reinterpret_cast`.
pub(crate) fn is_new_cast(code: &str) -> bool {
    matches!(code, "cc" | "dc" | "sc" | "rc")
}
