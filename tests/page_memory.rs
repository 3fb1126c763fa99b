//! Nothing the page builds aborts when memory runs out: every table on the page's path —
//! the board read (`Start`), the game of what its start reaches and its analysis (the page
//! answers from it first), its whole game built, its analysis prepared, the copy of it the
//! provenance re-runs, a walk over a proof (Explain) — asks for its memory fallibly, so that a board that does not fit the tab's memory gets the page's message
//! (an `Error` from the wasm constructor), never a wasm trap.
//!
//! A browser tab's memory cannot be limited from a test, nor a thread's with `ulimit`, so
//! this test binary's allocator refuses allocations itself: armed on one thread, it refuses
//! the `n`-th allocation of at least [`TABLE`] bytes made there (a smaller least for the
//! few-kilobyte tables of chase and tableau). Each game's path is run
//! once for every `n` until a run makes fewer tables than that: every table of it is
//! refused once, and each refusal must come back as an error (or a table the game does
//! without). An allocation that aborts instead (`handle_alloc_error`) kills the test.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use retrolab::analysis::{Built, Error, Start, Worth};
use retrolab::explain::walk::ProofWalk;
use retrolab::games::custom::{preset, BuildError, Custom, CustomBoard, CustomKind, Span};
use retrolab::games::Kind;
use retrolab::{Game, Value};

/// The smallest allocation counted as a table: anything that grows with a game's
/// positions, pairs or sets of pieces. What grows only with the board's cells (at most
/// 1024: a cell's moves, a walk over the cells; the largest, chase's moves, 18 KB) stays
/// below it: an allocation that small fails only when the tab has no memory left at all,
/// whatever the board.
const TABLE: usize = 64 << 10;

thread_local! {
    /// The smallest allocation counted as a table on this thread.
    static LEAST: Cell<usize> = const { Cell::new(TABLE) };
    /// Tables still to let through before refusing one (`None`: not armed).
    static LEFT: Cell<Option<usize>> = const { Cell::new(None) };
    /// Whether a table was refused since the thread was armed.
    static REFUSED: Cell<bool> = const { Cell::new(false) };
}

/// The system's allocator, refusing one table on an armed thread.
struct Refusing;

// SAFETY: every call is passed on to `System`, or answered with null, which the
// `GlobalAlloc` contract allows for any allocation.
unsafe impl GlobalAlloc for Refusing {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if refuses(layout.size()) {
            return std::ptr::null_mut();
        }
        System.alloc(layout)
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        if refuses(layout.size()) {
            return std::ptr::null_mut();
        }
        System.alloc_zeroed(layout)
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if new_size > layout.size() && refuses(new_size) {
            return std::ptr::null_mut();
        }
        System.realloc(ptr, layout, new_size)
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout);
    }
}

#[global_allocator]
static ALLOCATOR: Refusing = Refusing;

/// Whether an allocation of `size` bytes on this thread is the one to refuse.
fn refuses(size: usize) -> bool {
    // `try_with`: a thread being torn down has no locals left, and refuses nothing.
    if LEAST.try_with(|least| size < least.get()).unwrap_or(true) {
        return false;
    }
    LEFT.try_with(|left| match left.get() {
        Some(0) => {
            left.set(None);
            REFUSED.with(|refused| refused.set(true));
            true
        }
        Some(n) => {
            left.set(Some(n - 1));
            false
        }
        None => false,
    })
    .unwrap_or(false)
}

/// Runs `path` with the `n`-th table of at least `least` bytes it allocates refused: its
/// result, and whether a table was refused (false: it made fewer than `n + 1`).
fn refusing<T>(n: usize, least: usize, path: impl FnOnce() -> T) -> (T, bool) {
    REFUSED.with(|refused| refused.set(false));
    LEAST.with(|l| l.set(least));
    LEFT.with(|left| left.set(Some(n)));
    let result = path();
    LEFT.with(|left| left.set(None));
    LEAST.with(|l| l.set(TABLE));
    (result, REFUSED.with(Cell::get))
}

