//! The rules of a composed game as a value: what each side's pieces are and how they
//! move, what a capture does, how the game ends, who moves first — and the checks that
//! make a value the engine can solve (RULES §6).
//!
//! The value is read from and written to TOML ([`super::text`]); its field names are the
//! rules file's keys. Every check names the field at fault ([`Fault`]), so that the reader
//! can point at its line.

use serde::{Deserialize, Serialize};
use unicode_width::UnicodeWidthChar;

use crate::game::MAX_PARENTS;
use crate::words::{self, Arg, Code, Message};

/// Most pieces a side may have.
pub const MAX_PIECES: usize = 4;

/// Longest move along a line, in cells (a longer one would exceed the engine's
/// [`MAX_PARENTS`] ways back into a position even for one piece moving one way).
pub const MAX_DISTANCE: i64 = MAX_PARENTS as i64;

/// Longest side name, in characters: it starts every answer line.
pub const MAX_SIDE_NAME: usize = 24;

/// Longest wording of a side's win, in characters.
pub const MAX_WIN_WORDS: usize = 40;

/// Longest game name, in characters.
pub const MAX_GAME_NAME: usize = 60;

/// Most characters of a value a message quotes: a longer one is cut, with an ellipsis.
pub const MAX_QUOTED: usize = 40;

/// The colours of the sides when the rules name none, in the rules file's order.
pub const DEFAULT_COLOURS: [&str; 2] = ["#d62828", "#26262b"];

/// A composed game's rules, as the rules file states them. A value read through
/// [`super::text`] has passed [`Rules::check`]; the engine relies on it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
#[non_exhaustive]
pub struct Rules {
    /// The game's name, as the page lists it.
    #[serde(default = "default_game_name")]
    pub name: String,
    /// The name of the side that moves first; `None`: the first side listed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first: Option<String>,
    /// What happens to a side to move that has no legal move.
    #[serde(default)]
    pub stuck: Stuck,
    /// A start board for the page (rows of `.`, `#` and the sides' letters), if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board: Option<String>,
    /// The two sides, in the order the board's pieces are listed
    /// ([`crate::BoardView::pieces`]). None written reads as none, so that [`Rules::check`]
    /// says what is missing (rather than naming whatever key the file does have).
    #[serde(default)]
    pub side: Vec<SideRules>,
}

/// One side's pieces and how they move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
#[non_exhaustive]
pub struct SideRules {
    /// The side's name: the answer line names the winner with it.
    pub name: String,
    /// How the page words this side's win ("The hounds win": a name may be a plural);
    /// `None`: "<name> wins". The answer line names the winner by `name` alone.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub win: Option<String>,
    /// The letter of its pieces on a board.
    pub letter: char,
    /// Its colour on the page, `#rrggbb`; `None`: [`DEFAULT_COLOURS`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub colour: Option<String>,
    /// How many pieces it starts with, 1 to [`MAX_PIECES`]; they are alike.
    #[serde(default = "one")]
    pub pieces: i64,
    /// The kinds of move its pieces make.
    #[serde(default = "orthogonal")]
    pub moves: Vec<MoveKind>,
    /// How far an orthogonal or diagonal move goes: exactly 1, or up to this many cells.
    #[serde(default = "one")]
    pub distance: i64,
    /// With a distance of 2 or more: true lands on any cell up to `distance` away in a
    /// straight line whatever stands between (chase's black), false slides, stopped by
    /// obstacles and pieces.
    #[serde(default)]
    pub jump: bool,
    /// The directions its pieces never move in (a move's direction is the signs of its
    /// row and column changes: a knight's jump two up and one right goes up-right).
    #[serde(default)]
    pub never: Vec<Direction>,
    /// What moving onto an enemy piece does.
    #[serde(default)]
    pub capture: Capture,
    /// The row whose reaching wins, if any.
    #[serde(default)]
    pub goal: Goal,
}

/// The fate of a side to move without a legal move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Stuck {
    /// It has lost (river).
    #[default]
    Loses,
    /// It has won (stalemate wins, as in some fox games).
    Wins,
    /// The game is drawn: a primitive tie.
    Draws,
}

