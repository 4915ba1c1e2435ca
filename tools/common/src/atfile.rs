//! `@file` arguments, expanded as libiberty's `expandargv` (binutils 2.40) does.
//!
//! Each argument `@NAME` is replaced by the words of the file NAME, and the words are looked
//! at again, so a file may name further `@file`s:
//! - NAME that does not exist, cannot be opened, or cannot be sought in (a pipe) leaves
//!   the argument as it is;
//! - what is read is as many bytes as seeking to the end reports (none for most device
//!   files), up to the first NUL; a file of only whitespace gives no words;
//! - words follow `buildargv`: separated by C whitespace; a backslash takes the next
//!   character literally, in or out of quotes; single and double quotes group (and may
//!   give an empty word); an unterminated quote runs to the end;
//! - a directory, or the 2000th `@` argument, is a fatal error
//!   (`PROG: error: @-file refers to a directory`, `PROG: error: too many @-files
//!   encountered`, status 1).
//!
//! One difference, on purpose: a FIFO is not waited for. GNU's `fopen` blocks until a
//! writer comes, then fails to seek and leaves the argument; ours opens without blocking
//! (`input::open_nonblocking`), fails to seek and leaves it at once.

use std::fmt;

/// libiberty's `iteration_limit`: the 2000th `@` argument is refused.
pub const LIMIT: usize = 2000;

/// Why the expansion stopped the program.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Error {
    /// The 2000th `@` argument (recursion, most likely).
    TooMany,
    /// An `@` argument names a directory.
    Directory,
}

impl fmt::Display for Error {
    /// GNU's message without the `PROG: ` prefix the tool adds.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Error::TooMany => "error: too many @-files encountered",
            Error::Directory => "error: @-file refers to a directory",
        })
    }
}

impl std::error::Error for Error {}

/// [`expand`] of arguments as the process got them: each converted to UTF-8 (invalid
/// sequences become U+FFFD, as the option parsers compare text), then expanded.
///
/// # Errors
/// Those of [`expand`].
pub fn expand_os(args: &[std::ffi::OsString]) -> Result<Vec<String>, Error> {
    let args: Vec<String> = args
        .iter()
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    expand(&args)
}

/// `args` (without the program name) with every `@file` expanded.
///
/// # Errors
/// [`Error::Directory`] or [`Error::TooMany`], which end the program with status 1.
pub fn expand(args: &[String]) -> Result<Vec<String>, Error> {
    let mut out: Vec<String> = args.to_vec();
    let mut seen = 0;
    let mut i = 0;
    while let Some(arg) = out.get(i) {
        let Some(path) = arg.strip_prefix('@') else {
            i += 1;
            continue;
        };
        seen += 1;
        if seen >= LIMIT {
            return Err(Error::TooMany);
        }
        match std::fs::metadata(path) {
            Err(_) => {
                i += 1;
                continue;
            }
            Ok(m) if m.is_dir() => return Err(Error::Directory),
            Ok(_) => {}
        }
        let Some(text) = read(path) else {
            i += 1;
            continue;
        };
        // The words replace the argument and are looked at next.
        out.splice(i..=i, split_words(&text));
    }
    Ok(out)
}

/// The text of an `@file` as `expandargv` reads it; `None` where it leaves the argument.
fn read(path: &str) -> Option<String> {
    use std::io::{Read, Seek, SeekFrom};
    // Without blocking: a FIFO opens at once and then cannot be sought in.
    let mut f = crate::input::open_nonblocking(std::path::Path::new(path)).ok()?;
    let len = f.seek(SeekFrom::End(0)).ok()?;
    f.seek(SeekFrom::Start(0)).ok()?;
    let mut buf = Vec::new();
    f.take(len).read_to_end(&mut buf).ok()?;
    if let Some(nul) = buf.iter().position(|&b| b == 0) {
        buf.truncate(nul);
    }
    Some(String::from_utf8_lossy(&buf).into_owned())
}

