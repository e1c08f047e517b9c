//! Ice Colony geometry (the 5x5 grid, orthogonal adjacency) and piece arithmetic (making a number of
//! pips out of the 1-, 2- and 3-pip pieces at hand).

/// A square of the 5x5 board, numbered row by row from the starting corner: 0 is A1, 4 is E1, 24 is E5.
pub type Square = u8;

/// Counts of a colour's pieces by size: `[1-pip, 2-pip, 3-pip]`.
pub type Stock = [u8; 3];

/// Squares per side of the board.
pub const SIDE: u8 = 5;
/// Squares on the board.
pub const SQUARES: usize = 25;

/// Row (0 to 4) of a square.
pub fn row(sq: Square) -> u8 {
    sq / SIDE
}

/// Column (0 to 4) of a square.
pub fn col(sq: Square) -> u8 {
    sq % SIDE
}

/// The squares sharing an edge with `sq` (diagonals are not adjacent), in increasing order.
pub fn neighbours(sq: Square) -> impl Iterator<Item = Square> {
    let (r, c) = (row(sq) as i8, col(sq) as i8);
    [(-1i8, 0i8), (0, -1), (0, 1), (1, 0)]
        .into_iter()
        .filter_map(move |(dr, dc)| {
            let (nr, nc) = (r + dr, c + dc);
            ((0..SIDE as i8).contains(&nr) && (0..SIDE as i8).contains(&nc))
                .then(|| (nr * SIDE as i8 + nc) as Square)
        })
}

/// Whether two squares share an edge.
pub fn adjacent(a: Square, b: Square) -> bool {
    distance(a, b) == 1
}

/// Steps between two squares moving square to square across edges.
pub fn distance(a: Square, b: Square) -> u8 {
    row(a).abs_diff(row(b)) + col(a).abs_diff(col(b))
}

/// A square's name for players: column letter A-E, then row 1-5 ("C3" is the centre).
pub fn square_name(sq: Square) -> String {
    if (sq as usize) < SQUARES {
        format!("{}{}", (b'A' + col(sq)) as char, row(sq) + 1)
    } else {
        format!("square #{sq}")
    }
}

/// Total pips of a stock.
pub fn pips(s: Stock) -> u8 {
    s[0] + 2 * s[1] + 3 * s[2]
}

/// Number of pieces in a stock.
pub fn count(s: Stock) -> u8 {
    s[0] + s[1] + s[2]
}

/// `a + b`, piece by piece.
pub fn plus(a: Stock, b: Stock) -> Stock {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
}

/// `a - b`, piece by piece; `None` if `a` lacks a piece of `b`.
pub fn minus(a: Stock, b: Stock) -> Option<Stock> {
    Some([
        a[0].checked_sub(b[0])?,
        a[1].checked_sub(b[1])?,
        a[2].checked_sub(b[2])?,
    ])
}

/// The ways to make `amount` pips from pieces, preferred first: fewest pieces, then largest pieces.
pub fn ways(amount: u8) -> Vec<Stock> {
    let mut out = Vec::new();
    for threes in (0..=amount / 3).rev() {
        let rest = amount - 3 * threes;
        for twos in (0..=rest / 2).rev() {
            out.push([rest - 2 * twos, twos, threes]);
        }
    }
    out.sort_by_key(|s| count(*s));
    out
}

/// Amounts up to this many pips have their [`ways`] made once and kept.
const KEPT_WAYS: usize = 64;

/// [`ways`] of `amount`, made once for amounts below [`KEPT_WAYS`].
fn ways_of(amount: u8) -> std::borrow::Cow<'static, [Stock]> {
    static KEPT: std::sync::OnceLock<Vec<Vec<Stock>>> = std::sync::OnceLock::new();
    let kept = KEPT.get_or_init(|| (0..KEPT_WAYS as u8).map(ways).collect());
    match kept.get(amount as usize) {
        Some(w) => std::borrow::Cow::Borrowed(w.as_slice()),
        None => std::borrow::Cow::Owned(ways(amount)),
    }
}