/// A kind of move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum MoveKind {
    /// Up, down, left, right.
    Orthogonal,
    /// The four diagonals.
    Diagonal,
    /// A chess knight's jump (two one way and one across), over anything.
    Knight,
}

/// A direction on the board, the top row up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Direction {
    /// Towards row 1.
    Up,
    /// Away from row 1.
    Down,
    /// Towards column 1.
    Left,
    /// Away from column 1.
    Right,
    /// Up and left.
    UpLeft,
    /// Up and right.
    UpRight,
    /// Down and left.
    DownLeft,
    /// Down and right.
    DownRight,
}

impl Direction {
    /// The direction of a move changing the row by `dr` and the column by `dc` (not
    /// both 0): their signs.
    pub fn of(dr: i32, dc: i32) -> Direction {
        match (dr.signum(), dc.signum()) {
            (-1, 0) => Direction::Up,
            (1, 0) => Direction::Down,
            (0, -1) => Direction::Left,
            (0, 1) => Direction::Right,
            (-1, -1) => Direction::UpLeft,
            (-1, 1) => Direction::UpRight,
            (1, -1) => Direction::DownLeft,
            _ => Direction::DownRight,
        }
    }
}

/// What moving onto an enemy piece does.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Capture {
    /// Nothing: an enemy piece blocks the way like an own piece.
    #[default]
    None,
    /// The mover has won: both pieces stand on that cell and the game is over (river,
    /// chase).
    Wins,
    /// The enemy piece is removed; a side with no pieces left has lost.
    Removes,
}

/// A goal row.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Goal {
    /// No goal row.
    #[default]
    None,
    /// A piece in row 1 wins (river's black).
    Top,
    /// A piece in the last row wins.
    Bottom,
}

/// A straight run of cells a piece may move to, `len` of them, one after the other in
/// the direction `(dr, dc)` from its cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ray {
    /// Row change of one step.
    pub dr: i32,
    /// Column change of one step.
    pub dc: i32,
    /// How many steps the run has.
    pub len: u16,
    /// True: each cell needs the cells before it empty (a slide); false: each cell is
    /// reached on its own, over whatever lies before it (a jump).
    pub slide: bool,
}

fn default_game_name() -> String {
    "A composed game".to_string()
}

fn one() -> i64 {
    1
}

fn orthogonal() -> Vec<MoveKind> {
    vec![MoveKind::Orthogonal]
}

/// A field of the rules, as a [`Fault`] names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    /// A top-level key.
    Top(&'static str),
    /// A key of side `i` (0-based, in the file's order); the side's table itself when the
    /// key is not written.
    Side(usize, &'static str),
    /// The list of sides.
    Sides,
}

/// A rule that the engine cannot play: the field at fault and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fault {
    /// The field.
    pub field: Field,
    /// What is wrong.
    pub message: Message,
}

impl Fault {
    fn new(field: Field, message: impl Into<Message>) -> Fault {
        Fault {
            field,
            message: message.into(),
        }
    }
}

impl Rules {
    /// Checks that the engine can play these rules: two sides, names, letters and
    /// colours that tell them apart, piece counts and distances within the limits, a
    /// side that can move, and no position with more than [`MAX_PARENTS`] ways back
    /// into it. (The `board`, if any, is checked against the rules by [`super::text`].)
    ///
    /// # Errors
    /// The first fault found, in the file's order.
    pub fn check(&self) -> Result<(), Fault> {
        let name = self.name.chars().count();
        if name == 0 || name > MAX_GAME_NAME || self.name.chars().any(char::is_control) {
            return Err(Fault::new(
                Field::Top("name"),
                Message::new(words::RULES_GAME_NAME).with("max", MAX_GAME_NAME),
            ));
        }
        let [a, b] = self.side.as_slice() else {
            return Err(Fault::new(
                Field::Sides,
                Message::new(words::RULES_SIDE_COUNT).with("found", self.side.len()),
            ));
        };
        a.check(0)?;
        b.check(1)?;
        if a.name.to_lowercase() == b.name.to_lowercase() {
            return Err(Fault::new(
                Field::Side(1, "name"),
                Message::new(words::RULES_SAME_NAME).with("name", format!("{:?}", b.name)),
            ));
        }
        if a.letter == b.letter {
            return Err(Fault::new(
                Field::Side(1, "letter"),
                Message::new(words::RULES_SAME_LETTER).with("letter", format!("{:?}", b.letter)),
            ));
        }
        if let Some(first) = &self.first {
            if self.side.iter().all(|s| &s.name != first) {
                return Err(Fault::new(
                    Field::Top("first"),
                    Message::new(words::RULES_FIRST)
                        .with("a", format!("{:?}", a.name))
                        .with("b", format!("{:?}", b.name))
                        .with("found", format!("{:?}", shortened(first))),
                ));
            }
        }
        Ok(())
    }

