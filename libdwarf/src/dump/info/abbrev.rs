//! Abbreviation sets as GNU's `process_abbrev_set` reads them.

use super::out::{leb, leb_status_msg};

/// `DW_FORM_implicit_const`.
pub(crate) const FORM_IMPLICIT_CONST: u64 = 0x21;

/// One attribute specification.
#[derive(Debug, Clone, Copy)]
pub(crate) struct AttrSpec {
    pub(crate) at: u64,
    pub(crate) form: u64,
    pub(crate) implicit: i64,
}

/// One abbreviation.
#[derive(Debug, Clone)]
pub(crate) struct Abbrev {
    pub(crate) number: u64,
    pub(crate) tag: u64,
    pub(crate) children: bool,
    attr_start: u32,
    attr_end: u32,
}

/// A parsed abbreviation set.
#[derive(Debug, Default)]
pub(crate) struct AbbrevSet {
    pub(crate) entries: Vec<Abbrev>,
    attrs: Vec<AttrSpec>,
    /// `number` → index + 1 of the first entry with that number (0: none), for
    /// small numbers.
    index: Vec<u32>,
    /// GNU's `start_of_next_abbrevs` (offset in the section).
    pub(crate) next: Option<usize>,
}

impl AbbrevSet {
    /// All attribute specifications of `e`, including the terminating pair.
    pub(crate) fn attrs(&self, e: &Abbrev) -> &[AttrSpec] {
        self.attrs
            .get(e.attr_start as usize..e.attr_end as usize)
            .unwrap_or(&[])
    }

    /// The first entry numbered `n` (GNU's linear search).
    #[inline]
    pub(crate) fn find(&self, n: u64) -> Option<&Abbrev> {
        if let Some(&i) = usize::try_from(n).ok().and_then(|n| self.index.get(n)) {
            if i == 0 {
                return None;
            }
            return self.entries.get(i as usize - 1);
        }
        self.entries.iter().find(|e| e.number == n)
    }

    /// The index of the first entry numbered `n`.
    pub(crate) fn find_index(&self, n: u64) -> Option<usize> {
        if let Some(&i) = usize::try_from(n).ok().and_then(|n| self.index.get(n)) {
            return (i as usize).checked_sub(1);
        }
        self.entries.iter().position(|e| e.number == n)
    }

    fn build_index(&mut self) {
        let limit = self.entries.len().saturating_mul(2).saturating_add(64);
        let mut index = vec![0u32; limit];
        for (i, e) in self.entries.iter().enumerate() {
            if let Some(slot) = usize::try_from(e.number)
                .ok()
                .and_then(|n| index.get_mut(n))
            {
                if *slot == 0 {
                    *slot = u32::try_from(i + 1).unwrap_or(0);
                }
            }
        }
        self.index = index;
    }
}

/// GNU's `process_abbrev_set` over `data[start..end]`: the set, or `None` after an
/// error. Messages are GNU `error()` texts, in order.
pub(crate) fn parse_set(
    data: &[u8],
    start: usize,
    end: usize,
    section_name: &str,
    errors: &mut Vec<String>,
) -> Option<AbbrevSet> {
    let end = end.min(data.len());
    let mut set = AbbrevSet::default();
    let mut p = start;
    let rd = |p: &mut usize, sign: bool, errors: &mut Vec<String>| -> u64 {
        let (v, n, st) = leb(data, *p, end, sign);
        *p += n;
        if let Some(m) = leb_status_msg(st) {
            errors.push(m.to_string());
        }
        v
    };
    while p < end {
        let number = rd(&mut p, false, errors);
        if p == end || number == 0 {
            set.next = if p != end { Some(p) } else { None };
            set.build_index();
            return Some(set);
        }
        let tag = rd(&mut p, false, errors);
        if p == end {
            return None;
        }
        let children = data.get(p).copied().unwrap_or(0) != 0;
        p += 1;
        let attr_start = u32::try_from(set.attrs.len()).unwrap_or(u32::MAX);
        loop {
            let at = rd(&mut p, false, errors);
            if p == end {
                break;
            }
            let form = rd(&mut p, false, errors);
            if p == end {
                break;
            }
            let mut implicit = -1i64;
            if form == FORM_IMPLICIT_CONST {
                implicit = rd(&mut p, true, errors) as i64;
                if p == end {
                    break;
                }
            }
            set.attrs.push(AttrSpec { at, form, implicit });
            if at == 0 {
                break;
            }
        }
        let attr_end = u32::try_from(set.attrs.len()).unwrap_or(u32::MAX);
        set.entries.push(Abbrev {
            number,
            tag,
            children,
            attr_start,
            attr_end,
        });
    }
    errors.push(format!("{section_name} section not zero terminated\n"));
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_a_set() {
        // 1: DW_TAG_compile_unit, children, DW_AT_name/string; 0.
        let d = [
            1, 0x11, 1, 3, 8, 0, 0, 2, 0x24, 0, 0x3e, 0x21, 0x7f, 0, 0, 0, 9,
        ];
        let mut e = Vec::new();
        let s = parse_set(&d, 0, d.len(), ".debug_abbrev", &mut e).unwrap();
        assert!(e.is_empty());
        assert_eq!(s.entries.len(), 2);
        assert_eq!(s.next, Some(16));
        let a = s.find(2).unwrap();
        assert_eq!(s.attrs(a)[0].implicit, -1);
        assert_eq!(s.attrs(a).len(), 2);
        assert!(s.find(3).is_none());
        let mut e = Vec::new();
        assert!(parse_set(&d, 0, 5, ".debug_abbrev", &mut e).is_none());
        assert_eq!(e.len(), 1);
    }
}
