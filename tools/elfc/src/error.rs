//! The error every input notation reports: a message at a byte position of the source.

/// An error at a byte position of the source.
#[derive(Debug)]
pub(crate) struct Error {
    pub pos: usize,
    pub msg: String,
}

/// A result whose error is an [`Error`].
pub(crate) type Result<T, E = Error> = std::result::Result<T, E>;

/// `Err` of `msg` at `pos`.
pub(crate) fn err<T>(pos: usize, msg: impl Into<String>) -> Result<T> {
    Err(Error {
        pos,
        msg: msg.into(),
    })
}
