//! A composed game on one board, ready for the solver: the [`Game`] of any rules of the
//! family (RULES §6).
//!
//! Positions are `((rank₀ · sets₁ + rank₁) << 1) | side`: `rankₛ` numbers the set of
//! cells side `s`'s pieces stand on ([`SetIndex`], over that side's own cells, `setsₛ`
//! of them), sides in the rules file's order, and `side` is 0 when the side that moves
//! first is to move. A position may have pieces of both sides on one cell: the side that
//! just moved there captured and won (`capture = "wins"`), or, for rules where no move
//! leads there, a position no game reaches; either way it is over, lost for the side to
//! move.
//!
//! **End checks**, in order, before every move (river's order, RULES §1):
//! 1. a side with a piece on its goal row has won (both: the side that moved last);
//! 2. pieces of both sides share a cell: the side to move has lost;
//! 3. a side without pieces has lost (the side to move first);
//! 4. the side to move has no legal move: it loses, wins or draws as `stuck` says.
//!
//! **What the generic game costs** (against river's own game, which knows its rules
//! when it is compiled): a position's sets are looked up in a table instead of being a
//! pair number, every move checks its target against both sides' pieces, and every
//! move and un-move re-ranks the moving side's set (a few table lookups for up to four
//! cells). For sides whose move count never depends on the other side's pieces (no
//! slides, and enemy pieces captured rather than blocking: river, chase) the scan reads
//! the count from a table per set instead.

use crate::fastdiv::FastDiv;
use crate::game::{Game, Move, Player, Position, Status, Value};
use crate::grid::Coord;

use super::board::{goal_row, CustomBoard, Span};
use super::index::{SetIndex, NO_CELL};
use super::moves::Moves;
use super::rules::{Capture, Rules, Stuck, MAX_PIECES};
use super::MAX_POSITIONS;

/// One side's tables on one board.
#[derive(Clone, Debug)]
struct Side {
    /// The sets its pieces can form on its own cells.
    index: SetIndex,
    /// The board cell of each own cell.
    cells: Vec<u16>,
    /// The own number of each board cell ([`NO_CELL`] if its pieces never stand there).
    local_of: Vec<u16>,
    /// Its moves and un-moves per own cell.
    moves: Moves,
    /// For each set: whether a piece stands on the side's goal row.
    on_goal: Vec<bool>,
    /// For each set, when the side's move count never depends on the other side: its
    /// moves (own pieces in the way left out). Empty otherwise.
    move_counts: Vec<u8>,
    /// What its moves onto enemy pieces do.
    capture: Capture,
    /// Its pieces at the start.
    pieces: usize,
}

impl Side {
    fn new(rules: &Rules, board: &CustomBoard, side: usize, cells: Vec<u16>) -> Side {
        let grid = &board.grid;
        let mut local_of = vec![NO_CELL; grid.len()];
        for (local, &cell) in cells.iter().enumerate() {
            local_of[usize::from(cell)] = local as u16;
        }
        let me = &rules.side[side];
        let rays = me.rays();
        let moves = Moves::new(grid, &rays, &cells, &local_of);
        let pieces = me.pieces as usize;
        let index = SetIndex::new(cells.len(), sizes(rules, side));
        let goal = goal_row(me.goal, grid);
        let on_goal = (0..index.len())
            .map(|rank| {
                let mut at = index.cells(rank).iter();
                at.any(|&l| Some(grid.coord(cells[usize::from(l)]).row) == goal)
            })
            .collect();
        let blind = me.capture != Capture::None && rays.iter().all(|r| !r.slide || r.len == 1);
        let move_counts = if blind {
            (0..index.len())
                .map(|rank| {
                    let set = index.cells(rank);
                    let mut count = 0u8;
                    for &at in set {
                        for t in moves.forth.of(at) {
                            count += u8::from(!set.contains(&t.local));
                        }
                    }
                    count
                })
                .collect()
        } else {
            Vec::new()
        };
        Side {
            index,
            cells,
            local_of,
            moves,
            on_goal,
            move_counts,
            capture: me.capture,
            pieces,
        }
    }

    /// The board cells of a set of own cells.
    #[inline(always)]
    fn board_cells(&self, set: &[u16]) -> Pieces {
        let mut cells = Pieces::default();
        for &local in set {
            cells.push(self.cells[usize::from(local)]);
        }
        cells
    }
}

