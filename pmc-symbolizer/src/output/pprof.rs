//! pprof's gzipped `profile.proto` (prost). One `Sample` per (thread, stack) with, for
//! each event, two values: sample count and summed period. Locations are per frame;
//! each image is one `Mapping` whose addresses are file offsets (memory_start 0,
//! file_offset 0), the same in every process, so ASLR does not split locations.
//! Labels: `comm` (string), `pid` and `tid` (numbers).

use std::io::{self, Write};

use prost::Message;
use rustc_hash::FxHashMap;

use super::Resolved;

/// `perftools.profiles.Profile` (google/pprof proto/profile.proto, Apache-2.0).
#[derive(Clone, PartialEq, Message)]
pub struct Profile {
    /// Value types of each sample's values.
    #[prost(message, repeated, tag = "1")]
    pub sample_type: Vec<ValueType>,
    /// Samples.
    #[prost(message, repeated, tag = "2")]
    pub sample: Vec<Sample>,
    /// Mappings.
    #[prost(message, repeated, tag = "3")]
    pub mapping: Vec<Mapping>,
    /// Locations.
    #[prost(message, repeated, tag = "4")]
    pub location: Vec<Location>,
    /// Functions.
    #[prost(message, repeated, tag = "5")]
    pub function: Vec<Function>,
    /// Strings; index 0 is "".
    #[prost(string, repeated, tag = "6")]
    pub string_table: Vec<String>,
    /// Sampling period type.
    #[prost(message, optional, tag = "11")]
    pub period_type: Option<ValueType>,
    /// Sampling period.
    #[prost(int64, tag = "12")]
    pub period: i64,
}

/// A value's type and unit (string table indexes).
#[derive(Clone, PartialEq, Message)]
pub struct ValueType {
    /// Type.
    #[prost(int64, tag = "1")]
    pub r#type: i64,
    /// Unit.
    #[prost(int64, tag = "2")]
    pub unit: i64,
}

/// A sample: its stack (leaf first) and values.
#[derive(Clone, PartialEq, Message)]
pub struct Sample {
    /// Location ids, leaf first.
    #[prost(uint64, repeated, tag = "1")]
    pub location_id: Vec<u64>,
    /// One per `sample_type`.
    #[prost(int64, repeated, tag = "2")]
    pub value: Vec<i64>,
    /// Labels.
    #[prost(message, repeated, tag = "3")]
    pub label: Vec<Label>,
}

/// A sample label.
#[derive(Clone, PartialEq, Message)]
pub struct Label {
    /// Key (string index).
    #[prost(int64, tag = "1")]
    pub key: i64,
    /// String value (string index).
    #[prost(int64, tag = "2")]
    pub str: i64,
    /// Numeric value.
    #[prost(int64, tag = "3")]
    pub num: i64,
}

/// A mapped image.
#[derive(Clone, PartialEq, Message)]
pub struct Mapping {
    /// Id (1-based).
    #[prost(uint64, tag = "1")]
    pub id: u64,
    /// Start.
    #[prost(uint64, tag = "2")]
    pub memory_start: u64,
    /// End.
    #[prost(uint64, tag = "3")]
    pub memory_limit: u64,
    /// File offset of `memory_start`.
    #[prost(uint64, tag = "4")]
    pub file_offset: u64,
    /// Path (string index).
    #[prost(int64, tag = "5")]
    pub filename: i64,
    /// Build id (string index).
    #[prost(int64, tag = "6")]
    pub build_id: i64,
    /// Functions are resolved.
    #[prost(bool, tag = "7")]
    pub has_functions: bool,
}

/// A location: an address and its function.
#[derive(Clone, PartialEq, Message)]
pub struct Location {
    /// Id (1-based).
    #[prost(uint64, tag = "1")]
    pub id: u64,
    /// Mapping id (0: none).
    #[prost(uint64, tag = "2")]
    pub mapping_id: u64,
    /// Address.
    #[prost(uint64, tag = "3")]
    pub address: u64,
    /// Functions, innermost first.
    #[prost(message, repeated, tag = "4")]
    pub line: Vec<Line>,
}

/// A function at a location.
#[derive(Clone, PartialEq, Message)]
pub struct Line {
    /// Function id.
    #[prost(uint64, tag = "1")]
    pub function_id: u64,
    /// Source line.
    #[prost(int64, tag = "2")]
    pub line: i64,
}

/// A function.
#[derive(Clone, PartialEq, Message)]
pub struct Function {
    /// Id (1-based).
    #[prost(uint64, tag = "1")]
    pub id: u64,
    /// Name (string index).
    #[prost(int64, tag = "2")]
    pub name: i64,
    /// Linkage name (string index).
    #[prost(int64, tag = "3")]
    pub system_name: i64,
    /// Source file (string index).
    #[prost(int64, tag = "4")]
    pub filename: i64,
}

