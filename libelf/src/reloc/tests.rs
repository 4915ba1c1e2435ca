use super::*;
use crate::consts::{
    EM_386, EM_AARCH64, EM_ARM, EM_LOONGARCH, EM_MIPS, EM_MN10300, EM_MSP430, EM_PPC64, EM_RISCV,
    EM_RL78, EM_S390, EM_SPARC, EM_SPARCV9, EM_X86_64,
};

const LE: Endian = Endian::Little;
const BE: Endian = Endian::Big;

/// Symbol 1 is at 0x1000, symbol 2 at 0x1100, symbol 3 is TLS; there are 4.
fn symbol(i: u64) -> Option<Sym> {
    match i {
        0 => Some(Sym::default()),
        1 => Some(Sym {
            value: 0x1000,
            st_type: 3,
        }),
        2 => Some(Sym {
            value: 0x1100,
            st_type: 1,
        }),
        3 => Some(Sym {
            value: 0x2000,
            st_type: 6,
        }),
        _ => None,
    }
}

fn rela(offset: u64, r_type: u32, sym: u64, addend: i64) -> Rel {
    Rel {
        offset,
        r_type,
        sym,
        addend: Some(addend),
    }
}

fn rel(offset: u64, r_type: u32, sym: u64) -> Rel {
    Rel {
        offset,
        r_type,
        sym,
        addend: None,
    }
}

/// Applies `relocs` to `data` at address 0 with a fresh state: the problems reported.
fn run(target: Target, options: Options, data: &mut [u8], relocs: &[Rel]) -> Vec<Problem> {
    let mut state = State::default();
    run_with(&mut state, target, options, data, relocs)
}

fn run_with(
    state: &mut State,
    target: Target,
    options: Options,
    data: &mut [u8],
    relocs: &[Rel],
) -> Vec<Problem> {
    run_at(state, target, options, 0, data, relocs)
}

/// Applies `relocs` to `data` laid out at `address`: the problems reported.
fn run_at(
    state: &mut State,
    target: Target,
    options: Options,
    address: u64,
    data: &mut [u8],
    relocs: &[Rel],
) -> Vec<Problem> {
    let mut problems = Vec::new();
    let skipped =
        Relocator::new(target, options, state)
            .apply(data, address, relocs, symbol, |p| problems.push(p));
    let reported = problems
        .iter()
        .filter(|p| !matches!(p, Problem::UnknownMachine { .. }))
        .count();
    if options.report_repeats {
        assert_eq!(skipped, reported, "{problems:?}");
    }
    problems
}

fn t(machine: u16, class: Class, endian: Endian) -> Target {
    Target::new(machine, class, endian)
}

#[test]
fn x86_64() {
    let x = t(EM_X86_64, Class::Elf64, LE);
    let mut b = [0u8; 28];
    let p = run(
        x,
        Options::readelf(),
        &mut b,
        &[
            rela(0, 1, 1, 4),   // R_X86_64_64: S + A
            rela(8, 2, 1, -4),  // R_X86_64_PC32: S + A - P
            rela(12, 10, 1, 1), // R_X86_64_32
            rela(16, 0, 1, 9),  // R_X86_64_NONE
            rela(20, 24, 2, 0), // R_X86_64_PC64
        ],
    );
    assert_eq!(p, []);
    assert_eq!(&b[0..8], &0x1004u64.to_le_bytes());
    assert_eq!(&b[8..12], &(0x1000u32 - 4 - 8).to_le_bytes());
    assert_eq!(&b[12..16], &0x1001u32.to_le_bytes());
    assert_eq!(&b[16..20], &[0; 4]);
    assert_eq!(&b[20..28], &(0x1100u64 - 20).to_le_bytes());

    // R_X86_64_32S: BFD applies it, readelf does not.
    let mut b = [0u8; 4];
    let p = run(x, Options::readelf(), &mut b, &[rela(0, 11, 1, 0)]);
    assert_eq!(p, [Problem::Unsupported { r_type: 11 }]);
    assert_eq!(b, [0; 4]);
    assert_eq!(run(x, Options::bfd(), &mut b, &[rela(0, 11, 1, 0)]), []);
    assert_eq!(b, 0x1000u32.to_le_bytes());

    // P is the section's address plus r_offset.
    let mut b = [0u8; 8];
    let p = run_at(
        &mut State::default(),
        x,
        Options::bfd(),
        0x800,
        &mut b,
        &[rela(4, 2, 1, 0)],
    );
    assert_eq!(p, []);
    assert_eq!(&b[4..8], &(0x1000u32 - 0x804).to_le_bytes());
}

