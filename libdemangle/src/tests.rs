//! Unit tests. Expected strings were produced by GNU c++filt 2.40.

use super::*;

fn d(name: &str) -> Option<String> {
    demangle(name, &Options::default())
}

fn check(cases: &[(&str, &str)], opts: &Options) {
    for (name, want) in cases {
        assert_eq!(demangle(name, opts).as_deref(), Some(*want), "{name}");
    }
}

#[test]
fn itanium_basics() {
    check(
        &[
            ("_Z1fv", "f()"),
            ("_ZN1a1bE", "a::b"),
            ("_ZNK3Foo3barERKSs", "Foo::bar(std::basic_string<char, std::char_traits<char>, std::allocator<char> > const&) const"),
            ("_ZNSt6vectorIiSaIiEE9push_backEOi", "std::vector<int, std::allocator<int> >::push_back(int&&)"),
            ("_ZTV3Foo", "vtable for Foo"),
            ("_ZTIN9__gnu_cxx13stdio_filebufIcSt11char_traitsIcEEE", "typeinfo for __gnu_cxx::stdio_filebuf<char, std::char_traits<char> >"),
            ("_ZThn8_N3Foo3barEv", "non-virtual thunk to Foo::bar()"),
            ("_ZGVZ4mainE1x", "guard variable for main::x"),
            ("_ZZ4mainENKUlvE_clEv", "main::{lambda()#1}::operator()() const"),
            ("_ZN12_GLOBAL__N_13fooEv", "(anonymous namespace)::foo()"),
            ("_ZNKSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEE5c_strEv", "std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> >::c_str() const"),
            ("_Z3fooB5cxx11v", "foo[abi:cxx11]()"),
            ("_Z1fv.cold", "f() [clone .cold]"),
            ("_Z1fv.isra.0.cold", "f() [clone .isra.0] [clone .cold]"),
            ("_Z1fPFivE", "f(int (*)())"),
            ("_Z1fA10_i", "f(int [10])"),
            ("_Z1fM1AKFivE", "f(int (A::*)() const)"),
            ("_Z1fILi1EEvv", "void f<1>()"),
            ("_Z1fILj1EEvv", "void f<1u>()"),
            ("_Z1fILb0EEvv", "void f<false>()"),
            ("_Z1fILc65EEvv", "void f<(char)65>()"),
            ("_ZN1AIiEcviEv", "A<int>::operator int()"),
            ("_Z1fIJidEEvDpT_", "void f<int, double>(int, double)"),
            ("_ZN1AUt_E", "A::{unnamed type#1}"),
            ("_GLOBAL__sub_I_main.cpp", "_GLOBAL__sub_I_main.cpp"),
            ("_GLOBAL__I_main", "global constructors keyed to main"),
        ]
        .into_iter()
        .filter(|(n, _)| !n.starts_with("_GLOBAL__sub"))
        .collect::<Vec<_>>(),
        &Options::default(),
    );
    assert_eq!(d("_GLOBAL__sub_I_main.cpp"), None);
    assert_eq!(d("main"), None);
    assert_eq!(d("_Z"), None);
    assert_eq!(d("_Z1fvX"), None);
}

#[test]
fn rust_legacy_and_v0() {
    let legacy = "_ZN4core3ptr13drop_in_place17h0123456789abcdefE";
    let v0 = "_RINvNtCsgEmfK2I1SDS_4core6escape14escape_unicodeKja_ECsgY6Mt91CT9J_14rustc_demangle";
    #[rustfmt::skip]
    check(&[
        (legacy, "core::ptr::drop_in_place::h0123456789abcdef"),
        // A hash with fewer than 5 distinct digits is not a Rust hash: C++ rules.
        ("_ZN1a17h0000000000000000E", "a::h0000000000000000"),
        // Suffixes after the final `E` are ignored.
        ("_ZN4core3ptr13drop_in_place17h0123456789abcdefE.llvm.42", "core::ptr::drop_in_place::h0123456789abcdef"),
        (v0, "core[c1f1a4ba060b9bfa]::escape::escape_unicode::<10: usize>"),
        ("_RNvNtNtCsjrHSEGnQ3l9_3std2io5stdio19OUTPUT_CAPTURE_USED.0", "std[e28293b1aa0f68bd]::io::stdio::OUTPUT_CAPTURE_USED"),
        ("_RNvC1a1b", "a[0]::b"),
        ("_RNCNvC1a1b0", "a[0]::b::{closure#0}"),
    ], &Options::default());
    check(
        &[
            (legacy, "core::ptr::drop_in_place"),
            (v0, "core::escape::escape_unicode::<10>"),
        ],
        &Options::default().no_verbose(true),
    );
    assert_eq!(d("_R"), None);
    assert_eq!(d("_R0"), None);
}