/// The page's path for a board: read it (`new Start`); when the page answers from what
/// its start reaches, size, build and prepare that game's analysis first
/// (`Start.takeFromStart`, then `new Lab`); size its analysis (`Start.bytes`), build its
/// game and prepare its analysis (`new Lab`), and copy it for the provenance's re-run
/// (`Lab.trace`): the memory its analysis needs, or the page's message.
fn page_path(read: &dyn Fn() -> Result<Start, Error>) -> Result<usize, String> {
    let mut start = read().map_err(|e| e.to_string())?;
    if let Some(mut from_start) = start.take_from_start() {
        from_start.bytes().map_err(|e| e.to_string())?;
        let analysis = from_start.built().map_err(|e| e.to_string())?.analysis();
        analysis.map_err(|e| e.to_string())?;
    }
    let bytes = start.bytes().map_err(|e| e.to_string())?;
    let analysis = start.built().map_err(|e| e.to_string())?.analysis();
    let analysis = analysis.map_err(|e| e.to_string())?;
    analysis.fresh().map_err(|e| e.to_string())?;
    Ok(bytes)
}

/// Refuses every table of the page's path for `read`'s board once, each refusal a
/// message or a table done without; returns how many tables it made.
fn every_table_refused(what: &str, read: &dyn Fn() -> Result<Start, Error>) -> usize {
    for n in 0.. {
        let (result, refused) = refusing(n, TABLE, || page_path(read));
        if !refused {
            assert!(result.is_ok(), "{what}: {result:?}");
            return n;
        }
        // A table the game can do without (the composed game's un-move lists) is left
        // out instead.
        if let Err(message) = result {
            assert!(
                message.contains("could not reserve"),
                "{what}, table {n}: {message}"
            );
        }
    }
    unreachable!()
}

/// An open board of `rows` × `cols` rows: `first` on the first cells, `last` on the last.
fn open(rows: usize, cols: usize, first: &str, last: &str) -> String {
    let cells = rows * cols;
    let mut board: Vec<char> = vec!['.'; cells];
    for (i, c) in first.chars().enumerate() {
        board[i] = c;
    }
    for (i, c) in last.chars().enumerate() {
        board[cells - last.len() + i] = c;
    }
    board
        .chunks(cols)
        .map(|row| row.iter().collect::<String>() + "\n")
        .collect()
}

#[test]
fn every_table_of_the_built_in_games_is_refused_with_a_message() {
    // River's pairs of red cells, chase's and tableau's records alone.
    let river = open(24, 24, "OO", "X");
    let chase = open(32, 32, "W", "B");
    let tableau = format!("12 12\n{}", "1 2 3 4 5 6 7 8 9 10 11 12\n".repeat(24));
    for (game, board, least) in [
        ("river", &river, 5),
        ("chase", &chase, 1),
        ("tableau", &tableau, 1),
    ] {
        let tables = every_table_refused(game, &|| Start::parse(game, board));
        assert!(tables >= least, "{game}: {tables} tables");
    }
}

#[test]
fn every_table_of_a_composed_game_is_refused_with_a_message() {
    // The sets of each side's pieces, their per-set tables, the records.
    let river = open(24, 24, "OO", "X");
    let fox = preset("fox-and-hounds").unwrap().rules().board.unwrap();
    let knights = open(8, 8, "NN", "nn");
    for (name, board, least) in [
        ("river-pawn", &river, 3),
        ("fox-and-hounds", &fox, 3),
        ("knights", &knights, 3),
    ] {
        let kind = CustomKind::new(preset(name).unwrap().rules());
        let board = kind.parse(board).unwrap();
        let tables = every_table_refused(name, &|| Ok(Start::of(&kind, board.clone())));
        assert!(tables >= least, "{name}: {tables} tables");
    }
}