/// Make each of `amounts` out of separate pieces of `avail`, preferring few and large pieces for the
/// first amount, then the next; `None` if the pieces at hand cannot make them all.
pub fn form(avail: Stock, amounts: &[u8]) -> Option<Vec<Stock>> {
    let mut out = Vec::with_capacity(amounts.len());
    fill(avail, amounts, &mut out).then_some(out)
}

/// [`form`] into `out`; false (and `out` as it was) if the pieces cannot make them all.
fn fill(avail: Stock, amounts: &[u8], out: &mut Vec<Stock>) -> bool {
    let Some((&first, rest)) = amounts.split_first() else {
        return true;
    };
    for &w in ways_of(first).iter() {
        if let Some(left) = minus(avail, w) {
            out.push(w);
            if fill(left, rest, out) {
                return true;
            }
            out.pop();
        }
    }
    false
}

/// Whether [`form`] can make `amounts` from `avail` (without making them).
pub fn formable(avail: Stock, amounts: &[u8]) -> bool {
    let Some((&first, rest)) = amounts.split_first() else {
        return true;
    };
    ways_of(first)
        .iter()
        .any(|&w| minus(avail, w).is_some_and(|left| formable(left, rest)))
}

/// The largest amount, at most `target`, that `avail` can make (0 always can).
pub fn largest_formable(avail: Stock, target: u8) -> u8 {
    (0..=target)
        .rev()
        .find(|&a| formable(avail, &[a]))
        .unwrap_or(0)
}

/// Whether a unit `unit` can be split into `moving` pips and the rest, exchanging pieces with `pool`.
pub fn can_split(unit: Stock, pool: Stock, moving: u8) -> bool {
    let total = pips(unit);
    moving == total || (moving < total && formable(plus(unit, pool), &[total - moving, moving]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_centre_has_four_neighbours_and_a_corner_two() {
        assert_eq!(neighbours(12).collect::<Vec<_>>(), vec![7, 11, 13, 17]);
        assert_eq!(neighbours(0).collect::<Vec<_>>(), vec![1, 5]);
        assert_eq!(neighbours(24).collect::<Vec<_>>(), vec![19, 23]);
        assert!(!adjacent(0, 6), "diagonals are not adjacent");
        assert!(!adjacent(4, 5), "rows do not wrap");
    }

    #[test]
    fn squares_are_named_by_column_and_row() {
        assert_eq!(square_name(0), "A1");
        assert_eq!(square_name(12), "C3");
        assert_eq!(square_name(24), "E5");
    }

    #[test]
    fn units_are_made_of_as_few_pieces_as_possible() {
        assert_eq!(ways(3)[0], [0, 0, 1]);
        assert_eq!(ways(4)[0], [1, 0, 1]);
        assert_eq!(ways(3).len(), 3);
        assert_eq!(form([0, 0, 1], &[3]), Some(vec![[0, 0, 1]]));
        assert_eq!(form([2, 1, 0], &[3]), Some(vec![[1, 1, 0]]));
        assert_eq!(form([0, 1, 1], &[1]), None);
    }

    #[test]
    fn a_split_needs_the_right_pieces_in_the_pool() {
        // A lone 3-pip with an empty pool cannot be broken.
        assert!(!can_split([0, 0, 1], [0, 0, 0], 1));
        assert!(can_split([0, 0, 1], [0, 0, 0], 3));
        // With a 1 and a 2 in the pool it can.
        assert!(can_split([0, 0, 1], [1, 1, 0], 1));
        assert!(can_split([0, 0, 1], [1, 1, 0], 2));
        // Three 1-pips do as well.
        assert!(can_split([0, 0, 1], [3, 0, 0], 2));
        // A 2-pip and a 1-pip split without the pool.
        assert!(can_split([1, 1, 0], [0, 0, 0], 1));
    }

    #[test]
    fn the_rulebook_reduction_falls_to_the_next_lowest_amount() {
        // A 3-pip loses 1 pip, with no 2-pip and one 1-pip in the pool: it becomes a 1-pip.
        assert_eq!(largest_formable(plus([0, 0, 1], [1, 0, 0]), 2), 1);
        assert_eq!(largest_formable([0, 0, 0], 2), 0);
    }
}
