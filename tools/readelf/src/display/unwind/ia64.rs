//! IA-64 unwind tables (`SHT_IA_64_UNWIND` and their `.IA_64.unwind_info`), as GNU's
//! `ia64_process_unwind` prints them.

use std::io;

use super::scan_sections;
use crate::Cx;

const SHT_IA_64_UNWIND: u32 = 0x7000_0001;

/// GNU's `ia64_process_unwind`.
pub fn ia64_process_unwind(cx: &mut Cx) -> io::Result<bool> {
    let Ok((_, unw)) = scan_sections(cx, |cx, i| {
        cx.sections().get(i).map(|s| s.sh_type) == Some(SHT_IA_64_UNWIND)
    }) else {
        return Ok(false);
    };
    if unw.is_empty() {
        writeln!(cx.out, "\nThere are no unwind sections in this file.")?;
    }
    Ok(true)
}
