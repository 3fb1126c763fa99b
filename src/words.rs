//! The engine's messages as data: a [`Message`] is a [`Code`] and named arguments, and
//! this module is the one list of codes ([`ALL`]) with each one's English. The command
//! line prints a message's English ([`Message`]'s `Display`, byte for byte what it always
//! printed); the page gets the code and the arguments (`src/wasm/`) and says them in its
//! own language from its catalogs (`www/words/en.js`, `zh.js`: one key per code, the
//! same `{name}`s). A test of the page compares each code's English here with en.js's.
//!
//! A message written inside another (what was expected, which board) is an argument that
//! is itself a message, so that both are said in one language. Numbers are arguments
//! too: the page writes them its language's way. Text the engine does not word — a
//! character found, a field's name, a value quoted, a parser's own words — is a text
//! argument, shown as it is in every language.

use std::fmt;

/// A message's English: a text with `{name}` for each argument, or two forms chosen by
/// the argument `count` (1: `one`), as the page's catalogs write plurals.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum English {
    /// One form.
    Text(&'static str),
    /// The forms for a `count` of 1 and for any other.
    Plural {
        /// For 1.
        one: &'static str,
        /// For any other count.
        other: &'static str,
    },
}

/// A kind of message: its key in the page's catalogs and its English.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Code {
    /// The catalogs' key: `engine.<family>.<name>`.
    pub key: &'static str,
    /// What the command line prints.
    pub english: English,
}

impl Code {
    /// The English of a code of one form, as a constant (a game's format, which the
    /// command line's `--help` prints).
    pub const fn text(self) -> &'static str {
        match self.english {
            English::Text(text) => text,
            English::Plural { .. } => panic!("a plural has no single text"),
        }
    }
}

/// An argument of a message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Arg {
    /// A number (the page writes it its language's way).
    Number(i64),
    /// Text shown as it is in every language.
    Text(String),
    /// Words of their own, said in the message's language.
    Words(Box<Message>),
}

/// What the engine says: a code and its arguments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Message {
    /// Which message.
    pub code: Code,
    /// Its arguments, by name.
    pub args: Vec<(&'static str, Arg)>,
}

/// An error that the engine words ([`Message`]); its `Display` is the message's English.
pub trait Worded {
    /// The message.
    fn words(&self) -> Message;
}

impl Message {
    /// `code` without arguments (yet).
    pub fn new(code: Code) -> Message {
        Message {
            code,
            args: Vec::new(),
        }
    }

    /// The message with the argument `name` added.
    #[must_use]
    pub fn with(mut self, name: &'static str, value: impl Into<Arg>) -> Message {
        self.args.push((name, value.into()));
        self
    }

    /// The argument `name`, if given.
    fn arg(&self, name: &str) -> Option<&Arg> {
        self.args.iter().find(|(n, _)| *n == name).map(|(_, a)| a)
    }
}

impl fmt::Display for Message {
    /// The English: each `{name}` of the code's text that names an argument replaced by
    /// it (others left as they are, as the page's `t` does).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self.code.english {
            English::Text(text) => text,
            English::Plural { one, other } => match self.arg("count") {
                Some(Arg::Number(1)) => one,
                _ => other,
            },
        };
        let mut rest = text;
        while let Some(open) = rest.find('{') {
            f.write_str(&rest[..open])?;
            let after = &rest[open + 1..];
            let name = after
                .find('}')
                .map(|close| &after[..close])
                .filter(|name| name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'));
            match name.and_then(|name| self.arg(name).map(|arg| (name, arg))) {
                Some((name, arg)) => {
                    arg.fmt(f)?;
                    rest = &after[name.len() + 1..];
                }
                None => {
                    f.write_str("{")?;
                    rest = after;
                }
            }
        }
        f.write_str(rest)
    }
}

impl fmt::Display for Arg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Arg::Number(n) => n.fmt(f),
            Arg::Text(text) => f.write_str(text),
            Arg::Words(message) => message.fmt(f),
        }
    }
}

impl From<Code> for Message {
    fn from(code: Code) -> Message {
        Message::new(code)
    }
}

impl From<Message> for Arg {
    fn from(message: Message) -> Arg {
        Arg::Words(Box::new(message))
    }
}

