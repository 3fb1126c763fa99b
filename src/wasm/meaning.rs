//! What the engine's numbers mean, exported as enums: the glue declares them as plain
//! objects, so the page can import them before the module is loaded. wasm-bindgen takes
//! only literal discriminants; the assertions below hold them to the engine's own.

use wasm_bindgen::prelude::*;

use crate::record::{self, LOSE, REMOTENESS_MASK, STATE_SHIFT, TIE, WIN};
use crate::{progress, retro};

/// A record's state (its bits 15-14, [`crate::record`]) for the side to move.
#[wasm_bindgen]
pub enum RecordState {
    Undecided = 0,
    Win = 1,
    Lose = 2,
    Tie = 3,
}

/// Where a record's parts are: `record >>> StateShift` is its [`RecordState`],
/// `record & RemotenessMask` its remoteness (while undecided, its counter of moves).
#[wasm_bindgen]
pub enum RecordLayout {
    StateShift = 14,
    RemotenessMask = 0x3FFF,
}

/// The first word of a win/lose event triple ([`progress::EventKind`]).
#[wasm_bindgen]
pub enum EventKind {
    Popped = 0,
    Won = 1,
    Lost = 2,
    Decremented = 3,
    Looked = 4,
    Arrived = 5,
}

/// The first word of a scored event triple ([`progress::ScoredEventKind`]).
#[wasm_bindgen]
pub enum ScoredEventKind {
    Move = 0,
    Scored = 1,
    Taken = 2,
}

/// `progress.phase` ([`progress::Phase`]; scored games go from `Propagate` to `Done`).
#[wasm_bindgen]
pub enum Phase {
    Scan = 0,
    Propagate = 1,
    MarkTies = 2,
    Done = 3,
}

/// The order of a win/lose analysis (`new Lab(start, order)`, [`crate::Order`]): one
/// queue by remoteness over the whole game, or tier by tier (river: black's rows, from the
/// top). Both end with the same records.
#[wasm_bindgen]
pub enum Order {
    Global = 0,
    Tiers = 1,
}

impl From<Order> for retro::Order {
    fn from(order: Order) -> retro::Order {
        match order {
            Order::Global => retro::Order::Global,
            Order::Tiers => retro::Order::Tiers,
        }
    }
}

/// `Lab.slice`'s mark of a cell without a position: `NoPosition.Sentinel`, `u32::MAX`.
#[wasm_bindgen]
#[repr(u32)]
pub enum NoPosition {
    Sentinel = 0xFFFF_FFFF,
}

const _: () = {
    assert!(RecordLayout::StateShift as u32 == STATE_SHIFT);
    assert!(RecordLayout::RemotenessMask as u16 == REMOTENESS_MASK);
    assert!(record::is_undecided(
        (RecordState::Undecided as u16) << STATE_SHIFT
    ));
    assert!((RecordState::Win as u16) << STATE_SHIFT == WIN);
    assert!((RecordState::Lose as u16) << STATE_SHIFT == LOSE);
    assert!((RecordState::Tie as u16) << STATE_SHIFT == TIE);
    assert!(EventKind::Popped as u32 == progress::EventKind::Popped as u32);
    assert!(EventKind::Won as u32 == progress::EventKind::Won as u32);
    assert!(EventKind::Lost as u32 == progress::EventKind::Lost as u32);
    assert!(EventKind::Decremented as u32 == progress::EventKind::Decremented as u32);
    assert!(EventKind::Looked as u32 == progress::EventKind::Looked as u32);
    assert!(EventKind::Arrived as u32 == progress::EventKind::Arrived as u32);
    assert!(ScoredEventKind::Move as u32 == progress::ScoredEventKind::Move as u32);
    assert!(ScoredEventKind::Scored as u32 == progress::ScoredEventKind::Scored as u32);
    assert!(ScoredEventKind::Taken as u32 == progress::ScoredEventKind::Taken as u32);
};

impl From<progress::Phase> for Phase {
    fn from(phase: progress::Phase) -> Phase {
        match phase {
            progress::Phase::Scan => Phase::Scan,
            progress::Phase::Propagate => Phase::Propagate,
            progress::Phase::MarkTies => Phase::MarkTies,
            progress::Phase::Done => Phase::Done,
        }
    }
}