#[test]
fn i386_rel_in_place() {
    let mut b = [0x10, 0, 0, 0, 0xfc, 0xff, 0xff, 0xff];
    let i386 = t(EM_386, Class::Elf32, LE);
    // R_386_32, R_386_PC32: the addend is the stored word.
    let p = run(
        i386,
        Options::readelf(),
        &mut b,
        &[rel(0, 1, 1), rel(4, 2, 1)],
    );
    assert_eq!(p, []);
    assert_eq!(&b[0..4], &0x1010u32.to_le_bytes());
    assert_eq!(&b[4..8], &(0x1000u32 - 4 - 4).to_le_bytes());
}

#[test]
fn aarch64() {
    let a = t(EM_AARCH64, Class::Elf64, LE);
    let mut b = [0u8; 20];
    // ABS64, PREL32, ABS32, NONE (256), PREL64.
    let relocs = [
        rela(0, 257, 1, 2),
        rela(8, 261, 1, 0),
        rela(12, 258, 1, 3),
        rela(12, 256, 1, 7),
    ];
    assert_eq!(run(a, Options::readelf(), &mut b, &relocs), []);
    assert_eq!(&b[0..8], &0x1002u64.to_le_bytes());
    assert_eq!(&b[8..12], &(0x1000u32 - 8).to_le_bytes());
    assert_eq!(&b[12..16], &0x1003u32.to_le_bytes());
    // ABS16 is BFD's only.
    let p = run(a, Options::readelf(), &mut b, &[rela(16, 259, 2, 1)]);
    assert_eq!(p, [Problem::Unsupported { r_type: 259 }]);
    assert_eq!(run(a, Options::bfd(), &mut b, &[rela(16, 259, 2, 1)]), []);
    assert_eq!(&b[16..18], &0x1101u16.to_le_bytes());
}

#[test]
fn arm() {
    let arm = t(EM_ARM, Class::Elf32, LE);
    let mut b = [1, 0, 0, 0, 0, 0, 0, 0];
    // R_ARM_ABS32, R_ARM_REL32 (REL: in place).
    assert_eq!(
        run(
            arm,
            Options::readelf(),
            &mut b,
            &[rel(0, 2, 1), rel(4, 3, 1)]
        ),
        []
    );
    assert_eq!(&b[0..4], &0x1001u32.to_le_bytes());
    assert_eq!(&b[4..8], &(0x1000u32 - 4).to_le_bytes());
}

#[test]
fn riscv_add_sub_pairs() {
    let rv = t(EM_RISCV, Class::Elf64, LE);
    // `.4byte .L2 - .L1` in .debug_line: ADD32 .L2 then SUB32 .L1 on the same word.
    for options in [Options::readelf(), Options::bfd()] {
        let mut b = [0u8; 15];
        let relocs = [
            rela(0, 35, 2, 0),  // R_RISCV_ADD32
            rela(0, 39, 1, 0),  // R_RISCV_SUB32
            rela(4, 36, 2, 0),  // R_RISCV_ADD64
            rela(4, 40, 1, 0),  // R_RISCV_SUB64
            rela(12, 34, 2, 0), // R_RISCV_ADD16
            rela(12, 38, 1, 0), // R_RISCV_SUB16
            rela(14, 33, 2, 0), // R_RISCV_ADD8
            rela(14, 37, 1, 0), // R_RISCV_SUB8
        ];
        assert_eq!(run(rv, options, &mut b, &relocs), []);
        assert_eq!(&b[0..4], &0x100u32.to_le_bytes());
        assert_eq!(&b[4..12], &0x100u64.to_le_bytes());
        assert_eq!(&b[12..14], &0x100u16.to_le_bytes());
        assert_eq!(b[14], 0);
    }
    // With an addend, readelf's SUB adds it.
    let mut b = [0u8; 8];
    let r = [rela(0, 39, 1, 8)];
    run(rv, Options::readelf(), &mut b[..4], &r);
    run(rv, Options::bfd(), &mut b[4..], &r);
    assert_eq!(&b[0..4], &(8u32.wrapping_sub(0x1000)).to_le_bytes());
    assert_eq!(&b[4..8], &(0u32.wrapping_sub(0x1008)).to_le_bytes());
}

