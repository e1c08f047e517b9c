//! Ice Colony's flow: drawing the board, dice-offs, the fate die, battles, turns and rounds, the end,
//! and the invariants (every pyramid of every colour accounted for).

use super::board::{self, SQUARES, Square, Stock};
use super::{
    Colour, DiceRoll, IceColony, InitiativeRoll, PER_SIZE, Phase, ROUND_LIMITS, STACK_LIMIT, Seat,
    Unit,
};
use crate::RuleError;

/// A source of d6 results: the state's RNG, or dice given from outside (tests, physical dice).
pub(super) type Dice<'a> = &'a mut dyn FnMut() -> Option<u8>;

fn roll(dice: Dice) -> Result<u8, RuleError> {
    match dice() {
        Some(d) if (1..=6).contains(&d) => Ok(d),
        Some(d) => Err(RuleError::new(format!("a die shows 1 to 6, not {d}"))),
        None => Err(RuleError::new("more dice are needed")),
    }
}

/// Draw a random terrain piece from the bag onto square `next`; the bag's leftovers go aside at the end.
pub(super) fn draw_terrain(s: &mut IceColony, next: Square) {
    if let Some(c) = s.rng.take(&mut s.bag) {
        s.terrain[next as usize] = Some(c);
    }
    if next as usize + 1 >= SQUARES {
        s.set_bag_aside();
        s.phase = Phase::FirstDiceOff;
    } else {
        s.phase = Phase::FillBoard { next: next + 1 };
    }
}

/// Resolve the pending dice with `dice`. Every die is read before anything changes, so a failure
/// (too few dice, a bad face) leaves the state as it was.
pub(super) fn resolve_dice(s: &mut IceColony, dice: Dice) -> Result<(), RuleError> {
    match s.phase.clone() {
        Phase::FirstDiceOff => {
            let seats: Vec<Seat> = (0..s.players).collect();
            let (passes, winner) = dice_off(&seats, &vec![0; s.players], dice)?;
            s.first = winner;
            s.order = clockwise(s, winner);
            s.turn = 0;
            s.phase = Phase::Place;
            s.last_dice = Some(DiceRoll::DiceOff { passes, winner });
            Ok(())
        }
        Phase::DiceOff { shifts } => {
            let seats: Vec<Seat> = (0..s.players).filter(|&p| s.in_game(p)).collect();
            let (passes, winner) = dice_off(&seats, &shifts, dice)?;
            s.order = clockwise(s, winner);
            s.turn = 0;
            s.last_dice = Some(DiceRoll::DiceOff { passes, winner });
            begin_turn(s);
            Ok(())
        }
        Phase::Fate { square } => fate(s, square, dice),
        Phase::Battle {
            from,
            to,
            attacker_edge,
            defender_edge,
        } => battle(s, from, to, attacker_edge, defender_edge, dice),
        _ => Err(RuleError::new("no dice are due now")),
    }
}

/// Every contender rolls (the first pass with its edge-token shift); the highest tied roll again.
fn dice_off(
    seats: &[Seat],
    shifts: &[i8],
    dice: Dice,
) -> Result<(Vec<Vec<InitiativeRoll>>, Seat), RuleError> {
    let mut passes = Vec::new();
    let mut field = seats.to_vec();
    loop {
        let mut pass = Vec::new();
        for &seat in &field {
            let shift = if passes.is_empty() {
                shifts.get(seat).copied().unwrap_or(0)
            } else {
                0
            };
            pass.push(InitiativeRoll {
                seat,
                die: roll(dice)?,
                shift,
            });
        }
        let total = |r: &InitiativeRoll| r.die as i8 + r.shift;
        let best = pass.iter().map(total).max().unwrap_or(0);
        field = pass
            .iter()
            .filter(|r| total(r) == best)
            .map(|r| r.seat)
            .collect();
        passes.push(pass);
        if field.len() <= 1 {
            let winner = field.first().copied().unwrap_or(0);
            return Ok((passes, winner));
        }
    }
}

/// The seats still in the game, starting with `first` and going round the table.
fn clockwise(s: &IceColony, first: Seat) -> Vec<Seat> {
    (0..s.players)
        .map(|i| (first + i) % s.players)
        .filter(|&p| s.in_game(p))
        .collect()
}

/// A new round: the round limit ends the game; two players keep the setup order; more players say
/// whether to spend edge tokens, then dice off.
pub(super) fn start_round(s: &mut IceColony) {
    if s.round >= s.round_limit {
        s.phase = Phase::Over;
        return;
    }
    s.round += 1;
    if s.players == 2 {
        s.order = clockwise(s, s.first);
        s.turn = 0;
        begin_turn(s);
        return;
    }
    let waiting: Vec<Seat> = (0..s.players)
        .filter(|&p| s.in_game(p) && s.edge[p])
        .collect();
    let shifts = vec![0; s.players];
    s.phase = if waiting.is_empty() {
        Phase::DiceOff { shifts }
    } else {
        Phase::Initiative { waiting, shifts }
    };
}

