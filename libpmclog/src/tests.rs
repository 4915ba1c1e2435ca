#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use super::*;
use proptest::prelude::*;

const LAYOUTS: [Layout; 4] = [
    Layout {
        order: ByteOrder::Little,
        addr: AddrSize::Eight,
    },
    Layout {
        order: ByteOrder::Big,
        addr: AddrSize::Eight,
    },
    Layout {
        order: ByteOrder::Little,
        addr: AddrSize::Four,
    },
    Layout {
        order: ByteOrder::Big,
        addr: AddrSize::Four,
    },
];

const PCS: [u64; 3] = [0x4012_3456, 0x4010_0000, 0x7fff_1000];

/// One record of every type (addresses fit 32 bits so every layout keeps them).
fn every_record() -> Vec<Record<'static>> {
    vec![
        Record::Initialize {
            version: 0x0A00_0000,
            cpu: 0x98,
            tsc_freq: 2_000_000_000,
            ts_sec: 1_700_000_000,
            ts_nsec: 123_456_789,
            cpuid: b"GenuineIntel-6-55-4",
        },
        Record::PmcAllocate {
            pmcid: 0x2000_0000,
            event: 0x1000,
            flags: 0x10,
            rate: 65536,
        },
        Record::PmcAllocateDyn {
            pmcid: 0x2000_0f00,
            event: 0x20000,
            flags: 0,
            rate: None,
            name: b"PAGE_FAULT.ALL",
        },
        Record::PmcAllocateDyn {
            pmcid: 0x2000_0f01,
            event: 0x20001,
            flags: 0,
            rate: Some(1000),
            name: b"CLOCK.HARD",
        },
        // A rate whose low byte is printable, and short names in both layouts.
        Record::PmcAllocateDyn {
            pmcid: 1,
            event: 0x20002,
            flags: 0,
            rate: Some(0x41),
            name: b"A",
        },
        Record::PmcAllocateDyn {
            pmcid: 2,
            event: 0x20003,
            flags: 0,
            rate: None,
            name: b"HARD",
        },
        Record::PmcAllocateDyn {
            pmcid: 3,
            event: 0x20004,
            flags: 0,
            rate: None,
            name: b"X",
        },
        Record::PmcAttach {
            pmcid: 0x2000_0000,
            pid: 42,
            path: b"/usr/bin/yes",
        },
        Record::PmcDetach {
            pmcid: 0x2000_0000,
            pid: 42,
        },
        Record::ProcCsw {
            value: 0x1_0000_0001,
            pmcid: 7,
            pid: 42,
            tid: 100_042,
        },
        Record::ProcExec {
            pid: 42,
            pmcid: PMC_ID_INVALID,
            base: 0x4000_0000,
            dyn_base: 0x0100_0000,
            path: b"/usr/bin/yes",
        },
        Record::ProcExit {
            pmcid: 7,
            pid: 42,
            value: 0xdead_beef_0000_0001,
        },
        Record::ProcFork {
            old_pid: 42,
            new_pid: 43,
        },
        Record::SysExit { pid: 43 },
        Record::UserData { data: 0xabcd },
        Record::MapIn {
            pid: -1,
            start: 0x8020_0000,
            path: b"/boot/kernel/kernel",
        },
        Record::MapIn {
            pid: 42,
            start: 0x4000_0000,
            path: b"/lib/libc.so.7",
        },
        Record::MapOut {
            pid: 42,
            start: 0x4000_0000,
            end: 0x4010_0000,
        },
        Record::Callchain {
            pid: 42,
            tid: 100_042,
            pmcid: 0x2000_0000,
            cpuflags: 3 << 16 | CC_USERSPACE,
            slots: Pcs::from_values(&PCS),
        },
        Record::ThrCreate {
            tid: 100_042,
            pid: 42,
            flags: 0x4000,
            name: b"worker",
        },
        Record::ThrExit { tid: 100_042 },
        Record::ProcCreate {
            pid: 44,
            flags: 0x4000,
            comm: b"yes",
        },
        Record::DropNotify,
        Record::Unknown {
            kind: 99,
            body: b"\x01\x02\x03\x04",
        },
        Record::CloseLog,
    ]
}