#[test]
fn riscv_six_and_eight_bits() {
    let rv = t(EM_RISCV, Class::Elf32, LE);
    let mut b = [0xc5, 0xc5, 0, 0, 0, 0, 0];
    let relocs = [
        rela(0, 53, 1, 2), // SET6 keeps the top two bits
        rela(1, 52, 1, 0), // SUB6 works on the low six
        rela(2, 54, 1, 3), // SET8
        rela(3, 55, 2, 0), // SET16
        rela(5, 57, 1, 0), // 32_PCREL runs off the end
    ];
    let p = run(rv, Options::readelf(), &mut b, &relocs);
    assert_eq!(p, [Problem::BadOffset { offset: 5 }]);
    assert_eq!(b[0], 0xc0 | 0x02);
    assert_eq!(b[1], 0xc0 | (5u64.wrapping_sub(0x1000) & 0x3f) as u8);
    assert_eq!(b[2], 0x03);
    assert_eq!(&b[3..5], &0x1100u16.to_le_bytes());
    // RELAX is no-op for BFD, unknown to readelf.
    let p = run(rv, Options::readelf(), &mut b, &[rela(0, 51, 0, 0)]);
    assert_eq!(p, [Problem::Unsupported { r_type: 51 }]);
    assert_eq!(run(rv, Options::bfd(), &mut b, &[rela(0, 51, 0, 0)]), []);
}

#[test]
fn loongarch_add_sub_are_bfd_only() {
    let la = t(EM_LOONGARCH, Class::Elf64, LE);
    let mut b = [0u8; 4];
    let relocs = [rela(0, 50, 2, 0), rela(0, 55, 1, 0)]; // ADD32, SUB32
    assert_eq!(run(la, Options::bfd(), &mut b, &relocs), []);
    assert_eq!(b, 0x100u32.to_le_bytes());
    let p = run(la, Options::readelf(), &mut b, &relocs);
    assert_eq!(
        p,
        [
            Problem::Unsupported { r_type: 50 },
            Problem::Unsupported { r_type: 55 }
        ]
    );
}

/// Big-endian words: each case's relocations, then the fields as `(offset, size, value)`.
#[test]
fn ppc64_s390x_sparc() {
    type Case<'a> = (u16, Class, &'a [Rel], &'a [(usize, usize, u64)]);
    let cases: [Case; 3] = [
        // R_PPC64_ADDR64, R_PPC64_REL32.
        (
            EM_PPC64,
            Class::Elf64,
            &[rela(0, 38, 1, 5), rela(8, 26, 1, 0)],
            &[(0, 8, 0x1005), (8, 4, 0x1000 - 8)],
        ),
        // R_390_64, R_390_PC32, R_390_PC64.
        (
            EM_S390,
            Class::Elf64,
            &[rela(0, 22, 1, 0), rela(8, 5, 1, 0), rela(12, 23, 2, 0)],
            &[(0, 8, 0x1000), (8, 4, 0x1000 - 8), (12, 8, 0x1100 - 12)],
        ),
        // R_SPARC_32, R_SPARC_DISP32.
        (
            EM_SPARC,
            Class::Elf32,
            &[rela(0, 3, 1, 1), rela(4, 6, 1, 0)],
            &[(0, 4, 0x1001), (4, 4, 0x1000 - 4)],
        ),
    ];
    for (machine, class, relocs, fields) in cases {
        let mut b = [0u8; 20];
        let p = run(t(machine, class, BE), Options::readelf(), &mut b, relocs);
        assert_eq!(p, [], "{machine}");
        for &(off, size, v) in fields {
            assert_eq!(b[off..off + size], v.to_be_bytes()[8 - size..], "{machine}");
        }
    }
}

#[test]
fn mips() {
    let m32 = t(EM_MIPS, Class::Elf32, BE);
    let mut b = [0, 0, 0, 7];
    // R_MIPS_32, in place.
    assert_eq!(run(m32, Options::readelf(), &mut b, &[rel(0, 2, 1)]), []);
    assert_eq!(b, 0x1007u32.to_be_bytes());

    // 64-bit little-endian MIPS: sym (LE word), ssym, type3, type2, type.
    let m64 = t(EM_MIPS, Class::Elf64, LE);
    let raw = Reloc {
        r_offset: 0,
        r_info: 1 | (18 << 56),
        r_addend: Some(1),
    };
    let r = m64.decode(&raw);
    assert_eq!((r.sym, r.r_type), (1, 18));
    let mut b = [0u8; 8];
    assert_eq!(run(m64, Options::readelf(), &mut b, &[r]), []);
    assert_eq!(b, 0x1001u64.to_le_bytes());
    // Big-endian 64-bit MIPS: the type is the low byte.
    let m64be = t(EM_MIPS, Class::Elf64, BE);
    let r = m64be.decode(&Reloc {
        r_info: (1 << 32) | (0x0302 << 8) | 18,
        ..raw
    });
    assert_eq!((r.sym, r.r_type), (1, 18));
}

