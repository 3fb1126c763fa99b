//! What taking an entry does to the records of its parents: the hot path of the analysis.

use crate::game::{Game, Position, MAX_PARENTS};
use crate::progress::{Event, EventKind};
use crate::record::{is_undecided, LOSE, WIN};

/// The parents the solver updates when it pops `pos`: every parent
/// ([`Order::Global`](super::Order::Global)) or those of `pos`'s tier
/// ([`Order::Tiers`](super::Order::Tiers)).
pub(super) struct Parents<'a, G, const TIERS: bool> {
    pub(super) game: &'a G,
    pub(super) pos: Position,
}

impl<G: Game, const TIERS: bool> Parents<'_, G, TIERS> {
    #[inline(always)]
    pub(super) fn for_each(self, f: impl FnMut(Position)) {
        if TIERS {
            self.game.for_each_tier_parent(self.pos, f);
        } else {
            self.game.for_each_parent(self.pos, f);
        }
    }
}

/// The record of a parent the game listed, without a bounds check: the hot path of the
/// analysis. The popped position came from the queue, so it is a position of the tier
/// starting at `first`, and [`Game`]'s safety contract keeps the parents listed there
/// (every parent for a game of one tier, the tier's own in
/// [`Order::Tiers`](super::Order::Tiers)) in it too.
#[inline(always)]
pub(super) fn parent_record(records: &mut [u16], first: Position, parent: Position) -> &mut u16 {
    let index = parent.wrapping_sub(first) as usize;
    debug_assert!(index < records.len(), "parent {parent} outside the tier");
    // SAFETY: `records` holds the records of the tier being solved, from `first` on
    // (`Table::tier_mut`); every queued position is in that tier (the scan queues the
    // tier's positions, `pop` and `arrive` the parents of the tier's positions in it),
    // and `Game`'s safety contract keeps the parents `Parents` lists in it.
    unsafe { records.get_unchecked_mut(index) }
}

/// The parents of a popped loss: every undecided one can move there, so it wins, and
/// this is its quickest win. Queues them in `room`; returns how many.
///
/// Kept apart from [`lose_parents`] on purpose: one function for both, choosing per
/// parent, measured about a third more instructions per solve.
#[inline(always)]
pub(super) fn win_parents<G: Game, const TIERS: bool>(
    parents: Parents<'_, G, TIERS>,
    won: u16,
    records: &mut [u16],
    first: Position,
    room: &mut [Position; MAX_PARENTS],
) -> usize {
    let mut count = 0;
    // Branch-free: whether a parent is still undecided is unpredictable.
    parents.for_each(|parent| {
        let slot = parent_record(records, first, parent);
        let undecided = is_undecided(*slot);
        *slot = if undecided { won } else { *slot };
        room[count % MAX_PARENTS] = parent;
        count += usize::from(undecided);
    });
    count
}

/// The parents of a popped win: one more of each undecided parent's moves is refuted,
/// and the last one makes it lose, as slowly as possible. Queues those in `room`;
/// returns how many.
#[inline(always)]
pub(super) fn lose_parents<G: Game, const TIERS: bool>(
    parents: Parents<'_, G, TIERS>,
    lost: u16,
    records: &mut [u16],
    first: Position,
    room: &mut [Position; MAX_PARENTS],
) -> usize {
    let mut count = 0;
    parents.for_each(|parent| {
        let slot = parent_record(records, first, parent);
        let counter = *slot;
        let undecided = is_undecided(counter);
        let last = undecided & (counter == 1);
        *slot = if last {
            lost
        } else {
            counter - u16::from(undecided)
        };
        room[count % MAX_PARENTS] = parent;
        count += usize::from(last);
    });
    count
}

/// What a child decided one move before `next` (lost if `child_lost`, else won) does to
/// a parent's record `slot`: the event and its detail (remoteness, or the new counter),
/// or `None` when the parent was decided already.
#[inline]
pub(super) fn update(slot: &mut u16, child_lost: bool, next: u16) -> Option<(EventKind, u16)> {
    let counter = *slot;
    if !is_undecided(counter) {
        None
    } else if child_lost {
        *slot = WIN | next;
        Some((EventKind::Won, next))
    } else if counter == 1 {
        *slot = LOSE | next;
        Some((EventKind::Lost, next))
    } else {
        *slot = counter - 1;
        Some((EventKind::Decremented, counter - 1))
    }
}

/// [`win_parents`] (a popped loss) or [`lose_parents`] with an event for the popped
/// entry, one for each parent looked at, and one for each parent it changes; `next` is
/// one more than the popped remoteness. Returns how many parents it queued.
pub(super) fn visit_parents_recording<G: Game, const TIERS: bool>(
    parents: Parents<'_, G, TIERS>,
    popped_loss: bool,
    next: u16,
    records: &mut [u16],
    first: Position,
    room: &mut [Position; MAX_PARENTS],
    events: &mut Vec<Event>,
) -> usize {
    events.push(Event {
        kind: EventKind::Popped,
        position: parents.pos,
        detail: u32::from(next - 1),
    });
    let mut count = 0;
    parents.for_each(|parent| {
        let slot = &mut records[(parent - first) as usize];
        events.push(looked(parent, *slot));
        let Some((kind, detail)) = update(slot, popped_loss, next) else {
            return;
        };
        if kind != EventKind::Decremented {
            room[count] = parent;
            count += 1;
        }
        events.push(Event {
            kind,
            position: parent,
            detail: detail.into(),
        });
    });
    count
}

/// The event of a parent looked at, whose record is `record` before anything is done to it.
#[inline]
pub(super) fn looked(parent: Position, record: u16) -> Event {
    Event {
        kind: EventKind::Looked,
        position: parent,
        detail: record.into(),
    }
}