fn write_all(layout: Layout, records: &[Record<'_>]) -> Vec<u8> {
    let mut w = Writer::new(Vec::new(), layout);
    for (i, r) in records.iter().enumerate() {
        w.write(1000 + i as u64, r).unwrap();
    }
    w.finish().unwrap()
}

#[test]
fn every_record_round_trips_in_every_layout() {
    let records = every_record();
    for layout in LAYOUTS {
        let log = write_all(layout, &records);
        let reader = Reader::new(&log).unwrap();
        assert_eq!(reader.layout(), layout);
        let entries: Vec<Entry<'_>> = reader.map(Result::unwrap).collect();
        assert_eq!(entries.len(), records.len(), "{layout:?}");
        for (i, (e, r)) in entries.iter().zip(&records).enumerate() {
            assert_eq!(&e.record, r, "{layout:?} record {i}");
            assert_eq!(e.tsc, 1000 + i as u64);
            assert_eq!(e.record.kind(), r.kind());
        }
        // Read → write gives the same bytes.
        let again = write_all(
            layout,
            &entries.iter().map(|e| e.record).collect::<Vec<_>>(),
        );
        assert!(again == log, "{layout:?}");
    }
}

#[test]
fn sizes_are_the_kernels() {
    // The kernel's CTASSERTs (LP64): record sizes by type.
    let log = write_all(Layout::LP64_LE, &every_record());
    let sizes: Vec<(u8, usize)> = Reader::new(&log)
        .unwrap()
        .map(Result::unwrap)
        .map(|e| {
            (
                e.record.kind(),
                u16::from_le_bytes([log[e.offset as usize], log[e.offset as usize + 1]]) as usize,
            )
        })
        .collect();
    let want = [
        (3, 112),
        (5, 40),
        (17, 96),
        (17, 96),
        (17, 96),
        (17, 96),
        (17, 96),
        (6, 24 + 16),
        (7, 24),
        (8, 40),
        (9, 40 + 16),
        (10, 32),
        (11, 24),
        (12, 24),
        (13, 24),
        (14, 32 + 20),
        (14, 32 + 16),
        (15, 40),
        (16, 32 + 24),
        (18, 52),
        (19, 24),
        (20, 44),
        (2, 16),
        (99, 20),
        (1, 16),
    ];
    assert_eq!(sizes, want);
}

#[test]
fn big_endian_64_bit_values_are_two_words_low_first() {
    let layout = Layout {
        order: ByteOrder::Big,
        addr: AddrSize::Eight,
    };
    let mut out = Vec::new();
    encode(
        layout,
        0x0102_0304_0506_0708,
        &Record::MapOut {
            pid: 1,
            start: 0x1111_2222_3333_4444,
            end: 0,
        },
        &mut out,
    )
    .unwrap();
    assert_eq!(&out[..4], &[0xEE, 15, 0, 40]);
    // The header's TSC is a native u64; addresses are EMIT64: low word, then high word.
    assert_eq!(&out[8..16], &[1, 2, 3, 4, 5, 6, 7, 8]);
    assert_eq!(
        &out[24..32],
        &[0x33, 0x33, 0x44, 0x44, 0x11, 0x11, 0x22, 0x22]
    );
}

#[test]
fn truncated_logs_give_every_whole_record_then_an_error() {
    let log = write_all(Layout::LP64_LE, &every_record());
    let whole: Vec<Entry<'_>> = Reader::new(&log).unwrap().map(Result::unwrap).collect();
    for cut in 1..log.len() {
        let part = &log[..cut];
        let Ok(reader) = Reader::new(part) else {
            assert!(cut < 4, "cut {cut}");
            continue;
        };
        let items: Vec<_> = reader.collect();
        let good = items.iter().take_while(|r| r.is_ok()).count();
        let boundary = whole.iter().any(|e| e.offset as usize == cut);
        assert_eq!(
            whole.iter().filter(|e| (e.offset as usize) < cut).count(),
            good + usize::from(!boundary),
            "cut {cut}"
        );
        if boundary {
            assert_eq!(items.len(), good, "cut {cut}");
        } else {
            assert!(
                matches!(items.last(), Some(Err(Error::Truncated { .. }))),
                "cut {cut}"
            );
            assert_eq!(items.len(), good + 1);
        }
    }
}

#[test]
fn legacy_layout_is_refused_by_name() {
    // FreeBSD 6-11: 12-byte header, INITIALIZE is type 2 with the version at 12.
    let mut log = Vec::new();
    log.extend_from_slice(&(0xEEu32 << 24 | 2 << 16 | 20).to_le_bytes());
    log.extend_from_slice(&[0; 8]);
    log.extend_from_slice(&0x0300_0000u32.to_le_bytes());
    log.extend_from_slice(&0x01u32.to_le_bytes());
    match Reader::new(&log) {
        Err(
            e @ Error::Legacy {
                version: 0x0300_0000,
            },
        ) => {
            assert!(e.to_string().contains("legacy layout"), "{e}");
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn framing_errors() {
    assert!(matches!(Reader::new(b""), Err(Error::Empty)));
    assert!(matches!(
        Reader::new(b"\x7fELF\x02\x01\x01\x00"),
        Err(Error::BadMagic { offset: 0, .. })
    ));
    let mut log = write_all(Layout::LP64_LE, &[Record::DropNotify, Record::DropNotify]);
    // The second record's length says 8: shorter than a header.
    log[16] = 8;
    let items: Vec<_> = Reader::new(&log).unwrap().collect();
    assert!(items[0].is_ok());
    assert!(matches!(
        items[1],
        Err(Error::BadLength { offset: 16, len: 8 })
    ));
    assert_eq!(items.len(), 2);
    // A bad magic in the middle stops the reading there.
    let mut log = write_all(Layout::LP64_LE, &[Record::DropNotify, Record::DropNotify]);
    log[19] = 0xAB;
    let items: Vec<_> = Reader::new(&log).unwrap().collect();
    assert!(matches!(
        items[1],
        Err(Error::BadMagic {
            offset: 16,
            magic: 0xAB
        })
    ));
}

#[test]
fn short_records_are_skipped_by_length() {
    // A MAP_OUT of 24 bytes: too short for its addresses; the record after it is read.
    let mut log = Vec::new();
    log.extend_from_slice(&(0xEEu32 << 24 | 15 << 16 | 24).to_le_bytes());
    log.extend_from_slice(&[0; 20]);
    encode(Layout::LP64_LE, 5, &Record::SysExit { pid: 9 }, &mut log).unwrap();
    let items: Vec<_> = Reader::with_layout(&log, Layout::LP64_LE).collect();
    assert!(matches!(
        items[0],
        Err(Error::ShortRecord {
            offset: 0,
            kind: 15,
            len: 24
        })
    ));
    assert_eq!(
        items[1].as_ref().unwrap().record,
        Record::SysExit { pid: 9 }
    );
}

#[test]
fn allocatedyn_as_the_kernel_writes_it() {
    // pmcid, event, flags, 0, EMIT64(rate), then the name at 40 (cut by the 96-byte length).
    let mut rec = Vec::new();
    rec.extend_from_slice(&(0xEEu32 << 24 | 17 << 16 | 96).to_le_bytes());
    rec.extend_from_slice(&[0; 12]);
    for v in [0x2000_0f00u32, 0x20003, 0, 0] {
        rec.extend_from_slice(&v.to_le_bytes());
    }
    rec.extend_from_slice(&65536u64.to_le_bytes());
    rec.extend_from_slice(b"CLOCK.STAT\0");
    rec.resize(96, 0xCC); // uncleared bytes after the NUL
    let e = Reader::with_layout(&rec, Layout::LP64_LE)
        .next()
        .unwrap()
        .unwrap();
    assert_eq!(
        e.record,
        Record::PmcAllocateDyn {
            pmcid: 0x2000_0f00,
            event: 0x20003,
            flags: 0,
            rate: Some(65536),
            name: b"CLOCK.STAT"
        }
    );
}

#[test]
fn strings_stop_at_their_nul_whatever_the_padding() {
    let mut log = Vec::new();
    encode(
        Layout::LP64_LE,
        0,
        &Record::MapIn {
            pid: 3,
            start: 0x1000,
            path: b"/a",
        },
        &mut log,
    )
    .unwrap();
    // The kernel leaves pad bytes after the NUL uncleared.
    log[35] = 0x55;
    let e = Reader::with_layout(&log, Layout::LP64_LE)
        .next()
        .unwrap()
        .unwrap();
    assert_eq!(
        e.record,
        Record::MapIn {
            pid: 3,
            start: 0x1000,
            path: b"/a"
        }
    );
}

/// A log of one multipart CALLCHAIN with these slots.
fn multipart_log(slots: &[u64]) -> Vec<u8> {
    let r = Record::Callchain {
        pid: 1,
        tid: 2,
        pmcid: 3,
        cpuflags: CC_MULTIPART,
        slots: Pcs::from_values(slots),
    };
    write_all(Layout::LP64_LE, &[r])
}

#[test]
fn multipart_callchains_give_their_callchain_part() {
    // Header: IBS fetch (2) with 4 words, then the callchain (1) with 3; 0 ends the list.
    let header = u64::from_le_bytes([2, 4, 1, 3, 0, 0, 0, 0]);
    let slots = [header, 11, 12, 13, 14, PCS[0], PCS[1], PCS[2]];
    let log = multipart_log(&slots);
    let e = Reader::new(&log).unwrap().next().unwrap().unwrap();
    let pcs: Vec<u64> = e.record.callchain_pcs().unwrap().iter().collect();
    assert_eq!(pcs, PCS);
    let parts = e.record.multipart_parts().unwrap();
    assert_eq!(parts[0].unwrap().kind, 2);
    assert_eq!(
        parts[0].unwrap().slots.iter().collect::<Vec<_>>(),
        [11, 12, 13, 14]
    );
    assert!(parts[2].is_none());
    // Lengths running past the record: no parts, no pcs.
    let bad = [u64::from_le_bytes([1, 9, 0, 0, 0, 0, 0, 0]), 1];
    let log = multipart_log(&bad);
    let e = Reader::new(&log).unwrap().next().unwrap().unwrap();
    assert!(e.record.callchain_pcs().is_none());
}

#[test]
fn detection_without_evidence_defaults_to_eight_byte_addresses() {
    for order in [ByteOrder::Little, ByteOrder::Big] {
        let layout = Layout {
            order,
            addr: AddrSize::Four,
        };
        let log = write_all(
            layout,
            &[Record::ProcFork {
                old_pid: 1,
                new_pid: 2,
            }],
        );
        assert_eq!(
            Layout::detect(&log).unwrap(),
            Layout {
                order,
                addr: AddrSize::Eight
            }
        );
        // A MAP_OUT tells.
        let log = write_all(
            layout,
            &[Record::MapOut {
                pid: 1,
                start: 2,
                end: 3,
            }],
        );
        assert_eq!(Layout::detect(&log).unwrap(), layout);
    }
}

#[test]
fn too_long_records_are_refused() {
    let path = vec![b'a'; 70_000];
    let mut out = Vec::new();
    let r = encode(
        Layout::LP64_LE,
        0,
        &Record::MapIn {
            pid: 1,
            start: 0,
            path: &path,
        },
        &mut out,
    );
    assert!(matches!(r, Err(Error::TooLong { kind: 14, .. })));
    assert!(out.is_empty());
}

/// Inputs the fuzz target `pmclog_read` stopped on (a sum overflow in the target itself,
/// kept as a regression input): every layout reads them without a panic.
#[test]
fn fuzz_regressions() {
    let inputs: [&[u8]; 1] = [&[
        0x30, 0x00, 0x10, 0xee, 0xff, 0xff, 0xff, 0xff, 0xfe, 0xff, 0xff, 0xff, 0xff, 0xff, 0x06,
        0x06, 0x06, 0x06, 0x06, 0x06, 0x06, 0x00, 0x06, 0x06, 0x00, 0xee, 0x14, 0x00, 0x25, 0xee,
        0xe1, 0xe1, 0xe3, 0x59, 0x59, 0xed, 0x06, 0x06, 0xff, 0xff, 0xff, 0xff, 0x06, 0x06, 0x06,
        0x06, 0x06, 0x06, 0x06, 0x06, 0x06, 0x00, 0x00, 0x80, 0x46,
    ]];
    for data in inputs {
        for layout in LAYOUTS {
            for e in Reader::with_layout(data, layout).flatten() {
                let pcs = e.record.callchain_pcs();
                let _ = pcs.map(|p| p.iter().fold(0u64, u64::wrapping_add));
                let mut out = Vec::new();
                let _ = encode(layout, e.tsc, &e.record, &mut out);
            }
        }
    }
}

proptest! {
    #[test]
    fn arbitrary_bytes_never_panic(data in proptest::collection::vec(any::<u8>(), 0..512)) {
        if let Ok(r) = Reader::new(&data) {
            for e in r.flatten() {
                let _ = e.record.callchain_pcs().map(|p| p.iter().count());
                let _ = e.record.multipart_parts();
            }
        }
        for layout in LAYOUTS {
            for e in Reader::with_layout(&data, layout).flatten() {
                let _ = e.record.callchain_pcs().map(|p| p.iter().count());
            }
        }
    }

    #[test]
    fn mutated_logs_never_panic(at in 0usize..1000, byte in any::<u8>(), layout in 0usize..4) {
        let mut log = write_all(LAYOUTS[layout], &every_record());
        let n = log.len();
        log[at % n] = byte;
        if let Ok(r) = Reader::new(&log) {
            for e in r.flatten() {
                let _ = e.record.callchain_pcs().map(|p| p.iter().count());
                let mut out = Vec::new();
                let _ = encode(LAYOUTS[layout], e.tsc, &e.record, &mut out);
            }
        }
    }
}
