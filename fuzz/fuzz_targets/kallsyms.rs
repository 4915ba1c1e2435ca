//! Kallsyms text (as `--kallsyms FILE`, perf's cached copy or our boot copy would hold)
//! answering addresses by scan and by search: no panic, no hang, and where the text's
//! lines come in address order the search answers as the scan does.
#![no_main]
use pmc_symbolizer::symbolize::kallsyms_names;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    // The first byte: how many addresses (8 bytes each) come before the text.
    let Some((&n, rest)) = data.split_first() else {
        return;
    };
    let n = usize::from(n % 16);
    let Some((head, text)) = rest.split_at_checked(n * 8) else {
        return;
    };
    let addrs: Vec<u64> = head
        .chunks_exact(8)
        .map(|c| u64::from_le_bytes(c.try_into().unwrap_or_default()))
        .collect();
    let scanned = kallsyms_names(text, &addrs, false);
    let searched = kallsyms_names(text, &addrs, true);
    assert_eq!(scanned.len(), addrs.len());
    // The search's assumption, checked the slow way: well-formed lines of 16 hex digits,
    // in address order, none from a module.
    let ordered = text
        .split(|&c| c == b'\n')
        .filter(|l| !l.is_empty())
        .try_fold(0u64, |prev, l| {
            let well_formed = l.len() > 19
                && l[..16].iter().all(u8::is_ascii_hexdigit)
                && l[16] == b' '
                && l[18] == b' '
                && l[19..].iter().all(u8::is_ascii_graphic);
            if !well_formed {
                return None;
            }
            let addr = u64::from_str_radix(std::str::from_utf8(&l[..16]).ok()?, 16).ok()?;
            (addr >= prev).then_some(addr)
        })
        .is_some();
    if ordered {
        assert_eq!(scanned, searched);
    }
});
