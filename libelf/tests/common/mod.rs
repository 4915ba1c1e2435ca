//! Helpers of libelf's integration tests.

use libelf::archive::{rewrite, Archive};

pub mod archive;
