//! The packed per-position state of the retrograde solver: one `u16` per position.
//!
//! ```text
//! bits 15-14  state: 00 undecided, 01 Win, 10 Lose, 11 Tie
//! bits 13-0   remoteness once decided; while undecided, the number of children
//!             not yet known to be wins for the opponent (the "degree counter")
//! ```
//! The page reads these words straight out of wasm memory, so the layout is part of the
//! wasm API: the boundary exports these constants (`RecordState`, `RecordLayout`) and
//! `www/record.js` decodes with them.

use crate::game::Value;

/// Largest remoteness a record can hold.
pub const MAX_REMOTENESS: u16 = 0x3FFF;

/// The state's place in a record: bits 15-14.
pub const STATE_SHIFT: u32 = 14;

pub(crate) const WIN: u16 = 1 << STATE_SHIFT;
pub(crate) const LOSE: u16 = 2 << STATE_SHIFT;
pub(crate) const TIE: u16 = 3 << STATE_SHIFT;
/// The remoteness (or counter) bits of a record.
pub const REMOTENESS_MASK: u16 = MAX_REMOTENESS;

/// Value and remoteness of a decided position, for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// Win, Lose or Tie for the side to move.
    pub value: Value,
    /// Moves (both sides counted) until the game ends under optimal play; 0 for ties.
    pub remoteness: u16,
}

impl Outcome {
    /// The outcome one move earlier, seen by the side that makes that move.
    pub fn before_move(self) -> Outcome {
        match self.value {
            Value::Tie => self,
            v => Outcome {
                value: -v,
                remoteness: self.remoteness + 1,
            },
        }
    }

    /// Ordering key: smaller is better for the side to move (quick wins, then ties,
    /// then slow losses).
    pub fn preference(self) -> (u8, i32) {
        match self.value {
            Value::Win => (0, i32::from(self.remoteness)),
            Value::Tie => (1, 0),
            Value::Lose => (2, -i32::from(self.remoteness)),
        }
    }
}

/// Packs a decided outcome.
pub(crate) const fn pack(value: Value, remoteness: u16) -> u16 {
    let state = match value {
        Value::Win => WIN,
        Value::Lose => LOSE,
        Value::Tie => TIE,
    };
    state | (remoteness & REMOTENESS_MASK)
}

/// The value a record's state (its bits 15-14) stands for; `None` for 0, undecided, and
/// for numbers that are no state.
pub const fn value_of_state(state: u16) -> Option<Value> {
    match state {
        1 => Some(Value::Win),
        2 => Some(Value::Lose),
        3 => Some(Value::Tie),
        _ => None,
    }
}

/// Unpacks a record; `None` while undecided.
pub const fn unpack(record: u16) -> Option<Outcome> {
    match value_of_state(record >> STATE_SHIFT) {
        Some(Value::Tie) => Some(Outcome {
            value: Value::Tie,
            remoteness: 0,
        }),
        Some(value) => Some(Outcome {
            value,
            remoteness: record & REMOTENESS_MASK,
        }),
        None => None,
    }
}

/// True while the position is undecided.
#[inline(always)]
pub(crate) const fn is_undecided(record: u16) -> bool {
    record < WIN
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pack_round_trips() {
        for value in [Value::Win, Value::Lose] {
            for remoteness in [0, 1, 75, MAX_REMOTENESS] {
                let word = pack(value, remoteness);
                assert!(!is_undecided(word));
                assert_eq!(unpack(word), Some(Outcome { value, remoteness }));
            }
        }
        assert_eq!(
            unpack(pack(Value::Tie, 0)),
            Some(Outcome {
                value: Value::Tie,
                remoteness: 0
            })
        );
        assert_eq!(unpack(8), None);
        assert!(is_undecided(8));
        for value in [Value::Win, Value::Lose, Value::Tie] {
            assert_eq!(value_of_state(pack(value, 5) >> STATE_SHIFT), Some(value));
        }
        assert_eq!(value_of_state(0), None);
        assert_eq!(value_of_state(4), None);
    }

    #[test]
    fn before_move_flips_and_counts_the_move() {
        let lose3 = Outcome {
            value: Value::Lose,
            remoteness: 3,
        };
        assert_eq!(
            lose3.before_move(),
            Outcome {
                value: Value::Win,
                remoteness: 4
            }
        );
        let tie = Outcome {
            value: Value::Tie,
            remoteness: 0,
        };
        assert_eq!(tie.before_move(), tie);
    }

    #[test]
    fn preference_orders_quick_wins_ties_slow_losses() {
        let o = |value, remoteness| Outcome { value, remoteness };
        let mut v = [
            o(Value::Lose, 2),
            o(Value::Win, 9),
            o(Value::Tie, 0),
            o(Value::Lose, 8),
            o(Value::Win, 1),
        ];
        v.sort_by_key(|x| x.preference());
        assert_eq!(
            v,
            [
                o(Value::Win, 1),
                o(Value::Win, 9),
                o(Value::Tie, 0),
                o(Value::Lose, 8),
                o(Value::Lose, 2)
            ]
        );
    }
}