    /// The index (in the file's order) of the side that moves first.
    pub fn first_side(&self) -> usize {
        let named = |first: &String| self.side.iter().position(|s| &s.name == first);
        self.first.as_ref().and_then(named).unwrap_or(0)
    }

    /// The side's colour, `#rrggbb`.
    pub fn colour(&self, side: usize) -> &str {
        self.side[side]
            .colour
            .as_deref()
            .unwrap_or(DEFAULT_COLOURS[side])
    }

    /// Whether side `side`'s pieces can be removed (the other side's captures remove),
    /// so that its positions hold from 0 to all of its pieces.
    pub fn removable(&self, side: usize) -> bool {
        self.side[1 - side].capture == Capture::Removes
    }
}

impl SideRules {
    /// Checks this side's own fields; `index` is its place in the file (0-based).
    fn check(&self, index: usize) -> Result<(), Fault> {
        let at = |key| Field::Side(index, key);
        let name = self.name.chars().count();
        if name == 0
            || name > MAX_SIDE_NAME
            || self.name.chars().any(char::is_control)
            || self.name.trim() != self.name
        {
            return Err(Fault::new(
                at("name"),
                Message::new(words::RULES_WORDS).with("max", MAX_SIDE_NAME),
            ));
        }
        if self.name.eq_ignore_ascii_case("tie") {
            return Err(Fault::new(at("name"), words::RULES_TIE));
        }
        if let Some(win) = &self.win {
            let words = win.chars().count();
            if words == 0
                || words > MAX_WIN_WORDS
                || win.chars().any(char::is_control)
                || win.trim() != win
            {
                return Err(Fault::new(
                    at("win"),
                    Message::new(words::RULES_WORDS).with("max", MAX_WIN_WORDS),
                ));
            }
        }
        if !is_letter(self.letter) {
            return Err(Fault::new(
                at("letter"),
                Message::new(words::RULES_LETTER)
                    .with("found", format!("{:?}", self.letter))
                    .with("hex", format!("{:04X}", u32::from(self.letter))),
            ));
        }
        if let Some(colour) = &self.colour {
            let hex = colour.strip_prefix('#').unwrap_or("");
            if hex.len() != 6 || !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
                return Err(Fault::new(
                    at("colour"),
                    Message::new(words::RULES_COLOUR)
                        .with("found", format!("{:?}", shortened(colour))),
                ));
            }
        }
        if !(1..=MAX_PIECES as i64).contains(&self.pieces) {
            return Err(Fault::new(
                at("pieces"),
                Message::new(words::RULES_RANGE)
                    .with("max", MAX_PIECES)
                    .with("found", self.pieces),
            ));
        }
        if self.moves.is_empty() {
            return Err(Fault::new(at("moves"), words::RULES_NO_MOVES));
        }
        if let Some(twice) = repeated(&self.moves) {
            return Err(Fault::new(
                at("moves"),
                Message::new(words::RULES_TWICE).with("item", kebab(twice)),
            ));
        }
        if !(1..=MAX_DISTANCE).contains(&self.distance) {
            return Err(Fault::new(
                at("distance"),
                Message::new(words::RULES_RANGE)
                    .with("max", MAX_DISTANCE)
                    .with("found", self.distance),
            ));
        }
        let lines = self.moves.iter().any(|&k| k != MoveKind::Knight);
        if self.distance > 1 && !lines {
            return Err(Fault::new(at("distance"), words::RULES_KNIGHT_DISTANCE));
        }
        if self.jump && self.distance < 2 {
            return Err(Fault::new(at("jump"), words::RULES_JUMP));
        }
        if let Some(twice) = repeated(&self.never) {
            return Err(Fault::new(
                at("never"),
                Message::new(words::RULES_TWICE).with("item", kebab(twice)),
            ));
        }
        let rays = self.rays();
        if rays.is_empty() {
            return Err(Fault::new(at("never"), words::RULES_NEVER_MOVES));
        }
        let per_piece: i64 = rays.iter().map(|r| i64::from(r.len)).sum();
        let removes = if self.capture == Capture::Removes {
            2
        } else {
            1
        };
        let ways = self.pieces * per_piece * removes;
        if ways > MAX_PARENTS as i64 {
            let code = if removes == 2 {
                words::RULES_WAYS_REMOVING
            } else {
                words::RULES_WAYS
            };
            // One piece has at most 16 moves, 32 ways with removals: the distance is too
            // long, and is the key written. With more pieces, `pieces` is written.
            let (key, fewer) = if self.pieces == 1 {
                ("distance", words::RULES_FEWER_DIRECTIONS)
            } else {
                ("pieces", words::RULES_FEWER_PIECES)
            };
            return Err(Fault::new(
                at(key),
                Message::new(code)
                    .with(
                        "pieces",
                        Message::new(words::RULES_PIECES).with("count", self.pieces),
                    )
                    .with(
                        "moves",
                        Message::new(words::RULES_MOVES).with("count", per_piece),
                    )
                    .with("ways", ways)
                    .with("max", MAX_PARENTS)
                    .with("fewer", fewer),
            ));
        }
        Ok(())
    }

    /// The runs of cells this side's pieces move along, the forbidden directions left
    /// out: one per allowed orthogonal or diagonal direction (`distance` long, a slide
    /// unless `jump`), one of length 1 per allowed knight jump.
    pub fn rays(&self) -> Vec<Ray> {
        const ORTHOGONAL: [(i32, i32); 4] = [(-1, 0), (1, 0), (0, -1), (0, 1)];
        const DIAGONAL: [(i32, i32); 4] = [(-1, -1), (-1, 1), (1, -1), (1, 1)];
        const KNIGHT: [(i32, i32); 8] = [
            (-2, -1),
            (-2, 1),
            (-1, -2),
            (-1, 2),
            (1, -2),
            (1, 2),
            (2, -1),
            (2, 1),
        ];
        let len = u16::try_from(self.distance).unwrap_or(1);
        let mut rays = Vec::new();
        for kind in &self.moves {
            let (deltas, len, slide): (&[(i32, i32)], u16, bool) = match kind {
                MoveKind::Orthogonal => (&ORTHOGONAL, len, !self.jump),
                MoveKind::Diagonal => (&DIAGONAL, len, !self.jump),
                MoveKind::Knight => (&KNIGHT, 1, false),
            };
            for &(dr, dc) in deltas {
                if !self.never.contains(&Direction::of(dr, dc)) {
                    rays.push(Ray { dr, dc, len, slide });
                }
            }
        }
        rays
    }
}

