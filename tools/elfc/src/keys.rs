//! The gABI's field names of the file and section headers, which both input notations
//! accept as keys, and the check of a key against a notation's lists.

/// The file header's fields, `e_ident` to `e_shstrndx`.
pub(crate) const EHDR: &[&str] = &[
    "e_ident",
    "e_type",
    "e_machine",
    "e_version",
    "e_entry",
    "e_phoff",
    "e_shoff",
    "e_flags",
    "e_ehsize",
    "e_phentsize",
    "e_phnum",
    "e_shentsize",
    "e_shnum",
    "e_shstrndx",
];

/// A section header's fields, `sh_name` to `sh_entsize`.
pub(crate) const SHDR: &[&str] = &[
    "sh_name",
    "sh_type",
    "sh_flags",
    "sh_addr",
    "sh_offset",
    "sh_size",
    "sh_link",
    "sh_info",
    "sh_addralign",
    "sh_entsize",
];

/// `Err` with every key of `lists` (comma-separated, for the message) unless `key` is
/// one of them.
pub(crate) fn check(key: &str, lists: &[&[&str]]) -> Result<(), String> {
    if lists.iter().any(|l| l.contains(&key)) {
        return Ok(());
    }
    Err(lists.concat().join(", "))
}