/// Up to [`MAX_PIECES`] board cells, without a heap allocation.
#[derive(Clone, Copy, Debug, Default)]
struct Pieces {
    cells: [u16; MAX_PIECES],
    len: usize,
}

impl Pieces {
    #[inline(always)]
    fn push(&mut self, cell: u16) {
        self.cells[self.len] = cell;
        self.len += 1;
    }

    #[inline(always)]
    fn as_slice(&self) -> &[u16] {
        &self.cells[..self.len]
    }

    /// Where `cell` is among them.
    #[inline(always)]
    fn find(&self, cell: u16) -> Option<usize> {
        self.as_slice().iter().position(|&c| c == cell)
    }
}

/// The sizes of side `side`'s sets: all of its pieces, or any number down to none when
/// the other side's captures remove them.
fn sizes(rules: &Rules, side: usize) -> std::ops::RangeInclusive<usize> {
    let pieces = rules.side[side].pieces as usize;
    if rules.removable(side) {
        0..=pieces
    } else {
        pieces..=pieces
    }
}

/// A game with more positions than the engine solves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooLarge {
    /// Its positions (`None`: more than a `u64` holds).
    pub positions: Option<u64>,
}

impl std::fmt::Display for TooLarge {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let count = self
            .positions
            .map_or("more than 2⁶⁴".to_string(), |n| n.to_string());
        write!(
            f,
            "the game has {count} positions; retrolab solves at most {MAX_POSITIONS} (a 24×24 river board's)"
        )
    }
}

impl std::error::Error for TooLarge {}

/// The number of positions of `rules`' game on `board` over `span` (`None` if it
/// overflows a `u64`): cheap, before anything is allocated.
pub fn positions(rules: &Rules, board: &CustomBoard, span: Span) -> Option<u64> {
    let cells = board.cells(rules, span);
    let sets = |side: usize| SetIndex::count(cells[side].len(), sizes(rules, side));
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
    /// The sets of side 1.
    sets1: FastDiv,
    /// The status of a position whose side to move has no legal move.
    stuck: Status,
    start: Position,
}