/// Whether `c` may be a piece's letter (RULES §6): one character that can be seen on a
/// board, other than `.` and `#` (the empty cell and the obstacle). White space and control
/// characters cannot be seen, nor can characters of display width 0 by Unicode's width
/// rules: combining marks such as U+0301, which merge into the character before them,
/// and the zero-width and default-ignorable characters such as U+200B and U+FEFF. One
/// default-ignorable character has width 2 there (U+115F, the Hangul filler that starts a
/// syllable), and is refused by name.
pub fn is_letter(c: char) -> bool {
    !matches!(c, '.' | '#' | '\u{115f}')
        && !c.is_whitespace()
        && !c.is_control()
        && c.width().is_some_and(|width| width > 0)
}

/// What the value of the key `key` may be, in words (RULES §6's table), for messages that
/// say what was found instead: a side's key when `in_side`, else a top-level one. `None`
/// for a key that is none of the rules'.
pub fn allowed(in_side: bool, key: &str) -> Option<Message> {
    fn at_most(code: Code, max: impl Into<Arg>) -> Message {
        Message::new(code).with("max", max)
    }
    let words = match (in_side, key) {
        (false, "name") => at_most(words::ALLOWED_GAME_NAME, MAX_GAME_NAME),
        (false, "first") => Message::new(words::ALLOWED_FIRST),
        (false, "stuck") => Message::new(words::ALLOWED_STUCK),
        (false, "board") => Message::new(words::ALLOWED_BOARD),
        (false, "side") => Message::new(words::ALLOWED_SIDES),
        (true, "name") => at_most(words::ALLOWED_GAME_NAME, MAX_SIDE_NAME),
        (true, "win") => at_most(words::ALLOWED_GAME_NAME, MAX_WIN_WORDS),
        (true, "letter") => Message::new(words::ALLOWED_LETTER),
        (true, "colour") => Message::new(words::ALLOWED_COLOUR),
        (true, "pieces") => at_most(words::ALLOWED_RANGE, MAX_PIECES),
        (true, "moves") => Message::new(words::ALLOWED_MOVES),
        (true, "distance") => at_most(words::ALLOWED_RANGE, MAX_DISTANCE),
        (true, "jump") => Message::new(words::ALLOWED_BOOLEAN),
        (true, "never") => Message::new(words::ALLOWED_NEVER),
        (true, "capture") => Message::new(words::ALLOWED_CAPTURE),
        (true, "goal") => Message::new(words::ALLOWED_GOAL),
        _ => return None,
    };
    Some(words)
}