impl From<Code> for Arg {
    fn from(code: Code) -> Arg {
        Message::new(code).into()
    }
}

impl From<String> for Arg {
    fn from(text: String) -> Arg {
        Arg::Text(text)
    }
}

impl From<&str> for Arg {
    fn from(text: &str) -> Arg {
        Arg::Text(text.to_string())
    }
}

impl From<char> for Arg {
    fn from(c: char) -> Arg {
        Arg::Text(c.to_string())
    }
}

/// Integer arguments: a count or size beyond `i64` (none is) saturates.
macro_rules! numbers {
    ($($t:ty),*) => {$(
        impl From<$t> for Arg {
            fn from(n: $t) -> Arg {
                Arg::Number(i64::try_from(n).unwrap_or(i64::MAX))
            }
        }
    )*};
}
numbers!(i64, u64, usize, u32, u16, u8, i32);

/// `message` about line `line` of a text (a contest input, a rules file): "line 3: …".
pub fn at_line(line: usize, message: &Message) -> Message {
    Message::new(LINE)
        .with("line", line)
        .with("message", message.clone())
}

/// `Display` for errors the engine words ([`Worded`]): their message's English, what the
/// command line prints.
macro_rules! english {
    ($($t:ty),+ $(,)?) => {$(
        impl std::fmt::Display for $t {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                std::fmt::Display::fmt(&$crate::words::Worded::words(self), f)
            }
        }
    )+};
}
pub(crate) use english;

