use super::*;

#[test]
fn empty_sections_no_panic() {
    let s = DebugSections::from_raw(
        gimli::RunTimeEndian::Little,
        Vec::<(String, Vec<u8>)>::new(),
    );
    assert!(!s.has_info());
    let d = s.dwarf(false).unwrap();
    assert!(d.units().next().unwrap().is_none());
}
