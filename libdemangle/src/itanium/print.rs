//! Printer: component tree to text, following the output conventions of
//! GNU libiberty's `cp-demangle.c` (as observed from `c++filt` 2.40).
//!
//! Type declarators are printed "inside out": pointer, reference, array and
//! function parts are pushed on a modifier stack while the inner type is
//! printed, then emitted around the name.

use super::ast::{Id, Kind, Node, Text};
use super::parse::is_new_cast;
use super::tables::{self, LitStyle};

/// GNU's `MAX_RECURSION_COUNT` for printing.
const MAX_RECURSION: usize = 1024;
/// Total number of component visits before giving up (guards against
/// exponential blow-up through shared substitutions).
const MAX_STEPS: u64 = 4_000_000;

/// A pending modifier (pointer, cv-qualifier, function or array type ...).
#[derive(Clone, Copy, Debug)]
struct Mod {
    node: Id,
    printed: bool,
    templates: Option<usize>,
    next: Option<usize>,
}

/// One entry of the (persistent) list of templates in scope.
#[derive(Clone, Copy, Debug)]
struct Tpl {
    decl: Option<Id>,
    next: Option<usize>,
}

/// Buffers a printer works in, kept from one demangling to the next so
/// that printing allocates only its result.
#[derive(Default)]
pub(crate) struct Buffers {
    out: String,
    tpls: Vec<Tpl>,
    mods: Vec<Mod>,
    stack: Vec<Id>,
    saved_scopes: Vec<(Id, Option<usize>)>,
    printing: Vec<u8>,
}

impl Buffers {
    /// Frees buffers grown past `max` elements (a rare huge name), so a
    /// thread does not keep their memory for good.
    pub(crate) fn trim(&mut self, max: usize) {
        if self.out.capacity() > max {
            self.out = String::new();
        }
        trim_vec(&mut self.tpls, max);
        trim_vec(&mut self.mods, max);
        trim_vec(&mut self.stack, max);
        trim_vec(&mut self.saved_scopes, max);
        trim_vec(&mut self.printing, max);
    }
}

/// Drops `v`'s storage if its capacity exceeds `max` elements.
pub(crate) fn trim_vec<T>(v: &mut Vec<T>, max: usize) {
    if v.capacity() > max {
        *v = Vec::new();
    }
}

/// Printer state.
pub(crate) struct Printer<'a> {
    /// The mangled name; node texts are byte ranges of it.
    s: &'a str,
    nodes: &'a [Node],
    out: String,
    max_out: usize,
    last_char: u8,
    tpls: Vec<Tpl>,
    templates: Option<usize>,
    mods: Vec<Mod>,
    modifiers: Option<usize>,
    pack_index: i32,
    failed: bool,
    steps: u64,
    lambda_tpl_parms: i32,
    stack: Vec<Id>,
    saved_scopes: Vec<(Id, Option<usize>)>,
    current_template: Option<Id>,
    printing: Vec<u8>,
    /// Java output (see `Flags::java`).
    pub(crate) java: bool,
    /// GNU's `DMGL_RET_POSTFIX` (set with `java`): the outermost function
    /// type prints its return type after its parameters. Cleared inside it.
    pub(crate) ret_postfix: bool,
}

impl<'a> Printer<'a> {
    /// A printer for `nodes` (parsed from `s`) working in `bufs`.
    pub(crate) fn new(s: &'a str, nodes: &'a [Node], max_out: usize, bufs: Buffers) -> Self {
        let Buffers {
            mut out,
            mut tpls,
            mut mods,
            mut stack,
            mut saved_scopes,
            mut printing,
        } = bufs;
        out.clear();
        tpls.clear();
        mods.clear();
        stack.clear();
        saved_scopes.clear();
        printing.clear();
        printing.resize(nodes.len(), 0);
        Printer {
            s,
            nodes,
            out,
            max_out,
            last_char: 0,
            tpls,
            templates: None,
            mods,
            modifiers: None,
            pack_index: 0,
            failed: false,
            steps: 0,
            lambda_tpl_parms: 0,
            stack,
            saved_scopes,
            current_template: None,
            printing,
            java: false,
            ret_postfix: false,
        }
    }

    /// Prints `root`; `None` if printing failed. The buffers are handed
    /// back for the next printer.
    pub(crate) fn finish(mut self, root: Id) -> (Option<String>, Buffers) {
        self.comp(Some(root));
        let result = if self.failed {
            None
        } else {
            Some(self.out.as_str().to_owned())
        };
        let bufs = Buffers {
            out: self.out,
            tpls: self.tpls,
            mods: self.mods,
            stack: self.stack,
            saved_scopes: self.saved_scopes,
            printing: self.printing,
        };
        (result, bufs)
    }

    // ----- low-level output -----

    fn push_str(&mut self, s: &str) {
        if self.failed {
            return;
        }
        if self.out.len() + s.len() > self.max_out {
            self.failed = true;
            return;
        }
        match *s.as_bytes() {
            // Most pieces are one ASCII character: no copy call for those.
            [c] => self.out.push(char::from(c)),
            _ => self.out.push_str(s),
        }
        if let Some(&c) = s.as_bytes().last() {
            self.last_char = c;
        }
    }

    /// `::` between scopes, `.` in Java.
    fn scope_sep(&mut self) {
        if self.java {
            self.push_str(".");
        } else {
            self.push_str("::");
        }
    }

    /// A Java identifier: `__U<hex>_` stands for the character with that
    /// code when it is below 256 (printed as that Unicode character, where
    /// GNU writes the raw byte; a NUL ends the name, see `demangle_java`).
    fn java_identifier(&mut self, name: &str) {
        let b = name.as_bytes();
        let mut i = 0;
        let mut plain = 0;
        while i < b.len() {
            if b.len() - i > 3 && b.get(i..i + 3) == Some(b"__U") {
                let mut q = i + 3;
                let mut c: u64 = 0;
                while let Some(d) = b.get(q).and_then(|&x| char::from(x).to_digit(16)) {
                    c = c.wrapping_mul(16).wrapping_add(u64::from(d));
                    q += 1;
                }
                if b.get(q) == Some(&b'_') && c < 256 {
                    self.push_str(name.get(plain..i).unwrap_or(""));
                    self.push_char(char::from(c as u8));
                    i = q + 1;
                    plain = i;
                    continue;
                }
            }
            i += 1;
        }
        self.push_str(name.get(plain..).unwrap_or(""));
    }