impl Custom {
    /// Builds the game of `rules` (checked, [`Rules::check`]) on `board` (read for those
    /// rules) over the positions of `span`.
    ///
    /// # Errors
    /// [`TooLarge`] when the game has more than [`MAX_POSITIONS`] positions (counted
    /// before anything is allocated).
    pub fn new(rules: &Rules, board: CustomBoard, span: Span) -> Result<Custom, TooLarge> {
        let positions = positions(rules, &board, span);
        if !matches!(positions, Some(n) if n <= MAX_POSITIONS as u64) {
            return Err(TooLarge { positions });
        }
        let [cells0, cells1] = board.cells(rules, span);
        let sides = [
            Side::new(rules, &board, 0, cells0),
            Side::new(rules, &board, 1, cells1),
        ];
        let sets1 = FastDiv::new(sides[1].index.len().max(1));
        let stuck = Status::Over(match rules.stuck {
            Stuck::Loses => Value::Lose,
            Stuck::Wins => Value::Win,
            Stuck::Draws => Value::Tie,
        });
        let mut game = Custom {
            rules: rules.clone(),
            board,
            sides,
            first: rules.first_side(),
            sets1,
            stuck,
            start: 0,
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

    /// Whether side `side` can lose pieces (the other side's captures remove them).
    pub fn removable(&self, side: usize) -> bool {
        self.rules.removable(side)
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

    /// The ranks of both sides' sets and the side-to-move bit (0: the first player).
    #[inline(always)]
    fn split(&self, pos: Position) -> ([u32; 2], u32) {
        let (r0, r1) = self.sets1.div_rem(pos >> 1);
        ([r0, r1], pos & 1)
    }

    #[inline(always)]
    fn join(&self, ranks: [u32; 2], bit: u32) -> Position {
        ((ranks[0] * self.sets1.divisor() + ranks[1]) << 1) | bit
    }

    /// The end checks 1 to 3 (see the module) for the side `mover` to move, sides' sets
    /// of ranks `ranks`; `None` when the game goes on to check moves.
    #[inline(always)]
    fn over(&self, ranks: [u32; 2], mover: usize, cells: [&Pieces; 2]) -> Option<Value> {
        let goals = [
            self.sides[0].on_goal[ranks[0] as usize],
            self.sides[1].on_goal[ranks[1] as usize],
        ];
        if goals[0] || goals[1] {
            return Some(if goals[mover] && !goals[1 - mover] {
                Value::Win
            } else {
                Value::Lose
            });
        }
        if cells[0]
            .as_slice()
            .iter()
            .any(|&c| cells[1].find(c).is_some())
        {
            return Some(Value::Lose);
        }
        if cells[mover].len == 0 {
            return Some(Value::Lose);
        }
        if cells[1 - mover].len == 0 {
            return Some(Value::Win);
        }
        None
    }

    /// Calls `f(from, to, child)` for every legal move of side `mover` (which is to move
    /// in position `ranks`, `bit`, not over), with board cells `from` and `to`.
    #[inline(always)]
    fn moves_of(
        &self,
        ranks: [u32; 2],
        bit: u32,
        mover: usize,
        cells: [&Pieces; 2],
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
    fn count_moves(&self, ranks: [u32; 2], mover: usize, cells: [&Pieces; 2]) -> u32 {
        let me = &self.sides[mover];
        if !me.move_counts.is_empty() {
            return me.move_counts[ranks[mover] as usize].into();
        }
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
    fn pieces(&self, ranks: [u32; 2]) -> [Pieces; 2] {
        std::array::from_fn(|side| {
            let tables = &self.sides[side];
            tables.board_cells(tables.index.cells(ranks[side]))
        })
    }
}

// SAFETY: `num_positions()` is `2 · sets₀ · sets₁`, fixed at construction, and the game
// has one tier. Every parent is `join` of a rank of each side's index (below `setsₛ`,
// the index's own ranks) and a side bit, so it is below `num_positions()`.
unsafe impl Game for Custom {
    fn num_positions(&self) -> usize {
        self.sides[0].index.len() as usize * self.sets1.divisor() as usize * 2
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
        self.moves_of(
            ranks,
            bit,
            mover,
            [&cells[0], &cells[1]],
            |from, to, child| f(Move { from, to }, child),
        );
    }

    #[inline]
    fn for_each_child(&self, pos: Position, mut f: impl FnMut(Position)) {
        let (ranks, bit) = self.split(pos);
        let cells = self.pieces(ranks);
        let mover = self.first ^ bit as usize;
        self.moves_of(ranks, bit, mover, [&cells[0], &cells[1]], |_, _, child| {
            f(child)
        });
    }

    /// The un-moves of the side that just moved: each of its pieces goes back along its
    /// rays to a cell no piece stands on (an origin under an enemy piece would make a
    /// parent that is over, which may be left out). A piece standing on an enemy piece
    /// got there by a capture that wins, and only then; a piece on an empty cell may
    /// have captured a piece there that its captures remove, which comes back.
    #[inline]
    fn for_each_parent(&self, pos: Position, mut f: impl FnMut(Position)) {
        let (ranks, bit) = self.split(pos);
        let cells = self.pieces(ranks);
        let mover = self.first ^ bit as usize ^ 1;
        let (me, them) = (&self.sides[mover], &self.sides[1 - mover]);
        let own = me.index.cells(ranks[mover]);
        let theirs = them.index.cells(ranks[1 - mover]);
        let enemy = &cells[1 - mover];
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

    #[inline]
    fn move_count(&self, pos: Position) -> u32 {
        let (ranks, bit) = self.split(pos);
        let cells = self.pieces(ranks);
        self.count_moves(ranks, self.first ^ bit as usize, [&cells[0], &cells[1]])
    }

    #[inline]
    fn status(&self, pos: Position) -> Status {
        let (ranks, bit) = self.split(pos);
        let cells = self.pieces(ranks);
        let mover = self.first ^ bit as usize;
        let cells = [&cells[0], &cells[1]];
        if let Some(value) = self.over(ranks, mover, cells) {
            return Status::Over(value);
        }
        match self.count_moves(ranks, mover, cells) {
            0 => self.stuck,
            n => Status::Moves(n),
        }
    }
}