#[test]
fn a_composed_game_built_directly_refuses_each_table_as_an_error() {
    // `Custom::new`, as tests, benches and the module's example build one: each of its
    // tables refused once is an error (or a table done without), never an abort.
    let rules = preset("fox-and-hounds").unwrap().rules();
    let board = CustomBoard::parse(&rules, &rules.board.clone().unwrap()).unwrap();
    let build =
        || Custom::new(&rules, board.clone(), Span::FromStart).map(|game| game.num_positions());
    let whole = build().unwrap();
    for n in 0.. {
        let (result, refused) = refusing(n, TABLE, build);
        if !refused {
            assert_eq!(result, Ok(whole));
            assert!(n >= 3, "{n} tables: each side's sets and their tables");
            return;
        }
        if let Err(error) = result {
            assert!(matches!(error, BuildError::Memory(_)), "table {n}: {error}");
            assert_eq!(
                error.to_string(),
                "the game's tables: could not reserve their memory"
            );
        }
    }
}

#[test]
fn the_start_first_path_is_taken_where_the_page_takes_it() {
    // Fox and hounds' standard start reaches 2 301 440 of its 81 328 128 positions: the
    // page answers from those first, and the refusals above went through that path too.
    let kind = CustomKind::new(preset("fox-and-hounds").unwrap().rules());
    let board = kind.parse(&kind.rules().board.clone().unwrap()).unwrap();
    let mut start = Start::of(&kind, board);
    let mut from_start = start.take_from_start().expect("the start first");
    assert_eq!(from_start.bytes().unwrap(), 2 * 2_301_440);
}

#[test]
fn every_table_of_a_walk_over_a_proof_is_refused_with_a_message() {
    // An open 10×10 river board: 990 000 positions, two bits each (248 KB), and a proof
    // of thousands of positions to queue, with their lines.
    let board = open(10, 10, "OO", "X");
    let mut analysis = Built::parse("river", &board).unwrap().analysis().unwrap();
    while !analysis.run_for(usize::MAX, || false).unwrap().done {}
    // The position decided last (a longest win or loss): its proof is among the largest.
    let remoteness = |pos| match analysis.outcome(pos) {
        Some(Worth::Valued(o)) if o.value != Value::Tie => o.remoteness,
        _ => 0,
    };
    let root = (0..analysis.num_positions() as u32)
        .max_by_key(|&pos| remoteness(pos))
        .unwrap();
    let walk = || -> Result<u64, String> {
        let mut walk = ProofWalk::new(&*analysis, root).map_err(|e| e.to_string())?;
        loop {
            let progress = walk.step(&*analysis, 1 << 16).map_err(|e| e.to_string())?;
            if progress.done {
                return Ok(progress.positions);
            }
        }
    };
    let whole = walk().unwrap();
    for n in 0.. {
        // Every allocation of 2 KB or more: the queue grows by doubling from nothing.
        let (result, refused) = refusing(n, 2 << 10, walk);
        if !refused {
            assert_eq!(result, Ok(whole));
            assert!(n >= 3, "{n} tables: the bits and the queue's growth");
            break;
        }
        let message = result.unwrap_err();
        assert!(
            message.starts_with("walking the proof needs ")
                && message.ends_with(" MB, could not reserve it"),
            "table {n}: {message}"
        );
    }
}

#[test]
fn the_small_tables_of_chase_and_tableau_are_refused_with_a_message_too() {
    // Chase's reach of each cell (18 KB on 32×32), tableau's binomials (2.6 KB on 12×12):
    // every allocation of 2 KB or more their games make is refused once (the board's
    // cells, 1 KB at most, are not).
    let chase = open(32, 32, "W", "B");
    let tableau = format!("12 12\n{}", "1 2 3 4 5 6 7 8 9 10 11 12\n".repeat(24));
    for (game, board, least) in [("chase", &chase, 2), ("tableau", &tableau, 2)] {
        let mut tables = 0;
        loop {
            let start = Start::parse(game, board).unwrap();
            let (built, refused) = refusing(tables, 2 << 10, || start.built());
            if !refused {
                assert!(built.is_ok(), "{game}");
                break;
            }
            let message = built.err().unwrap().to_string();
            assert!(message.contains("could not reserve"), "{game}: {message}");
            tables += 1;
        }
        assert!(tables >= least, "{game}: {tables} tables");
    }
}
