//! A picture of how a side's pieces move, for the composer: the cells one move of a piece
//! takes it to from the centre of an empty board, drawn from the rules' rays
//! ([`SideRules::rays`]) so that it shows what the engine plays — forbidden directions
//! left out, knight jumps, slides as long as the distance.

use super::rules::SideRules;

/// Farthest the picture reaches from its centre, in cells: a longer move is drawn this far
/// and said to go on ([`Diagram::further`]), so that the picture stays small.
pub const MAX_REACH: i32 = 3;

/// The centre of the picture: where the piece stands.
pub const PIECE: char = '@';
/// A cell one move reaches.
pub const REACHED: char = '*';
/// A cell no move reaches.
pub const UNREACHED: char = '.';

/// The picture: square rows of [`PIECE`], [`REACHED`] and [`UNREACHED`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagram {
    /// Its rows, top first (the board's top: "up" is up).
    pub rows: Vec<String>,
    /// Whether some move goes on beyond the picture's edge.
    pub further: bool,
}

/// The cells one move of `side`'s piece reaches from the centre of an empty board, out to
/// the farthest move or [`MAX_REACH`], whichever is nearer (at least one cell round).
pub fn diagram(side: &SideRules) -> Diagram {
    let rays = side.rays();
    let far = |dr: i32, dc: i32, len: u16| i32::from(len) * dr.abs().max(dc.abs());
    let reach = rays
        .iter()
        .map(|r| far(r.dr, r.dc, r.len))
        .max()
        .unwrap_or(1)
        .clamp(1, MAX_REACH);
    let size = (2 * reach + 1) as usize;
    let mut cells = vec![vec![UNREACHED; size]; size];
    let at = |d: i32| (d + reach) as usize;
    cells[at(0)][at(0)] = PIECE;
    let mut further = false;
    for ray in &rays {
        for step in 1..=i32::from(ray.len) {
            let (dr, dc) = (ray.dr * step, ray.dc * step);
            if dr.abs() > reach || dc.abs() > reach {
                further = true;
                break;
            }
            cells[at(dr)][at(dc)] = REACHED;
        }
    }
    Diagram {
        rows: cells.into_iter().map(String::from_iter).collect(),
        further,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::custom::{preset, Rules};

    fn side(keys: &str) -> SideRules {
        let text = format!("[[side]]\nname = \"A\"\nletter = \"A\"\n{keys}\n[[side]]\nname = \"B\"\nletter = \"B\"\n");
        text.parse::<Rules>().unwrap().side.remove(0)
    }

    #[test]
    fn a_step_each_way_is_the_ring_round_the_centre() {
        let king = diagram(&side("moves = [\"orthogonal\", \"diagonal\"]"));
        assert_eq!(king.rows, ["***", "*@*", "***"]);
        assert!(!king.further);
        assert_eq!(diagram(&side("")).rows, [".*.", "*@*", ".*."]);
    }

    #[test]
    fn forbidden_directions_are_left_out_as_the_hounds_never_go_up() {
        let rules: Rules = preset("fox-and-hounds").unwrap().text.parse().unwrap();
        assert_eq!(diagram(&rules.side[0]).rows, ["*.*", ".@.", "*.*"]);
        assert_eq!(diagram(&rules.side[1]).rows, ["...", ".@.", "*.*"]);
    }

    #[test]
    fn a_knight_reaches_two_away_and_a_long_move_goes_on_past_the_edge() {
        let knight = diagram(&side(
            "moves = [\"knight\"]\nnever = [\"down-left\", \"down-right\"]",
        ));
        assert_eq!(knight.rows, [".*.*.", "*...*", "..@..", ".....", "....."]);
        let rook = diagram(&side("distance = 5\nnever = [\"left\", \"down\"]"));
        assert_eq!(
            rook.rows,
            ["...*...", "...*...", "...*...", "...@***", ".......", ".......", "......."]
        );
        assert!(rook.further);
        assert!(!diagram(&side("distance = 3\njump = true")).further);
    }
}
