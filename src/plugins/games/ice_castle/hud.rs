//! The Ice Castle side panel: seats, the pile and discard, and the buttons that show no card; and
//! the tooltip over a door tile.

use hoarfrost_rules::ice_castle::{Cell, IceCastle, Phase, TileKind};
use hoarfrost_rules::{Game, Hue, Seat};

use crate::plugins::core::palette;
use crate::plugins::games::ice_castle::input::tiles_of;
use crate::plugins::session::words::HudSpec;

pub(super) fn hud_spec() -> HudSpec<IceCastle> {
    HudSpec {
        title: "Ice Castle",
        seat_name: |s, seat| {
            let hue = Hue::ALL.get(seat).copied().unwrap_or(Hue::White);
            (player(s, seat), palette::hue_egui(hue))
        },
        seat_status: |s, seat| {
            let at = match (s.character(seat), s.left_by(seat)) {
                (Some(c), _) => format!("at {}", c.name()),
                (None, Some(door)) => {
                    format!("off the castle (left by {})", door.name())
                }
                (None, None) => "off the castle".to_string(),
            };
            let frozen = if s.is_frozen(seat) { ", frozen" } else { "" };
            let won = if s.scores()[seat] > 0 { ", won" } else { "" };
            format!("{} cards, {at}{frozen}{won}", s.hand(seat).len())
        },
        seat_button: None,
        extra_lines: |s| {
            let mut lines = vec![format!(
                "Turn {} of at most {}; {} in the pile",
                s.turns(),
                s.turn_limit(),
                hoarfrost_rules::words::count(s.pile_count() as i64, "card", "cards")
            )];
            // Who is to do what, as the other games' panels say it ("Red to move").
            let step = match s.phase() {
                Phase::Draw => Some("to draw a card"),
                Phase::Play => Some("to play a card"),
                Phase::Move => Some("to move (or not)"),
                Phase::BonusKey => Some("to use the Extra Key"),
                Phase::Over => None,
            };
            if let Some(step) = step {
                lines.push(format!("Player {} {step}", s.current() + 1));
            }
            if s.bonus_turn() {
                // No side: the panel puts the player's name after the seat's ("Cleo (Player 3)
                // takes ..."), and the seat's line above already says the side.
                lines.push(format!(
                    "Player {} takes a bonus turn (an Extra Turn door)",
                    s.current() + 1
                ));
            }
            if let Some(top) = s.discard_top() {
                lines.push(format!("Discard pile: {} on top", top.name()));
            }
            lines
        },
        // Only actions that show no card: the hand has its own window (hidden at a hand-over).
        panel_actions: |s, seat| {
            s.legal_actions(seat)
                .into_iter()
                .filter(|a| a.card().is_none() && tiles_of(a).is_empty())
                .collect()
        },
        help: "Pick a card in your hand, then click a door tile to play it there (open or close a \
               door, lock it, axe a frozen door, lay an ice slide, move an opponent with the wand); \
               click the discard pile (right of the castle) to discard it, or use the buttons \
               under your hand (\"... freezes ...\", \"... discards ...\").\n\
               Then click a lit tile to move, or press \"... does not move\" or \"... steps out of \
               the castle\" in the panel. Reach an open door on the far row to win.\n\
               With the Extra Key, click a door never opened twice to open it (what it shows \
               cannot be undone).\n\
               Dark tiles with a door mark are closed; light ones open; blue ice is a frozen door.",
        headline: None,
        settled_by: |_| Vec::new(),
        turn: crate::plugins::games::ice_castle::table::turn_seat,
    }
}

/// A seat's name at the table: "Player 2 (West)".
fn player(s: &IceCastle, seat: Seat) -> String {
    format!("Player {} ({})", seat + 1, s.side(seat).name())
}

