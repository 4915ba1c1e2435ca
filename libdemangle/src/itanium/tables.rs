//! Fixed tables: builtin types, operators and standard substitutions.

/// How a literal of a builtin type is printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum LitStyle {
    Default,
    Int,
    Unsigned,
    Long,
    UnsignedLong,
    LongLong,
    UnsignedLongLong,
    Bool,
    Float,
    Void,
}

/// A builtin type: printed name and literal style.
#[derive(Debug)]
pub(crate) struct Builtin {
    pub(crate) name: &'static str,
    pub(crate) style: LitStyle,
}

const fn b(name: &'static str, style: LitStyle) -> Builtin {
    Builtin { name, style }
}

/// Builtin types. Indices 0..26 are the one-letter codes `a`..`z`
/// (empty names are letters that are not builtin codes).
pub(crate) static BUILTINS: [Builtin; 36] = [
    b("signed char", LitStyle::Default),
    b("bool", LitStyle::Bool),
    b("char", LitStyle::Default),
    b("double", LitStyle::Float),
    b("long double", LitStyle::Float),
    b("float", LitStyle::Float),
    b("__float128", LitStyle::Float),
    b("unsigned char", LitStyle::Default),
    b("int", LitStyle::Int),
    b("unsigned int", LitStyle::Unsigned),
    b("", LitStyle::Default),
    b("long", LitStyle::Long),
    b("unsigned long", LitStyle::UnsignedLong),
    b("__int128", LitStyle::Default),
    b("unsigned __int128", LitStyle::Default),
    b("", LitStyle::Default),
    b("", LitStyle::Default),
    b("", LitStyle::Default),
    b("short", LitStyle::Default),
    b("unsigned short", LitStyle::Default),
    b("", LitStyle::Default),
    b("void", LitStyle::Void),
    b("wchar_t", LitStyle::Default),
    b("long long", LitStyle::LongLong),
    b("unsigned long long", LitStyle::UnsignedLongLong),
    b("...", LitStyle::Default),
    b("decimal32", LitStyle::Default),
    b("decimal64", LitStyle::Default),
    b("decimal128", LitStyle::Default),
    b("half", LitStyle::Float),
    b("char8_t", LitStyle::Default),
    b("char16_t", LitStyle::Default),
    b("char32_t", LitStyle::Default),
    b("decltype(nullptr)", LitStyle::Default),
    b("_Float", LitStyle::Float),
    b("std::bfloat16_t", LitStyle::Float),
];

/// The Java name of builtin type `index`, where it differs from the C++
/// one (GNU's `java_name` column).
pub(crate) fn java_builtin(index: i32) -> Option<&'static str> {
    Some(match u8::try_from(index).ok()?.checked_add(b'a')? {
        b'b' => "boolean",
        b'c' => "byte",
        b'j' => "unsigned",
        b'w' => "char",
        b'x' => "long",
        _ => return None,
    })
}

/// Index of `decltype(nullptr)` in [`BUILTINS`].
pub(crate) const NULLPTR_TYPE: i32 = 33;
/// Index of `_Float` in [`BUILTINS`].
pub(crate) const FLOAT_N: i32 = 34;
/// Index of `std::bfloat16_t` in [`BUILTINS`].
pub(crate) const BFLOAT16: i32 = 35;

/// An operator: mangled code, printed spelling, operand count.
#[derive(Debug)]
pub(crate) struct Operator {
    pub(crate) code: &'static str,
    pub(crate) name: &'static str,
    pub(crate) args: u8,
}

const fn op(code: &'static str, name: &'static str, args: u8) -> Operator {
    Operator { code, name, args }
}

