//! A composed game on one board, ready for the solver: the [`Game`] of any rules of the
//! family (RULES §6).
//!
//! Positions are `((rank_major · sets_minor + rank_minor) << 1) | side`: a rank numbers
//! the set of cells a side's pieces stand on ([`SetIndex`], over that side's own cells),
//! the *minor* side is the one with more sets, and `side` is 0 when the side that moves
//! first is to move. The minor side's moves and un-moves then stay within a block of
//! `2 · sets_minor` positions, near in memory, as river's red ones do.
//!
//! **Tiers.** When a side only advances ([`super::tiers`]), it is the major side instead,
//! whatever its sets, and its sets are numbered tier by tier (by the sum of its pieces'
//! advances, the highest first, [`SetIndex::in_tiers`]): each tier is then one run of
//! positions, solved in turn as river's rows are, and the command line keeps two tiers'
//! records at a time instead of the whole table's.
//!
//! A position may have pieces of both sides on one cell: the side that just moved there
//! captured and won (`capture = "wins"`), or, for rules where no move leads there, a
//! position no game reaches; either way it is over, lost for the side to move.
//!
//! **End checks**, in order, before every move (river's order, RULES §1):
//! 1. a side with a piece on its goal row has won (both: the side that moved last);
//! 2. pieces of both sides share a cell: the side to move has lost;
//! 3. a side without pieces has lost (the side to move first);
//! 4. the side to move has no legal move: it loses, wins or draws as `stuck` says.
//!
//! **What the generic game costs** (against river's own game, which knows its rules
//! when it is compiled): a position's sets and their cells are looked up in tables
//! instead of being a pair number, and a move or un-move has to tell whether the other
//! side stands in the way. Worked out per position, a move re-ranks the moving side's
//! set (a few table lookups for up to four cells) and checks its target against both
//! sides' pieces. What does not depend on the other side is worked out once per set
//! instead, as river does for its pairs: a side's move count when its moves never
//! depend on the other side ([`Side::blind`]: no slides, enemy pieces captured), and
//! the sets one un-move away when it has no slides ([`super::side::Unmoves`], within a
//! memory budget); the rest of the rules then cost a few comparisons per position.

use std::collections::TryReserveError;

use crate::fastdiv::FastDiv;
use crate::game::{Game, Move, Player, Position, Status, Value};
use crate::grid::Coord;
use crate::memory;
use crate::words::{self, Message, Worded};

use super::board::{CustomBoard, Span};
use super::index::{SetIndex, NO_CELL};
use super::needs::{self, TooBig};
use super::rules::{Capture, Rules, Stuck, MAX_PIECES};
use super::side::{sizes, Layout, PieceSet, Side, SideBuilding};
use super::tiers::Tiering;

/// Both sides' pieces in a position, in the file's order of the sides. (References:
/// copying the two 12-byte sets into an array and reading it back in words stalled the
/// scan on store forwarding.)
type Sets<'a> = [&'a PieceSet; 2];

/// The number of positions of `rules`' game with each side's pieces on as many cells as
/// `cells` says.
pub(super) fn count(rules: &Rules, cells: [usize; 2]) -> Option<u64> {
    let sets = |side: usize| SetIndex::count(cells[side], sizes(rules, side));
    sets(0)?.checked_mul(sets(1)?)?.checked_mul(2)
}

/// A decoded position.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CustomPosition {
    /// Each side's pieces (in the rules file's order of the sides), in board order.
    pub pieces: [Vec<Coord>; 2],
    /// [`Player::First`] is the side the rules name first.
    pub to_move: Player,
}

/// The composed game on one board.
#[derive(Clone, Debug)]
pub struct Custom {
    rules: Rules,
    board: CustomBoard,
    sides: [Side; 2],
    /// The side (in the file's order) that moves first.
    first: usize,
    /// The side whose rank is the most significant part of a position.
    major: usize,
    /// The sets of the other side.
    minor_sets: FastDiv,
    /// Each side's [`Side::counted`].
    counted: [bool; 2],
    /// The status of a position whose side to move has no legal move.
    stuck: Status,
    start: Position,
    /// The side whose advance splits the game into tiers (the major side), if any.
    tiered: Option<usize>,
    /// Where each tier ends ([`Game::tier_ends`]): one end without tiers.
    tier_ends: Vec<Position>,
    /// The positions of the tier of each of the major side's sets, as its first
    /// position and its end (empty without tiers).
    tier_of: Vec<[Position; 2]>,
}

