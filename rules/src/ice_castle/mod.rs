//! ice_castle rules: in progress.
