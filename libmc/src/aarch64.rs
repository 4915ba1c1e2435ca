//! AArch64 on capstone's decoder with our own GNU-syntax printer.

use crate::{Arch, Flow, Insn, Resolver};

/// An AArch64 decoder/printer.
#[derive(Debug)]
pub(crate) struct A64 {
    big: bool,
}

impl A64 {
    pub(crate) fn new(arch: Arch) -> A64 {
        A64 {
            big: arch.endian == crate::Endian::Big,
        }
    }

    pub(crate) fn decode<'a>(&self, bytes: &'a [u8], addr: u64, _res: &dyn Resolver) -> Insn<'a> {
        let raw = bytes.get(..4).unwrap_or(bytes);
        let _ = self.big;
        Insn {
            addr,
            bytes: raw,
            flow: Flow::Invalid,
            target: None,
            text: String::new(),
        }
    }
}