#[test]
fn options() {
    let p = Options::default().no_params(true);
    assert_eq!(demangle("_Z3fooic", &p).as_deref(), Some("foo"));
    assert_eq!(demangle("_Z1fv.cold", &p).as_deref(), Some("f"));
    let i = Options::default().no_verbose(true);
    assert_eq!(demangle("_Z1fSs", &i).as_deref(), Some("f(std::string)"));
    let t = Options::default().types(true);
    assert_eq!(demangle("PKc", &t).as_deref(), Some("char const*"));
    assert_eq!(d("PKc"), None);
    let u = Options::default().strip_underscore(true);
    assert_eq!(demangle("__Z1fv", &u).as_deref(), Some("f()"));
    assert_eq!(d("__Z1fv"), None);
    assert_eq!(d("._Z1fv").as_deref(), Some(".f()"));
    assert_eq!(d("$_Z1fv").as_deref(), Some("f()"));
    let s = Options::default().style(Style::Rust);
    assert_eq!(demangle("_Z1fv", &s), None);
    let s = Options::default().style(Style::GnuV3);
    assert_eq!(demangle("_RNvC1a1b", &s), None);
    let s = Options::default().style(Style::None);
    assert_eq!(demangle("_Z1fv", &s).as_deref(), Some("_Z1fv"));
    assert_eq!(Style::from_name("gnu-v3"), Some(Style::GnuV3));
    assert_eq!(Style::from_name("cobol"), None);
    let m = Options::default().max_output(3);
    assert_eq!(demangle("_Z3foov", &m), None);
}

#[test]
fn text_filter() {
    let o = Options::default();
    assert_eq!(demangle_text("call _Z1fi@plt", &o), "call f(int)@plt");
    assert_eq!(demangle_text("<_ZN1a1bE+0x10>\n", &o), "<a::b+0x10>\n");
    assert_eq!(demangle_text("naïve _Z1fv", &o), "naïve f()");
    assert_eq!(demangle_text("", &o), "");
    assert_eq!(
        demangle_text_bytes(b"\xff_Z1fv\xfe", &o),
        b"\xff"
            .iter()
            .chain(b"f()\xfe")
            .copied()
            .collect::<Vec<_>>()
    );
    // Over-long words are cut as GNU cuts them (32766 bytes, then one byte echoed).
    let long = "a".repeat(40000);
    assert_eq!(demangle_text(&long, &o), long);
    assert!(is_symbol_byte(b'$') && is_symbol_byte(b'.') && !is_symbol_byte(b'@'));
}

/// NUL bytes belong to words, and a word ends (as GNU's C string) at its
/// first NUL: the rest of it is dropped, a NUL right after the 32766th byte
/// is echoed.
#[test]
fn text_with_nuls() {
    let o = Options::default();
    let t = |b: &[u8]| demangle_text_bytes(b, &o);
    assert_eq!(t(b"_Z1fv\0_Z1gv x\n_Z1hv\0\n"), b"f() x\nh()\n");
    assert_eq!(t(b"\0\0abc def\0"), b" def");
    assert_eq!(t(b"a\0"), b"a");
    let gnat = Options::default().style(Style::Gnat);
    assert_eq!(demangle_text_bytes(b"\0x y", &gnat), b"<> y");
    let mut long = vec![b'b'; 32766];
    long.extend_from_slice(b"\0\0_Z1fv\n");
    let mut want = vec![b'b'; 32766];
    want.extend_from_slice(b"\0\n");
    assert_eq!(t(&long), want);
}

#[test]
fn other_styles() {
    let st = |style, name: &str| demangle(name, &Options::default().style(style));
    assert_eq!(st(Style::Java, "_ZN1a1bE").as_deref(), Some("a.b"));
    assert_eq!(
        st(Style::Java, "_ZN3foo3barEJvP6JArrayIPN4java4lang6StringEE").as_deref(),
        Some("foo.bar(java.lang.String[])void")
    );
    assert_eq!(
        st(Style::Java, "_ZN3foo8bar__U0_Ev").as_deref(),
        Some("foo.bar")
    );
    assert_eq!(
        st(Style::GnuV3, "_ZGr5_a$Sb").as_deref(),
        Some("java resource a/b")
    );
    assert_eq!(st(Style::Gnat, "_Z1fv").as_deref(), Some("<_Z1fv>"));
    assert_eq!(
        st(Style::Dlang, "_D3foo3barFZv").as_deref(),
        Some("foo.bar()")
    );
    assert_eq!(st(Style::Dlang, "_Z1fv"), None);
    assert_eq!(
        Options::default().style(Style::Java).get_style(),
        Style::Java
    );
    // D back references may not loop, and deep nesting is refused.
    assert_eq!(st(Style::Dlang, "_D1aQa"), None);
    let deep = format!("_D1a{}iZv", "A".repeat(100_000));
    assert_eq!(st(Style::Dlang, &deep), None);
    for shape in [
        "A",
        "PxA",
        "S1a__T1bT",
        "H",
        "DFZ",
        "Ng",
        "VS1a__T1bT",
        "C1a__T1bVA",
    ] {
        let deep = format!("_D1a{}iZv", shape.repeat(5000));
        assert_eq!(st(Style::Dlang, &deep), None, "{shape}");
    }
    let under = format!("_D1a{}i", "A".repeat(1000));
    assert_eq!(st(Style::Dlang, &under).as_deref(), Some("a"));
    let wide = format!("_D1aF{}Zv", "iQa".repeat(5000));
    let _ = st(Style::Dlang, &wide);
}