/// The forward steps of a set of the advancing side ([`Custom::forward_steps`]): at most
/// three per piece (straight on and the two diagonals), without a heap allocation.
#[derive(Default)]
struct ForwardSteps {
    steps: [(u16, Position); 3 * MAX_PIECES],
    len: usize,
}

impl ForwardSteps {
    fn push(&mut self, step: (u16, Position)) {
        self.steps[self.len] = step;
        self.len += 1;
    }
}

impl std::ops::Deref for ForwardSteps {
    type Target = [(u16, Position)];

    fn deref(&self) -> &[(u16, Position)] {
        &self.steps[..self.len]
    }
}

/// Memory that per-set tables may always take, whatever the game's size.
const TABLES: usize = 8 << 20;

/// The positions of a game whose sides stand on `cells`, of a board within the limit
/// ([`needs::check`]): as many as a position number can name.
fn within_limit(rules: &Rules, cells: &[Vec<u16>; 2]) -> usize {
    let count = count(rules, [cells[0].len(), cells[1].len()]);
    count
        .and_then(|n| Position::try_from(n).ok())
        .expect("a board within the limit") as usize
}

/// Where the tiers of `tiering` end ([`Game::tier_ends`]) when the other side has
/// `minor_sets` sets, and each of the advancing side's sets' tier, as its first position
/// and its end.
///
/// # Errors
/// When the memory of the sets' tiers cannot be had.
fn tiers_of(
    tiering: &Tiering,
    minor_sets: u32,
) -> Result<(Vec<Position>, Vec<[Position; 2]>), TryReserveError> {
    let block = 2 * minor_sets;
    let major_sets: u64 = tiering.sets.iter().sum();
    let mut tier_of = Vec::new();
    tier_of.try_reserve_exact(major_sets as usize)?;
    let mut ends = Vec::with_capacity(tiering.sets.len());
    let mut start = 0;
    for &sets in &tiering.sets {
        let end = start + sets as Position * block;
        tier_of.extend((0..sets).map(|_| [start, end]));
        ends.push(end);
        start = end;
    }
    Ok((ends, tier_of))
}

/// Why [`Custom::new`] built no game: the board needs more memory than the limit, or the
/// memory of its tables could not be had.
#[derive(Debug, PartialEq, Eq)]
pub enum BuildError {
    /// Needs more than the limit (worked out before anything is allocated).
    TooBig(TooBig),
    /// A table of the game could not be reserved.
    Memory(TryReserveError),
}

impl Worded for BuildError {
    fn words(&self) -> Message {
        match self {
            BuildError::TooBig(e) => e.words(),
            BuildError::Memory(_) => Message::new(words::TABLES_MEMORY),
        }
    }
}

crate::words::english!(BuildError);

impl std::error::Error for BuildError {}

/// A composed game being built a slice at a time ([`Building::work`]): the page builds a
/// large game's per-set tables (fox and hounds: 635,376 sets of hounds) in slices instead of
/// one long task. [`Custom::within_memory`] builds it in one call, through the same steps.
pub struct Building {
    rules: Rules,
    board: CustomBoard,
    tiering: Option<Tiering>,
    sides: [SideBuilding; 2],
    major: usize,
    minor_sets: u32,
    positions: usize,
}

impl Building {
    /// Prepares the game of `rules` (checked, [`Rules::check`]) on `board` (read for those
    /// rules, within the limit: [`needs::check`]) over the positions of `span`: its
    /// per-cell tables now, its per-set tables by [`Building::work`].
    ///
    /// # Errors
    /// When a table the game needs cannot be reserved.
    ///
    /// # Panics
    /// If the board needs more than the limit.
    pub fn new(rules: &Rules, board: CustomBoard, span: Span) -> Result<Building, TryReserveError> {
        let cells = board.cells(rules, span);
        let tiering = Tiering::of(rules, &board.grid, &cells);
        Building::in_tiers(rules, board, cells, tiering)
    }

