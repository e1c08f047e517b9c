//! sprawl rules: in progress.
