//! JSON output (serde_json). Schema, version 1:
//!
//! ```text
//! { "version": 1,
//!   "lost": <records lost>,
//!   "events": [ { "name": "cpu-clock:u", "samples": <n>, "period": <sum> } ],
//!   "images": [ { "path": "/usr/bin/x", "build_id": "<hex>" | null } ],
//!   "frames": [ { "image": <images index> | null, "addr": "0x<file offset, or address if unmapped>",
//!                 "function": "<demangled>" | null, "offset": <into function>, "kernel": bool,
//!                 "inline": [ { "function": .., "file": .., "line": .. } ]  // with --lines
//!               } ],
//!   "stacks": [ { "event": <events index>, "comm": "..", "pid": <n>, "tid": <n>,
//!                 "frames": [ <frames index>, … leaf first ], "samples": <n>, "period": <sum> } ] }
//! ```
//! Stacks are sorted by event, then period (descending), then frames.

use std::io::{self, Write};

use serde_json::{json, Value};

use super::Resolved;

/// The profile as a JSON value.
pub fn to_value(r: &Resolved<'_>) -> Value {
    let p = r.profile;
    let mut ev_samples = vec![0u64; p.attrs.len()];
    let mut ev_period = vec![0u64; p.attrs.len()];
    let mut stacks: Vec<_> = p.totals.iter().collect();
    stacks.sort_by(|(a, x), (b, y)| {
        a.attr
            .cmp(&b.attr)
            .then(y.period.cmp(&x.period))
            .then_with(|| p.stack_frames(a.stack).cmp(&p.stack_frames(b.stack)))
            .then(a.cmp(b))
    });
    let stacks: Vec<Value> = stacks
        .into_iter()
        .map(|(k, t)| {
            if let Some(s) = ev_samples.get_mut(k.attr as usize) {
                *s += t.count;
            }
            if let Some(s) = ev_period.get_mut(k.attr as usize) {
                *s = s.saturating_add(t.period);
            }
            json!({
                "event": k.attr, "comm": r.comm(k.comm), "pid": k.pid, "tid": k.tid,
                "frames": p.stack_frames(k.stack), "samples": t.count, "period": t.period,
            })
        })
        .collect();
    let events: Vec<Value> = p
        .attrs
        .iter()
        .enumerate()
        .map(|(i, a)| {
            json!({"name": a.name, "samples": ev_samples.get(i), "period": ev_period.get(i)})
        })
        .collect();
    let images: Vec<Value> = p
        .machine
        .images
        .iter()
        .map(|i| {
            let b = i
                .build_id
                .as_ref()
                .map(|b| b.iter().map(|x| format!("{x:02x}")).collect::<String>());
            json!({"path": i.path, "build_id": b})
        })
        .collect();
    let frames: Vec<Value> = p
        .frames
        .iter()
        .enumerate()
        .map(|(i, f)| {
            let s = r.sym(i as u32);
            let mut v = json!({
                "image": f.loc.image, "addr": format!("0x{:x}", f.loc.addr),
                "function": s.and_then(|s| s.name.as_deref()),
                "offset": s.map_or(0, |s| s.offset), "kernel": f.kernel,
            });
            if let (Some(src), Some(obj)) = (s.and_then(|s| s.source.as_ref()), v.as_object_mut()) {
                let inl: Vec<Value> = src
                    .frames
                    .iter()
                    .map(|(func, file, line)| {
                        json!({"function": func.as_deref(), "file": file.as_deref(), "line": line})
                    })
                    .collect();
                obj.insert("inline".into(), Value::Array(inl));
            }
            v
        })
        .collect();
    json!({"version": 1, "lost": p.lost, "events": events, "images": images,
           "frames": frames, "stacks": stacks})
}

/// Writes the JSON document.
///
/// # Errors
/// If writing fails.
pub fn write(r: &Resolved<'_>, out: &mut dyn Write) -> io::Result<()> {
    serde_json::to_writer_pretty(&mut *out, &to_value(r))?;
    writeln!(out)
}