    /// The game of `rules` on `board`, its sides on `cells`, in the tiers of `tiering`
    /// (one without).
    fn in_tiers(
        rules: &Rules,
        board: CustomBoard,
        cells: [Vec<u16>; 2],
        tiering: Option<Tiering>,
    ) -> Result<Building, TryReserveError> {
        let positions = within_limit(rules, &cells);
        let sets: [u32; 2] = std::array::from_fn(|side| {
            let count = SetIndex::count(cells[side].len(), sizes(rules, side));
            count.expect("a board within the limit") as u32
        });
        let major = match &tiering {
            Some(tiering) => tiering.side,
            None => usize::from(sets[0] > sets[1]),
        };
        let minor_sets = sets[1 - major];
        let strides = |side: usize| if side == major { 2 * minor_sets } else { 2 };
        // Each side's per-set lists may take as much memory as the records, or 8 MiB.
        let budget = (2 * positions).max(TABLES);
        let [cells0, cells1] = cells;
        let side = |side: usize, cells: Vec<u16>| {
            let layout = Layout {
                stride: strides(side),
                other_sets: sets[1 - side],
                budget,
            };
            SideBuilding::new(rules, &board, side, cells, tiering.as_ref(), layout)
        };
        let sides = [side(0, cells0)?, side(1, cells1)?];
        Ok(Building {
            rules: rules.clone(),
            board,
            tiering,
            sides,
            major,
            minor_sets,
            positions,
        })
    }

