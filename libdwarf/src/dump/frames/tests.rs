//! Unit tests on hand-made `.eh_frame` / `.debug_frame` sections.

use crate::dump::Bytes;

use super::*;
use crate::dump::{Loader, Selection, State};

struct NoLoader;

impl<'a> Loader<'a> for NoLoader {
    fn load(&mut self, _name: &str) -> Option<Section<'a>> {
        None
    }
}

/// Run the display; returns (stdout, warnings+errors).
fn run(name: &str, data: &[u8], machine: u16, interp: bool) -> (String, String) {
    let mut out = Vec::new();
    let mut diags = String::new();
    {
        let diag = std::cell::RefCell::new(&mut diags);
        let mut warn = |m: &str| diag.borrow_mut().push_str(m);
        let mut error = |m: &str| diag.borrow_mut().push_str(m);
        let mut loader = NoLoader;
        let mut state = State::default();
        let selection = Selection {
            frames: true,
            frames_interp: interp,
            ..Selection::default()
        };
        let mut d = Dumper::for_test(&mut out, &mut warn, &mut error, &mut loader, &mut state);
        d.opts.selection = selection;
        d.machine = machine;
        let sec = Section {
            address: 0x1000,
            ..Section::for_test(name, Bytes::Borrowed(data), 1)
        };
        assert!(matches!(display_frames(&mut d, &sec), Ok(true)));
    }
    (String::from_utf8_lossy(&out).into_owned(), diags)
}

/// A typical x86-64 `.eh_frame`: a "zR" CIE and one FDE with pcrel sdata4.
fn sample() -> Vec<u8> {
    let mut v = vec![
        0x14, 0, 0, 0, 0, 0, 0, 0, 1, b'z', b'R', 0, 1, 0x78, 0x10, 1, 0x1b, 0x0c, 7, 8, 0x90, 1,
        0, 0,
    ];
    // FDE at 0x18: length 0x1c, CIE pointer 0x1c, pc (pcrel) -0x18 + ..., range 0x20.
    v.extend_from_slice(&[0x1c, 0, 0, 0, 0x1c, 0, 0, 0]);
    v.extend_from_slice(&(-0x20i32).to_le_bytes());
    v.extend_from_slice(&[0x20, 0, 0, 0, 0]);
    v.extend_from_slice(&[
        0x41, 0x0e, 0x10, 0x86, 0x02, 0x43, 0x0d, 0x06, 0x4a, 0x0c, 7, 8, 0, 0, 0,
    ]);
    v.extend_from_slice(&[0, 0, 0, 0]);
    v
}

#[test]
fn raw() {
    let (out, diags) = run(".eh_frame", &sample(), 62, false);
    assert_eq!(diags, "");
    let want = "Contents of the .eh_frame section:\n\n\n\
00000000 0000000000000014 00000000 CIE\n\
\x20 Version:               1\n\
\x20 Augmentation:          \"zR\"\n\
\x20 Code alignment factor: 1\n\
\x20 Data alignment factor: -8\n\
\x20 Return address column: 16\n\
\x20 Augmentation data:     1b\n\
\x20 DW_CFA_def_cfa: r7 (rsp) ofs 8\n\
\x20 DW_CFA_offset: r16 (rip) at cfa-8\n\
\x20 DW_CFA_nop\n\
\x20 DW_CFA_nop\n\n\
00000018 000000000000001c 0000001c FDE cie=00000000 pc=0000000000001000..0000000000001020\n\
\x20 DW_CFA_advance_loc: 1 to 0000000000001001\n\
\x20 DW_CFA_def_cfa_offset: 16\n\
\x20 DW_CFA_offset: r6 (rbp) at cfa-16\n\
\x20 DW_CFA_advance_loc: 3 to 0000000000001004\n\
\x20 DW_CFA_def_cfa_register: r6 (rbp)\n\
\x20 DW_CFA_advance_loc: 10 to 000000000000100e\n\
\x20 DW_CFA_def_cfa: r7 (rsp) ofs 8\n\
\x20 DW_CFA_nop\n\
\x20 DW_CFA_nop\n\
\x20 DW_CFA_nop\n\n\
00000038 ZERO terminator\n\n\n";
    assert_eq!(out, want);
}

#[test]
fn interp() {
    let (out, _) = run(".eh_frame", &sample(), 62, true);
    let want = "Contents of the .eh_frame section:\n\n\n\
00000000 0000000000000014 00000000 CIE \"zR\" cf=1 df=-8 ra=16\n\
\x20  LOC           CFA      ra    \n\
0000000000000000 rsp+8    c-8   \n\n\
00000018 000000000000001c 0000001c FDE cie=00000000 pc=0000000000001000..0000000000001020\n\
\x20  LOC           CFA      rbp   ra    \n\
0000000000001000 rsp+8    u     c-8   \n\
0000000000001001 rsp+16   c-16  c-8   \n\
0000000000001004 rbp+16   c-16  c-8   \n\
000000000000100e rsp+8    c-16  c-8   \n\n\
00000038 ZERO terminator\n\n\n";
    assert_eq!(out, want);
}

#[test]
fn hostile_never_panics() {
    let base = sample();
    for cut in 0..base.len() {
        let _ = run(".eh_frame", base.get(..cut).unwrap_or(&[]), 62, false);
        let _ = run(".debug_frame", base.get(..cut).unwrap_or(&[]), 40, true);
    }
    let mut x = 0x1234_5678u32;
    for _ in 0..300 {
        let mut v = base.clone();
        for b in v.iter_mut().skip(4) {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            if x % 5 == 0 {
                *b = (x >> 8) as u8;
            }
        }
        let _ = run(".eh_frame", &v, 243, x % 2 == 0);
        let _ = run(".debug_frame", &v, 183, x % 3 == 0);
    }
}

#[test]
fn leb() {
    assert_eq!(
        read_leb128(&[0xe5, 0x8e, 0x26], 0, 3, false),
        (624_485, 3, 0)
    );
    assert_eq!(read_leb128(&[0x7f], 0, 1, true).0 as i64, -1);
    assert_eq!(read_leb128(&[0x80], 0, 1, false).2, 1);
}
