//! `-I`: bucket list length histograms (printed from GNU's `process_symbol_table`).

/// Module marker until the display lands.
pub const NAME: &str = "histogram";
