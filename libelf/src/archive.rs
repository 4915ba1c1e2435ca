//! ar archives (in progress).
