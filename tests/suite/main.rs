//! The integration tests, as one test crate: each module was a crate of its own, and each
//! crate linked the library and compiled its games' solvers again (run one module with
//! `cargo test --test suite river::`). `tests/page_memory.rs` stays a crate apart: its
//! allocator refuses memory on purpose, for every test in its crate.

mod board_view;
mod chase;
mod cli;
mod common;
mod contest_fuzz;
mod custom;
mod custom_cli;
mod memory_cli;
mod provenance;
mod river;
mod river_cli;
mod tableau;
mod teaching;
mod verify;
