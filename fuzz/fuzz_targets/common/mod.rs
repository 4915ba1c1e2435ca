//! What the readelf fuzz targets share: readelf's options and diagnostics for a run on
//! bytes in memory.

use readelf::diag::{Diag, PROG};
use readelf::options::Options;
use readelf::RunState;

/// Runs `f` with the options `args` give (the last names the input), a fresh run state,
/// an output buffer and diagnostics into a buffer; nothing when the options do not
/// parse.
pub fn with_readelf(
    args: &[&str],
    f: impl FnOnce(&mut Options, &mut RunState, &mut Vec<u8>, &mut Diag),
) {
    let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let Ok(mut o) = readelf::options::parse(&args, &mut out, &mut err) else {
        return;
    };
    let mut diag = Diag::new(PROG, &mut err);
    f(&mut o, &mut RunState::default(), &mut out, &mut diag);
}