#[test]
fn sparcv9() {
    let v9 = t(EM_SPARCV9, Class::Elf64, BE);
    // R_SPARC_UA64 (54); the bits above the low byte are not the type.
    let r = v9.decode(&Reloc {
        r_offset: 0,
        r_info: (2 << 32) | (0x10 << 8) | 54,
        r_addend: Some(0),
    });
    assert_eq!((r.sym, r.r_type), (2, 54));
    let mut b = [0u8; 8];
    assert_eq!(run(v9, Options::readelf(), &mut b, &[r]), []);
    assert_eq!(b, 0x1100u64.to_be_bytes());
}

#[test]
fn msp430_sym_diff() {
    // ELFOSABI_NONE: MSP430X numbering.
    let m = t(EM_MSP430, Class::Elf32, LE);
    let mut b = [0u8; 8];
    let relocs = [
        rela(0, 21, 1, 0), // R_MSP430X_SYM_DIFF against .L1
        rela(0, 2, 2, 2),  // R_MSP430X_ABS16 against .L2: .L2 + 2 - .L1
        rela(2, 22, 1, 0), // SYM_DIFF again …
        rela(2, 22, 1, 0), // … then a ULEB128 … but the field is not one
        rela(4, 4, 1, 0),  // a type that is not the pair's second: no open pair
    ];
    b[2] = 0x80;
    b[3] = 0x80;
    let mut state = State::default();
    let p = run_with(&mut state, m, Options::readelf(), &mut b, &relocs[..2]);
    assert_eq!(p, []);
    assert_eq!(&b[0..2], &0x102u16.to_le_bytes());
    let mut problems = Vec::new();
    let n = Relocator::new(m, Options::readelf(), &mut state).apply(
        &mut b[..4],
        0,
        &[
            rela(2, 21, 1, 0),
            rela(2, 22, 2, 0),
            rela(0, 21, 9, 0),
            rela(0, 21, 1, 0),
            rela(0, 7, 1, 0),
        ],
        symbol,
        |p| problems.push(p),
    );
    assert_eq!(
        problems,
        [
            Problem::PairBadUleb { offset: 2 },
            Problem::PairFirstBadSymbol { index: 9 },
            Problem::PairUnhandled,
            Problem::Unsupported { r_type: 7 },
        ]
    );
    assert_eq!(n, 2);
}

#[test]
fn mn10300_sym_diff() {
    let m = t(EM_MN10300, Class::Elf32, LE);
    let mut b = [0u8; 6];
    let relocs = [
        rela(0, 33, 1, 0), // R_MN10300_SYM_DIFF
        rela(0, 1, 2, 0),  // R_MN10300_32: .L2 - .L1
        rela(4, 33, 2, 0),
        rela(4, 2, 1, 0x200), // R_MN10300_16: .L1 + 0x200 - .L2
        rela(4, 34, 0, 0),    // R_MN10300_ALIGN: nothing
    ];
    assert_eq!(run(m, Options::readelf(), &mut b, &relocs), []);
    assert_eq!(&b[0..4], &0x100u32.to_le_bytes());
    assert_eq!(&b[4..6], &0x100u16.to_le_bytes());
    // Without a SYM_DIFF before it, R_MN10300_32 is a plain word.
    let mut b = [0u8; 4];
    assert_eq!(run(m, Options::readelf(), &mut b, &[rela(0, 1, 1, 0)]), []);
    assert_eq!(b, 0x1000u32.to_le_bytes());
}