#[derive(Default)]
struct Strings {
    table: Vec<String>,
    ids: FxHashMap<String, i64>,
}

impl Strings {
    fn id(&mut self, s: &str) -> i64 {
        if let Some(&i) = self.ids.get(s) {
            return i;
        }
        let i = self.table.len() as i64;
        self.table.push(s.to_string());
        self.ids.insert(s.to_string(), i);
        i
    }
}

/// Builds the profile message.
pub fn build(r: &Resolved<'_>) -> Profile {
    let p = r.profile;
    let mut st = Strings::default();
    st.id("");
    let mut sample_type = Vec::new();
    for a in &p.attrs {
        let clock = a.name.starts_with("cpu-clock") || a.name.starts_with("task-clock");
        sample_type.push(ValueType {
            r#type: st.id(&format!("{}_samples", a.name)),
            unit: st.id("count"),
        });
        sample_type.push(ValueType {
            r#type: st.id(&a.name),
            unit: st.id(if clock { "nanoseconds" } else { "events" }),
        });
    }
    let mapping: Vec<Mapping> = p
        .machine
        .images
        .iter()
        .enumerate()
        .map(|(i, img)| {
            let bid = img
                .build_id
                .as_ref()
                .map(|b| b.iter().map(|x| format!("{x:02x}")).collect::<String>())
                .unwrap_or_default();
            Mapping {
                id: i as u64 + 1,
                memory_start: 0,
                memory_limit: u64::MAX,
                file_offset: 0,
                filename: st.id(&img.path),
                build_id: st.id(&bid),
                has_functions: true,
            }
        })
        .collect();
    let mut function = Vec::new();
    let mut func_ids: FxHashMap<String, u64> = FxHashMap::default();
    let location: Vec<Location> = p
        .frames
        .iter()
        .enumerate()
        .map(|(i, f)| {
            let name = match r.name(i as u32) {
                Some(n) => n.to_string(),
                None => format!("[{}]", r.dso_short(i as u32)),
            };
            let fid = match func_ids.get(&name) {
                Some(&id) => id,
                None => {
                    let id = function.len() as u64 + 1;
                    let n = st.id(&name);
                    function.push(Function {
                        id,
                        name: n,
                        system_name: n,
                        filename: 0,
                    });
                    func_ids.insert(name, id);
                    id
                }
            };
            Location {
                id: i as u64 + 1,
                mapping_id: f.loc.image.map_or(0, |m| u64::from(m) + 1),
                address: f.loc.addr,
                line: vec![Line {
                    function_id: fid,
                    line: 0,
                }],
            }
        })
        .collect();
    let mut keys: Vec<_> = p.totals.iter().collect();
    keys.sort_by_key(|(k, _)| **k);
    let (k_comm, k_pid, k_tid) = (st.id("comm"), st.id("pid"), st.id("tid"));
    let sample = keys
        .into_iter()
        .map(|(k, t)| {
            let mut value = vec![0i64; 2 * p.attrs.len()];
            let i = 2 * k.attr as usize;
            if let Some(v) = value.get_mut(i) {
                *v = i64::try_from(t.count).unwrap_or(i64::MAX);
            }
            if let Some(v) = value.get_mut(i + 1) {
                *v = i64::try_from(t.period).unwrap_or(i64::MAX);
            }
            Sample {
                location_id: p
                    .stack_frames(k.stack)
                    .into_iter()
                    .map(|f| u64::from(f) + 1)
                    .collect(),
                value,
                label: vec![
                    Label {
                        key: k_comm,
                        str: st.id(r.comm(k.comm)),
                        num: 0,
                    },
                    Label {
                        key: k_pid,
                        str: 0,
                        num: i64::from(k.pid),
                    },
                    Label {
                        key: k_tid,
                        str: 0,
                        num: i64::from(k.tid),
                    },
                ],
            }
        })
        .collect();
    let period_type = sample_type.get(1).cloned();
    Profile {
        sample_type,
        sample,
        mapping,
        location,
        function,
        string_table: st.table,
        period_type,
        period: 0,
    }
}

/// Writes the gzipped profile.
///
/// # Errors
/// If writing fails.
pub fn write(r: &Resolved<'_>, out: &mut dyn Write) -> io::Result<()> {
    let bytes = build(r).encode_to_vec();
    let mut gz = flate2::write::GzEncoder::new(out, flate2::Compression::default());
    gz.write_all(&bytes)?;
    gz.finish()?;
    Ok(())
}
