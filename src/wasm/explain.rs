//! The explanations ([`crate::explain`]) for the page: a proof's size walked in time
//! slices, the page's Check in time slices, a tie's cycle and ways out, the winner's
//! replies as a map. Each object belongs to the `Lab` it was made from and
//! takes it on every call; called with another `Lab`, it throws instead of misreading it.

use serde::Serialize;
use wasm_bindgen::prelude::*;

use super::thrown::Thrown;
use super::views::{plain, MoveJs, OutcomeJs};
use super::Lab;
use crate::explain::{check, maps, tie, walk};

/// A walk over a whole proof, counting it in time slices.
#[wasm_bindgen]
pub struct ProofWalk(walk::ProofWalk);

/// A walk's progress as the page sees it: `{positions, moves, longest?, done}`.
#[derive(Serialize)]
struct WalkJs {
    positions: u64,
    moves: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    longest: Option<u32>,
    done: bool,
}

#[wasm_bindgen]
impl ProofWalk {
    /// A walk over the proof of `position` in `lab`'s finished analysis. Throws as `new
    /// Proof`.
    #[wasm_bindgen(constructor)]
    pub fn new(lab: &Lab, position: u32) -> Result<ProofWalk, Thrown> {
        Ok(ProofWalk(walk::ProofWalk::new(&*lab.analysis, position)?))
    }

    /// Walks for about `ms` milliseconds; returns `{positions, moves, longest?, done}`.
    /// Throws if `lab` is not the walk's.
    #[wasm_bindgen(js_name = runFor)]
    pub fn run_for(&mut self, lab: &Lab, ms: f64) -> Result<JsValue, Thrown> {
        let p = self.0.run_for(&*lab.analysis, lab.clock.time_up_in(ms))?;
        Ok(plain(&WalkJs {
            positions: p.positions,
            moves: p.moves,
            longest: p.longest,
            done: p.done,
        }))
    }

    /// Whether `position` is in the proof walked so far (a tie: its region, once done).
    pub fn covers(&self, position: u32) -> bool {
        self.0.covers(position)
    }
}

/// The verifier over a finished analysis, in time slices.
#[wasm_bindgen]
pub struct TableCheck(check::TableCheck);

/// A check's progress as the page sees it: `{checked, total, done, failure?}`.
#[derive(Serialize)]
struct CheckJs {
    checked: u64,
    total: u64,
    done: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    failure: Option<FailureJs>,
}

/// `{position, text}`: the first inconsistent position and "position … claims … but …".
#[derive(Serialize)]
struct FailureJs {
    position: u32,
    text: String,
}

#[wasm_bindgen]
impl TableCheck {
    /// A check of every position of `lab`'s table. Throws if the analysis is not finished.
    #[wasm_bindgen(constructor)]
    pub fn new(lab: &Lab) -> Result<TableCheck, Thrown> {
        Ok(TableCheck(check::TableCheck::new(&*lab.analysis)?))
    }

    /// Checks for about `ms` milliseconds; returns `{checked, total, done, failure?}`.
    /// Throws if `lab` is not the check's.
    #[wasm_bindgen(js_name = runFor)]
    pub fn run_for(&mut self, lab: &Lab, ms: f64) -> Result<JsValue, Thrown> {
        let p = self.0.run_for(&*lab.analysis, lab.clock.time_up_in(ms))?;
        Ok(plain(&CheckJs {
            checked: p.checked,
            total: p.total,
            done: p.done,
            failure: self.0.failure().map(|f| FailureJs {
                position: f.position,
                text: f.text.clone(),
            }),
        }))
    }
}

/// A tie line as the page sees it: `{moves, positions, cycleStart, waysOut: [{at, move}]}`.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct TieLineJs {
    moves: Vec<MoveJs>,
    positions: Vec<u32>,
    cycle_start: usize,
    ways_out: Vec<WayOutJs>,
}

#[derive(Serialize)]
struct WayOutJs {
    at: usize,
    #[serde(rename = "move")]
    mv: MoveJs,
}

/// A reply map's cell as the page sees it: `{position, outcome, best?}`.
#[derive(Serialize)]
struct ReplyJs {
    position: u32,
    outcome: OutcomeJs,
    best: Option<MoveJs>,
}

#[wasm_bindgen]
impl Lab {
    /// The line of best play from the tie `pos` into its cycle, with every way out of it
    /// ([`tie::tie_line`]); `undefined` when `pos` is no tie. Throws if the analysis is not
    /// finished or `pos` is out of range.
    #[wasm_bindgen(js_name = tieLine)]
    pub fn tie_line(&self, pos: u32) -> Result<JsValue, Thrown> {
        let Some(line) = tie::tie_line(&*self.analysis, pos)? else {
            return Ok(JsValue::UNDEFINED);
        };
        Ok(plain(&TieLineJs {
            moves: line.moves.into_iter().map(MoveJs::from).collect(),
            positions: line.positions,
            cycle_start: line.cycle_start,
            ways_out: line
                .ways_out
                .into_iter()
                .map(|w| WayOutJs {
                    at: w.at,
                    mv: w.mv.into(),
                })
                .collect(),
        }))
    }

    /// For every cell, piece number `piece` of `pos` standing there (the rest as in `pos`):
    /// `{position, outcome, best}`, or `null` where it cannot ([`maps::replies`]). Throws
    /// as `slice`, or if the analysis is not finished.
    pub fn replies(&self, pos: u32, piece: usize) -> Result<JsValue, Thrown> {
        let cells: Vec<Option<ReplyJs>> = maps::replies(&*self.analysis, pos, piece)?
            .into_iter()
            .map(|cell| {
                cell.map(|c| ReplyJs {
                    position: c.position,
                    outcome: c.worth.into(),
                    best: c.best.map(MoveJs::from),
                })
            })
            .collect();
        Ok(plain(&cells))
    }
}
