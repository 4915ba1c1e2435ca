#!/usr/bin/env python3
"""replicate-perf-data.py IN OUT COPIES [--new-pids]

Writes OUT: the perf.data IN (file mode, little-endian, uncompressed, one event with
sample_type IP|TID|TIME|CALLCHAIN|PERIOD and sample_id_all with TID|TIME, as `perf record -g`
writes) with its data section's kernel records repeated COPIES times, each copy's timestamps
shifted past the previous copy's; with --new-pids each copy's processes get new pids
(pid + copy * 20000), as separate runs of the same workload would. Feature sections are moved
after the new data. Used to make the 1 GB recordings of README's "Speed and memory"
(92 copies of an 11 MB recording); perf reads the result too.
"""
import struct, sys
src, dst, copies = sys.argv[1], sys.argv[2], int(sys.argv[3])
new_pids = '--new-pids' in sys.argv
d = open(src, 'rb').read()
assert d[:8] == b'PERFILE2'
data_off, data_size = struct.unpack_from('<QQ', d, 40)
flags = d[72:104]
nfeat = sum(bin(b).count('1') for b in flags)
data_end = data_off + data_size
recs = []  # (pos, type, size)
pos = data_off
tmin, tmax = None, 0
while pos < data_end:
    ty, misc, size = struct.unpack_from('<IHH', d, pos)
    recs.append((pos, ty, size))
    if ty == 9:
        t = struct.unpack_from('<Q', d, pos + 8 + 16)[0]
        tmin = t if tmin is None else min(tmin, t); tmax = max(tmax, t)
    pos += size
span = tmax - tmin + 1_000_000_000
PID_STEP = 20000
def shift_pid(b, off, k):
    p = struct.unpack_from('<i', b, off)[0]
    if p > 0:
        struct.pack_into('<i', b, off, p + k * PID_STEP)
out = bytearray(d[:data_off])
for k in range(copies):
    for (pos, ty, size) in recs:
        if ty >= 64 and ty != 68 and k > 0:
            continue
        r = bytearray(d[pos:pos + size])
        if ty < 64 and k > 0:
            dt = k * span
            if ty == 9:
                t = struct.unpack_from('<Q', r, 24)[0]
                struct.pack_into('<Q', r, 24, t + dt)
                if new_pids:
                    shift_pid(r, 16, k); shift_pid(r, 20, k)
            else:
                t = struct.unpack_from('<Q', r, size - 8)[0]
                struct.pack_into('<Q', r, size - 8, t + dt)
                if new_pids:
                    shift_pid(r, size - 16, k); shift_pid(r, size - 12, k)
                    if ty in (1, 3, 10):      # MMAP, COMM, MMAP2: pid, tid first
                        shift_pid(r, 8, k); shift_pid(r, 12, k)
                    elif ty in (4, 7):        # EXIT, FORK: pid, ppid, tid, ptid, time
                        for o in (8, 12, 16, 20):
                            shift_pid(r, o, k)
                        t = struct.unpack_from('<Q', r, 24)[0]
                        struct.pack_into('<Q', r, 24, t + dt)
                if ty in (4, 7) and not new_pids:
                    t = struct.unpack_from('<Q', r, 24)[0]
                    struct.pack_into('<Q', r, 24, t + dt)
        out += r
new_size = len(out) - data_off
delta = data_off + new_size - data_end
table = bytearray(d[data_end:data_end + 16 * nfeat])
for i in range(nfeat):
    o, s = struct.unpack_from('<QQ', table, 16 * i)
    struct.pack_into('<QQ', table, 16 * i, o + delta, s)
out += table
out += d[data_end + 16 * nfeat:]
struct.pack_into('<Q', out, 48, new_size)
open(dst, 'wb').write(out)
print(dst, len(out), 'bytes', copies, 'copies')