/// The list of codes: `NAME = "key": English;` makes a constant per code and [`ALL`].
macro_rules! codes {
    ($($(#[$doc:meta])* $name:ident = $key:literal: $english:expr;)+) => {
        $($(#[$doc])* pub const $name: Code = Code { key: $key, english: $english };)+
        /// Every code, in the order of this list.
        pub const ALL: &[Code] = &[$($name),+];
    };
}

/// One form.
const fn text(text: &'static str) -> English {
    English::Text(text)
}

/// Two forms, by `count`.
const fn plural(one: &'static str, other: &'static str) -> English {
    English::Plural { one, other }
}

codes! {
    // A board's text (src/grid.rs).
    GRID_EMPTY = "engine.grid.empty": text("the board has no rows");
    GRID_ROW_LENGTH = "engine.grid.row-length":
        text("row {row} has {found} cells, expected {expected} like the first row");
    GRID_UNKNOWN_CHAR = "engine.grid.unknown-char":
        text("row {row}, column {col}: unknown character {found} (expected one of {allowed})");
    GRID_TOO_LARGE = "engine.grid.too-large":
        text("the board has {cells} cells; at most {max} are supported");

    // River's boards.
    RIVER_TOO_FEW_ROWS = "engine.river.too-few-rows": text("the board needs at least {min} rows");
    RIVER_RED_COUNT = "engine.river.red-count": plural(
        "the board has {count} red piece (O), it needs exactly 2",
        "the board has {count} red pieces (O), it needs exactly 2",
    );
    RIVER_BLACK_COUNT = "engine.river.black-count": plural(
        "the board has {count} black piece (X), it needs exactly 1",
        "the board has {count} black pieces (X), it needs exactly 1",
    );
    RIVER_BLACK_ON_FIRST_ROW = "engine.river.black-on-first-row":
        text("row 1, column {col}: the black piece (X) may not start in the top row");
    RIVER_LIMIT = "engine.river.limit": text("river boards of at most {cells} cells (24×24)");

    // Chase's boards and queries.
    CHASE_SIZE = "engine.chase.size":
        text("the board is {rows}×{cols}; chase needs a square board of side {min} to {max}");
    CHASE_OBSTACLE = "engine.chase.obstacle": text("cell {at}: chase boards have no obstacles");
    CHASE_WHITE_OFF_BOARD = "engine.chase.white-off-board":
        text("the white piece at {at} is outside the board");
    CHASE_BLACK_OFF_BOARD = "engine.chase.black-off-board":
        text("the black piece at {at} is outside the board");
    CHASE_SAME_CELL = "engine.chase.same-cell":
        text("the white and black pieces both stand on cell {at}");
    CHASE_PIECE_COUNT = "engine.chase.piece-count": text(
        "the board has {white} white (W) and {black} black (B) pieces, it needs exactly one of each"
    );
    CHASE_QUERY_SAME_CELL = "engine.chase.query-same-cell":
        text("white and black both stand on cell {at}; they must start on different cells");
    CHASE_QUERY_LINE = "engine.chase.query-line": text("a query line `n r1 c1 r2 c2`");

    // Tableau's boards.
    TABLEAU_SIZE = "engine.tableau.size":
        text("the board is {rows}×{cols}; both sides must be at least 1");
    TABLEAU_TOO_MANY = "engine.tableau.too-many": text(
        "a {rows}×{cols} board has C({perimeter}, {rows}) = {positions} staircase positions; \
         retrolab solves tableau boards of at most {max} (12×12 fits)"
    );
    TABLEAU_TOO_LARGE = "engine.tableau.too-large": text(
        "a {rows}×{cols} board is too large; retrolab solves tableau boards with \
         n + m ≤ {perimeter} and at most {max} staircase positions"
    );
    TABLEAU_WEIGHT_COUNT = "engine.tableau.weight-count":
        text("table {table} has {found} entries, expected {expected}");
    TABLEAU_WEIGHT = "engine.tableau.weight":
        text("{table}[{row}][{col}] = {value} is outside 0..={max}");
    TABLEAU_ROW_COUNT = "engine.tableau.row-count":
        text("row {row} of table {table} has {found} numbers, expected m = {m}");
    TABLEAU_ROW = "engine.tableau.row": text("row {row} of table {table}");
    TABLEAU_TABLE = "engine.tableau.table": text("table {table}");
    TABLEAU_SIZE_LINE = "engine.tableau.size-line": text("the size line `n m`");

    // Composed games' boards.
    CUSTOM_COUNT = "engine.custom.count": plural(
        "the board has {count} piece of {side} ({letter}), it needs exactly {needed}",
        "the board has {count} pieces of {side} ({letter}), it needs exactly {needed}",
    );
    CUSTOM_ON_GOAL = "engine.custom.on-goal":
        text("row {row}, column {col}: {side}'s piece ({letter}) may not start on its goal row");
    CUSTOM_LIMIT = "engine.custom.limit": text("composed boards of at most {cells} cells (32×32)");

    // The memory a board's analysis needs (river's and composed games' needs.rs).
    NEEDS_RIVER = "engine.needs.river": text(
        "the board needs {answer} to answer its start and {table} for its whole table; \
         retrolab solves river boards needing at most {answerLimit} and {tableLimit} \
         (what the open {side}×{side} board needs)"
    );
    NEEDS_CUSTOM = "engine.needs.custom": text(
        "the board needs {answer} to answer its start and {table} for its whole table; \
         retrolab solves composed boards needing at most {answerLimit} and {tableLimit} \
         (what the open {side}×{side} river board needs, composed)"
    );
    NEEDS_MEGABYTES = "engine.needs.megabytes": text("{mb} MB");
    NEEDS_MORE_THAN = "engine.needs.more-than": text("more than {mb} MB");

    // What each game is: its rules in a line and its contest format (the page's rule line and
    // batch view; the format is the command line's `--help` too).
    RIVER_SUMMARY = "engine.river.summary": text(
        "Red (two pieces, moves first) must stop the black pawn reaching the top \
                row. Landing on an enemy piece wins; a side that cannot move loses."
    );
    CHASE_SUMMARY = "engine.chase.summary": text(
        "White moves first, one cell; Black moves one or two cells in a line. \
                Moving onto the other piece wins."
    );
    TABLEAU_SUMMARY = "engine.tableau.summary": text(
        "Stones fill the board as a staircase from the top-left, one per turn: A \
                scores for the first player, B for the second; first − second decides."
    );
    CUSTOM_SUMMARY = "engine.custom.summary":
        text("{name}: {first} ({firstPieces}, moves first) against {second} ({secondPieces}). {end}");
    CUSTOM_STUCK_LOSES = "engine.custom.stuck-loses": text("A side that cannot move loses.");
    CUSTOM_STUCK_WINS = "engine.custom.stuck-wins": text("A side that cannot move wins.");
    CUSTOM_STUCK_DRAWS = "engine.custom.stuck-draws": text("A side that cannot move draws.");
    CUSTOM_REMOVES = "engine.custom.removes":
        text("{stuck} A side with no pieces left loses.");
    RIVER_FORMAT = "engine.river.format": text(
        "过河卒 (RULES §1). Input: a line `id T`, then T boards, each a line \
    `n m` followed by n rows of m characters: `.` empty, `#` obstacle, `O` red piece (exactly \
    two), `X` black piece (exactly one, not in row 1). Boards up to 576 cells (24×24) \
    needing at most 128 MB to answer (what the open 24×24 board needs; boards with rows \
    longer than 24 cells need more, RULES §1). \
    Output, one line per board: `Red N` or `Black N` (the winner and the number of moves \
    both sides make under optimal play) or `Tie`."
    );
    CHASE_FORMAT = "engine.chase.format": text(
        "棋盘游戏 (RULES §2). Input: any number of lines `n r1 c1 r2 c2`: an \
    n×n board (n from 2 to 32), white at row r1 column c1, black at r2 c2 (1-based, distinct \
    cells); blank lines are skipped. Output, one line per query: `WHITE N` or `BLACK N` \
    (the winner and the number of moves both sides make)."
    );
    TABLEAU_FORMAT = "engine.tableau.format": text(
        "一双木棋 (RULES §3). Input: a line `n m`, then n lines of m integers \
    (table A, the first player's points), then n lines of m integers (table B); points \
    0..=100000. Boards with n + m ≤ 64 and C(n+m, n) ≤ 4194304 staircases (12×12 fits). \
    Output: one integer, the first player's total minus the second's."
    );
    CUSTOM_FORMAT = "engine.custom.format": text(
        "a game of rules you compose (RULES §6): `retrolab custom --rules \
    FILE`, FILE a rules file (`retrolab rules <PRESET>` prints one). Input as river's: a line \
    `id T`, then T boards, each a line `n m` followed by n rows of m characters: `.` empty, \
    `#` obstacle, or a side's letter for each of its pieces. Boards up to 1024 cells, needing \
    at most 1908 MB (what the open 24×24 river board needs, composed). Output, \
    one line per board: the winner's name and the number of moves both sides make under \
    optimal play, or `Tie`."
    );

    // Contest inputs (src/contest/, each game's contest.rs).
    LINE = "engine.line": text("line {line}: {message}");
    CONTEST_CANNOT_READ = "engine.contest.cannot-read": text("cannot read input: {error}");
    CONTEST_TOO_LARGE = "engine.contest.too-large": text("input is larger than {max} bytes");
    CONTEST_NOT_UTF8 = "engine.contest.not-utf8": text("input is not valid UTF-8 text");
    CONTEST_END = "engine.contest.end": text("expected {what}, found the end of the input");
    CONTEST_AFTER = "engine.contest.after": text("unexpected text after {after}");
    CONTEST_STRAY = "engine.contest.stray": text(
        "column {column}: unexpected {found} (U+{hex}); fields are separated by spaces or \
         tabs, and a line ends in \\n or \\r\\n"
    );
    CONTEST_TOO_FEW = "engine.contest.too-few": text("expected {count} numbers ({names}), found too few");
    CONTEST_MORE = "engine.contest.more": text("expected {count} numbers ({names}), found more");
    CONTEST_NOT_INTEGER = "engine.contest.not-integer": text("{name} must be an integer, found {found}");
    CONTEST_OUT_OF_RANGE = "engine.contest.out-of-range":
        text("{name} must be between {min} and {max}, found {found}");
    CONTEST_BOARD_SIZE = "engine.contest.board-size":
        text("board {index} is {rows}×{cols} = {cells} cells; retrolab solves {limit}");
    CONTEST_ROW_CELLS = "engine.contest.row-cells":
        text("row {row} of board {index} has {found} cells, expected m = {m}");
    CONTEST_BOARD_FAULT = "engine.contest.board-fault": text("board {index}: {message}");
    CONTEST_NO_PROBLEM = "engine.contest.no-problem": text("no problem");
    CONTEST_HEADER = "engine.contest.header": text("the header line `id T`");
    CONTEST_SIZE_LINE = "engine.contest.size-line": text("the size line `n m` of board {index}");
    CONTEST_ROW = "engine.contest.row": text("row {row} of board {index}");
    CONTEST_LAST_BOARD = "engine.contest.last-board": text("the last board (T = {boards})");
    CONTEST_BOARD = "engine.contest.board": text("board {index}");

    // A whole input that got no answers (src/contest/mod.rs's AnswerError).
    ANSWER_FAILED = "engine.answer.failed": text("{what}: {error}");
    ANSWER_READING = "engine.answer.reading": text("reading the input");
    ANSWER_PROBLEMS = "engine.answer.problems": text("the problems");
    ANSWER_ANSWERS = "engine.answer.answers": text("the answers");
    MEMORY_REFUSED = "engine.memory.refused": text("needs {mb} MB, could not reserve it");
    SOLVE_REMOTENESS = "engine.solve.remoteness":
        text("a line of optimal play is longer than {max} moves, the longest retrolab can record");

    // What the page asks of the engine (src/analysis/, src/wasm/).
    UNKNOWN_GAME = "engine.unknown-game": text("unknown game {name} ({names} or {last})");
    NO_POSITION = "engine.no-position": text("no position {position}");
    NO_MOVABLE_PIECES = "engine.no-movable-pieces": text("this game has no pieces that move");
    NO_SUCH_PIECE = "engine.no-such-piece": text("piece {piece} does not exist ({pieces} pieces)");
    TABLES_MEMORY = "engine.tables-memory": text("the game's tables: could not reserve their memory");
    EXPLAIN_UNSOLVED = "engine.explain.unsolved": text("the analysis is not finished yet");
    EXPLAIN_OTHER = "engine.explain.other-analysis":
        text("this explanation belongs to another analysis");
    EXPLAIN_WALK_MEMORY = "engine.explain.walk-memory": text("walking the proof {refusal}");
    BOARD_SHAPE = "engine.board-shape":
        text("a board is {rows, cols, cells} or {rows, cols, a, b}: {error}");
    BOARD_LISTS = "engine.board-lists":
        text("a {rows}×{cols} board has {cells} cells, but its {list} has {found} entries");
    RULES_NEEDED = "engine.rules-needed": text("a composed game needs its rules file");
    NO_RULES_FILE = "engine.no-rules-file":
        text("the game {game} has fixed rules: it takes no rules file");
    NO_SIDE = "engine.no-side": text("the rules have no side {side}");

    // Rules files (src/games/custom/: rules.rs's checks, faults.rs's places, text.rs).
    RULES_FIELD = "engine.rules.field": text("{field}: {message}");
    RULES_SIDE = "engine.rules.side": text("side {side}");
    RULES_SIDE_KEY = "engine.rules.side-key": text("side {side}, {key}");
    RULES_TOO_LARGE = "engine.rules.too-large": text("the rules file is larger than {max} bytes");
    RULES_GAME_NAME = "engine.rules.game-name":
        text("must be 1 to {max} characters, without line breaks or tabs");
    RULES_SIDE_COUNT = "engine.rules.side-count":
        text("the rules need exactly 2 [[side]] tables, found {found}");
    RULES_SAME_NAME = "engine.rules.same-name":
        text("both sides are named {name}: their names must differ");
    RULES_SAME_LETTER = "engine.rules.same-letter":
        text("both sides use the letter {letter}: their letters must differ");
    RULES_FIRST = "engine.rules.first": text("must name a side ({a} or {b}), found {found}");
    RULES_WORDS = "engine.rules.words": text(
        "must be 1 to {max} characters, without line breaks or tabs, and not start or end with a space"
    );
    RULES_TIE = "engine.rules.tie":
        text("a side may not be named \"Tie\": that is the answer to a tie");
    RULES_LETTER = "engine.rules.letter": text(
        "may not be {found} (U+{hex}): a letter is one visible character (not a space, a \
         control, zero-width or format character, or a combining mark), other than '.' (an \
         empty cell) and '#' (an obstacle)"
    );
    RULES_COLOUR = "engine.rules.colour":
        text("must be written #rrggbb (six hexadecimal digits), found {found}");
    RULES_RANGE = "engine.rules.range": text("must be between 1 and {max}, found {found}");
    RULES_NO_MOVES = "engine.rules.no-moves":
        text("must list at least one of \"orthogonal\", \"diagonal\" and \"knight\"");
    RULES_TWICE = "engine.rules.twice": text("lists {item} twice");
    RULES_KNIGHT_DISTANCE = "engine.rules.knight-distance":
        text("applies to orthogonal and diagonal moves, and this side only makes knight moves");
    RULES_JUMP = "engine.rules.jump":
        text("true needs a distance of 2 or more (a move of one cell has nothing to jump over)");
    RULES_NEVER_MOVES = "engine.rules.never-moves":
        text("this side could never move: never forbids every direction its moves go in");
    RULES_WAYS = "engine.rules.ways": text(
        "{pieces} × {moves} each = {ways} ways back into a position, more than the {max} the \
         engine allows: use {fewer} or a shorter distance"
    );
    RULES_WAYS_REMOVING = "engine.rules.ways-removing": text(
        "{pieces} × {moves} each × 2 (a capture may have removed a piece) = {ways} ways back \
         into a position, more than the {max} the engine allows: use {fewer} or a shorter distance"
    );
    RULES_PIECES = "engine.rules.pieces": plural("{count} piece", "{count} pieces");
    RULES_MOVES = "engine.rules.moves": plural("{count} move", "{count} moves");
    RULES_FEWER_DIRECTIONS = "engine.rules.fewer-directions": text("fewer directions");
    RULES_FEWER_PIECES = "engine.rules.fewer-pieces": text("fewer pieces, directions");
    RULES_MUST_BE = "engine.rules.must-be": text("must be {allowed}, found {found}");
    RULES_FOUND = "engine.rules.found": text("found {found}");
    RULES_BECAUSE = "engine.rules.because": text("{found} ({reason})");
    RULES_NOTHING = "engine.rules.nothing": text("nothing");
    RULES_PARSER = "engine.rules.parser": text("{said}");
    RULES_UNKNOWN_KEY = "engine.rules.unknown-key":
        text("unknown field {found}, expected one of {allowed}");
    RULES_UNKNOWN_VALUE = "engine.rules.unknown-value":
        text("unknown variant {found}, expected one of {allowed}");
    RULES_MISSING_KEY = "engine.rules.missing-key": text("missing field {key}");
    RULES_DUPLICATE_KEY = "engine.rules.duplicate-key": text("duplicate key");
    RULES_DOTTED = "engine.rules.dotted": text(
        "{line}: too many dotted parts for one key; the rules file's keys are single words such as pieces"
    );
    RULES_QUOTED = "engine.rules.quoted": text("text is written in quotes");
    RULES_LEADING_ZERO = "engine.rules.leading-zero": text("a number may not start with 0");
    RULES_COMMA = "engine.rules.comma": text("a list's items are separated by commas");
    RULES_UNCLOSED = "engine.rules.unclosed": text("a list ends with ]");
    RULES_NESTED = "engine.rules.nested": text("lists or tables nested too deep");
    RULES_CLOSING_QUOTE = "engine.rules.closing-quote": text("the closing quote is missing");
    // `serde`'s words for a value of the wrong kind: what was found, what the field expects.
    RULES_WRONG_TYPE = "engine.rules.wrong-type": text("invalid type: {found}, expected {expected}");
    RULES_WRONG_VALUE = "engine.rules.wrong-value":
        text("invalid value: {found}, expected {expected}");
    RULES_WRONG_LENGTH = "engine.rules.wrong-length":
        text("invalid length {length}, expected {expected}");
    RULES_ENUM_KIND = "engine.rules.enum-kind": text("wanted string or table");
    FOUND_STRING = "engine.found.string": text("string {value}");
    FOUND_INTEGER = "engine.found.integer": text("integer `{value}`");
    FOUND_FLOAT = "engine.found.float": text("floating point `{value}`");
    FOUND_BOOLEAN = "engine.found.boolean": text("boolean `{value}`");
    FOUND_LIST = "engine.found.list": text("sequence");
    FOUND_TABLE = "engine.found.table": text("map");
    EXPECTED_NUMBER = "engine.expected.number": text("a whole number");
    EXPECTED_LIST = "engine.expected.list": text("a list like [\"a\", \"b\"]");
    EXPECTED_SIDE = "engine.expected.side": text("a table of a side's rules");
    EXPECTED_CHARACTER = "engine.expected.character": text("one character");
    EXPECTED_STRING = "engine.expected.string": text("a string");
    EXPECTED_FIELDS = "engine.expected.fields": text("{expected} with {fields} elements");
    // The TOML parser's words for the slips of a hand-edited file, as it says them.
    RULES_NO_EQUALS = "engine.rules.no-equals": text("key with no value, expected `=`");
    RULES_EXTRA_EQUALS = "engine.rules.extra-equals": text("extra `=`");
    RULES_EMPTY_KEY = "engine.rules.empty-key":
        text("unquoted keys cannot be empty, expected letters, numbers, `-`, `_`");
    RULES_UNCLOSED_TABLE = "engine.rules.unclosed-table": text("unclosed table, expected `]`");
    RULES_UNCLOSED_SIDES = "engine.rules.unclosed-sides":
        text("unclosed array table, expected {close}");
    RULES_LINE_END = "engine.rules.line-end":
        text("unexpected key or value, expected newline, `#`");
    RULES_EXTRA_COMMA = "engine.rules.extra-comma": text("extra comma in array, expected value");
    RULES_ESCAPE = "engine.rules.escape": text("missing escaped value, expected {escapes}");
    RULES_UNICODE = "engine.rules.unicode":
        text("too few unicode value digits, expected unicode hexadecimal value");
    RULES_UNDERSCORE = "engine.rules.underscore": text("`_` may only go between digits");
    RULES_FRACTION = "engine.rules.fraction": text("invalid fraction, expected digits");
    RULES_MANTISSA = "engine.rules.mantissa": text("invalid mantissa, expected digits");
    ALLOWED_GAME_NAME = "engine.allowed.game-name": text("1 to {max} characters in quotes");
    ALLOWED_FIRST = "engine.allowed.first": text("a side's name in quotes");
    ALLOWED_STUCK = "engine.allowed.stuck": text("\"loses\", \"wins\" or \"draws\"");
    ALLOWED_BOARD = "engine.allowed.board":
        text("rows of '.', '#' and the sides' letters in quotes");
    ALLOWED_SIDES = "engine.allowed.sides": text("[[side]] tables");
    ALLOWED_LETTER = "engine.allowed.letter": text("one visible character in quotes");
    ALLOWED_COLOUR = "engine.allowed.colour": text("\"#rrggbb\" (six hexadecimal digits)");
    ALLOWED_RANGE = "engine.allowed.range": text("between 1 and {max}");
    ALLOWED_MOVES = "engine.allowed.moves":
        text("a list of \"orthogonal\", \"diagonal\" and \"knight\"");
    ALLOWED_BOOLEAN = "engine.allowed.boolean": text("true or false");
    ALLOWED_NEVER = "engine.allowed.never":
        text("a list of directions such as \"up\" or \"down-left\"");
    ALLOWED_CAPTURE = "engine.allowed.capture": text("\"none\", \"wins\" or \"removes\"");
    ALLOWED_GOAL = "engine.allowed.goal": text("\"none\", \"top\" or \"bottom\"");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arguments_take_their_places_and_plurals_their_form() {
        let message = at_line(3, &Message::new(RIVER_RED_COUNT).with("count", 1usize));
        assert_eq!(
            message.to_string(),
            "line 3: the board has 1 red piece (O), it needs exactly 2"
        );
        let many = Message::new(RIVER_RED_COUNT).with("count", 3usize);
        assert_eq!(
            many.to_string(),
            "the board has 3 red pieces (O), it needs exactly 2"
        );
        // Braces that name no argument stay, as the page's `t` leaves them.
        let shape = Message::new(BOARD_SHAPE).with("error", "x");
        assert_eq!(
            shape.to_string(),
            "a board is {rows, cols, cells} or {rows, cols, a, b}: x"
        );
    }

    #[test]
    fn every_code_has_its_own_key_in_the_engine_family() {
        let mut keys: Vec<&str> = ALL.iter().map(|code| code.key).collect();
        assert!(keys.iter().all(|key| key.starts_with("engine.")));
        keys.sort_unstable();
        keys.dedup();
        assert_eq!(keys.len(), ALL.len());
    }
}
