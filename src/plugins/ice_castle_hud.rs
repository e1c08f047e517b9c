//! The Ice Castle side panel: seats, the pile and discard, and the buttons that show no card.

use hoarfrost_rules::ice_castle::IceCastle;
use hoarfrost_rules::{Game, Hue};

use crate::palette;
use crate::plugins::hud::HudSpec;
use crate::plugins::ice_castle_input::tiles_of;

pub(super) fn hud_spec() -> HudSpec<IceCastle> {
    HudSpec {
        title: "Ice Castle",
        seat_name: |s, seat| {
            let hue = Hue::ALL.get(seat).copied().unwrap_or(Hue::White);
            (
                format!("Player {} ({})", seat + 1, s.side(seat).name()),
                palette::hue_egui(hue),
            )
        },
        seat_status: |s, seat| {
            let at = s
                .character(seat)
                .map_or("off the castle".to_string(), |c| format!("at {}", c.name()));
            let frozen = if s.is_frozen(seat) { ", frozen" } else { "" };
            let won = if s.scores()[seat] > 0 { ", won" } else { "" };
            format!("{} cards, {at}{frozen}{won}", s.hand(seat).len())
        },
        seat_button: None,
        extra_lines: |s| {
            let mut lines = vec![format!(
                "Turn {} of at most {}; {} cards in the pile",
                s.turns(),
                s.turn_limit(),
                s.pile_count()
            )];
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
               discard or freeze with the buttons under your hand.\n\
               Then click a lit tile to move, or stay / step out in the panel. Reach an open door on \
               the far row to win.\n\
               Dark tiles with a door mark are closed; light ones open; blue ice is a frozen door.",
        headline: None,
        settled_by: |_| Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hoarfrost_rules::ice_castle::Setup;

    /// The race has no points: a seat's line gives its hand and place, not the 0 of its score.
    #[test]
    fn a_seat_line_names_the_hand_and_place_without_a_score() {
        let s = IceCastle::new(&Setup::new(2, 3)).unwrap();
        let line = (hud_spec().seat_status)(&s, 0);
        assert_eq!(line, format!("{} cards, off the castle", s.hand(0).len()));
    }
}
