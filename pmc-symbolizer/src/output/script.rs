//! perf 6.1's `perf script` text: the default fields and `-F comm,pid,tid,ip,sym,dso`.

use std::io::{self, Write};

use super::Resolved;
use crate::profile::FrameId;

/// Which fields.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Fields {
    /// perf script's default.
    #[default]
    Default,
    /// `-F comm,pid,tid,ip,sym,dso`.
    CommPidTidIpSymDso,
}

/// Writes one line per sample (or a header and a callchain block).
///
/// # Errors
/// If writing fails, or if the profile kept no per-sample records.
pub fn write(r: &Resolved<'_>, fields: Fields, out: &mut dyn Write) -> io::Result<()> {
    let p = r.profile;
    let Some(samples) = &p.samples else {
        return Err(io::Error::other("the profile kept no per-sample records"));
    };
    let w_ev = p.attrs.iter().map(|a| a.name.len()).max().unwrap_or(0);
    let mut frames: Vec<FrameId> = Vec::new();
    let mut line = String::new();
    for s in samples {
        use std::fmt::Write as _;
        line.clear();
        let comm = r.comm(s.key.comm);
        frames.clear();
        frames.extend(p.stack_frames(s.key.stack));
        let chain = s.callchain;
        match fields {
            Fields::Default => {
                if chain {
                    let _ = write!(line, "{comm} {:>5} ", s.key.tid);
                } else {
                    let _ = write!(line, "{comm:>16} {:>5} ", s.key.tid);
                }
                let secs = s.time / 1_000_000_000;
                let usecs = (s.time % 1_000_000_000) / 1000;
                let ev = p
                    .attrs
                    .get(s.key.attr as usize)
                    .map_or("", |a| a.name.as_str());
                let _ = write!(line, "{secs:>5}.{usecs:06}: {:>10} {ev:>w_ev$}: ", s.period);
            }
            Fields::CommPidTidIpSymDso => {
                if chain {
                    let _ = write!(line, "{comm} {:>5}/{:<5} ", s.key.pid, s.key.tid);
                } else {
                    let _ = write!(line, "{comm:>16} {:>5}/{:<5} ", s.key.pid, s.key.tid);
                }
            }
        }
        let with_offset = fields == Fields::Default;
        if chain {
            line.push('\n');
            for &f in &frames {
                for name in r.inlined(f) {
                    let _ = write!(line, "\t{:>16x} {name}", r.addr(f));
                    if with_offset {
                        let off = r.sym(f).map_or(0, |s| s.offset);
                        let _ = write!(line, "+0x{off:x}");
                    }
                    line.push_str(" (inlined)\n");
                }
                line.push('\t');
                frame_text(r, f, r.addr(f), with_offset, &mut line);
                line.push('\n');
            }
            line.push('\n');
        } else {
            line.push(' ');
            if let Some(&f) = frames.first() {
                frame_text(r, f, s.ip, with_offset, &mut line);
            }
            line.push('\n');
        }
        out.write_all(line.as_bytes())?;
    }
    Ok(())
}

fn frame_text(r: &Resolved<'_>, f: FrameId, addr: u64, with_offset: bool, line: &mut String) {
    use std::fmt::Write as _;
    let _ = write!(line, "{addr:>16x} ");
    match r
        .sym(f)
        .and_then(|s| s.name.as_deref().map(|n| (n, s.offset)))
    {
        Some((name, off)) if with_offset => {
            let _ = write!(line, "{name}+0x{off:x}");
        }
        Some((name, _)) => line.push_str(name),
        None => line.push_str("[unknown]"),
    }
    let _ = write!(line, " ({})", r.dso_path(f));
}
