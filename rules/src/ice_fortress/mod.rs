//! ice_fortress rules: in progress.
