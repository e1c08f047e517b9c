//! ice_colony rules: in progress.
