//! Checks of libelf against the host: GNU readelf, ar and nm on the system's libc, objects
//! compiled by the host's compilers, llvm-ar's archive dialects, read → write identity of
//! system files. Each is a trial that is ignored, saying what is missing, on a machine that
//! lacks what it needs (`.ci/run` installs all of it).

#![allow(clippy::unwrap_used, clippy::indexing_slicing)] // a test: failing loudly is the point

use host_trials::{Need, Trials};
use libelf::archive::{rewrite, Archive, ArchiveBuilder, ArchiveKind};
use libelf::consts::*;
use libelf::edit::Object;
use libelf::read::*;
use libelf::ElfFile;
use std::path::Path;

mod common;
use common::archive::*;

const LIBC: &str = "/usr/lib/x86_64-linux-gnu/libc.so.6";
const LIBC_A: &str = "/usr/lib/x86_64-linux-gnu/libc.a";
const LLVM_AR: &[&str] = &["llvm-ar", "llvm-ar-14"];

/// Files on a Debian x86-64 machine, for read → write identity.
const SYSTEM_FILES: &[&str] = &[
    LIBC,
    "/usr/bin/ls",
    "/usr/lib/x86_64-linux-gnu/crt1.o",
    "/usr/lib/x86_64-linux-gnu/libz.so.1",
];

fn main() {
    let readelf = Need::GnuTool("readelf");
    let mut t = Trials::new();
    t.add_fn(
        "libc_versions_as_readelf",
        &[readelf, Need::File(LIBC)],
        system_libc_versions,
    );
    t.add_fn(
        "libc_notes_as_readelf",
        &[readelf, Need::File(LIBC)],
        system_libc_notes,
    );
    t.add_fn(
        "libc_hash_tables_as_readelf",
        &[readelf, Need::File(LIBC)],
        system_libc_hash_tables,
    );
    t.add_fn(
        "gxx_comdat_groups_as_readelf",
        &[readelf, Need::Program("g++")],
        system_object_groups,
    );
    for &path in SYSTEM_FILES {
        t.add(
            &format!("identity/{path}"),
            &[Need::File(path)],
            move || {
                elf_identity(path);
                Ok(())
            },
        );
    }
    let (ar, nm, cc) = (
        Need::GnuTool("ar"),
        Need::GnuTool("nm"),
        Need::Program("cc"),
    );
    t.add_fn(
        "archive/builder_matches_gnu_ar",
        &[ar],
        builder_matches_gnu_ar,
    );
    t.add_fn(
        "archive/gnu_ar_archives",
        &[ar, nm, cc],
        gnu_ar_archives_live,
    );
    t.add_fn(
        "archive/llvm_bsd_archives",
        &[Need::OneOf(LLVM_AR), cc],
        llvm_bsd_archives_live,
    );
    t.add_fn("archive/libc_a", &[Need::File(LIBC_A), ar, nm], libc_a);
    t.run()
}