/// Operators, sorted by code.
pub(crate) static OPERATORS: [Operator; 73] = [
    op("aN", "&=", 2),
    op("aS", "=", 2),
    op("aa", "&&", 2),
    op("ad", "&", 1),
    op("an", "&", 2),
    op("at", "alignof ", 1),
    op("aw", "co_await ", 1),
    op("az", "alignof ", 1),
    op("cc", "const_cast", 2),
    op("cl", "()", 2),
    op("cm", ",", 2),
    op("co", "~", 1),
    op("dV", "/=", 2),
    op("dX", "[...]=", 3),
    op("da", "delete[] ", 1),
    op("dc", "dynamic_cast", 2),
    op("de", "*", 1),
    op("di", "=", 2),
    op("dl", "delete ", 1),
    op("ds", ".*", 2),
    op("dt", ".", 2),
    op("dv", "/", 2),
    op("dx", "]=", 2),
    op("eO", "^=", 2),
    op("eo", "^", 2),
    op("eq", "==", 2),
    op("fL", "...", 3),
    op("fR", "...", 3),
    op("fl", "...", 2),
    op("fr", "...", 2),
    op("ge", ">=", 2),
    op("gs", "::", 1),
    op("gt", ">", 2),
    op("ix", "[]", 2),
    op("lS", "<<=", 2),
    op("le", "<=", 2),
    op("li", "operator\"\" ", 1),
    op("ls", "<<", 2),
    op("lt", "<", 2),
    op("mI", "-=", 2),
    op("mL", "*=", 2),
    op("mi", "-", 2),
    op("ml", "*", 2),
    op("mm", "--", 1),
    op("na", "new[]", 3),
    op("ne", "!=", 2),
    op("ng", "-", 1),
    op("nt", "!", 1),
    op("nw", "new", 3),
    op("oR", "|=", 2),
    op("oo", "||", 2),
    op("or", "|", 2),
    op("pL", "+=", 2),
    op("pl", "+", 2),
    op("pm", "->*", 2),
    op("pp", "++", 1),
    op("ps", "+", 1),
    op("pt", "->", 2),
    op("qu", "?", 3),
    op("rM", "%=", 2),
    op("rS", ">>=", 2),
    op("rc", "reinterpret_cast", 2),
    op("rm", "%", 2),
    op("rs", ">>", 2),
    op("sP", "sizeof...", 1),
    op("sZ", "sizeof...", 1),
    op("sc", "static_cast", 2),
    op("ss", "<=>", 2),
    op("st", "sizeof ", 1),
    op("sz", "sizeof ", 1),
    op("tr", "throw", 0),
    op("tw", "throw ", 1),
    op("", "", 0),
];

/// Looks up an operator code; returns its index in [`OPERATORS`].
pub(crate) fn find_operator(c1: u8, c2: u8) -> Option<usize> {
    OPERATORS.iter().position(|o| o.code.as_bytes() == [c1, c2])
}

/// A standard substitution (`Sa`, `Ss`, ...).
#[derive(Debug)]
pub(crate) struct StdSub {
    pub(crate) code: u8,
    pub(crate) simple: &'static str,
    pub(crate) full: &'static str,
    /// Name used by a following constructor or destructor.
    pub(crate) last_name: Option<&'static str>,
}

/// The standard substitutions.
pub(crate) static STD_SUBS: [StdSub; 7] = [
    StdSub {
        code: b't',
        simple: "std",
        full: "std",
        last_name: None,
    },
    StdSub {
        code: b'a',
        simple: "std::allocator",
        full: "std::allocator",
        last_name: Some("allocator"),
    },
    StdSub {
        code: b'b',
        simple: "std::basic_string",
        full: "std::basic_string",
        last_name: Some("basic_string"),
    },
    StdSub {
        code: b's',
        simple: "std::string",
        full: "std::basic_string<char, std::char_traits<char>, std::allocator<char> >",
        last_name: Some("basic_string"),
    },
    StdSub {
        code: b'i',
        simple: "std::istream",
        full: "std::basic_istream<char, std::char_traits<char> >",
        last_name: Some("basic_istream"),
    },
    StdSub {
        code: b'o',
        simple: "std::ostream",
        full: "std::basic_ostream<char, std::char_traits<char> >",
        last_name: Some("basic_ostream"),
    },
    StdSub {
        code: b'd',
        simple: "std::iostream",
        full: "std::basic_iostream<char, std::char_traits<char> >",
        last_name: Some("basic_iostream"),
    },
];