/// libiberty's `buildargv` (see the module documentation).
pub fn split_words(text: &str) -> Vec<String> {
    let is_space = |c: char| matches!(c, ' ' | '\t' | '\n' | '\x0b' | '\x0c' | '\r');
    let mut words = Vec::new();
    let mut chars = text.chars().peekable();
    loop {
        while chars.next_if(|&c| is_space(c)).is_some() {}
        if chars.peek().is_none() {
            break;
        }
        let mut word = String::new();
        let mut quote: Option<char> = None;
        while let Some(c) = chars.next_if(|&c| quote.is_some() || !is_space(c)) {
            match (c, quote) {
                ('\\', _) => word.extend(chars.next()),
                (c, Some(q)) if c == q => quote = None,
                (c, Some(_)) => word.push(c),
                ('\'' | '"', None) => quote = Some(c),
                (c, None) => word.push(c),
            }
        }
        words.push(word);
    }
    words
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::indexing_slicing)]

    use super::*;

    fn scratch(tag: &str) -> std::path::PathBuf {
        crate::scratch(&format!("atfile-{tag}"))
    }

    fn s(v: &[&str]) -> Vec<String> {
        v.iter().map(|x| (*x).to_owned()).collect()
    }

    #[test]
    fn words_as_buildargv_makes_them() {
        assert_eq!(split_words("  a b\t\nc  "), s(&["a", "b", "c"]));
        assert_eq!(
            split_words(r#"'a b' "c d" e\ f"#),
            s(&["a b", "c d", "e f"])
        );
        assert_eq!(split_words(r#"'' "" x"#), s(&["", "", "x"]));
        assert_eq!(split_words(r#"a"b c"d 'x\'y'"#), s(&["ab cd", "x'y"]));
        assert_eq!(
            split_words("'unterminated quote"),
            s(&["unterminated quote"])
        );
        assert!(split_words(" \t\n\x0b\x0c\r").is_empty());
    }

    #[test]
    fn files_nested_missing_nul_and_whitespace() {
        let d = scratch("files");
        let inner = d.join("inner");
        std::fs::write(&inner, "-x 'two words'\n").unwrap();
        let outer = d.join("outer");
        std::fs::write(&outer, format!("-a @{} -b", inner.display())).unwrap();
        let blank = d.join("blank");
        std::fs::write(&blank, " \n\t").unwrap();
        let nul = d.join("nul");
        std::fs::write(&nul, b"-h\0 -S").unwrap();
        let args = s(&[
            "first",
            &format!("@{}", outer.display()),
            "@/no/such/file",
            &format!("@{}", blank.display()),
            &format!("@{}", nul.display()),
            "last",
        ]);
        assert_eq!(
            expand(&args).unwrap(),
            s(&[
                "first",
                "-a",
                "-x",
                "two words",
                "-b",
                "@/no/such/file",
                "-h",
                "last"
            ])
        );
    }

    #[test]
    fn directories_and_recursion_are_fatal() {
        let d = scratch("fatal");
        assert_eq!(
            expand(&s(&[&format!("@{}", d.display())])),
            Err(Error::Directory)
        );
        let rec = d.join("rec");
        std::fs::write(&rec, format!("@{}", rec.display())).unwrap();
        assert_eq!(
            expand(&s(&[&format!("@{}", rec.display())])),
            Err(Error::TooMany)
        );
        assert_eq!(
            Error::TooMany.to_string(),
            "error: too many @-files encountered"
        );
    }

    #[test]
    fn a_fifo_is_left_at_once() {
        let d = scratch("fifo");
        let fifo = d.join("fifo");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        assert!(made.is_ok_and(|s| s.success()), "mkfifo failed");
        let args = s(&[&format!("@{}", fifo.display())]);
        assert_eq!(expand(&args).unwrap(), args);
    }

    #[test]
    fn devices_give_no_words() {
        assert!(expand(&s(&["@/dev/null"])).unwrap().is_empty());
    }
}
