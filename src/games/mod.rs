//! The games: rules only — no solving, no input/output.

pub mod river;