/// The turn of `order[turn]`, skipping players who have left the board; a new round after the last.
pub(super) fn begin_turn(s: &mut IceColony) {
    while s.turn < s.order.len() && !s.in_game(s.order[s.turn]) {
        s.turn += 1;
    }
    if s.turn >= s.order.len() {
        start_round(s);
    } else {
        s.phase = Phase::Choose;
    }
}

/// End the current turn: the game may be over, otherwise the next player's turn.
pub(super) fn end_turn(s: &mut IceColony) {
    if game_ended(s) {
        s.phase = Phase::Over;
        return;
    }
    s.turn += 1;
    begin_turn(s);
}

/// One player left on the board, or every territory occupied.
pub(super) fn game_ended(s: &IceColony) -> bool {
    let left = (0..s.players).filter(|&p| s.territories(p) > 0).count();
    let open = (0..SQUARES as Square).any(|sq| s.enterable(sq) && s.units[sq as usize].is_none());
    left <= 1 || !open
}

/// Set the pips on `sq` as near to `target` as the owner's pieces allow (never above it), exchanging
/// pieces with the owner's pool; an empty territory is left. Returns the pips now there.
pub(super) fn set_pips(s: &mut IceColony, sq: Square, target: u8) -> u8 {
    let Some(u) = s.units[sq as usize] else {
        return 0;
    };
    let avail = board::plus(u.pieces, s.pools[u.owner]);
    let amount = board::largest_formable(avail, target);
    let pieces = board::form(avail, &[amount])
        .and_then(|f| f.first().copied())
        .unwrap_or(u.pieces);
    s.pools[u.owner] = board::minus(avail, pieces).unwrap_or(s.pools[u.owner]);
    s.units[sq as usize] = (amount > 0).then_some(Unit {
        owner: u.owner,
        pieces,
    });
    amount
}

/// Where units on `from` may go and how many pips: adjacent squares that are empty or friendly within
/// the stacking limit, splits the pieces at hand allow; a forced move must leave at most 3 behind.
pub(super) fn moves(s: &IceColony, from: Square, forced: bool) -> Vec<(Square, u8)> {
    let Some(u) = s.units.get(from as usize).copied().flatten() else {
        return Vec::new();
    };
    let total = u.pips();
    let pool = s.pools[u.owner];
    let mut out = Vec::new();
    for to in board::neighbours(from) {
        if !s.enterable(to) {
            continue;
        }
        let room = match s.units[to as usize] {
            None => STACK_LIMIT,
            Some(d) if d.owner == u.owner => STACK_LIMIT.saturating_sub(d.pips()),
            Some(_) => continue,
        };
        for k in 1..=total.min(room) {
            if forced && total - k > STACK_LIMIT {
                continue;
            }
            if board::can_split(u.pieces, pool, k) {
                out.push((to, k));
            }
        }
    }
    out
}

/// Pips the attacker may move into an emptied square: all, or any part the pieces at hand can split off.
pub(super) fn occupy_options(s: &IceColony, from: Square) -> Vec<u8> {
    let Some(u) = s.unit(from) else {
        return Vec::new();
    };
    let pool = s.pools[u.owner];
    (1..=u.pips())
        .filter(|&k| board::can_split(u.pieces, pool, k))
        .collect()
}

/// Move `k` pips from `from` to `to` (empty or friendly), splitting with the owner's pool as needed.
pub(super) fn move_units(s: &mut IceColony, from: Square, to: Square, k: u8) {
    let Some(u) = s.units[from as usize] else {
        return;
    };
    let owner = u.owner;
    let total = u.pips();
    let moving = if k >= total {
        s.units[from as usize] = None;
        u.pieces
    } else {
        let avail = board::plus(u.pieces, s.pools[owner]);
        let Some(f) = board::form(avail, &[total - k, k]) else {
            return;
        };
        s.pools[owner] = board::minus(board::minus(avail, f[0]).unwrap_or(avail), f[1])
            .unwrap_or(s.pools[owner]);
        s.units[from as usize] = Some(Unit {
            owner,
            pieces: f[0],
        });
        f[1]
    };
    let pieces = match s.units[to as usize] {
        None => moving,
        Some(d) => {
            // Merge, then make the sum of as few pieces as the pool allows.
            let merged = board::plus(d.pieces, moving);
            let avail = board::plus(merged, s.pools[owner]);
            let best = board::form(avail, &[board::pips(merged)])
                .and_then(|f| f.first().copied())
                .unwrap_or(merged);
            s.pools[owner] = board::minus(avail, best).unwrap_or(s.pools[owner]);
            best
        }
    };
    s.units[to as usize] = Some(Unit { owner, pieces });
}

