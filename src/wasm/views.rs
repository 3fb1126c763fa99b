//! The analysis's answers as JavaScript values: plain objects (serde) and zero-copy views.

use serde::{Serialize, Serializer};
use wasm_bindgen::JsValue;

use super::meaning::Phase;
use super::thrown::WordsJs;
use crate::analysis::{MoveView, Traced, Worth};
use crate::batch::{self, Row};
use crate::drill::Found;
use crate::progress::{self, Counts, Progress, ScoredCounts, ValuedCounts, Waiting, Waits};
use crate::provenance::How;
use crate::Value;

/// A [`Progress`] as the page sees it: `{phase, total, decided, done, units, step,
/// layerLeft}` and `{queued, wins, losses, ties, remoteness, tier, tiers}` (win/lose games)
/// or `{layer, layers}` (scored games); `phase` is a [`Phase`] number.
#[derive(Serialize)]
#[serde(remote = "Progress", rename_all = "camelCase")]
struct ProgressJs {
    #[serde(serialize_with = "phase_number")]
    phase: progress::Phase,
    total: u64,
    decided: u64,
    done: bool,
    units: u64,
    step: u64,
    layer_left: u64,
    #[serde(flatten, with = "CountsJs")]
    counts: Counts,
}

#[derive(Serialize)]
#[serde(remote = "Counts", untagged)]
enum CountsJs {
    Valued(#[serde(with = "ValuedCountsJs")] ValuedCounts),
    Scored(#[serde(with = "ScoredCountsJs")] ScoredCounts),
}

#[derive(Serialize)]
#[serde(remote = "ValuedCounts")]
struct ValuedCountsJs {
    queued: u64,
    wins: u64,
    losses: u64,
    ties: u64,
    remoteness: u16,
    tier: u32,
    tiers: u32,
}

#[derive(Serialize)]
#[serde(remote = "ScoredCounts")]
struct ScoredCountsJs {
    layer: u32,
    layers: u32,
}

fn phase_number<S: Serializer>(phase: &progress::Phase, to: S) -> Result<S::Ok, S::Error> {
    to.serialize_u8(Phase::from(*phase) as u8)
}

/// A [`Worth`] as the page sees it: `{value: "win"|"lose"|"tie", remoteness}` for the side
/// to move, or `{score}`.
#[derive(Serialize)]
#[serde(untagged)]
pub(super) enum OutcomeJs {
    Valued {
        value: &'static str,
        remoteness: u16,
    },
    Scored {
        score: i32,
    },
}

impl From<Worth> for OutcomeJs {
    fn from(worth: Worth) -> Self {
        match worth {
            Worth::Valued(o) => OutcomeJs::Valued {
                value: match o.value {
                    Value::Win => "win",
                    Value::Lose => "lose",
                    Value::Tie => "tie",
                },
                remoteness: o.remoteness,
            },
            Worth::Scored(score) => OutcomeJs::Scored { score },
        }
    }
}

/// A [`MoveView`] as the page sees it: `{from, to, child, gain?, outcome}`.
#[derive(Serialize)]
pub(super) struct MoveJs {
    from: u16,
    to: u16,
    child: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    gain: Option<i32>,
    outcome: Option<OutcomeJs>,
}

/// Plain objects (not `Map`s, which serde's flattening would otherwise make).
pub(super) fn serializer() -> serde_wasm_bindgen::Serializer {
    serde_wasm_bindgen::Serializer::new().serialize_maps_as_objects(true)
}

pub fn progress(progress: &Progress) -> JsValue {
    ProgressJs::serialize(progress, &serializer()).expect("plain data serialises")
}

/// `undefined` for no worth.
pub fn outcome(worth: Option<Worth>) -> JsValue {
    plain(&worth.map(OutcomeJs::from))
}

impl From<MoveView> for MoveJs {
    fn from(m: MoveView) -> Self {
        MoveJs {
            from: m.mv.from,
            to: m.mv.to,
            child: m.child,
            gain: m.gain,
            outcome: m.worth.map(OutcomeJs::from),
        }
    }
}

pub fn moves(moves: Vec<MoveView>) -> JsValue {
    let moves: Vec<MoveJs> = moves.into_iter().map(MoveJs::from).collect();
    plain(&moves)
}

/// Any serialisable value as a plain JavaScript value.
pub(super) fn plain(value: &impl Serialize) -> JsValue {
    value
        .serialize(&serializer())
        .expect("plain data serialises")
}

/// A batch row as the page sees it: `{index, number?, lines: [first, last], size?: [rows,
/// cols], answer?, error?, words?, positions, ms, shares?}` (`answer` and `error` both
/// missing while it waits; `error` the fault's English, `words` its `{code, args}`).
#[derive(Serialize)]
struct RowJs<'a> {
    index: usize,
    number: Option<usize>,
    lines: (usize, usize),
    size: Option<(u16, u16)>,
    #[serde(skip_serializing_if = "Option::is_none")]
    answer: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    words: Option<WordsJs<'a>>,
    positions: u64,
    ms: f64,
    shares: Option<usize>,
}

/// The rows at `indexes`.
pub fn rows(rows: &[Row], indexes: impl Iterator<Item = usize>) -> JsValue {
    let rows: Vec<RowJs> = indexes
        .map(|index| {
            let row = &rows[index];
            let (answer, error) = match &row.result {
                Some(Ok(answer)) => (Some(answer.as_str()), None),
                Some(Err(error)) => (None, Some(error)),
                None => (None, None),
            };
            RowJs {
                index,
                number: row.number,
                lines: row.lines,
                size: row.size,
                answer,
                error: error.map(ToString::to_string),
                words: error.map(WordsJs),
                positions: row.positions,
                ms: row.ms,
                shares: row.shares,
            }
        })
        .collect();
    rows.serialize(&serializer())
        .expect("plain data serialises")
}

/// A batch's progress: `{finished, rows, answered, faults, read, current, done}`.
#[derive(Serialize)]
#[serde(remote = "batch::BatchProgress")]
struct BatchProgressJs {
    finished: usize,
    rows: usize,
    answered: usize,
    faults: usize,
    read: f64,
    current: f64,
    done: bool,
}

pub fn batch_progress(progress: &batch::BatchProgress) -> JsValue {
    BatchProgressJs::serialize(progress, &serializer()).expect("plain data serialises")
}

/// A drill search's result: `{next, position?, answers?, moves?, remoteness?}`.
pub fn drill(found: &Found) -> JsValue {
    #[derive(Serialize)]
    struct DrillJs {
        next: usize,
        #[serde(flatten)]
        drill: Option<DrillFields>,
    }
    #[derive(Serialize)]
    struct DrillFields {
        position: u32,
        answers: usize,
        moves: usize,
        remoteness: u32,
    }
    let drill = found.drill.map(|d| DrillFields {
        position: d.position,
        answers: d.answers,
        moves: d.moves,
        remoteness: d.remoteness,
    });
    let value = DrillJs {
        next: found.next,
        drill,
    };
    value
        .serialize(&serializer())
        .expect("plain data serialises")
}

/// Events as 32-bit words, three per event.
///
/// # Safety
/// `E` must be `repr(C)` of exactly three initialised 4-byte fields, each a valid `W`.
pub unsafe fn triples<E, W>(events: &[E]) -> &[W] {
    const { assert!(size_of::<E>() == 12 && size_of::<W>() == 4) };
    std::slice::from_raw_parts(events.as_ptr().cast(), events.len() * 3)
}

/// A [`Traced`] as the page sees it: `{found: false, step, to}` while re-running,
/// `{found: true, step, how, child?}` with `how` one of `"scan"`, `"won"`, `"lost"`,
/// `"tie"`, `"scored"` (`child`: the position that decided it; `arrived`: it lies in the
/// tier solved before, so its value arrived rather than being taken from the queue),
/// `undefined` for an undecided position.
#[derive(Serialize)]
#[serde(untagged)]
enum TracedJs {
    Working {
        found: bool,
        step: u64,
        to: u64,
    },
    Found {
        found: bool,
        step: u64,
        how: &'static str,
        #[serde(skip_serializing_if = "Option::is_none")]
        child: Option<u32>,
        arrived: bool,
    },
}

pub fn traced(traced: Traced, arrived: impl Fn(u32) -> bool) -> JsValue {
    let traced = match traced {
        Traced::Undecided => None,
        Traced::Working { step, to } => Some(TracedJs::Working {
            found: false,
            step,
            to,
        }),
        Traced::Found(p) => {
            let (how, child) = match p.how {
                How::Scan => ("scan", None),
                How::Won { child } => ("won", Some(child)),
                How::Lost { child } => ("lost", Some(child)),
                How::Tie => ("tie", None),
                How::Scored { child } => ("scored", child),
            };
            Some(TracedJs::Found {
                found: true,
                step: p.step,
                how,
                child,
                arrived: child.is_some_and(&arrived),
            })
        }
    };
    traced
        .serialize(&serializer())
        .expect("plain data serialises")
}

/// A [`Waiting`] as the page sees it: `{what, level, len, first, last}`, `what` one of
/// `arrivingLosses`, `arrivingWins`, `losses`, `wins`, `layer` ([`Waits`]).
#[derive(Serialize)]
#[serde(remote = "Waiting")]
struct WaitingJs {
    #[serde(with = "WaitsJs")]
    what: Waits,
    level: u32,
    len: u64,
    first: Vec<u32>,
    last: Vec<u32>,
}

#[derive(Serialize)]
#[serde(remote = "Waits", rename_all = "camelCase")]
enum WaitsJs {
    ArrivingLosses,
    ArrivingWins,
    Losses,
    Wins,
    Layer,
}

/// What waits to be taken, part by part ([`WaitingJs`]).
pub fn waiting(parts: &[Waiting]) -> JsValue {
    #[derive(Serialize)]
    struct Part<'a>(#[serde(with = "WaitingJs")] &'a Waiting);
    let parts: Vec<Part<'_>> = parts.iter().map(Part).collect();
    parts.serialize(&serializer()).unwrap_or(JsValue::UNDEFINED)
}
