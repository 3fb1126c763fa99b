//! The games: rules only — no solving, no input/output.

pub mod chase;
pub mod river;
pub mod tableau;