/// The tooltip over the door tile at `cell` (and whatever lies on it): its door, what is on it and
/// who stands there, as every player may know it (an unopened door's other side stays secret).
pub(super) fn tile_tip(s: &IceCastle, cell: Cell) -> Option<String> {
    let tile = s.tile(cell)?;
    let colour = format!(
        "{} ({})",
        tile.colour.name().to_lowercase(),
        tile.colour.hue().marking()
    );
    let mut lines = vec![if tile.open {
        format!("{}: a {colour} {}.", cell.name(), tile.kind.name())
    } else if tile.revealed {
        format!(
            "{}: a {colour} door, closed ({} behind it).",
            cell.name(),
            // A plain door's open side is called an "open door"; closed, it is a plain one.
            hoarfrost_rules::words::a(match tile.kind {
                TileKind::Plain => "plain door",
                kind => kind.name(),
            })
        )
    } else {
        format!("{}: a {colour} door, closed.", cell.name())
    }];
    if tile.padlock {
        lines.push("Padlocked: nobody may pass, open or close it until a Skeleton Key takes the padlock off.".into());
    }
    if tile.axed {
        lines.push("An Axe opened it for good.".into());
    }
    for &(a, b) in s.slides() {
        if a == cell || b == cell {
            let other = if a == cell { b } else { a };
            lines.push(format!("An Ice Slide joins it to {}.", other.name()));
        }
    }
    for seat in 0..s.num_seats() {
        if s.character(seat) == Some(cell) {
            let frozen = if s.is_frozen(seat) { " (frozen)" } else { "" };
            lines.push(format!("{} stands here{frozen}.", player(s, seat)));
        }
    }
    Some(lines.join("\n"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use hoarfrost_rules::ice_castle::Setup;

    /// Each draw opens or continues a turn: the seat the panel marks through it acts once it is
    /// done.
    #[test]
    fn the_panel_marks_the_player_whose_draw_it_is() {
        use hoarfrost_rules::ToAct;
        use hoarfrost_rules::ice_castle::IceCastle;
        let castle = IceCastle::new(&Setup::new(3, 2)).unwrap();
        let (marked, then) =
            crate::plugins::ui::hud::tests::marked_then_acting(castle, hud_spec().turn, |s| {
                s.turns() >= 2
            });
        assert_eq!(ToAct::Seats(marked.clone()), then, "Ice Castle's draw");
        assert_eq!(marked.len(), 1);
    }

    /// The race has no points: a seat's line gives its hand and place, not the 0 of its score.
    #[test]
    fn a_seat_line_names_the_hand_and_place_without_a_score() {
        let s = IceCastle::new(&Setup::new(2, 3)).unwrap();
        let line = (hud_spec().seat_status)(&s, 0);
        assert_eq!(line, format!("{} cards, off the castle", s.hand(0).len()));
    }

    /// Every state of random two-seat games from `seeds`, in order.
    fn random_states(seeds: std::ops::Range<u64>) -> impl Iterator<Item = IceCastle> {
        seeds.flat_map(|seed| {
            let mut s = IceCastle::new(&Setup::new(2, seed)).unwrap();
            let mut bot = hoarfrost_rules::bots::RandomBot::new(seed);
            let mut going = true;
            std::iter::from_fn(move || {
                let now = going.then(|| s.clone())?;
                going = hoarfrost_rules::bots::step(&mut s, &mut bot);
                Some(now)
            })
        })
    }

    /// A character that stepped out may not come back in by the same door: its line says which.
    #[test]
    fn a_seat_line_names_the_door_a_character_left_by() {
        let (s, door) = random_states(0..200)
            .find_map(|s| {
                let door = s.left_by(0).filter(|_| s.character(0).is_none())?;
                Some((s, door))
            })
            .expect("a character steps out in 200 random games");
        let line = (hud_spec().seat_status)(&s, 0);
        let said = format!("off the castle (left by {})", door.name());
        assert!(line.contains(&said), "{line}");
    }

    /// As in the other games, the panel says whose step it is and what it is, until the end.
    #[test]
    fn the_panel_says_who_is_to_act_and_what_for() {
        let mut seen = std::collections::BTreeSet::new();
        for s in random_states(0..20) {
            let said = (hud_spec().extra_lines)(&s);
            let who = format!("Player {} to ", s.current() + 1);
            let line = said.iter().find(|l| l.starts_with(&who));
            assert_eq!(line.is_some(), s.phase() != Phase::Over, "{said:?}");
            if let Some(line) = line {
                seen.insert(line[who.len()..].to_string());
            }
        }
        assert!(
            seen.contains("play a card") && seen.contains("move (or not)"),
            "{seen:?}"
        );
    }

    #[test]
    fn a_bonus_turn_is_said_in_the_panel_while_it_lasts() {
        let mut seen = 0;
        for s in random_states(0..40) {
            let said = (hud_spec().extra_lines)(&s);
            let told = format!("Player {} takes a bonus turn", s.current() + 1);
            let bonus = said.iter().any(|l| l.starts_with(&told));
            assert_eq!(bonus, s.bonus_turn());
            seen += usize::from(bonus);
        }
        assert!(seen > 0, "no bonus turn in 40 random games");
    }

    #[test]
    fn a_door_tile_tip_says_its_colour_its_state_and_who_stands_there() {
        let mut s = IceCastle::new(&Setup::new(2, 3)).unwrap();
        let a1 = Cell::new(0, 0);
        let tip = tile_tip(&s, a1).unwrap();
        let colour = s.tile(a1).unwrap().colour;
        assert_eq!(
            tip,
            format!(
                "A1: a {} ({}) door, closed.",
                colour.name().to_lowercase(),
                colour.hue().marking()
            )
        );
        assert_eq!(tile_tip(&s, Cell::new(40, 40)), None, "off the castle");
        // Play on until a player stands on an open door: the tip says so, with its kind.
        let mut bot = hoarfrost_rules::bots::RandomBot::new(3);
        for _ in 0..400 {
            if let Some(at) = s
                .character(0)
                .filter(|&c| s.tile(c).is_some_and(|t| t.open))
            {
                let tip = tile_tip(&s, at).unwrap();
                let kind = s.tile(at).unwrap().kind.name();
                assert!(tip.contains(kind), "{tip}");
                assert!(tip.contains("Player 1 (South) stands here"), "{tip}");
                return;
            }
            if !hoarfrost_rules::bots::step(&mut s, &mut bot) {
                break;
            }
        }
        panic!("Player 1 never stood on an open door");
    }

    #[test]
    fn a_door_known_and_closed_again_names_what_is_behind_it() {
        use hoarfrost_rules::ice_castle::TileKind;
        // Random play until doors have been opened and closed again: each such tip names the kind
        // behind it with its article, a plain door as "a plain door" (its open side is called an
        // "open door").
        let mut seen = 0;
        for seed in 1..=20 {
            let mut s = IceCastle::new(&Setup::new(2, seed)).unwrap();
            let mut bot = hoarfrost_rules::bots::RandomBot::new(seed);
            for _ in 0..300 {
                for cell in s.cells() {
                    let t = s.tile(cell).unwrap();
                    if t.revealed && !t.open {
                        let tip = tile_tip(&s, cell).unwrap();
                        let behind = match t.kind {
                            TileKind::Plain => "(a plain door behind it)".to_string(),
                            kind => {
                                format!("({} behind it)", hoarfrost_rules::words::a(kind.name()))
                            }
                        };
                        assert!(tip.contains(&behind), "{tip}");
                        seen += 1;
                    }
                }
                if !hoarfrost_rules::bots::step(&mut s, &mut bot) {
                    break;
                }
            }
        }
        assert!(seen > 0, "no door was closed again");
    }
}