#[test]
fn rl78_stack() {
    let m = t(EM_RL78, Class::Elf32, LE);
    let mut b = [0u8; 6];
    let mut state = State::default();
    let relocs = [
        rela(0, 0x80, 2, 0), // R_RL78_SYM .L2
        rela(0, 0x80, 1, 0), // R_RL78_SYM .L1
        rela(0, 0x83, 0, 0), // R_RL78_OPsub
    ];
    assert_eq!(
        run_with(&mut state, m, Options::readelf(), &mut b, &relocs),
        []
    );
    // GNU keeps the computed value past the end of the section.
    assert_eq!(
        run_with(
            &mut state,
            m,
            Options::readelf(),
            &mut b,
            &[rela(0, 0x41, 0, 0)]
        ),
        []
    );
    assert_eq!(&b[0..4], &0x100u32.to_le_bytes());
    assert_eq!(
        run_with(
            &mut state,
            m,
            Options::readelf(),
            &mut b,
            &[rela(5, 0x43, 0, 0)]
        ),
        [Problem::PairBadOffset { offset: 5 }]
    );
}

#[test]
fn skipped_relocations() {
    let x = t(EM_X86_64, Class::Elf64, LE);
    let mut b = [0u8; 8];
    let relocs = [
        rela(6, 1, 1, 0),        // runs off the end
        rela(u64::MAX, 1, 1, 0), // so does this
        rela(0, 1, 7, 0),        // no such symbol
        rela(0, 42, 1, 0),       // a type GNU does not apply
        rela(0, 43, 1, 0),
        rela(0, 43, 1, 0), // the same again: said once
        rela(0, 1, 3, 0),  // a TLS symbol
    ];
    let p = run(x, Options::readelf(), &mut b, &relocs);
    assert_eq!(b, [0; 8]);
    assert_eq!(
        p,
        [
            Problem::BadOffset { offset: 6 },
            Problem::BadOffset { offset: u64::MAX },
            Problem::BadSymbol { index: 7 },
            Problem::Unsupported { r_type: 42 },
            Problem::Unsupported { r_type: 43 },
            Problem::UnexpectedSymbolType {
                number: 6,
                st_type: 6
            },
        ]
    );
    // BFD applies against any symbol and reports every time.
    let p = run(x, Options::bfd(), &mut b, &relocs[3..]);
    assert_eq!(p.len(), 3);
    assert_eq!(b, 0x2000u64.to_le_bytes());
}

#[test]
fn unknown_machine() {
    let m = t(0x1234, Class::Elf32, BE);
    let mut b = [0u8; 4];
    let mut state = State::default();
    let p = run_with(
        &mut state,
        m,
        Options::readelf(),
        &mut b,
        &[rela(0, 1, 1, 0), rela(0, 2, 1, 0)],
    );
    assert_eq!(
        p,
        [
            Problem::UnknownMachine { machine: 0x1234 },
            Problem::Unsupported { r_type: 1 },
            Problem::Unsupported { r_type: 2 },
        ]
    );
    assert!(!knows_machine(0x1234));
    assert!(knows_machine(EM_X86_64));
    // Type 0 is nothing to BFD on any machine.
    assert_eq!(run(m, Options::bfd(), &mut b, &[rela(0, 0, 1, 0)]), []);
}

#[test]
fn howto_table() {
    let rv = t(EM_RISCV, Class::Elf64, LE);
    let h = |t: &Target, r| howto(t, TypeSet::Readelf, r).map(|h| (h.op, h.size));
    assert_eq!(h(&rv, 39), Some((Op::Sub, 4)));
    assert_eq!(h(&rv, 36), Some((Op::Add, 8)));
    assert_eq!(h(&rv, 52), Some((Op::Sub6, 1)));
    assert_eq!(h(&rv, 53), Some((Op::Set6, 1)));
    assert_eq!(h(&rv, 0), Some((Op::None, 0)));
    let x = t(EM_X86_64, Class::Elf64, LE);
    assert_eq!(h(&x, 39), None);
    assert_eq!(h(&x, 24), Some((Op::PcRel, 8)));
    // MSP430's 16-bit type depends on the numbering.
    let old = Target {
        osabi: 3,
        ..t(EM_MSP430, Class::Elf32, LE)
    };
    let new = t(EM_MSP430, Class::Elf32, LE);
    assert_eq!(h(&old, 5), Some((Op::Abs, 2)));
    assert_eq!(h(&new, 2), Some((Op::Abs, 2)));
    assert_eq!(h(&new, 5), None);
}

#[test]
fn leb() {
    assert_eq!(uleb_len(&[0x85, 0x01, 0xff]), (2, 0));
    assert_eq!(uleb_len(&[0x85]), (1, 1));
    assert_eq!(uleb_len(&[]), (0, 1));
}