/// The fate die for the active territory: first-round Reduces are rolled again; then the result,
/// changed by the terrain, is applied, and the turn goes on (or is forfeit, or a move is forced).
fn fate(s: &mut IceColony, sq: Square, dice: Dice) -> Result<(), RuleError> {
    let mut rolls = vec![roll(dice)?];
    while s.round == 1 && rolls.last() == Some(&1) {
        rolls.push(roll(dice)?);
    }
    let Some(u) = s.unit(sq) else {
        return Err(RuleError::new("the active territory is empty"));
    };
    let terrain = s.terrain(sq).unwrap_or(Colour::Clear);
    let before = u.pips();
    let target = match rolls.last().copied().unwrap_or(2) {
        1 => before.saturating_sub(terrain.reduce_by()),
        2 | 3 => before,
        4 | 5 => before + 1 + terrain.grow_bonus(),
        _ => before + 2 + terrain.grow_bonus(),
    };
    let after = set_pips(s, sq, target);
    s.last_dice = Some(DiceRoll::Fate {
        seat: u.owner,
        square: sq,
        rolls,
        before,
        after,
    });
    if after == 0 {
        end_turn(s);
    } else if after > STACK_LIMIT {
        if moves(s, sq, true).is_empty() {
            set_pips(s, sq, STACK_LIMIT);
            end_turn(s);
        } else {
            s.phase = Phase::ForcedMove { square: sq };
        }
    } else {
        s.phase = Phase::Act { square: sq };
    }
    Ok(())
}

/// Totals for a battle: (attacker's, defender's), before the dice.
pub(super) fn battle_bonuses(
    s: &IceColony,
    from: Square,
    to: Square,
    attacker_edge: bool,
    defender_edge: bool,
) -> (i8, i8) {
    let a = s.unit(from).map_or(0, |u| u.pips()) as i8
        + s.terrain(from).map_or(0, Colour::attack_bonus)
        + i8::from(attacker_edge);
    let d = s.unit(to).map_or(0, |u| u.pips()) as i8
        + s.terrain(to).map_or(0, Colour::defence_bonus)
        + i8::from(defender_edge);
    (a, d)
}

fn battle(
    s: &mut IceColony,
    from: Square,
    to: Square,
    attacker_edge: bool,
    defender_edge: bool,
    dice: Dice,
) -> Result<(), RuleError> {
    let attack_die = roll(dice)?;
    let defence_die = roll(dice)?;
    let (Some(att), Some(def)) = (s.unit(from), s.unit(to)) else {
        return Err(RuleError::new("a battle needs both sides on the board"));
    };
    let (a, d) = battle_bonuses(s, from, to, attacker_edge, defender_edge);
    let attack_total = attack_die as i8 + a;
    let defence_total = defence_die as i8 + d;
    let attacker_won = attack_total > defence_total;
    s.last_dice = Some(DiceRoll::Battle {
        attacker: att.owner,
        defender: def.owner,
        from,
        to,
        attack_die,
        defence_die,
        attack_total,
        defence_total,
        attacker_won,
    });
    if attacker_won {
        if set_pips(s, to, def.pips().saturating_sub(att.pips())) == 0 {
            if occupy_options(s, from).len() > 1 {
                s.phase = Phase::Occupy { from, to };
                return Ok(());
            }
            move_units(s, from, to, att.pips());
        }
    } else {
        set_pips(s, from, att.pips().saturating_sub(def.pips()));
    }
    end_turn(s);
    Ok(())
}