    /// Works on the game's per-set tables until `time_up` says so (asked every few
    /// thousand sets) or they are built: true once they are (then [`Building::finish`]).
    ///
    /// # Errors
    /// When a table the game needs cannot be reserved.
    pub fn work(&mut self, time_up: &mut dyn FnMut() -> bool) -> Result<bool, TryReserveError> {
        for side in &mut self.sides {
            if !side.work(time_up)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// The game, built to the end in one call.
    ///
    /// # Errors
    /// When a table the game needs cannot be reserved.
    pub fn built(mut self) -> Result<Custom, TryReserveError> {
        while !self.work(&mut || false)? {}
        self.finish()
    }

    /// The game, once [`Building::work`] has built its tables.
    ///
    /// # Errors
    /// When the memory of its tiers cannot be had.
    pub fn finish(self) -> Result<Custom, TryReserveError> {
        let Building {
            rules,
            board,
            tiering,
            sides: [side0, side1],
            major,
            minor_sets,
            positions,
        } = self;
        let sides = [side0.side(), side1.side()];
        let (tier_ends, tier_of) = match &tiering {
            Some(tiering) => tiers_of(tiering, minor_sets)?,
            None => (vec![positions as Position], Vec::new()),
        };
        let counted = [sides[0].counted, sides[1].counted];
        let stuck = Status::Over(match rules.stuck {
            Stuck::Loses => Value::Lose,
            Stuck::Wins => Value::Win,
            Stuck::Draws => Value::Tie,
        });
        let first = rules.first_side();
        let mut game = Custom {
            rules,
            board,
            sides,
            first,
            major,
            minor_sets: FastDiv::new(minor_sets.max(1)),
            counted,
            stuck,
            start: 0,
            tiered: tiering.map(|t| t.side),
            tier_ends,
            tier_of,
        };
        let start = CustomPosition {
            pieces: game.board.pieces.clone(),
            to_move: Player::First,
        };
        game.start = game
            .encode(&start)
            .expect("a board's pieces stand on distinct cells of their span");
        Ok(game)
    }
}

impl Custom {
    /// Builds the game of `rules` (checked, [`Rules::check`]) on `board` (read for those
    /// rules) over the positions of `span`.
    ///
    /// # Errors
    /// [`BuildError::TooBig`] when the board needs more memory than the limit (worked out
    /// before anything is allocated, [`needs::check`]); [`BuildError::Memory`] when a
    /// table cannot be reserved.
    pub fn new(rules: &Rules, board: CustomBoard, span: Span) -> Result<Custom, BuildError> {
        needs::check(rules, &board).map_err(BuildError::TooBig)?;
        Custom::within_memory(rules, board, span).map_err(BuildError::Memory)
    }

    /// [`Custom::new`] for a board within the limit (as the readers pass them), failing
    /// instead when the memory of its tables cannot be had: the command line says so in
    /// one line and the page in a message, instead of aborting.
    ///
    /// # Errors
    /// When a table the game needs cannot be reserved.
    ///
    /// # Panics
    /// If the board needs more than the limit ([`needs::check`]).
    pub fn within_memory(
        rules: &Rules,
        board: CustomBoard,
        span: Span,
    ) -> Result<Custom, TryReserveError> {
        Building::new(rules, board, span)?.built()
    }

    /// [`Custom::within_memory`] numbered as one tier whatever the rules: the order the
    /// tiers are checked against (in the tests and the benchmarks).
    ///
    /// # Errors
    /// When a table the game needs cannot be reserved.
    ///
    /// # Panics
    /// If the board needs more than the limit ([`needs::check`]).
    pub fn one_tier(
        rules: &Rules,
        board: CustomBoard,
        span: Span,
    ) -> Result<Custom, TryReserveError> {
        let cells = board.cells(rules, span);
        Building::in_tiers(rules, board, cells, None)?.built()
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The board the game was built from.
    pub fn board(&self) -> &CustomBoard {
        &self.board
    }

    /// The side (in the rules file's order) of a player.
    pub fn side_of(&self, player: Player) -> usize {
        self.first ^ usize::from(player.index())
    }

    /// The index of a position; `None` if a piece is off its side's cells (obstacles,
    /// the board's edge, cells outside the game's [`Span`]), two pieces of a side share a
    /// cell, or a side has a number of pieces its positions never have.
    pub fn encode(&self, p: &CustomPosition) -> Option<Position> {
        let grid = &self.board.grid;
        let mut ranks = [0; 2];
        for (side, rank) in ranks.iter_mut().enumerate() {
            let tables = &self.sides[side];
            let mut set = Vec::with_capacity(MAX_PIECES);
            for &at in &p.pieces[side] {
                let local = grid
                    .contains(at)
                    .then(|| tables.local_of[usize::from(grid.cell(at))])?;
                if local == NO_CELL {
                    return None;
                }
                set.push(local);
            }
            set.sort_unstable();
            let size_ok = sizes(&self.rules, side).contains(&set.len());
            if !size_ok || set.windows(2).any(|w| w[0] == w[1]) {
                return None;
            }
            *rank = tables.index.rank(&set);
        }
        Some(self.join(ranks, p.to_move.index().into()))
    }

    /// The pieces and side to move of a position.
    pub fn decode(&self, pos: Position) -> CustomPosition {
        let (ranks, bit) = self.split(pos);
        let grid = &self.board.grid;
        let pieces = std::array::from_fn(|side| {
            let tables = &self.sides[side];
            let set = tables.index.cells(ranks[side]);
            set.iter()
                .map(|&l| grid.coord(tables.cells[usize::from(l)]))
                .collect()
        });
        CustomPosition {
            pieces,
            to_move: Player::from_parity(bit),
        }
    }

    /// The ranks of both sides' sets (in the file's order) and the side-to-move bit (0:
    /// the first player).
    #[inline(always)]
    fn split(&self, pos: Position) -> ([u32; 2], u32) {
        let (high, low) = self.minor_sets.div_rem(pos >> 1);
        (self.ranks(high, low), pos & 1)
    }

    /// The ranks in the file's order of the sides from the major and minor side's.
    /// (Built whole: storing one of two `u32`s by a run-time index and reading both as one
    /// word stalled the scan on store forwarding.)
    #[inline(always)]
    fn ranks(&self, major: u32, minor: u32) -> [u32; 2] {
        if self.major == 0 {
            [major, minor]
        } else {
            [minor, major]
        }
    }

    #[inline(always)]
    fn join(&self, ranks: [u32; 2], bit: u32) -> Position {
        ranks[0] * self.sides[0].stride + ranks[1] * self.sides[1].stride + bit
    }

    /// The end checks 1 to 3 (see the module) on the sides' pieces `sets`: the value for
    /// each side (in the file's order) to move, or `None` when the game goes on to check
    /// moves, whichever side is to move.
    #[inline(always)]
    fn ends(sets: Sets<'_>) -> Option<[Value; 2]> {
        let [a, b] = sets;
        let won = |yes: bool| if yes { Value::Win } else { Value::Lose };
        if a.on_goal || b.on_goal {
            // The side with a piece on its goal row has won; both: the last to move.
            return Some([won(!b.on_goal), won(!a.on_goal)]);
        }
        if a.meets(b) {
            return Some([Value::Lose; 2]);
        }
        if a.is_empty() || b.is_empty() {
            // The side without pieces has lost, the side to move first.
            return Some([won(!a.is_empty()), won(!b.is_empty())]);
        }
        None
    }

    /// The status of a position of ranks `ranks` on the board cells `cells`, side
    /// `mover` to move.
    #[inline(always)]
    fn status_of(&self, ranks: [u32; 2], mover: usize, cells: Sets<'_>) -> Status {
        match Custom::ends(cells) {
            Some(values) => Status::Over(values[mover]),
            None => self.moves_status(ranks, mover, cells),
        }
    }

    /// The status of a position not over by the end checks 1 to 3, side `mover` to move:
    /// its moves, or `stuck` without any.
    #[inline(always)]
    fn moves_status(&self, ranks: [u32; 2], mover: usize, cells: Sets<'_>) -> Status {
        match self.count_moves(ranks, mover, cells) {
            0 => self.stuck,
            n => Status::Moves(n),
        }
    }

    /// Calls `f(from, to, child)` for every legal move of side `mover` (which is to move
    /// in position `ranks`, `bit`, not over), with board cells `from` and `to`.
    #[inline(always)]
    fn moves_of(
        &self,
        ranks: [u32; 2],
        bit: u32,
        mover: usize,
        cells: Sets<'_>,
        mut f: impl FnMut(u16, u16, Position),
    ) {
        let (me, them) = (&self.sides[mover], &self.sides[1 - mover]);
        let own = me.index.cells(ranks[mover]);
        let theirs = them.index.cells(ranks[1 - mover]);
        let enemy = cells[1 - mover];
        for (i, &at) in own.iter().enumerate() {
            let targets = me.moves.forth.of(at);
            let mut next = 0;
            while let Some(t) = targets.get(next) {
                next += 1;
                if own.contains(&t.local) {
                    next += usize::from(t.rest);
                    continue;
                }
                let mut child = ranks;
                if let Some(j) = enemy.find(t.cell) {
                    next += usize::from(t.rest);
                    match me.capture {
                        Capture::None => continue,
                        Capture::Wins => {}
                        Capture::Removes => child[1 - mover] = them.index.rank_without(theirs, j),
                    }
                }
                child[mover] = me.index.rank_replacing(own, i, t.local);
                f(me.cells[usize::from(at)], t.cell, self.join(child, bit ^ 1));
            }
        }
    }

    /// How many legal moves side `mover` has (as [`Custom::moves_of`] lists them).
    #[inline(always)]
    fn count_moves(&self, ranks: [u32; 2], mover: usize, cells: Sets<'_>) -> u32 {
        if self.counted[mover] {
            return cells[mover].moves.into();
        }
        let me = &self.sides[mover];
        let own = me.index.cells(ranks[mover]);
        let enemy = cells[1 - mover];
        let mut count = 0;
        for &at in own {
            let targets = me.moves.forth.of(at);
            let mut next = 0;
            while let Some(t) = targets.get(next) {
                next += 1;
                let own_piece = own.contains(&t.local);
                let enemy_piece = enemy.find(t.cell).is_some();
                if own_piece || enemy_piece {
                    next += usize::from(t.rest);
                }
                count += u32::from(!own_piece && (!enemy_piece || me.capture != Capture::None));
            }
        }
        count
    }

    /// Both sides' board cells in a position of ranks `ranks`.
    #[inline(always)]
    fn pieces(&self, ranks: [u32; 2]) -> Sets<'_> {
        [
            &self.sides[0].sets[ranks[0] as usize],
            &self.sides[1].sets[ranks[1] as usize],
        ]
    }

    /// The parents of a position (ranks `ranks`, side bit `bit`, board cells `cells`)
    /// through the un-moves of side `mover`, which just moved, worked out one by one: each
    /// of its pieces goes back along its rays to a cell no piece stands on (an origin
    /// under an enemy piece would make a parent that is over, which may be left out).
    #[inline(always)]
    fn parents_by_rays(
        &self,
        ranks: [u32; 2],
        bit: u32,
        mover: usize,
        cells: Sets<'_>,
        mut f: impl FnMut(Position),
    ) {
        let (me, them) = (&self.sides[mover], &self.sides[1 - mover]);
        let own = me.index.cells(ranks[mover]);
        let theirs = them.index.cells(ranks[1 - mover]);
        let enemy = cells[1 - mover];
        let room_for_more = theirs.len() < them.pieces;
        for (i, &at) in own.iter().enumerate() {
            let cell = me.cells[usize::from(at)];
            let captured = enemy.find(cell).is_some();
            if captured && me.capture != Capture::Wins {
                continue;
            }
            // The rank of the other side with a piece back on `cell`, if one can have
            // been captured there.
            let restored = (!captured && me.capture == Capture::Removes && room_for_more)
                .then(|| them.local_of[usize::from(cell)])
                .filter(|&local| local != NO_CELL)
                .map(|local| them.index.rank_with(theirs, local));
            let targets = me.moves.back.of(at);
            let mut next = 0;
            while let Some(t) = targets.get(next) {
                next += 1;
                if own.contains(&t.local) || enemy.find(t.cell).is_some() {
                    next += usize::from(t.rest);
                    continue;
                }
                let mut parent = ranks;
                parent[mover] = me.index.rank_replacing(own, i, t.local);
                f(self.join(parent, bit ^ 1));
                if let Some(rank) = restored {
                    parent[1 - mover] = rank;
                    f(self.join(parent, bit ^ 1));
                }
            }
        }
    }

    /// The steps forward, into the tier before, of the advancing side's set `major`
    /// (pieces of its own in the way left out): each as its target's board cell and the
    /// first position of the block of the set it makes.
    fn forward_steps(&self, major: u32) -> ForwardSteps {
        let me = &self.sides[self.major];
        let grid = &self.board.grid;
        let own = me.index.cells(major);
        let mut steps = ForwardSteps::default();
        for (i, &at) in own.iter().enumerate() {
            let row = grid.coord(me.cells[usize::from(at)]).row;
            for t in me.moves.forth.of(at) {
                if grid.coord(t.cell).row != row && !own.contains(&t.local) {
                    let set = me.index.rank_replacing(own, i, t.local);
                    steps.push((t.cell, set * me.stride));
                }
            }
        }
        steps
    }

    /// The parents of the position of ranks `ranks` and side bit `bit`
    /// ([`Game::for_each_parent`]).
    #[inline(always)]
    fn parents(&self, ranks: [u32; 2], bit: u32, mut f: impl FnMut(Position)) {
        let mover = (self.first ^ bit as usize ^ 1) & 1;
        let (me, them) = (&self.sides[mover], &self.sides[1 - mover]);
        let Some(unmoves) = &me.unmoves else {
            let cells = self.pieces(ranks);
            return self.parents_by_rays(ranks, bit, mover, cells, f);
        };
        let parents = unmoves.of(ranks[mover]);
        let other = ranks[1 - mover];
        if them.goal && them.sets[other as usize].on_goal {
            // The other side stood on its goal row before this move too: every parent
            // is over, and may be left out.
            return;
        }
        let base = other * them.stride + (bit ^ 1);
        if me.capture == Capture::Wins {
            // Every un-move makes a parent: onto an enemy piece, the capture that won.
            for &parent in parents {
                f(base + parent);
            }
            return;
        }
        // No move ends on an enemy piece: a position with one there has no parents.
        let cells = self.pieces(ranks);
        if cells[0].meets(cells[1]) {
            return;
        }
        if me.capture == Capture::None {
            for &parent in parents {
                f(base + parent);
            }
            return;
        }
        // Captures remove: each un-move may also bring a captured piece back.
        let theirs = them.index.cells(other);
        let room_for_more = theirs.len() < them.pieces;
        let landed = unmoves.landed(ranks[mover]);
        for (&parent, &cell) in parents.iter().zip(landed) {
            f(base + parent);
            let local = them.local_of[usize::from(cell)];
            if room_for_more && local != NO_CELL {
                let restored = them.index.rank_with(theirs, local);
                f(restored * them.stride + (bit ^ 1) + parent);
            }
        }
    }
}

// SAFETY: `num_positions()` is `2 · sets₀ · sets₁`, and `tier_ends()` ([`tiers_of`]:
// the major side's sets counted tier by tier times `2 · sets_minor`, the last end all of
// them), both fixed at construction. Every parent is `join` of a rank of each side's index
// (below its number of sets) and a side bit: at most `(sets_major − 1) · 2 · sets_minor +
// (sets_minor − 1) · 2 + 1`, below `num_positions()`; the per-set lists hold ranks of the
// index times the side's stride, the same numbers. `for_each_tier_parent` lists every
// parent only without tiers (one tier: all positions) or when the side that just moved is
// not the major one (its rank, hence its tier, is the same in the parent); otherwise only
// those within the bounds of its major rank's tier.
unsafe impl Game for Custom {
    /// The sides' per-set tables copied fallibly: they grow with the sets of pieces.
    fn try_copy(&self) -> Result<Custom, TryReserveError> {
        let [side0, side1] = &self.sides;
        Ok(Custom {
            rules: self.rules.clone(),
            board: self.board.clone(),
            sides: [side0.try_clone()?, side1.try_clone()?],
            first: self.first,
            major: self.major,
            minor_sets: self.minor_sets,
            counted: self.counted,
            stuck: self.stuck,
            start: self.start,
            tiered: self.tiered,
            tier_ends: self.tier_ends.clone(),
            tier_of: memory::copied(&self.tier_of)?,
        })
    }

    fn num_positions(&self) -> usize {
        self.sides[0].index.len() as usize * self.sides[1].index.len() as usize * 2
    }

    fn start(&self) -> Position {
        self.start
    }

    fn to_move(&self, pos: Position) -> Player {
        Player::from_parity(pos)
    }

    #[inline]
    fn primitive(&self, pos: Position) -> Option<Value> {
        match self.status(pos) {
            Status::Over(value) => Some(value),
            Status::Moves(_) => None,
        }
    }

    fn for_each_move(&self, pos: Position, mut f: impl FnMut(Move, Position)) {
        let (ranks, bit) = self.split(pos);
        let cells = self.pieces(ranks);
        let mover = self.first ^ bit as usize;
        self.moves_of(ranks, bit, mover, cells, |from, to, child| {
            f(Move { from, to }, child)
        });
    }

    #[inline]
    fn for_each_child(&self, pos: Position, mut f: impl FnMut(Position)) {
        let (ranks, bit) = self.split(pos);
        let cells = self.pieces(ranks);
        let mover = self.first ^ bit as usize;
        self.moves_of(ranks, bit, mover, cells, |_, _, child| f(child));
    }

    /// The un-moves of the side that just moved. A piece standing on an enemy piece got
    /// there by a capture that wins, and only then; a piece on an empty cell may have
    /// captured a piece there that its captures remove, which comes back. With the
    /// side's per-set lists, a position of its set has the lists' parents, the other
    /// side's set alike or (a capture that removes) one piece more.
    #[inline]
    fn for_each_parent(&self, pos: Position, f: impl FnMut(Position)) {
        let (ranks, bit) = self.split(pos);
        self.parents(ranks, bit, f);
    }

    /// Where each tier ends: one tier per sum of the advancing side's advances, the
    /// highest first ([`super::tiers`]), or one tier.
    fn tier_ends(&self) -> Vec<Position> {
        self.tier_ends.clone()
    }

    /// The parents of [`Game::for_each_parent`] less those of the next tier: the other
    /// side's un-moves stay in the tier, the advancing side's go back a row or stay.
    #[inline]
    fn for_each_tier_parent(&self, pos: Position, mut f: impl FnMut(Position)) {
        let (ranks, bit) = self.split(pos);
        let mover = (self.first ^ bit as usize ^ 1) & 1;
        match self.tier_of.get(ranks[self.major] as usize) {
            Some(&[start, end]) if Some(mover) == self.tiered => {
                let len = end - start;
                self.parents(ranks, bit, |p| {
                    if p.wrapping_sub(start) < len {
                        f(p);
                    }
                });
            }
            _ => self.parents(ranks, bit, f),
        }
    }

    /// The advancing side's moves that go a row forward, into the tier before, a block
    /// of its set at a time: the set's forward steps are worked out once per block, and
    /// per position only whether an enemy piece stands on the target. (Moves of positions
    /// that are over are listed too: the solver skips them.)
    fn for_each_earlier_tier_move(
        &self,
        range: std::ops::Range<Position>,
        mut f: impl FnMut(Position, Position),
    ) {
        let Some(tiered) = self.tiered else {
            return;
        };
        let (me, them) = (&self.sides[tiered], &self.sides[1 - tiered]);
        let bit = (self.first ^ tiered) as u32;
        let mut pos = range.start;
        while pos < range.end {
            let major = self.minor_sets.quotient(pos >> 1);
            let block = major * me.stride;
            let block_end = range.end.min(block + me.stride);
            let steps = self.forward_steps(major);
            // The positions of the block with the advancing side to move.
            let mut from = (pos & !1) | bit;
            from += if from < pos { 2 } else { 0 };
            while from < block_end && !steps.is_empty() {
                let minor = (from - block) >> 1;
                let enemy = &them.sets[minor as usize];
                for &(cell, base) in steps.iter() {
                    let child = match enemy.find(cell) {
                        None => base + ((from - block) ^ 1),
                        Some(j) => match me.capture {
                            Capture::None => continue,
                            Capture::Wins => base + ((from - block) ^ 1),
                            Capture::Removes => {
                                let theirs = them.index.cells(minor);
                                base + them.index.rank_without(theirs, j) * them.stride + (bit ^ 1)
                            }
                        },
                    };
                    f(from, child);
                }
                from += 2;
            }
            pos = block_end;
        }
    }

    #[inline]
    fn move_count(&self, pos: Position) -> u32 {
        let (ranks, bit) = self.split(pos);
        let cells = self.pieces(ranks);
        self.count_moves(ranks, self.first ^ bit as usize, cells)
    }

    #[inline]
    fn status(&self, pos: Position) -> Status {
        let (ranks, bit) = self.split(pos);
        let cells = self.pieces(ranks);
        self.status_of(ranks, self.first ^ bit as usize, cells)
    }

    /// Walks the range a block of the major side's set at a time: its cells and move
    /// count are looked up once per block, and the minor side's once per pair of
    /// positions (either side to move).
    fn for_each_status(
        &self,
        range: std::ops::Range<Position>,
        mut f: impl FnMut(Position, Status),
    ) {
        let (major, minor) = (&self.sides[self.major], &self.sides[1 - self.major]);
        let movers = [self.first, 1 - self.first];
        // Whether the major side's positions come first in a pair (bit 0 is the first
        // player's).
        let major_first = self.major == self.first;
        let counted = self.counted[self.major] && self.counted[1 - self.major];
        let moves = |n: u8| match n {
            0 => self.stuck,
            n => Status::Moves(n.into()),
        };
        let mut pos = range.start;
        while pos < range.end {
            let major_rank = self.minor_sets.quotient(pos >> 1);
            let block = major_rank * major.stride;
            let block_end = range.end.min(block + major.stride);
            let major_set = &major.sets[major_rank as usize];
            // Both sides' move counts known, the major side's pieces not on its goal row
            // and not gone: a pair is over only if the minor side's are, or they meet.
            let quick = counted && !major_set.on_goal && !major_set.is_empty();
            let major_moves = moves(major_set.moves);
            while pos < block_end {
                let minor_rank = (pos - block) >> 1;
                let minor_set = &minor.sets[minor_rank as usize];
                let [even, odd] = if quick && !minor_set.on_goal && !minor_set.is_empty() {
                    if major_set.meets(minor_set) {
                        [Status::Over(Value::Lose); 2]
                    } else if major_first {
                        [major_moves, moves(minor_set.moves)]
                    } else {
                        [moves(minor_set.moves), major_moves]
                    }
                } else {
                    let (ranks, sets) = if self.major == 0 {
                        ([major_rank, minor_rank], [major_set, minor_set])
                    } else {
                        ([minor_rank, major_rank], [minor_set, major_set])
                    };
                    match Custom::ends(sets) {
                        Some(values) => movers.map(|mover| Status::Over(values[mover])),
                        None => movers.map(|mover| self.moves_status(ranks, mover, sets)),
                    }
                };
                // Both positions of the pair (either side to move) that are in range.
                // (Not by indexing the pair with `pos & 1`: storing two statuses and
                // reading one back stalled on store forwarding.)
                if pos & 1 == 0 {
                    f(pos, even);
                    pos += 1;
                }
                if pos < block_end {
                    f(pos, odd);
                    pos += 1;
                }
            }
        }
    }
}