/// `text` as a message quotes it: at most [`MAX_QUOTED`] characters, a longer text cut
/// with an ellipsis (a value may be as long as the 64 KiB rules file).
pub fn shortened(text: &str) -> String {
    match text.char_indices().nth(MAX_QUOTED) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text.to_string(),
    }
}

/// The first item listed twice, if any.
fn repeated<T: PartialEq + Copy>(items: &[T]) -> Option<T> {
    items
        .iter()
        .enumerate()
        .find(|&(i, item)| items[..i].contains(item))
        .map(|(_, &item)| item)
}

/// A value as the rules file writes it: `"up-left"`.
fn kebab<T: Serialize>(value: T) -> String {
    toml::Value::try_from(value).map_or_else(|e| e.to_string(), |v| v.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A rules file of two one-piece sides, Red ("R", moving diagonally) and Blue ("B"),
    /// with the lines `top` added at the file's top and `red` to Red's table.
    fn rules_text(top: &str, red: &str) -> String {
        format!(
            "{top}\n[[side]]\nname = \"Red\"\nletter = \"R\"\npieces = 1\nmoves = [\"diagonal\"]\n{red}\n\
             [[side]]\nname = \"Blue\"\nletter = \"B\"\npieces = 1\n"
        )
    }

    fn read(top: &str, red: &str) -> Result<Rules, String> {
        rules_text(top, red)
            .parse::<Rules>()
            .map_err(|e| e.to_string())
    }

    #[test]
    fn names_up_to_their_limits_are_read_and_one_more_is_refused() {
        let game = |n: usize| format!("name = \"{}\"", "g".repeat(n));
        assert_eq!(
            read(&game(MAX_GAME_NAME), "").unwrap().name.len(),
            MAX_GAME_NAME
        );
        let error = read(&game(MAX_GAME_NAME + 1), "").unwrap_err();
        assert!(
            error.starts_with("line 1: name: must be 1 to 60"),
            "{error}"
        );
        let error = read("name = \"a\\tb\"", "").unwrap_err();
        assert!(
            error.starts_with("line 1: name: must be 1 to 60"),
            "{error}"
        );

        // Red's `name` line replaced: a side's name is its table's first key.
        let side =
            |n: usize| rules_text("", "").replace("\"Red\"", &format!("\"{}\"", "r".repeat(n)));
        assert!(side(MAX_SIDE_NAME).parse::<Rules>().is_ok());
        let error = side(MAX_SIDE_NAME + 1)
            .parse::<Rules>()
            .unwrap_err()
            .to_string();
        assert!(error.contains("must be 1 to 24 characters"), "{error}");
    }

    #[test]
    fn a_side_s_win_wording_is_read_up_to_its_limit_and_named_at_its_line() {
        let win = |words: &str| read("", &format!("win = \"{words}\""));
        let red = win("The reds win").unwrap();
        assert_eq!(red.side[0].win.as_deref(), Some("The reds win"));
        assert_eq!(red.side[1].win, None);
        assert!(win(&"w".repeat(MAX_WIN_WORDS)).is_ok());
        // Red's table: line 2 `[[side]]`, … line 7 its `win`.
        for bad in [
            "w".repeat(MAX_WIN_WORDS + 1),
            String::new(),
            " Red wins".into(),
            "Red\\twins".into(),
        ] {
            let error = win(&bad).unwrap_err();
            assert!(
                error.starts_with("line 7: side 1, win: must be 1 to 40 characters"),
                "{bad:?}: {error}"
            );
        }
    }

    #[test]
    fn a_side_may_have_max_parents_ways_back_into_a_position_and_no_more() {
        // One piece, four diagonal rays of `distance` cells each.
        assert!(read("", "distance = 16").is_ok(), "4 × 16 = 64 ways");
        let error = read("", "distance = 17").unwrap_err();
        assert!(
            error.contains("= 68 ways back into a position, more than the 64"),
            "{error}"
        );
    }

    #[test]
    fn a_letter_is_one_character_that_shows_on_a_board() {
        for c in [
            'O', 'n', '7', '*', 'é', 'ß', 'Ж', '♞', '馬', '😀', '\u{93f}',
        ] {
            assert!(is_letter(c), "{c:?} shows");
        }
        let invisible = [
            ' ',
            '\t',
            '\u{a0}',
            '\u{3000}',
            '\u{7}',
            '\u{85}', // white space, controls
            '\u{301}',
            '\u{20dd}',
            '\u{94d}',
            '\u{e31}', // combining marks (Mn, Me)
            '\u{200b}',
            '\u{200d}',
            '\u{feff}',
            '\u{ad}',
            '\u{202e}',
            '\u{2062}', // format
            '\u{fe0f}',
            '\u{e0041}',
            '\u{3164}',
            '\u{115f}',
            '\u{1160}', // other ignorables
        ];
        for c in invisible.into_iter().chain(['.', '#']) {
            assert!(!is_letter(c), "{c:?} is refused");
        }
    }

    #[test]
    fn a_file_without_a_name_is_a_composed_game_moved_first_by_its_first_side() {
        let rules = read("", "").unwrap();
        assert_eq!(rules.name, "A composed game");
        assert_eq!(rules.first_side(), 0);
        assert_eq!(read("first = \"Blue\"", "").unwrap().first_side(), 1);
    }

    #[test]
    fn a_side_without_a_colour_has_its_default_one() {
        let rules = read("", "colour = \"#123456\"").unwrap();
        assert_eq!(
            [rules.colour(0), rules.colour(1)],
            ["#123456", DEFAULT_COLOURS[1]]
        );
        assert_eq!(read("", "").unwrap().colour(0), DEFAULT_COLOURS[0]);
    }

    #[test]
    fn never_takes_away_exactly_the_direction_it_names() {
        let diagonals = [
            ("up-left", (-1, -1)),
            ("up-right", (-1, 1)),
            ("down-left", (1, -1)),
            ("down-right", (1, 1)),
        ];
        for (name, gone) in diagonals {
            let rules = read("", &format!("never = [\"{name}\"]")).unwrap();
            let rays: Vec<(i32, i32)> = rules.side[0].rays().iter().map(|r| (r.dr, r.dc)).collect();
            let left: Vec<(i32, i32)> = diagonals
                .iter()
                .map(|d| d.1)
                .filter(|&d| d != gone)
                .collect();
            assert_eq!(rays, left, "never = [{name:?}]");
        }
    }
}