/// The numbers the other checks and the rules rely on (a position may hold anything): the seats,
/// the round, the turn order, squares on the board, one dice-off change per seat, and no count of
/// pieces past a colour's five of a size (so the sums below cannot overflow).
fn shape(s: &IceColony) -> Result<(), String> {
    if let Some(why) = crate::GameKind::IceColony.refuse_seats(s.players) {
        return Err(why);
    }
    if !ROUND_LIMITS.contains(&s.round_limit) || s.round > s.round_limit {
        return Err(format!(
            "round {} of a limit of {}, not {} to {}",
            s.round,
            s.round_limit,
            ROUND_LIMITS.start(),
            ROUND_LIMITS.end()
        ));
    }
    let mut seats = s.order.clone();
    seats.sort_unstable();
    seats.dedup();
    if seats.len() != s.order.len()
        || s.order.iter().any(|&p| p >= s.players)
        || s.turn > s.order.len()
        || s.first >= s.players
    {
        return Err("the turn order names a seat twice or one not at the table".into());
    }
    let squares: &[Square] = match &s.phase {
        Phase::Fate { square }
        | Phase::Act { square }
        | Phase::ForcedMove { square }
        | Phase::ExtraMove { square } => &[*square],
        Phase::Defend { from, to, .. }
        | Phase::Battle { from, to, .. }
        | Phase::Occupy { from, to } => &[*from, *to],
        _ => &[],
    };
    if squares.iter().any(|&sq| sq as usize >= SQUARES) {
        return Err("the game names a square off the board".into());
    }
    if let Phase::Initiative { shifts, .. } | Phase::DiceOff { shifts } = &s.phase
        && (shifts.len() != s.players || shifts.iter().any(|d| !(-1..=1).contains(d)))
    {
        return Err("the dice-off changes are not one of -1, 0 or 1 for each seat".into());
    }
    if let Phase::Initiative { waiting, .. } = &s.phase
        && waiting.iter().any(|&p| p >= s.players)
    {
        return Err("a seat not at the table decides on the dice-off".into());
    }
    if s.bag.len() > SQUARES + PER_SIZE as usize {
        return Err(format!("{} terrain pieces in the bag", s.bag.len()));
    }
    let pools = (s.pools.iter().enumerate()).map(|(seat, p)| (Colour::PLAYERS.get(seat), p));
    let aside = (s.set_aside.iter().enumerate()).map(|(i, p)| (Colour::ALL.get(i), p));
    let units = (s.units.iter().flatten()).map(|u| (Colour::PLAYERS.get(u.owner), &u.pieces));
    for (colour, stock) in pools.chain(aside).chain(units) {
        if stock.iter().any(|&n| n > PER_SIZE) {
            let name = colour.map_or("a colour's", |c| c.name());
            return Err(format!("more {name} pieces of a size than five"));
        }
    }
    Ok(())
}

/// Every pyramid of every colour accounted for, units where they may stand, the phase consistent.
pub(super) fn invariants(s: &IceColony) -> Result<(), String> {
    shape(s)?;
    let mut counts: Vec<Stock> = s.set_aside.clone();
    if counts.len() != Colour::ALL.len() || s.pools.len() != s.players || s.edge.len() != s.players
    {
        return Err("per-colour or per-seat tables have the wrong size".into());
    }
    for c in s.terrain.iter().flatten().chain(s.bag.iter()) {
        counts[c.index()][2] += 1;
    }
    for (seat, pool) in s.pools.iter().enumerate() {
        let c = &mut counts[Colour::PLAYERS[seat].index()];
        *c = board::plus(*c, *pool);
    }
    let forced = match s.phase {
        Phase::ForcedMove { square } => Some(square),
        _ => None,
    };
    for (sq, u) in s.units.iter().enumerate() {
        let Some(u) = u else { continue };
        let sq = sq as Square;
        if u.owner >= s.players {
            return Err(format!("a unit on {} has no owner", board::square_name(sq)));
        }
        if !s.enterable(sq) {
            return Err(format!("a unit stands on {}", board::square_name(sq)));
        }
        let limit = if forced == Some(sq) { 6 } else { STACK_LIMIT };
        if u.pips() == 0 || u.pips() > limit {
            return Err(format!("{} pips on {}", u.pips(), board::square_name(sq)));
        }
        let c = &mut counts[Colour::PLAYERS[u.owner].index()];
        *c = board::plus(*c, u.pieces);
    }
    for (i, c) in counts.iter().enumerate() {
        if *c != [PER_SIZE; 3] {
            return Err(format!(
                "{} pieces by size are {c:?}, not five of each",
                Colour::ALL[i].name()
            ));
        }
    }
    let drawn = s.terrain.iter().take_while(|t| t.is_some()).count();
    if s.terrain.iter().skip(drawn).any(Option::is_some) {
        return Err("the board was not filled row by row".into());
    }
    match s.phase {
        Phase::FillBoard { next } if next as usize != drawn => {
            return Err("the next terrain square is not the first empty one".into());
        }
        Phase::FillBoard { .. } => {}
        _ if drawn != SQUARES || !s.bag.is_empty() => {
            return Err("the board is incomplete or the bag not set aside".into());
        }
        _ => {}
    }
    if let Phase::Initiative { waiting, .. } = &s.phase
        && waiting.is_empty()
    {
        return Err("nobody is left to decide on the dice-off".into());
    }
    if let Some(sq) = s.active_square()
        && s.unit(sq).is_none()
        && !matches!(s.phase, Phase::Occupy { .. })
    {
        return Err("the active territory is empty".into());
    }
    if let Some(seat) = s.current_seat()
        && let Some(sq) = s.active_square()
        && s.unit(sq).map(|u| u.owner) != Some(seat)
    {
        return Err("the active territory is not the current player's".into());
    }
    Ok(())
}
