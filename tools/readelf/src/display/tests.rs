//! Unit tests of the displays' small text helpers: each helper with a table of inputs and
//! the text GNU readelf 2.40 prints for them.

use crate::display::arch::mips::{fpe_exception, mips_ases, mips_isa_ext};
use crate::display::dynamic::parisc_flags;
use crate::util::{alt_hex, alt_hex06};

/// `f` of each input of `cases` is the text beside it.
fn check<T: Copy + std::fmt::Debug>(f: impl Fn(T) -> String, cases: &[(T, &str)]) {
    for &(v, want) in cases {
        assert_eq!(f(v), want, "input {v:?}");
    }
}

#[test]
fn c_hex_formats() {
    check(alt_hex, &[(0, "0"), (0x1f0, "0x1f0")]);
    check(
        alt_hex06,
        &[(0, "000000"), (0x1c, "0x001c"), (0x12_3456, "0x123456")],
    );
}

#[test]
fn flag_words() {
    check(
        parisc_flags,
        &[
            (0, "0"),
            (0x11, "HP_DEBUG_PRIVATE HP_BIND_NOW"),
            (0x10_0001, "HP_DEBUG_PRIVATE 100000"),
        ],
    );
}

#[test]
fn mips_texts() {
    check(
        mips_ases,
        &[
            (0, "\n\tNone"),
            (0x201, "\n\tDSP ASE\n\tMSA ASE"),
            (0x1_0000, "\n\tUnknown (10000)"),
        ],
    );
    check(fpe_exception, &[(0, "0"), (0x19, "INEX|DIV0|INVAL")]);
    check(mips_isa_ext, &[(21, "Unknown (21)")]);
}
