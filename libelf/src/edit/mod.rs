//! Editing (in progress).
