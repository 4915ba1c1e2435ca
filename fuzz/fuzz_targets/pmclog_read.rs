//! hwpmc logs over arbitrary bytes: layout detection, every record in every layout, the
//! callchain and multipart views, and writing each record back.
#![no_main]
use libpmclog::{encode, AddrSize, ByteOrder, Layout, Reader};

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let detected = Layout::detect(data).ok();
    let layouts = [ByteOrder::Little, ByteOrder::Big]
        .into_iter()
        .flat_map(|order| [AddrSize::Four, AddrSize::Eight].map(|addr| Layout { order, addr }));
    for layout in detected.into_iter().chain(layouts) {
        let mut out = Vec::new();
        for entry in Reader::with_layout(data, layout).flatten() {
            if let Some(pcs) = entry.record.callchain_pcs() {
                std::hint::black_box(pcs.iter().fold(0u64, u64::wrapping_add));
            }
            std::hint::black_box(entry.record.multipart_parts());
            out.clear();
            let _ = encode(layout, entry.tsc, &entry.record, &mut out);
        }
    }
});
