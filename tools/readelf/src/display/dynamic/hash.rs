//! GNU's `get_num_dynamic_syms`: read the `DT_HASH` and `DT_GNU_HASH` (or `DT_MIPS_XHASH`)
//! tables to count the dynamic symbols, keeping the tables for `-I`.
//!
//! GNU reads these with `fseek` and `fread` on the file, so a read continues where the
//! previous one stopped and a short read moves to the end of the file; [`File`] keeps that
//! position.

use libelf::read::read_uint;

use crate::display::vma::offset_from_vma;
use crate::Cx;

/// A `FILE *` position over the object's bytes.
struct File {
    pos: u64,
}

impl File {
    /// `fseek64(SEEK_SET)`: fails for offsets that are negative as an `off_t`.
    fn seek(&mut self, off: u64) -> bool {
        if (off as i64) < 0 {
            return false;
        }
        self.pos = off;
        true
    }

    /// `fread` of `n` bytes: the bytes if all were there; the position moves past
    /// whatever was read.
    fn read<'d>(&mut self, data: &'d [u8], n: u64) -> Option<&'d [u8]> {
        let len = data.len() as u64;
        let start = self.pos.min(len);
        let avail = len - start;
        let got = avail.min(n);
        self.pos = self.pos.saturating_add(got);
        if got < n {
            return None;
        }
        data.get(start as usize..(start + n) as usize)
    }
}

/// GNU's `get_dynamic_data`: `number` entries of `ent_size` bytes from the file position.
fn get_dynamic_data(cx: &mut Cx, f: &mut File, number: u64, ent_size: u64) -> Option<Vec<u64>> {
    let Some(total) = number.checked_mul(ent_size) else {
        cx.diag.error(format_args!(
            "Size overflow prevents reading {number} elements of size {ent_size}\n"
        ));
        return None;
    };
    if total > cx.file_size() {
        cx.diag.error(format_args!(
            "Invalid number of dynamic entries: {number}\n"
        ));
        return None;
    }
    let Some(bytes) = f.read(cx.data, total) else {
        cx.diag.error(format_args!(
            "Unable to read in {total} bytes of dynamic data\n"
        ));
        return None;
    };
    let e = cx.endian();
    Some(
        (0..number as usize)
            .map(|i| read_uint(bytes, i * ent_size as usize, ent_size as usize, e).unwrap_or(0))
            .collect(),
    )
}

fn seek_error(cx: &mut Cx) {
    cx.diag.error(format_args!(
        "Unable to seek to start of dynamic information\n"
    ));
}

/// GNU's `get_num_dynamic_syms`: the number of dynamic symbols the hash tables imply
/// (0 if unknown), filling `cx.dynamic.hash`.
pub fn get_num_dynamic_syms(cx: &mut Cx) -> u64 {
    let o = cx.o;
    let mut num = 0u64;
    if !o.histogram && (!o.using_dynamic || o.dyn_syms) {
        return 0;
    }
    let mut f = File { pos: 0 };
    let hash = cx.dynamic.info[4];
    if hash != 0 {
        let machine = cx.hdr.e_machine;
        let ent: u64 = if matches!(machine, 0x9026 | 22 | 0xa390) && cx.hdr.e_ident[4] == 2 {
            8
        } else {
            4
        };
        'no_hash: {
            let off = offset_from_vma(cx, hash, 16);
            if !f.seek(off) {
                seek_error(cx);
                break 'no_hash;
            }
            let Some(nb) = f.read(cx.data, ent) else {
                cx.diag
                    .error(format_args!("Failed to read in number of buckets\n"));
                break 'no_hash;
            };
            let e = cx.endian();
            let nb = read_uint(nb, 0, ent as usize, e).unwrap_or(0);
            let Some(nc) = f.read(cx.data, ent) else {
                cx.diag
                    .error(format_args!("Failed to read in number of chains\n"));
                break 'no_hash;
            };
            let nc = read_uint(nc, 0, ent as usize, e).unwrap_or(0);
            cx.dynamic.hash.nbuckets = nb;
            cx.dynamic.hash.nchains = nc;
            if nb != 0 && nc != 0 {
                let b = get_dynamic_data(cx, &mut f, nb, ent);
                let c = get_dynamic_data(cx, &mut f, nc, ent);
                let ok = b.is_some() && c.is_some();
                cx.dynamic.hash.buckets = b;
                cx.dynamic.hash.chains = c;
                if ok {
                    num = nc;
                }
            }
        }
        if num == 0 {
            let h = &mut cx.dynamic.hash;
            h.buckets = None;
            h.chains = None;
            h.nbuckets = 0;
        }
    }
    if cx.dynamic.gnu_hash != 0 && (!gnu_hash(cx, &mut f, &mut num) || num == 0) {
        let h = &mut cx.dynamic.hash;
        h.mipsxlat = None;
        h.gnuchains = None;
        h.gnubuckets = None;
        h.ngnubuckets = 0;
        h.ngnuchains = 0;
    }
    num
}