/// `readelf ARGS PATH`'s standard output (the trial needs GNU readelf).
fn readelf(args: &[&str], path: &str) -> String {
    let out = std::process::Command::new("readelf")
        .args(args)
        .arg(path)
        .output()
        .unwrap();
    assert!(out.status.success(), "readelf {args:?} {path} failed");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// `%#06x` as C prints it (no `0x` for zero).
fn c_hex6(v: usize) -> String {
    if v == 0 {
        "000000".into()
    } else {
        format!("{v:#06x}")
    }
}

#[rustfmt::skip]
fn system_libc_versions() {
    let path = LIBC;
    let (bytes, text, syms) =
        (std::fs::read(path).unwrap(), readelf(&["-W", "-V"], path), readelf(&["-W", "--dyn-syms"], path));
    let file = ElfFile::parse(&bytes).unwrap();
    let versions = SymbolVersions::parse(&file).unwrap();
    let name = |off: u32| String::from_utf8_lossy(versions.string(off).unwrap()).into_owned();
    let section = |t| file.sections().unwrap().find(|s| s.header().sh_type == t).unwrap();
    let has = |line: String| assert!(text.contains(&line), "missing {line:?}");
    let defs: Vec<_> = VerdefIter::parse(&section(SHT_GNU_VERDEF)).unwrap().map(Result::unwrap).collect();
    has(format!("'.gnu.version_d' contains {} entries", defs.len()));
    for d in defs {
        let aux: Vec<_> = d.aux().map(Result::unwrap).collect();
        has(format!("{}: Rev: {}", c_hex6(d.offset), d.vd_version));
        has(format!("Index: {}  Cnt: {}  Name: {}\n", d.vd_ndx, d.vd_cnt, name(aux[0].vda_name)));
        for (j, a) in aux.iter().enumerate().skip(1) {
            has(format!("  {}: Parent {j}: {}\n", c_hex6(a.offset), name(a.vda_name)));
        }
    }
    for n in VerneedIter::parse(&section(SHT_GNU_VERNEED)).unwrap().map(Result::unwrap) {
        has(format!("{}: Version: {}  File: {}  Cnt: {}\n", c_hex6(n.offset), n.vn_version, name(n.vn_file), n.vn_cnt));
        for a in n.aux().map(Result::unwrap) {
            has(format!("{}:   Name: {}  Flags: none  Version: {}\n", c_hex6(a.offset), name(a.vna_name), a.vna_other));
        }
    }
    // Every dynamic symbol's `name@VER`, `name@@VER` or `name@VER (n)` as readelf shows it.
    let mut shown = std::collections::HashMap::new();
    for l in syms.lines() {
        let mut f = l.split_whitespace();
        if let Some(Ok(i)) = f.next().and_then(|n| n.strip_suffix(':')).map(str::parse::<u32>) {
            shown.insert(i, f.skip(6).collect::<Vec<_>>().join(" "));
        }
    }
    let table = SymbolTable::parse(&section(SHT_DYNSYM)).unwrap();
    assert_eq!(versions.versym().unwrap().len(), table.len());
    let mut versioned = 0;
    for s in table.iter().skip(1) {
        let mut want = String::from_utf8_lossy(s.name_bytes().unwrap()).into_owned();
        if let Some(v) = versions.symbol_version(s.index, &s.sym) {
            want += &format!("{}{}", v.separator(), String::from_utf8_lossy(v.name.unwrap()));
            want += &v.needed.map(|n| format!(" ({n})")).unwrap_or_default();
            versioned += 1;
        }
        assert_eq!(shown.get(&s.index.0), Some(&want));
    }
    assert!(versioned > 1000);
}

fn system_libc_notes() {
    let path = LIBC;
    let (bytes, text) = (std::fs::read(path).unwrap(), readelf(&["-W", "-n"], path));
    let file = ElfFile::parse(&bytes).unwrap();
    let (mut in_sections, mut sections) = (Vec::new(), 0);
    for s in file
        .sections()
        .unwrap()
        .filter(|s| s.header().sh_type == SHT_NOTE)
    {
        sections += 1;
        for n in NoteIter::from_section(&s).unwrap().map(Result::unwrap) {
            let owner = String::from_utf8_lossy(n.name);
            let line = format!("{owner:<20} 0x{:08x}", n.n_descsz);
            assert!(text.contains(&line), "{line}");
            if n.is_gnu() && n.n_type == NT_GNU_ABI_TAG {
                let t = n.gnu_abi_tag().unwrap();
                let os = t.os_name().unwrap();
                let want = format!("OS: {os}, ABI: {}.{}.{}", t.major, t.minor, t.patch);
                assert!(text.contains(&want), "{want}");
            }
            if n.is_gnu() && n.n_type == NT_GNU_PROPERTY_TYPE_0 {
                assert!(n.gnu_properties(file.class()).unwrap().all(|p| p.is_ok()));
            }
            in_sections.push(n.desc);
        }
    }
    assert_eq!(text.matches("  Owner ").count(), sections);
    let id = find_build_id(&file)
        .unwrap()
        .iter()
        .map(|b| format!("{b:02x}"));
    assert!(text.contains(&format!("Build ID: {}", id.collect::<String>())));
    // The PT_NOTE segments hold the same notes.
    let mut in_segments = Vec::new();
    for ph in file.program_headers().unwrap() {
        let it = NoteIter::from_segment(&file, ph).unwrap();
        in_segments.extend(it.map(|n| n.unwrap().desc));
    }
    assert_eq!(in_sections, in_segments);
}

/// Check a histogram against one block of `readelf -I` output.
fn same_histogram(h: &Histogram, text: &str) {
    let total = format!("(total of {} buckets):", h.lengths.len());
    assert!(text.contains(&total), "{total}");
    for (len, count) in h.counts.iter().enumerate() {
        let line = format!("\n{len:7}  {count:<10} (");
        assert!(text.contains(&line), "{line:?}");
    }
    assert!(!text.contains(&format!("\n{:7}  ", h.counts.len())));
}

fn system_libc_hash_tables() {
    let path = LIBC;
    let (bytes, text) = (std::fs::read(path).unwrap(), readelf(&["-W", "-I"], path));
    let file = ElfFile::parse(&bytes).unwrap();
    let section = |t| {
        file.sections()
            .unwrap()
            .find(|s| s.header().sh_type == t)
            .unwrap()
    };
    let syms = SymbolTable::parse(&section(SHT_DYNSYM)).unwrap();
    let sysv = SysvHashTable::parse(&section(SHT_HASH)).unwrap();
    let gnu = GnuHashTable::parse(&section(SHT_GNU_HASH)).unwrap();
    let (sysv_text, gnu_text) = text.split_once("Histogram for `.gnu.hash'").unwrap();
    same_histogram(&sysv.histogram(), sysv_text);
    same_histogram(&gnu.histogram().unwrap(), gnu_text);
    assert_eq!(sysv.nchain(), syms.len() as u64);
    assert_eq!(gnu.symbol_count().unwrap() as usize, syms.len());
    let mut found = 0;
    for s in syms.iter().filter(|s| s.sym.st_shndx != 0) {
        let name = s.name_bytes().unwrap();
        // Versioned names appear more than once: any one of them will do.
        let by_sysv = sysv.lookup(name, &syms).map(|s| s.name_bytes().unwrap());
        let by_gnu = gnu.lookup(name, &syms).map(|s| s.name_bytes().unwrap());
        assert!(by_sysv == Some(name) && by_gnu == Some(name), "{name:?}");
        found += 1;
    }
    assert!(found > 2000);
    assert!(sysv.lookup(b"no_such_symbol_xyz", &syms).is_none());
    assert!(gnu.lookup(b"no_such_symbol_xyz", &syms).is_none());
}

fn system_object_groups() {
    // A C++ object with COMDAT groups, compiled by the host's g++.
    let dir = std::env::temp_dir().join(format!("libelf-group-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (src, obj) = (dir.join("t.cc"), dir.join("t.o"));
    let code = "template<class T> T id(T x) { return x; }\nint f() { return id(1) + id(2L); }\n";
    std::fs::write(&src, code).unwrap();
    let built = std::process::Command::new("g++")
        .arg("-c")
        .arg(&src)
        .arg("-o")
        .arg(&obj)
        .status()
        .unwrap();
    assert!(built.success(), "g++ -c failed");
    let text = readelf(&["-W", "-g"], obj.to_str().unwrap());
    let bytes = std::fs::read(&obj).unwrap();
    let file = ElfFile::parse(&bytes).unwrap();
    let mut groups = 0;
    for s in file
        .sections()
        .unwrap()
        .filter(|s| s.header().sh_type == SHT_GROUP)
    {
        let g = GroupSection::parse(&s).unwrap();
        let sig = String::from_utf8_lossy(GroupSection::signature(&s).unwrap()).into_owned();
        let head = format!(
            "COMDAT group section [{:5}] `{}' [{sig}] contains {} sections:",
            s.index().0,
            s.name().unwrap(),
            g.len()
        );
        assert!(g.is_comdat() && text.contains(&head), "{head}");
        for m in g.members() {
            let name = file.section(m).unwrap().name().unwrap().into_owned();
            assert!(
                text.contains(&format!("   [{:5}]   {name}\n", m.0)),
                "{name}"
            );
        }
        groups += 1;
    }
    assert!(groups >= 2);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Read → write of a host file is byte-identical.
fn elf_identity(path: &str) {
    let data = std::fs::read(path).unwrap();
    let file = ElfFile::parse(&data).unwrap();
    let out = Object::read(&file).unwrap().write().unwrap();
    assert!(out == data, "{path}: not byte-identical");
}

fn builder_matches_gnu_ar() {
    let ar = "ar";
    let tmp = TempDir::new("builder");
    // No objects: GNU ar writes no symbol index.
    let files = [
        ("odd.txt", &b"odd"[..]),
        ("a_name_longer_than_15.txt", b"0123456789\n"),
        ("even_longer_name_for_the_table.dat", b""),
        ("x", b"\x00\x01\x02\x03"),
    ];
    let mut builder = ArchiveBuilder::new();
    for (name, data) in files {
        std::fs::write(tmp.path(name), data).unwrap();
        builder.add_member(name, data);
    }
    let mut args = vec!["rcD", "ref.a"];
    args.extend(files.iter().map(|(n, _)| *n));
    run(&tmp.0, ar, &args);
    let reference = std::fs::read(tmp.path("ref.a")).unwrap();
    assert_eq!(builder.build().unwrap(), reference);

    // With objects: copy GNU's symbol lists into the builder.
    compile_objects(&tmp);
    let objects = ["a.o", "long_named_object_file.o", "s.o"];
    let mut args = vec!["rcD", "objs.a"];
    args.extend(objects);
    run(&tmp.0, ar, &args);
    let reference = std::fs::read(tmp.path("objs.a")).unwrap();
    let archive = Archive::parse(&reference).unwrap();
    let mut builder = ArchiveBuilder::new();
    for member in archive.members() {
        let member = member.unwrap();
        let syms: Vec<&[u8]> = archive
            .symbols()
            .map(|s| s.unwrap())
            .filter(|s| s.member_offset() == member.header_offset())
            .map(|s| s.name())
            .collect();
        builder.add_member_with_symbols(member.name(), member.data().unwrap(), syms);
    }
    assert_eq!(builder.build().unwrap(), reference);
}

fn gnu_ar_archives_live() {
    let ar = "ar";
    let tmp = TempDir::new("gnu-live");
    compile_objects(&tmp);
    run(
        &tmp.0,
        ar,
        &["rcD", "gnu.a", "a.o", "long_named_object_file.o", "s.o"],
    );
    let bytes = std::fs::read(tmp.path("gnu.a")).unwrap();
    let want: [&[u8]; 3] = [b"a.o", b"long_named_object_file.o", b"s.o"];
    let archive = parse_archive(&bytes, ArchiveKind::Gnu, &want, "gnu");
    assert_eq!(identity(&bytes), bytes);
    let armap_before = run(&tmp.0, "nm", &["--print-armap", "gnu.a"]);

    // Grow a.o by an odd amount (bytes after an ELF object's last section are ignored)
    // and the long-named one by an even one; shrink nothing else.
    let mut grown = Vec::new();
    let out = rewrite(&archive, |m| {
        Ok(match m.name() {
            b"a.o" => {
                let mut d = m.try_data()?.to_vec();
                d.extend_from_slice(b"\0\0\0");
                grown = d.clone();
                Some(d)
            }
            b"long_named_object_file.o" => {
                let mut d = m.try_data()?.to_vec();
                d.extend_from_slice(&[0; 16]);
                Some(d)
            }
            _ => None,
        })
    })
    .unwrap();
    std::fs::write(tmp.path("out.a"), &out).unwrap();
    let new = Archive::parse(&out).unwrap();
    assert_eq!(resolved_symbols(&new), resolved_symbols(&archive));
    assert_ne!(symbols(&new), symbols(&archive));
    assert_eq!(
        lines(&run(&tmp.0, ar, &["t", "out.a"])),
        ["a.o", "long_named_object_file.o", "s.o"]
    );
    assert_eq!(run(&tmp.0, ar, &["p", "out.a", "a.o"]), grown);
    assert_eq!(
        String::from_utf8_lossy(&run(&tmp.0, "nm", &["--print-armap", "out.a"])),
        String::from_utf8_lossy(&armap_before)
    );

    // Shrinking back gives the original.
    let back = rewrite(&new, |m| {
        Ok(Some(
            archive
                .members()
                .find(|o| o.as_ref().unwrap().name() == m.name())
                .unwrap()?
                .try_data()?
                .to_vec(),
        ))
    })
    .unwrap();
    assert_eq!(back, bytes);

    // Thin archives, one with a nested archive.
    std::fs::create_dir_all(tmp.path("sub")).unwrap();
    std::fs::copy(tmp.path("a.o"), tmp.path("sub/a.o")).unwrap();
    run(
        &tmp.0,
        ar,
        &[
            "rcD",
            "--thin",
            "thin.a",
            "sub/a.o",
            "long_named_object_file.o",
            "odd.txt",
        ],
    );
    let thin = std::fs::read(tmp.path("thin.a")).unwrap();
    let want: [&[u8]; 3] = [b"sub/a.o", b"long_named_object_file.o", b"odd.txt"];
    let archive = parse_archive(&thin, ArchiveKind::Thin, &want, "thin");
    for m in archive.members() {
        let m = m.unwrap();
        let on_disk =
            std::fs::metadata(tmp.0.join(String::from_utf8(m.name().to_vec()).unwrap())).unwrap();
        assert_eq!(m.size(), on_disk.len());
        assert!(m.data().is_none());
    }
    assert_eq!(
        resolved_symbols(&archive),
        [
            (b"foo".to_vec(), b"sub/a.o".to_vec()),
            (b"bar".to_vec(), b"sub/a.o".to_vec()),
            (
                b"a_very_long_function_name".to_vec(),
                b"long_named_object_file.o".to_vec()
            )
        ]
    );
    assert_eq!(identity(&thin), thin);
    run(&tmp.0, ar, &["rcD", "--thin", "nested.a", "gnu.a"]);
    let nested = std::fs::read(tmp.path("nested.a")).unwrap();
    let archive = Archive::parse(&nested).unwrap();
    let gnu = Archive::parse(&bytes).unwrap();
    let inner: Vec<_> = gnu.members().map(|m| m.unwrap().header_offset()).collect();
    let members: Vec<_> = archive.members().map(|m| m.unwrap()).collect();
    assert_eq!(members.len(), 3);
    for (m, at) in members.iter().zip(inner) {
        assert_eq!(m.name(), b"gnu.a");
        // The origin is the offset of the member's header in the nested archive.
        assert_eq!(m.nested_offset(), Some(at));
    }
}

fn llvm_bsd_archives_live() {
    let llvm_ar = find_tool(LLVM_AR).unwrap();
    let tmp = TempDir::new("bsd-live");
    compile_objects(&tmp);
    let llvm_nm = find_tool(&["llvm-nm", "llvm-nm-14"]);
    for format in ["bsd", "darwin", "gnu"] {
        let file = format!("{format}.a");
        run(
            &tmp.0,
            llvm_ar,
            &[
                "rcD",
                &format!("--format={format}"),
                &file,
                "a.o",
                "long_named_object_file.o",
                "s.o",
                "odd.txt",
            ],
        );
        let bytes = std::fs::read(tmp.path(&file)).unwrap();
        let kind = if format == "gnu" {
            ArchiveKind::Gnu
        } else {
            ArchiveKind::Bsd
        };
        let want: [&[u8]; 4] = [b"a.o", b"long_named_object_file.o", b"s.o", b"odd.txt"];
        let archive = parse_archive(&bytes, kind, &want, format);
        let listed = lines(&run(&tmp.0, llvm_ar, &["t", &file]));
        assert_eq!(listed.len(), archive.members().count());
        let a = archive.members().next().unwrap().unwrap();
        assert_eq!(&a.data().unwrap()[..4], b"\x7fELF", "{format}");
        assert_eq!(identity(&bytes), bytes, "{format}");
        let before = resolved_symbols(&archive);
        assert_eq!(before.len(), 4, "{format}");

        // Grow a.o by 5 bytes, shrink odd.txt to one byte.
        let out = rewrite(&archive, |m| {
            Ok(match m.name() {
                b"a.o" => Some([m.try_data()?, &[0u8; 5][..]].concat()),
                b"odd.txt" => Some(b"o".to_vec()),
                _ => None,
            })
        })
        .unwrap();
        let out_file = format!("out-{format}.a");
        std::fs::write(tmp.path(&out_file), &out).unwrap();
        let new = Archive::parse(&out).unwrap();
        assert_eq!(resolved_symbols(&new), before, "{format}");
        assert_eq!(lines(&run(&tmp.0, llvm_ar, &["t", &out_file])), listed);
        assert_eq!(run(&tmp.0, llvm_ar, &["p", &out_file, "odd.txt"]), b"o");
        if let Some(nm) = llvm_nm {
            let armap = |f: &str| {
                let out = run(&tmp.0, nm, &["--print-armap", f]);
                // Keep the index only: member symbol listings fail for odd.txt.
                lines(&out)
                    .into_iter()
                    .take_while(|l| !l.is_empty())
                    .collect::<Vec<_>>()
            };
            assert_eq!(armap(&out_file), armap(&file), "{format}");
        }
    }
}

fn libc_a() {
    let path = Path::new(LIBC_A);
    let bytes = std::fs::read(path).unwrap();
    let archive = Archive::parse(&bytes).unwrap();
    assert!(matches!(
        archive.kind(),
        ArchiveKind::Gnu | ArchiveKind::Gnu64
    ));
    let members: Vec<_> = archive.members().map(|m| m.unwrap()).collect();
    assert!(!members.is_empty());
    for m in &members {
        assert_eq!(m.data().unwrap().len() as u64, m.size());
    }
    // Every symbol index entry names a member header.
    let headers: std::collections::HashSet<u64> =
        members.iter().map(|m| m.header_offset()).collect();
    let syms: Vec<_> = archive.symbols().map(|s| s.unwrap()).collect();
    assert_eq!(syms.len(), archive.symbol_count());
    assert!(syms.iter().all(|s| headers.contains(&s.member_offset())));
    assert_eq!(identity(&bytes), bytes);

    let listed = lines(&run(Path::new("/"), "ar", &["t", path.to_str().unwrap()]));
    let ours: Vec<String> = members
        .iter()
        .map(|m| String::from_utf8_lossy(m.name()).into_owned())
        .collect();
    assert_eq!(ours, listed);

    // Grow the first member by 3 bytes: everything after it moves by 4.
    let first = members[0].header_offset();
    let out = rewrite(&archive, |m| {
        Ok((m.header_offset() == first).then(|| [m.data().unwrap(), b"\0\0\0"].concat()))
    })
    .unwrap();
    assert_eq!(out.len(), bytes.len() + 4);
    let new = Archive::parse(&out).unwrap();
    let new_syms: Vec<_> = new.symbols().map(|s| s.unwrap()).collect();
    for (old, new) in syms.iter().zip(&new_syms) {
        assert_eq!(old.name(), new.name());
        let expect = if old.member_offset() == first {
            first
        } else {
            old.member_offset() + 4
        };
        assert_eq!(new.member_offset(), expect);
    }
    let tmp = TempDir::new("libc");
    std::fs::write(tmp.path("libc.a"), &out).unwrap();
    let ours = run(&tmp.0, "nm", &["--print-armap", "libc.a"]);
    let theirs = run(
        Path::new("/"),
        "nm",
        &["--print-armap", path.to_str().unwrap()],
    );
    assert!(ours == theirs, "nm --print-armap differs after rewrite");
}

/// `bytes` as an archive of `kind` whose members are named `want` (`what` says which,
/// in failure messages).
fn parse_archive<'a>(
    bytes: &'a [u8],
    kind: ArchiveKind,
    want: &[&[u8]],
    what: &str,
) -> Archive<'a> {
    let archive = Archive::parse(bytes).unwrap();
    assert_eq!(archive.kind(), kind, "{what}");
    assert_eq!(names(&archive), want, "{what}");
    archive
}