/// Hostile inputs: each must be refused or demangled quickly, without
/// overflowing the (2 MiB) test thread stack, with and without GNU limits.
#[test]
fn hostile_inputs_are_bounded() {
    let mut cases: Vec<String> = vec![
        format!("_Z1f{}i", "P".repeat(500)),
        format!("_Z1f{}i", "P".repeat(100_000)),
        format!("_Z1f{}i", "P".repeat(1000)),
        format!("_Z1f{}i", "P".repeat(1195)),
        format!("_Z1f{}i{}", "PFv".repeat(390), "E".repeat(390)),
        format!("_Z1f{}i{}", "1aI".repeat(390), "E".repeat(390)),
        format!("_Z1f{}i{}", "N1aI".repeat(290), "EE".repeat(290)),
        format!("_RNvC1a{}", "NvNv".repeat(500)),
        format!("_RC1a{}", "RAh".repeat(500)),
        format!("_Z{}1fv", "Z".repeat(5000)),
        format!("_Z{}E1gv", "Z1fv".repeat(2000)),
        format!("_Z1fIJ{}EE", "S_".repeat(5000)),
        format!("_Z1f{}i", "A1_".repeat(5000)),
        format!("_Z1f{}vEvEvE", "PFPFPF".repeat(2000)),
        format!("_Z1fI{}E", "T_".repeat(5000)),
        format!("_Z1aI1bI1cEE{}", "S0_".repeat(5000)),
        format!("_Z1f{}E", "N1a".repeat(5000)),
        format!("_ZN1AIJ{}EE1fEv", "DpT_".repeat(2000)),
        format!("_Z{}i", "Dv1_".repeat(5000)),
        format!("_Z1f{}", "IT_".repeat(5000)),
        format!("_Z1fDT{}", "cl".repeat(5000)),
        format!("_Z1fX{}", "ps".repeat(5000)),
        format!("_RNvC{}1a", "INvC".repeat(5000)),
        format!("_R{}", "B_".repeat(5000)),
        format!("_RNvCs_1a{}", "B_".repeat(5000)),
        format!("_R{}C1a", "RRRRRRRR".repeat(2000)),
        format!("_RINvC1a1b{}E", "B4_".repeat(3000)),
        "_RINvC1a1bBk_E".to_owned(),
        // Fuzzer find: a huge `for<…>` binder in the instantiating-crate
        // suffix, which is parsed without printing (GNU loops on it).
        "_RNvMs0_NtNtMs0_NtNtCsd3sX6oo6Y5g_23rustc_next_trait_solver5solve5FFFFFFFFFFFFFGFTTTText_trpan07try_days_raRRRRRRRRRfffffffffff8_".to_owned(),
        format!("_ZN4core{}17h0123456789abcdefE", "1a".repeat(10_000)),
    ];
    // Substitution fan-out: each argument repeats all previous ones.
    let mut s = String::from("_Z1fI1A");
    for i in 0..60 {
        s.push_str(&if i == 0 {
            "S_".to_owned()
        } else {
            format!("S{}_", i - 1)
        });
    }
    s.push('E');
    cases.push(s);
    let start = std::time::Instant::now();
    for limit in [true, false] {
        let opts = Options::default().recurse_limit(limit).types(true);
        for c in &cases {
            if let Some(out) = demangle(c, &opts) {
                assert!(out.len() <= 1 << 20);
            }
            let _ = demangle_text(c, &opts);
        }
    }
    assert!(start.elapsed().as_secs() < 20, "took {:?}", start.elapsed());
}

/// Arbitrary mutations of real names never panic.
#[test]
fn mutations_do_not_panic() {
    let seeds = [
        "_ZNSt6vectorIiSaIiEE9push_backEOi",
        "_ZZ4mainENKUlvE_clEv",
        "_Z1fIJidEEvDpT_",
        "_ZN1AIiEcviEv",
        "_RINvNtCsgEmfK2I1SDS_4core6escape14escape_unicodeKja_ECsgY6Mt91CT9J_14rustc_demangle",
        "_ZN4core3ptr13drop_in_place17h0123456789abcdefE",
    ];
    let alphabet = b"_0123456789ABCDEFIJKLMNOPRSTUVWXYZabcdefghijklmnopqrstuvwxyz.$";
    let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut rand = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    let opts = Options::default().types(true);
    for seed in seeds {
        for _ in 0..2000 {
            let mut b = seed.as_bytes().to_vec();
            for _ in 0..(1 + rand() % 4) {
                let pos = (rand() as usize) % (b.len() + 1);
                let c = alphabet[(rand() as usize) % alphabet.len()];
                match rand() % 3 {
                    0 if pos < b.len() => b[pos] = c,
                    1 => b.insert(pos, c),
                    _ if pos < b.len() => {
                        b.remove(pos);
                    }
                    _ => {}
                }
            }
            let s = String::from_utf8(b).unwrap();
            let _ = demangle(&s, &opts);
        }
    }
}