    fn push_char(&mut self, c: char) {
        let mut buf = [0u8; 4];
        self.push_str(c.encode_utf8(&mut buf));
    }

    fn push_num(&mut self, n: i64) {
        self.push_str(&n.to_string());
    }

    fn node(&self, id: Id) -> Option<&'a Node> {
        self.nodes.get(id as usize)
    }

    fn kind(&self, id: Option<Id>) -> Option<Kind> {
        id.and_then(|i| self.node(i)).map(|n| n.kind)
    }

    fn left(&self, id: Option<Id>) -> Option<Id> {
        id.and_then(|i| self.node(i)).and_then(|n| n.left)
    }

    fn right(&self, id: Option<Id>) -> Option<Id> {
        id.and_then(|i| self.node(i)).and_then(|n| n.right)
    }

    fn text(&self, n: &Node) -> &'a str {
        match n.text {
            Text::None => "",
            Text::Static(s) => s,
            Text::Input(start, len) => {
                let (start, len) = (start as usize, len as usize);
                // `s` is valid UTF-8, so a range of it is valid exactly when
                // it starts and ends on character boundaries: no need to
                // validate its bytes again.
                self.s.get(start..start + len).unwrap_or("")
            }
        }
    }

    fn op_info(&self, id: Option<Id>) -> Option<&'static tables::Operator> {
        let n = id.and_then(|i| self.node(i))?;
        if n.kind != Kind::Operator {
            return None;
        }
        tables::OPERATORS.get(n.num as usize)
    }

    fn op_code(&self, id: Option<Id>) -> Option<&'static str> {
        self.op_info(id).map(|o| o.code)
    }

    fn push_mod(&mut self, node: Id) -> usize {
        let idx = self.mods.len();
        self.mods.push(Mod {
            node,
            printed: false,
            templates: self.templates,
            next: self.modifiers,
        });
        self.modifiers = Some(idx);
        idx
    }

    fn mod_printed(&self, idx: usize) -> bool {
        self.mods.get(idx).is_some_and(|m| m.printed)
    }

    fn push_tpl(&mut self, decl: Option<Id>) {
        let idx = self.tpls.len();
        self.tpls.push(Tpl {
            decl,
            next: self.templates,
        });
        self.templates = Some(idx);
    }

    fn tpl_next(&self, t: Option<usize>) -> Option<usize> {
        t.and_then(|i| self.tpls.get(i)).and_then(|t| t.next)
    }

    // ----- template arguments -----

    fn index_template_argument(&self, args: Option<Id>, i: i32) -> Option<Id> {
        if i < 0 {
            return args;
        }
        let mut i = i;
        let mut a = args;
        while let Some(id) = a {
            if self.kind(a) != Some(Kind::TemplateArglist) {
                return None;
            }
            if i <= 0 {
                break;
            }
            i -= 1;
            a = self.right(Some(id));
        }
        if i != 0 || a.is_none() {
            return None;
        }
        self.left(a)
    }

    fn lookup_template_argument(&mut self, dc: Id) -> Option<Id> {
        let Some(t) = self.templates.and_then(|i| self.tpls.get(i)).copied() else {
            self.failed = true;
            return None;
        };
        let Some(decl) = t.decl else {
            self.failed = true;
            return None;
        };
        let num = self.node(dc)?.num;
        self.index_template_argument(self.right(Some(decl)), num)
    }

    fn find_pack(&mut self, dc: Option<Id>) -> Option<Id> {
        let id = dc?;
        self.steps += 1;
        if self.steps > MAX_STEPS {
            self.failed = true;
            return None;
        }
        let kind = self.kind(dc)?;
        match kind {
            Kind::TemplateParam => {
                let a = self.lookup_template_argument(id);
                if self.kind(a) == Some(Kind::TemplateArglist) {
                    a
                } else {
                    None
                }
            }
            Kind::PackExpansion
            | Kind::Lambda
            | Kind::Name
            | Kind::TaggedName
            | Kind::Operator
            | Kind::BuiltinType
            | Kind::ExtendedBuiltinType
            | Kind::SubStd
            | Kind::FunctionParam
            | Kind::UnnamedType
            | Kind::DefaultArg
            | Kind::Number => None,
            Kind::ExtendedOperator | Kind::Ctor | Kind::Dtor => self.find_pack(self.left(dc)),
            _ => {
                if let Some(a) = self.find_pack(self.left(dc)) {
                    return Some(a);
                }
                self.find_pack(self.right(dc))
            }
        }
    }

    fn pack_length(&self, dc: Option<Id>) -> i64 {
        let mut count = 0;
        let mut d = dc;
        while self.kind(d) == Some(Kind::TemplateArglist) && self.left(d).is_some() {
            count += 1;
            d = self.right(d);
        }
        count
    }

    fn args_length(&mut self, dc: Option<Id>) -> i64 {
        let mut count = 0;
        let mut d = dc;
        while self.kind(d) == Some(Kind::TemplateArglist) {
            let elt = self.left(d);
            if elt.is_none() {
                break;
            }
            if self.kind(elt) == Some(Kind::PackExpansion) {
                let a = self.find_pack(self.left(elt));
                count += self.pack_length(a);
            } else {
                count += 1;
            }
            d = self.right(d);
        }
        count
    }

    // ----- components -----

    fn subexpr(&mut self, dc: Option<Id>) {
        let simple = matches!(
            self.kind(dc),
            Some(Kind::Name | Kind::QualName | Kind::InitializerList | Kind::FunctionParam)
        );
        if !simple {
            self.push_str("(");
        }
        self.comp(dc);
        if !simple {
            self.push_str(")");
        }
    }

    fn comp(&mut self, dc: Option<Id>) {
        let Some(id) = dc else {
            self.failed = true;
            return;
        };
        self.steps += 1;
        if self.failed || self.stack.len() > MAX_RECURSION || self.steps > MAX_STEPS {
            self.failed = true;
            return;
        }
        let idx = id as usize;
        // How many times this node is being printed already (a node may
        // recur once through a template argument, never twice).
        match self.printing.get_mut(idx) {
            Some(busy) if *busy <= 1 => *busy += 1,
            _ => {
                self.failed = true;
                return;
            }
        }
        self.stack.push(id);
        self.comp_inner(id);
        self.stack.pop();
        if let Some(p) = self.printing.get_mut(idx) {
            *p -= 1;
        }
    }

    fn comp_inner(&mut self, id: Id) {
        let Some(n) = self.node(id) else {
            self.failed = true;
            return;
        };
        let dc = Some(id);
        match n.kind {
            Kind::Name => {
                let t = self.text(n);
                if self.java {
                    self.java_identifier(t);
                } else {
                    self.push_str(t);
                }
            }
            Kind::TaggedName => {
                self.comp(n.left);
                self.push_str("[abi:");
                self.comp(n.right);
                self.push_str("]");
            }
            Kind::StructuredBinding => {
                self.push_str("[");
                let mut d = dc;
                loop {
                    self.comp(self.left(d));
                    d = self.right(d);
                    if d.is_none() {
                        break;
                    }
                    self.push_str(", ");
                }
                self.push_str("]");
            }
            Kind::ModuleEntity => {
                self.comp(n.left);
                self.push_str("@");
                self.comp(n.right);
            }
            Kind::ModuleName | Kind::ModulePartition => {
                if n.left.is_some() {
                    self.comp(n.left);
                }
                if n.kind == Kind::ModulePartition {
                    self.push_str(":");
                } else if n.left.is_some() {
                    self.push_str(".");
                }
                self.comp(n.right);
            }
            Kind::QualName | Kind::LocalName => {
                self.comp(n.left);
                self.scope_sep();
                let mut local = n.right;
                if self.kind(local) == Some(Kind::DefaultArg) {
                    let num = local.and_then(|l| self.node(l)).map_or(0, |d| d.num);
                    self.push_str("{default arg#");
                    self.push_num(i64::from(num) + 1);
                    self.push_str("}::");
                    local = self.left(local);
                }
                self.comp(local);
            }
            Kind::TypedName => self.typed_name(n),
            Kind::Template => {
                let hold_current = self.current_template;
                self.current_template = dc;
                let hold_mods = self.modifiers;
                self.modifiers = None;
                let java_array = self.java
                    && n.left
                        .and_then(|l| self.node(l))
                        .is_some_and(|l| l.kind == Kind::Name && self.text(l) == "JArray");
                if java_array {
                    // Java arrays: `JArray<T>` is `T[]`.
                    self.comp(n.right);
                    self.push_str("[]");
                    self.modifiers = hold_mods;
                    self.current_template = hold_current;
                    return;
                }
                self.comp(n.left);
                if self.last_char == b'<' {
                    self.push_str(" ");
                }
                self.push_str("<");
                self.comp(n.right);
                if self.last_char == b'>' {
                    self.push_str(" ");
                }
                self.push_str(">");
                self.modifiers = hold_mods;
                self.current_template = hold_current;
            }
            Kind::TemplateParam => self.template_param(n, id),
            Kind::TparmObj => self.prefixed("template parameter object for ", n.left),
            Kind::Ctor => self.comp(n.left),
            Kind::Dtor => {
                self.push_str("~");
                self.comp(n.left);
            }
            Kind::ModuleInit => self.prefixed("initializer for module ", n.left),
            Kind::Vtable => self.prefixed("vtable for ", n.left),
            Kind::Vtt => self.prefixed("VTT for ", n.left),
            Kind::ConstructionVtable => {
                self.prefixed("construction vtable for ", n.left);
                self.push_str("-in-");
                self.comp(n.right);
            }
            Kind::Typeinfo => self.prefixed("typeinfo for ", n.left),
            Kind::TypeinfoName => self.prefixed("typeinfo name for ", n.left),
            Kind::TypeinfoFn => self.prefixed("typeinfo fn for ", n.left),
            Kind::Thunk => self.prefixed("non-virtual thunk to ", n.left),
            Kind::VirtualThunk => self.prefixed("virtual thunk to ", n.left),
            Kind::CovariantThunk => self.prefixed("covariant return thunk to ", n.left),
            Kind::JavaClass => self.prefixed("java Class for ", n.left),
            Kind::JavaResource => self.prefixed("java resource ", n.left),
            Kind::CompoundName => {
                self.comp(n.left);
                self.comp(n.right);
            }
            Kind::Guard => self.prefixed("guard variable for ", n.left),
            Kind::TlsInit => self.prefixed("TLS init function for ", n.left),
            Kind::TlsWrapper => self.prefixed("TLS wrapper function for ", n.left),
            Kind::RefTemp => {
                self.push_str("reference temporary #");
                self.comp(n.right);
                self.push_str(" for ");
                self.comp(n.left);
            }
            Kind::HiddenAlias => self.prefixed("hidden alias for ", n.left),
            Kind::TransactionClone => self.prefixed("transaction clone for ", n.left),
            Kind::NonTransactionClone => self.prefixed("non-transaction clone for ", n.left),
            Kind::SubStd => {
                let t = self.text(n);
                self.push_str(t);
            }
            Kind::Restrict | Kind::Volatile | Kind::Const => {
                // The same cv-qualifier may be pushed twice for arrays.
                let mut p = self.modifiers;
                while let Some(pi) = p {
                    let Some(m) = self.mods.get(pi).copied() else {
                        break;
                    };
                    if !m.printed {
                        let mk = self.kind(Some(m.node));
                        if !mk.is_some_and(Kind::is_cv) {
                            break;
                        }
                        if mk == Some(n.kind) {
                            self.comp(n.left);
                            return;
                        }
                    }
                    p = m.next;
                }
                self.modifier(id, None, None);
            }
            Kind::Reference | Kind::RvalueReference => self.reference(n, id),
            Kind::VendorTypeQual | Kind::Pointer | Kind::Complex | Kind::Imaginary => {
                self.modifier(id, None, None);
            }
            k if k.is_fnqual() => self.modifier(id, None, None),
            Kind::BuiltinType => {
                let java = self.java.then(|| tables::java_builtin(n.num)).flatten();
                let name = java
                    .unwrap_or_else(|| tables::BUILTINS.get(n.num as usize).map_or("", |b| b.name));
                self.push_str(name);
            }
            Kind::ExtendedBuiltinType => {
                let name = tables::BUILTINS
                    .get(tables::FLOAT_N as usize)
                    .map_or("", |b| b.name);
                self.push_str(name);
                self.push_num(i64::from(n.num));
                if n.aux != 0 {
                    self.push_char(char::from(n.aux));
                }
            }
            Kind::VendorType => self.comp(n.left),
            Kind::FunctionType if self.ret_postfix => {
                // Return type after the parameters, without a space.
                self.ret_postfix = false;
                let mods = self.modifiers;
                self.function_type(id, mods);
                if n.left.is_some() {
                    self.comp(n.left);
                }
                self.ret_postfix = true;
            }
            Kind::FunctionType => {
                if n.left.is_some() {
                    let m = self.push_mod(id);
                    let prev = self.mods.get(m).and_then(|x| x.next);
                    self.comp(n.left);
                    self.modifiers = prev;
                    let printed = self.mod_printed(m);
                    self.mods.truncate(m);
                    if printed {
                        return;
                    }
                    self.push_str(" ");
                }
                let mods = self.modifiers;
                self.function_type(id, mods);
            }
            Kind::ArrayType => self.array(n, id),
            Kind::PtrmemType | Kind::VectorType => {
                let m = self.push_mod(id);
                self.comp(n.right);
                if !self.mod_printed(m) {
                    self.print_mod(id);
                }
                self.modifiers = self.mods.get(m).and_then(|x| x.next);
                self.mods.truncate(m);
            }
            Kind::Arglist | Kind::TemplateArglist => {
                if n.left.is_some() {
                    self.comp(n.left);
                }
                if n.right.is_some() {
                    let before = self.out.len();
                    self.push_str(", ");
                    let len = self.out.len();
                    self.comp(n.right);
                    if self.out.len() == len {
                        // Nothing printed (an empty pack): drop the ", ".
                        self.out.truncate(before);
                    }
                }
            }
            Kind::InitializerList => {
                if n.left.is_some() {
                    self.comp(n.left);
                }
                self.push_str("{");
                self.comp(n.right);
                self.push_str("}");
            }
            Kind::Operator => {
                let Some(op) = self.op_info(dc) else {
                    self.failed = true;
                    return;
                };
                self.push_str("operator");
                if op
                    .name
                    .as_bytes()
                    .first()
                    .is_some_and(u8::is_ascii_lowercase)
                {
                    self.push_str(" ");
                }
                self.push_str(op.name.strip_suffix(' ').unwrap_or(op.name));
            }
            Kind::ExtendedOperator => {
                self.push_str("operator ");
                self.comp(n.left);
            }
            Kind::Conversion => {
                self.push_str("operator ");
                self.conversion(n);
            }
            Kind::Nullary => self.expr_op(n.left),
            Kind::Unary => self.unary(n),
            Kind::Binary => self.binary(n, id),
            Kind::Trinary => self.trinary(n, id),
            Kind::Literal | Kind::LiteralNeg => self.literal(n),
            Kind::VendorExpr => {
                self.comp(n.left);
                self.push_str("(");
                self.comp(n.right);
                self.push_str(")");
            }
            Kind::Number => self.push_num(i64::from(n.num)),
            Kind::Decltype => {
                self.push_str("decltype (");
                self.comp(n.left);
                self.push_str(")");
            }
            Kind::PackExpansion => {
                let a = if self.lambda_tpl_parms == 0 {
                    self.find_pack(n.left)
                } else {
                    None
                };
                match a {
                    None => {
                        self.subexpr(n.left);
                        self.push_str("...");
                    }
                    Some(a) => {
                        let len = self.pack_length(Some(a));
                        for i in 0..len {
                            if i > 0 {
                                self.push_str(", ");
                            }
                            self.pack_index = i32::try_from(i).unwrap_or(i32::MAX);
                            self.comp(n.left);
                        }
                    }
                }
            }
            Kind::FunctionParam => {
                if n.num == 0 {
                    self.push_str("this");
                } else {
                    self.push_str("{parm#");
                    self.push_num(i64::from(n.num));
                    self.push_str("}");
                }
            }
            Kind::GlobalConstructors => self.prefixed("global constructors keyed to ", n.left),
            Kind::GlobalDestructors => self.prefixed("global destructors keyed to ", n.left),
            Kind::Lambda => self.lambda(n),
            Kind::UnnamedType => {
                self.push_str("{unnamed type#");
                self.push_num(i64::from(n.num) + 1);
                self.push_str("}");
            }
            Kind::Clone => {
                self.comp(n.left);
                self.push_str(" [clone ");
                self.comp(n.right);
                self.push_str("]");
            }
            Kind::TemplateHead => {
                self.push_str("<");
                let mut p = n.left;
                let mut count = 0;
                while let Some(pid) = p {
                    if count > 0 {
                        self.push_str(", ");
                    }
                    count += 1;
                    self.comp(Some(pid));
                    p = self.right(Some(pid));
                    if self.failed {
                        return;
                    }
                }
                self.push_str(">");
            }
            Kind::TemplateTypeParm => self.push_str("typename"),
            Kind::TemplateNonTypeParm => self.comp(n.left),
            Kind::TemplateTemplateParm => {
                self.push_str("template");
                self.comp(n.left);
                self.push_str(" class");
            }
            Kind::TemplatePackParm => {
                self.comp(n.left);
                self.push_str("...");
            }
            _ => self.failed = true,
        }
    }

    fn prefixed(&mut self, s: &str, dc: Option<Id>) {
        self.push_str(s);
        self.comp(dc);
    }

    fn typed_name(&mut self, n: &Node) {
        let hold_modifiers = self.modifiers;
        self.modifiers = None;
        let base = self.mods.len();
        let mut slots: [usize; 4] = [0; 4];
        let mut i = 0usize;
        let mut typed = n.left;
        while let Some(t) = typed {
            if i >= slots.len() {
                self.failed = true;
                return;
            }
            if let Some(s) = slots.get_mut(i) {
                *s = self.push_mod(t);
            }
            i += 1;
            if !self.kind(typed).is_some_and(Kind::is_fnqual) {
                break;
            }
            typed = self.left(typed);
        }
        if typed.is_none() {
            self.failed = true;
            return;
        }
        if self.kind(typed) == Some(Kind::LocalName) {
            typed = self.right(typed);
            if self.kind(typed) == Some(Kind::DefaultArg) {
                typed = self.left(typed);
            }
            while let Some(t) = typed {
                if !self.kind(typed).is_some_and(Kind::is_fnqual) {
                    break;
                }
                if i >= slots.len() || i == 0 {
                    self.failed = true;
                    return;
                }
                let prev = slots.get(i - 1).copied().unwrap_or(0);
                let Some(mut copy) = self.mods.get(prev).copied() else {
                    self.failed = true;
                    return;
                };
                copy.next = Some(prev);
                let new_idx = self.mods.len();
                self.mods.push(copy);
                self.modifiers = Some(new_idx);
                let cur = self.templates;
                if let Some(m) = self.mods.get_mut(prev) {
                    m.node = t;
                    m.printed = false;
                    m.templates = cur;
                }
                if let Some(s) = slots.get_mut(i) {
                    *s = new_idx;
                }
                i += 1;
                typed = self.left(typed);
            }
            if typed.is_none() {
                self.failed = true;
                return;
            }
        }
        let is_template = self.kind(typed) == Some(Kind::Template);
        let hold_templates = self.templates;
        if is_template {
            self.push_tpl(typed);
        }
        self.comp(n.right);
        if is_template {
            self.templates = hold_templates;
        }
        while i > 0 {
            i -= 1;
            let Some(m) = slots.get(i).and_then(|&s| self.mods.get(s)).copied() else {
                break;
            };
            if !m.printed {
                self.push_str(" ");
                self.print_mod(m.node);
            }
        }
        self.modifiers = hold_modifiers;
        self.mods.truncate(base);
    }

    fn template_param(&mut self, n: &Node, id: Id) {
        let num = n.num;
        if self.lambda_tpl_parms > num.saturating_add(1) {
            let decl = self
                .templates
                .and_then(|t| self.tpls.get(t))
                .and_then(|t| t.decl);
            let mut a = self.left(decl);
            let mut c = num;
            while a.is_some() && c > 0 {
                a = self.right(a);
                c -= 1;
            }
            if self.kind(a) == Some(Kind::TemplatePackParm) {
                a = self.left(a);
            }
            match self.kind(a) {
                None => self.failed = true,
                Some(k) => self.lambda_parm_name(k, i64::from(num)),
            }
        } else if self.lambda_tpl_parms != 0 {
            self.push_str("auto:");
            self.push_num(i64::from(num) + 1);
        } else {
            let mut a = self.lookup_template_argument(id);
            if self.kind(a) == Some(Kind::TemplateArglist) {
                a = self.index_template_argument(a, self.pack_index);
            }
            if a.is_none() {
                self.failed = true;
                return;
            }
            let hold = self.templates;
            self.templates = self.tpl_next(hold);
            self.comp(a);
            self.templates = hold;
        }
    }

    fn lambda_parm_name(&mut self, kind: Kind, index: i64) {
        let s = match kind {
            Kind::TemplateTypeParm => "$T",
            Kind::TemplateNonTypeParm => "$N",
            Kind::TemplateTemplateParm => "$TT",
            _ => {
                self.failed = true;
                ""
            }
        };
        self.push_str(s);
        self.push_num(index);
    }

    fn reference(&mut self, n: &Node, id: Id) {
        let mut sub = n.left;
        let mut dc = id;
        let mut mod_inner = None;
        let mut restore: Option<Option<usize>> = None;
        if self.lambda_tpl_parms == 0 && self.kind(sub) == Some(Kind::TemplateParam) {
            let Some(sid) = sub else { return };
            let scope = self
                .saved_scopes
                .iter()
                .find(|(c, _)| *c == sid)
                .map(|(_, t)| *t);
            match scope {
                None => self.saved_scopes.push((sid, self.templates)),
                Some(saved) => {
                    let top = self.stack.len().saturating_sub(1);
                    let found = self
                        .stack
                        .iter()
                        .enumerate()
                        .any(|(i, &c)| c == sid || (c == id && i != top));
                    if !found {
                        restore = Some(self.templates);
                        self.templates = saved;
                    }
                }
            }
            let mut a = self.lookup_template_argument(sid);
            if self.kind(a) == Some(Kind::TemplateArglist) {
                a = self.index_template_argument(a, self.pack_index);
            }
            if a.is_none() {
                if let Some(t) = restore {
                    self.templates = t;
                }
                self.failed = true;
                return;
            }
            sub = a;
        }
        let sk = self.kind(sub);
        if sk == Some(Kind::Reference) || sk == Some(n.kind) {
            if let Some(s) = sub {
                dc = s;
            }
        } else if sk == Some(Kind::RvalueReference) {
            mod_inner = Some(self.left(sub));
        }
        self.modifier(dc, mod_inner, restore);
    }

    /// Pushes `dc` as a modifier, prints its operand (or `mod_inner`), and
    /// prints the modifier itself if the operand did not.
    fn modifier(&mut self, dc: Id, mod_inner: Option<Option<Id>>, restore: Option<Option<usize>>) {
        let m = self.push_mod(dc);
        let inner = mod_inner.unwrap_or_else(|| self.left(Some(dc)));
        self.comp(inner);
        if !self.mod_printed(m) {
            self.print_mod(dc);
        }
        self.modifiers = self.mods.get(m).and_then(|x| x.next);
        self.mods.truncate(m);
        if let Some(t) = restore {
            self.templates = t;
        }
    }

    fn array(&mut self, n: &Node, id: Id) {
        let hold = self.modifiers;
        let base = self.mods.len();
        let first = self.push_mod(id);
        let mut extra: Vec<usize> = Vec::new();
        let mut p = hold;
        while let Some(pi) = p {
            let Some(m) = self.mods.get(pi).copied() else {
                break;
            };
            if !self.kind(Some(m.node)).is_some_and(Kind::is_cv) {
                break;
            }
            if !m.printed {
                if extra.len() + 1 >= 4 {
                    self.failed = true;
                    return;
                }
                let mut copy = m;
                copy.next = self.modifiers;
                let idx = self.mods.len();
                self.mods.push(copy);
                self.modifiers = Some(idx);
                if let Some(orig) = self.mods.get_mut(pi) {
                    orig.printed = true;
                }
                extra.push(idx);
            }
            p = m.next;
        }
        self.comp(n.right);
        self.modifiers = hold;
        if self.mod_printed(first) {
            self.mods.truncate(base);
            return;
        }
        for &e in extra.iter().rev() {
            if let Some(node) = self.mods.get(e).map(|m| m.node) {
                self.print_mod(node);
            }
        }
        let mods = self.modifiers;
        self.array_type(id, mods);
        self.mods.truncate(base);
    }

    fn unary(&mut self, n: &Node) {
        let op = n.left;
        let mut operand = n.right;
        let code = self.op_code(op);
        if self.kind(op) == Some(Kind::Operator) {
            if code == Some("ad")
                && self.kind(operand) == Some(Kind::TypedName)
                && self.kind(self.left(operand)) == Some(Kind::QualName)
                && self.kind(self.right(operand)) == Some(Kind::FunctionType)
            {
                operand = self.left(operand);
            }
            if self.kind(operand) == Some(Kind::BinaryArgs) {
                operand = self.left(operand);
                self.subexpr(operand);
                self.expr_op(op);
                return;
            }
        }
        if code == Some("sZ") {
            let a = self.find_pack(operand);
            let len = self.pack_length(a);
            self.push_num(len);
            return;
        } else if code == Some("sP") {
            let len = self.args_length(operand);
            self.push_num(len);
            return;
        }
        if self.kind(op) != Some(Kind::Cast) {
            self.expr_op(op);
        } else {
            self.push_str("(");
            self.comp(self.left(op));
            self.push_str(")");
        }
        if code == Some("gs") {
            self.comp(operand);
        } else if code == Some("st") {
            self.push_str("(");
            self.comp(operand);
            self.push_str(")");
        } else {
            self.subexpr(operand);
        }
    }

    fn binary(&mut self, n: &Node, id: Id) {
        if self.kind(n.right) != Some(Kind::BinaryArgs) {
            self.failed = true;
            return;
        }
        let code = self.op_code(n.left);
        if code.is_some_and(is_new_cast) {
            self.expr_op(n.left);
            self.push_str("<");
            self.comp(self.left(n.right));
            self.push_str(">(");
            self.comp(self.right(n.right));
            self.push_str(")");
            return;
        }
        if self.maybe_fold(id) || self.maybe_designated_init(id) {
            return;
        }
        let gt = self.op_info(n.left).is_some_and(|o| o.name == ">");
        if gt {
            self.push_str("(");
        }
        let lhs = self.left(n.right);
        if code == Some("cl") && self.kind(lhs) == Some(Kind::TypedName) {
            if self.kind(self.right(lhs)) != Some(Kind::FunctionType) {
                self.failed = true;
            }
            self.subexpr(self.left(lhs));
        } else {
            self.subexpr(lhs);
        }
        if code == Some("ix") {
            self.push_str("[");
            self.comp(self.right(n.right));
            self.push_str("]");
        } else {
            if code != Some("cl") {
                self.expr_op(n.left);
            }
            self.subexpr(self.right(n.right));
        }
        if gt {
            self.push_str(")");
        }
    }

    fn trinary(&mut self, n: &Node, id: Id) {
        if self.kind(n.right) != Some(Kind::TrinaryArg1)
            || self.kind(self.right(n.right)) != Some(Kind::TrinaryArg2)
        {
            self.failed = true;
            return;
        }
        if self.maybe_fold(id) || self.maybe_designated_init(id) {
            return;
        }
        let first = self.left(n.right);
        let a2 = self.right(n.right);
        let second = self.left(a2);
        let third = self.right(a2);
        if self.op_code(n.left) == Some("qu") {
            self.subexpr(first);
            self.expr_op(n.left);
            self.subexpr(second);
            self.push_str(" : ");
            self.subexpr(third);
        } else {
            self.push_str("new ");
            if self.left(first).is_some() {
                self.subexpr(first);
                self.push_str(" ");
            }
            self.comp(second);
            if third.is_some() {
                self.subexpr(third);
            }
        }
    }

    fn maybe_fold(&mut self, id: Id) -> bool {
        let dc = Some(id);
        let Some(code) = self.op_code(self.left(dc)) else {
            return false;
        };
        let cb = code.as_bytes();
        if cb.first() != Some(&b'f') {
            return false;
        }
        let ops = self.right(dc);
        let operator = self.left(ops);
        let mut op1 = self.right(ops);
        let mut op2 = None;
        if self.kind(op1) == Some(Kind::TrinaryArg2) {
            op2 = self.right(op1);
            op1 = self.left(op1);
        }
        let save = self.pack_index;
        self.pack_index = -1;
        match cb.get(1) {
            Some(b'l') => {
                self.push_str("(...");
                self.expr_op(operator);
                self.subexpr(op1);
                self.push_str(")");
            }
            Some(b'r') => {
                self.push_str("(");
                self.subexpr(op1);
                self.expr_op(operator);
                self.push_str("...)");
            }
            Some(b'L' | b'R') => {
                self.push_str("(");
                self.subexpr(op1);
                self.expr_op(operator);
                self.push_str("...");
                self.expr_op(operator);
                self.subexpr(op2);
                self.push_str(")");
            }
            _ => {}
        }
        self.pack_index = save;
        true
    }

    fn is_designated_init(&self, dc: Option<Id>) -> bool {
        if !matches!(self.kind(dc), Some(Kind::Binary | Kind::Trinary)) {
            return false;
        }
        matches!(self.op_code(self.left(dc)), Some("di" | "dx" | "dX"))
    }

    fn maybe_designated_init(&mut self, id: Id) -> bool {
        let dc = Some(id);
        if !self.is_designated_init(dc) {
            return false;
        }
        let code = self.op_code(self.left(dc)).unwrap_or("");
        let operands = self.right(dc);
        let op1 = self.left(operands);
        let mut op2 = self.right(operands);
        if code == "di" {
            self.push_str(".");
        } else {
            self.push_str("[");
        }
        self.comp(op1);
        if code == "dX" {
            self.push_str(" ... ");
            self.comp(self.left(op2));
            op2 = self.right(op2);
        }
        if code != "di" {
            self.push_str("]");
        }
        if self.is_designated_init(op2) {
            self.comp(op2);
        } else {
            self.push_str("=");
            self.subexpr(op2);
        }
        true
    }

    fn literal(&mut self, n: &Node) {
        let mut style = LitStyle::Default;
        if let Some(t) = n.left.and_then(|l| self.node(l)) {
            if t.kind == Kind::BuiltinType {
                style = tables::BUILTINS
                    .get(t.num as usize)
                    .map_or(LitStyle::Default, |b| b.style);
                let val = n.right.and_then(|r| self.node(r));
                let is_name = val.is_some_and(|v| v.kind == Kind::Name);
                match style {
                    LitStyle::Int
                    | LitStyle::Unsigned
                    | LitStyle::Long
                    | LitStyle::UnsignedLong
                    | LitStyle::LongLong
                    | LitStyle::UnsignedLongLong
                        if is_name =>
                    {
                        if n.kind == Kind::LiteralNeg {
                            self.push_str("-");
                        }
                        self.comp(n.right);
                        let suffix = match style {
                            LitStyle::Unsigned => "u",
                            LitStyle::Long => "l",
                            LitStyle::UnsignedLong => "ul",
                            LitStyle::LongLong => "ll",
                            LitStyle::UnsignedLongLong => "ull",
                            _ => "",
                        };
                        self.push_str(suffix);
                        return;
                    }
                    LitStyle::Bool if is_name && n.kind == Kind::Literal => {
                        if let Some(v) = val {
                            match self.text(v) {
                                "0" => {
                                    self.push_str("false");
                                    return;
                                }
                                "1" => {
                                    self.push_str("true");
                                    return;
                                }
                                _ => {}
                            }
                        }
                    }
                    _ => {}
                }
            }
        }
        self.push_str("(");
        self.comp(n.left);
        self.push_str(")");
        if n.kind == Kind::LiteralNeg {
            self.push_str("-");
        }
        if style == LitStyle::Float {
            self.push_str("[");
        }
        self.comp(n.right);
        if style == LitStyle::Float {
            self.push_str("]");
        }
    }

    fn lambda(&mut self, n: &Node) {
        self.push_str("{lambda");
        let mut parms = n.left;
        let saved = self.lambda_tpl_parms;
        self.lambda_tpl_parms = 0;
        let hold_templates = self.templates;
        self.push_tpl(None);
        if self.kind(parms) == Some(Kind::TemplateHead) {
            if let Some(t) = self.templates.and_then(|t| self.tpls.get_mut(t)) {
                t.decl = parms;
            }
            self.push_str("<");
            let mut parm = self.left(parms);
            while let Some(p) = parm {
                if self.lambda_tpl_parms > 0 {
                    self.push_str(", ");
                }
                self.lambda_tpl_parms += 1;
                self.comp(Some(p));
                self.push_str(" ");
                let mut q = Some(p);
                if self.kind(q) == Some(Kind::TemplatePackParm) {
                    q = self.left(q);
                }
                match self.kind(q) {
                    Some(k) => self.lambda_parm_name(k, i64::from(self.lambda_tpl_parms - 1)),
                    None => self.failed = true,
                }
                if self.failed {
                    return;
                }
                parm = self.right(q);
            }
            self.push_str(">");
            parms = self.right(parms);
        }
        self.lambda_tpl_parms += 1;
        self.push_str("(");
        self.comp(parms);
        self.lambda_tpl_parms = saved;
        self.templates = hold_templates;
        self.push_str(")#");
        self.push_num(i64::from(n.num) + 1);
        self.push_str("}");
    }

    fn mod_list(&mut self, mods: Option<usize>, suffix: bool) {
        let mut cur = mods;
        while let Some(ci) = cur {
            if self.failed {
                return;
            }
            let Some(m) = self.mods.get(ci).copied() else {
                return;
            };
            let mk = self.kind(Some(m.node));
            if m.printed || (!suffix && mk.is_some_and(Kind::is_fnqual)) {
                cur = m.next;
                continue;
            }
            if let Some(mm) = self.mods.get_mut(ci) {
                mm.printed = true;
            }
            let hold = self.templates;
            self.templates = m.templates;
            match mk {
                Some(Kind::FunctionType) => {
                    self.function_type(m.node, m.next);
                    self.templates = hold;
                    return;
                }
                Some(Kind::ArrayType) => {
                    self.array_type(m.node, m.next);
                    self.templates = hold;
                    return;
                }
                Some(Kind::LocalName) => {
                    let hold_mods = self.modifiers;
                    self.modifiers = None;
                    self.comp(self.left(Some(m.node)));
                    self.modifiers = hold_mods;
                    self.scope_sep();
                    let mut d = self.right(Some(m.node));
                    if self.kind(d) == Some(Kind::DefaultArg) {
                        let num = d.and_then(|x| self.node(x)).map_or(0, |x| x.num);
                        self.push_str("{default arg#");
                        self.push_num(i64::from(num) + 1);
                        self.push_str("}::");
                        d = self.left(d);
                    }
                    while self.kind(d).is_some_and(Kind::is_fnqual) {
                        d = self.left(d);
                    }
                    self.comp(d);
                    self.templates = hold;
                    return;
                }
                _ => {}
            }
            self.print_mod(m.node);
            self.templates = hold;
            cur = m.next;
        }
    }

    fn print_mod(&mut self, id: Id) {
        let Some(n) = self.node(id) else {
            self.failed = true;
            return;
        };
        match n.kind {
            Kind::Restrict | Kind::RestrictThis => self.push_str(" restrict"),
            Kind::Volatile | Kind::VolatileThis => self.push_str(" volatile"),
            Kind::Const | Kind::ConstThis => self.push_str(" const"),
            Kind::TransactionSafe => self.push_str(" transaction_safe"),
            Kind::Noexcept | Kind::ThrowSpec => {
                self.push_str(if n.kind == Kind::Noexcept {
                    " noexcept"
                } else {
                    " throw"
                });
                if n.right.is_some() {
                    self.push_str("(");
                    self.comp(n.right);
                    self.push_str(")");
                }
            }
            Kind::VendorTypeQual => {
                self.push_str(" ");
                self.comp(n.right);
            }
            // Java has no pointer symbol.
            Kind::Pointer if self.java => {}
            Kind::Pointer => self.push_str("*"),
            Kind::ReferenceThis => self.push_str(" &"),
            Kind::Reference => self.push_str("&"),
            Kind::RvalueReferenceThis => self.push_str(" &&"),
            Kind::RvalueReference => self.push_str("&&"),
            Kind::Complex => self.push_str(" _Complex"),
            Kind::Imaginary => self.push_str(" _Imaginary"),
            Kind::PtrmemType => {
                if self.last_char != b'(' {
                    self.push_str(" ");
                }
                self.comp(n.left);
                self.push_str("::*");
            }
            Kind::TypedName => self.comp(n.left),
            Kind::VectorType => {
                self.push_str(" __vector(");
                self.comp(n.left);
                self.push_str(")");
            }
            _ => self.comp(Some(id)),
        }
    }

    fn function_type(&mut self, dc: Id, mods: Option<usize>) {
        let mut need_paren = false;
        let mut need_space = false;
        let mut p = mods;
        while let Some(pi) = p {
            let Some(m) = self.mods.get(pi).copied() else {
                break;
            };
            if m.printed {
                break;
            }
            match self.kind(Some(m.node)) {
                Some(Kind::Pointer | Kind::Reference | Kind::RvalueReference) => need_paren = true,
                Some(
                    Kind::Restrict
                    | Kind::Volatile
                    | Kind::Const
                    | Kind::VendorTypeQual
                    | Kind::Complex
                    | Kind::Imaginary
                    | Kind::PtrmemType,
                ) => {
                    need_space = true;
                    need_paren = true;
                }
                _ => {}
            }
            if need_paren {
                break;
            }
            p = m.next;
        }
        if need_paren {
            if !need_space && self.last_char != b'(' && self.last_char != b'*' {
                need_space = true;
            }
            if need_space && self.last_char != b' ' {
                self.push_str(" ");
            }
            self.push_str("(");
        }
        let hold = self.modifiers;
        self.modifiers = None;
        self.mod_list(mods, false);
        if need_paren {
            self.push_str(")");
        }
        self.push_str("(");
        let r = self.right(Some(dc));
        if r.is_some() {
            self.comp(r);
        }
        self.push_str(")");
        self.mod_list(mods, true);
        self.modifiers = hold;
    }

    fn array_type(&mut self, dc: Id, mods: Option<usize>) {
        let mut need_space = true;
        if mods.is_some() {
            let mut need_paren = false;
            let mut p = mods;
            while let Some(pi) = p {
                let Some(m) = self.mods.get(pi).copied() else {
                    break;
                };
                if !m.printed {
                    if self.kind(Some(m.node)) == Some(Kind::ArrayType) {
                        need_space = false;
                    } else {
                        need_paren = true;
                        need_space = true;
                    }
                    break;
                }
                p = m.next;
            }
            if need_paren {
                self.push_str(" (");
            }
            self.mod_list(mods, false);
            if need_paren {
                self.push_str(")");
            }
        }
        if need_space {
            self.push_str(" ");
        }
        self.push_str("[");
        let l = self.left(Some(dc));
        if l.is_some() {
            self.comp(l);
        }
        self.push_str("]");
    }

    fn expr_op(&mut self, dc: Option<Id>) {
        if let Some(op) = self.op_info(dc) {
            self.push_str(op.name);
        } else {
            self.comp(dc);
        }
    }

    fn conversion(&mut self, n: &Node) {
        let hold = self.templates;
        if self.current_template.is_some() {
            self.push_tpl(self.current_template);
        }
        if self.kind(n.left) != Some(Kind::Template) {
            self.comp(n.left);
            self.templates = hold;
        } else {
            self.comp(self.left(n.left));
            self.templates = hold;
            if self.last_char == b'<' {
                self.push_str(" ");
            }
            self.push_str("<");
            self.comp(self.right(n.left));
            if self.last_char == b'>' {
                self.push_str(" ");
            }
            self.push_str(">");
        }
    }
}
