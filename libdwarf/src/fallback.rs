//! What [`crate::AddrLookup`] takes from its caller rather than from a crate of
//! its own: symbol table names where DWARF names no function ([`SymbolSource`]),
//! and demangling ([`Demangle`]). libdwarf depends on libelf alone; a program
//! wires libsymtab's `FunctionSymbols` in through [`SymbolsFrom`] and libdemangle
//! in through a closure.

use std::sync::Arc;

/// A symbol a [`SymbolSource`] found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct SymbolHit<'a> {
    /// Which symbol: the same number for the same symbol every time (the lookup
    /// keeps the names it made by it).
    pub key: usize,
    /// Where it starts, as the symbol's value in the file.
    pub start: u64,
    /// Its size.
    pub size: u64,
    /// Its (raw, mangled) name.
    pub name: &'a str,
    /// The source file reported with it, if any.
    pub file: Option<&'a Arc<str>>,
}

impl<'a> SymbolHit<'a> {
    /// The symbol numbered `key` (see [`SymbolHit::key`]), called `name`, at
    /// `start` with `size`, with no file.
    pub fn new(key: usize, start: u64, size: u64, name: &'a str) -> Self {
        SymbolHit {
            key,
            start,
            size,
            name,
            file: None,
        }
    }

    /// The same symbol reported with `file`.
    #[must_use]
    pub fn with_file(mut self, file: Option<&'a Arc<str>>) -> Self {
        self.file = file;
        self
    }
}

/// Names of function symbols by address: the symbol table fallback of
/// [`crate::AddrLookup`] (see [`crate::AddrLookup::with_symbols`]).
///
/// The lookup finds the section holding an address (the first allocated section in
/// header order, where a relocatable object's sections are placed apart as BFD places
/// them), then asks the source about the address as a value of that section.
pub trait SymbolSource: Send + Sync {
    /// The function symbol naming `addr` in section `section` (a section header
    /// index; `addr` in the section's own terms, as symbol values are): the one in
    /// that section starting nearest at or below `addr`, if any.
    fn function_at(&self, section: u32, addr: u64) -> Option<SymbolHit<'_>>;
}

/// A [`SymbolSource`] made of a value and a function that asks it: the glue between
/// a symbol table type from another crate and [`crate::AddrLookup`].
///
/// ```
/// use libdwarf::{SymbolHit, SymbolSource, SymbolsFrom};
///
/// // (value, size, name) of the functions in section 1.
/// let table = vec![(0x10, 8, "f".to_string()), (0x20, 4, "g".to_string())];
/// let source = SymbolsFrom::new(table, |t, section, addr| {
///     let i = t.iter().rposition(|s| section == 1 && s.0 <= addr)?;
///     let (start, size, name) = t.get(i)?;
///     Some(SymbolHit::new(i, *start, *size, name))
/// });
/// assert_eq!(source.function_at(1, 0x22).map(|h| h.name), Some("g"));
/// assert_eq!(source.function_at(2, 0x22), None);
/// ```
pub struct SymbolsFrom<T, F> {
    data: T,
    find: F,
}

impl<T, F> SymbolsFrom<T, F>
where
    F: for<'a> Fn(&'a T, u32, u64) -> Option<SymbolHit<'a>>,
{
    /// A source answering `find(&data, section, addr)`.
    pub fn new(data: T, find: F) -> Self {
        SymbolsFrom { data, find }
    }
}

impl<T: std::fmt::Debug, F> std::fmt::Debug for SymbolsFrom<T, F> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SymbolsFrom")
            .field("data", &self.data)
            .finish_non_exhaustive()
    }
}

impl<T, F> SymbolSource for SymbolsFrom<T, F>
where
    T: Send + Sync,
    F: for<'a> Fn(&'a T, u32, u64) -> Option<SymbolHit<'a>> + Send + Sync,
{
    fn function_at(&self, section: u32, addr: u64) -> Option<SymbolHit<'_>> {
        (self.find)(&self.data, section, addr)
    }
}

/// Demangles function names for [`crate::FunctionName::demangled`]: `None` for a
/// name it does not know as mangled. Any `Fn(&str) -> Option<String>` is one, so a
/// program passes `move |s| libdemangle::demangle(s, &options)`.
pub trait Demangle: Send + Sync {
    /// The demangled form of `raw`, if it is a mangled name.
    fn demangle(&self, raw: &str) -> Option<String>;
}

impl<F> Demangle for F
where
    F: Fn(&str) -> Option<String> + Send + Sync,
{
    fn demangle(&self, raw: &str) -> Option<String> {
        self(raw)
    }
}