/// The `DT_GNU_HASH` half of `get_num_dynamic_syms`; `false` where GNU jumps to
/// `no_gnu_hash`.
fn gnu_hash(cx: &mut Cx, f: &mut File, num: &mut u64) -> bool {
    let base = cx.dynamic.gnu_hash;
    let xhash = cx.dynamic.mips_xhash != 0;
    let e = cx.endian();
    let off = offset_from_vma(cx, base, 16);
    if !f.seek(off) {
        seek_error(cx);
        return false;
    }
    let Some(nb) = f.read(cx.data, 16) else {
        cx.diag
            .error(format_args!("Failed to read in number of buckets\n"));
        return false;
    };
    let word = |b: &[u8], at: usize| read_uint(b, at, 4, e).unwrap_or(0);
    let ngnubuckets = word(nb, 0);
    let symidx = word(nb, 4);
    let bitmaskwords = word(nb, 8);
    cx.dynamic.hash.ngnubuckets = ngnubuckets;
    cx.dynamic.hash.gnusymidx = symidx;
    let buckets_vma = base
        .wrapping_add(16)
        .wrapping_add(bitmaskwords.wrapping_mul(if cx.is32() { 4 } else { 8 }));
    let off = offset_from_vma(cx, buckets_vma, 4);
    if !f.seek(off) {
        seek_error(cx);
        return false;
    }
    let Some(buckets) = get_dynamic_data(cx, f, ngnubuckets, 4) else {
        return false;
    };
    let mut maxchain: u64 = 0xffff_ffff;
    for &b in &buckets {
        if b != 0 {
            if b < symidx {
                cx.dynamic.hash.gnubuckets = Some(buckets);
                return false;
            }
            if maxchain == 0xffff_ffff || b > maxchain {
                maxchain = b;
            }
        }
    }
    cx.dynamic.hash.gnubuckets = Some(buckets);
    if maxchain == 0xffff_ffff {
        return false;
    }
    maxchain -= symidx;
    let off = offset_from_vma(
        cx,
        buckets_vma.wrapping_add(4u64.wrapping_mul(ngnubuckets.wrapping_add(maxchain))),
        4,
    );
    if !f.seek(off) {
        seek_error(cx);
        return false;
    }
    loop {
        let Some(w) = f.read(cx.data, 4) else {
            cx.diag
                .error(format_args!("Failed to determine last chain length\n"));
            return false;
        };
        let w = word(w, 0);
        if maxchain.wrapping_add(1) == 0 {
            return false;
        }
        maxchain += 1;
        if w & 1 != 0 {
            break;
        }
    }
    let off = offset_from_vma(
        cx,
        buckets_vma.wrapping_add(4u64.wrapping_mul(ngnubuckets)),
        4,
    );
    if !f.seek(off) {
        seek_error(cx);
        return false;
    }
    let chains = get_dynamic_data(cx, f, maxchain, 4);
    cx.dynamic.hash.ngnuchains = maxchain;
    let Some(chains) = chains else {
        return false;
    };
    let mut xlat = None;
    if xhash {
        let off = offset_from_vma(
            cx,
            buckets_vma.wrapping_add(4u64.wrapping_mul(ngnubuckets.wrapping_add(maxchain))),
            4,
        );
        if !f.seek(off) {
            seek_error(cx);
            cx.dynamic.hash.gnuchains = Some(chains);
            return false;
        }
        let Some(x) = get_dynamic_data(cx, f, maxchain, 4) else {
            cx.dynamic.hash.gnuchains = Some(chains);
            return false;
        };
        xlat = Some(x);
    }
    let nchains = maxchain;
    if let Some(buckets) = cx.dynamic.hash.gnubuckets.as_deref() {
        for &b in buckets {
            if b == 0 {
                continue;
            }
            let mut si = b;
            let mut off = si - symidx;
            loop {
                match &xlat {
                    Some(x) => {
                        if off < nchains {
                            if let Some(&v) = x.get(off as usize) {
                                if v >= *num {
                                    *num = v + 1;
                                }
                            }
                        }
                    }
                    None => {
                        if si >= *num {
                            *num = si.wrapping_add(1);
                        }
                    }
                }
                si = si.wrapping_add(1);
                if off >= nchains {
                    break;
                }
                let c = chains.get(off as usize).copied().unwrap_or(1);
                off += 1;
                if c & 1 != 0 {
                    break;
                }
            }
        }
    }
    cx.dynamic.hash.gnuchains = Some(chains);
    cx.dynamic.hash.mipsxlat = xlat;
    true
}
