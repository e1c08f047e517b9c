//! What a game tells the app about itself for the panel and the table ([`HudSpec`]: seat names and
//! colours, status lines, its own buttons, how to play, whose turn it is), and the wording of seats
//! and log lines every part uses ("Anna (Red) caps a tower", "Yellow (AI)").

use bevy::prelude::*;
use bevy_egui::egui;
use hoarfrost_rules::record::Recorded;
use hoarfrost_rules::{Game, Seat};

use crate::plugins::session::Session;

/// A button beside a human seat: its label and the action it plays, when it applies now.
pub type SeatButton<G> = fn(&G, Seat) -> Option<(String, <G as Game>::Action)>;

/// What a game adds to the HUD.
#[derive(Resource)]
pub struct HudSpec<G: Game> {
    pub title: &'static str,
    /// Name and colour of a seat.
    pub seat_name: fn(&G, Seat) -> (String, egui::Color32),
    /// What the panel says of a seat after its name: its score in the game's own words and what
    /// else matters (e.g. "24 (-6 on 30)", "4 cards, off the castle").
    pub seat_status: fn(&G, Seat) -> String,
    /// A button per human seat: its label and the action it plays, when it applies now.
    pub seat_button: Option<SeatButton<G>>,
    /// Lines shown under the seats (e.g. a ghost player's score).
    pub extra_lines: fn(&G) -> Vec<String>,
    /// Legal actions of the acting human seat that are played with a button rather than a click on
    /// the table (pass, end the turn, spend a token...).
    pub panel_actions: fn(&G, Seat) -> Vec<G::Action>,
    /// How to play, in a few lines.
    pub help: &'static str,
    /// The game-over heading, where "X wins" does not fit (a cooperative game won or lost).
    pub headline: Option<fn(&G) -> String>,
    /// Lines under the game-over heading saying how the result was settled (Sprawl's tie-breaks).
    pub settled_by: fn(&G) -> Vec<String>,
    /// The seat whose turn it is, if any: the panel keeps marking it while chance acts within that
    /// turn (a roll, a draw), and `seat_view` keeps facing it while another seat answers a question
    /// within it. `None` where no turn holds (IceTowers).
    pub turn: fn(&G) -> Option<Seat>,
}

/// A plain spec for tests of the shared parts: each seat is named by `seat_name`, with no status,
/// buttons or lines of its own, and the turn is the first seat to act.
#[cfg(test)]
pub fn test_spec<G: Game>(seat_name: fn(&G, Seat) -> (String, egui::Color32)) -> HudSpec<G> {
    HudSpec {
        title: "Test",
        seat_name,
        seat_status: |_, _| String::new(),
        seat_button: None,
        extra_lines: |_| Vec::new(),
        panel_actions: |_, _| Vec::new(),
        help: "",
        headline: None,
        settled_by: |_| Vec::new(),
        turn: |s| match s.to_act() {
            hoarfrost_rules::ToAct::Seats(seats) => seats.first().copied(),
            _ => None,
        },
    }
}

/// `line` from the record's log in the panel's words. A move ("seat 2: ...") is told as the rules
/// tell it, as they name the player who moves, with the player's name before theirs where one was
/// given ("Anna (Red) caps a tower"); where the rules do not name the mover, the seat's name goes
/// before the line. A chance event ("chance: ...") is told on its own, with the player's name
/// before the seat it names first ("Anna (Player 1) draws a card"). `name` gives each of the
/// `seats` seats' name at the table and its player's name (see [`seat_names`]).
pub fn named_line(
    line: &str,
    seats: usize,
    name: impl Fn(Seat) -> (String, Option<String>),
) -> String {
    if let Some(event) = line.strip_prefix("chance: ") {
        return with_first_player(event, seats, &name)
            .unwrap_or_else(|| hoarfrost_rules::words::capitalized(event));
    }
    let seat = line
        .strip_prefix("seat ")
        .and_then(|rest| rest.split_once(": "))
        .and_then(|(n, rest)| Some((n.parse::<Seat>().ok()?.checked_sub(1)?, rest)));
    let Some((seat, rest)) = seat else {
        return line.to_string();
    };
    let (name, player) = name(seat);
    match (first_name(&name, rest), player) {
        (Some(mover), Some(player)) => format!("{player} ({mover}){}", &rest[mover.len()..]),
        (Some(_), None) => rest.to_string(),
        (None, Some(player)) => format!("{}: {rest}", with_player(&player, &name)),
        (None, None) => format!("{name}: {rest}"),
    }
}

/// `text` with the player's name before the seat it starts with ("Red to move" -> "Anna (Red) to
/// move"); `None` where it starts with no seat's name, or that seat has no player's name.
pub fn with_first_player(
    text: &str,
    seats: usize,
    name: impl Fn(Seat) -> (String, Option<String>),
) -> Option<String> {
    (0..seats).find_map(|seat| {
        let (name, player) = name(seat);
        let (player, seat) = (player?, first_name(&name, text)?);
        Some(format!("{player} ({seat}){}", &text[seat.len()..]))
    })
}

/// The part of a seat's name that `text` starts with, as a word: "Player 1 (South)" and "Player 1
/// (Eve & Rose)" have several names in them, and any of them may start a line.
fn first_name<'a>(name: &'a str, text: &str) -> Option<&'a str> {
    name.split([':', '(', '&', ')'])
        .map(str::trim)
        .filter(|n| !n.is_empty())
        .find(|n| text.strip_prefix(n).is_some_and(|r| r.starts_with(' ')))
}

/// A seat's name at the table (the game's own: "Red", "Player 1 (South)") and its player's name,
/// where one was given; a seat the session does not have is "Seat 5".
pub fn seat_names<G: Recorded>(
    spec: &HudSpec<G>,
    session: &Session<G>,
    seat: Seat,
) -> (String, Option<String>) {
    if seat < session.seats.len() {
        let name = (spec.seat_name)(&session.state, seat).0;
        (name, session.player(seat).map(str::to_string))
    } else {
        (format!("Seat {}", seat + 1), None)
    }
}

/// A seat's name at the table and its colour: the game's own ("Red", "Player 1 (South)"), after the
/// player's name where one was given ("Anna (Red)", "Anna, Player 1 (South)").
pub fn seat_label<G: Recorded>(
    spec: &HudSpec<G>,
    session: &Session<G>,
    seat: Seat,
) -> (String, egui::Color32) {
    let (name, colour) = (spec.seat_name)(&session.state, seat);
    (player_and_seat(session, seat, &name), colour)
}

/// `seat`'s name at the table (`name`) after its player's, where one was given ([`with_player`]).
pub fn player_and_seat<G: Recorded>(session: &Session<G>, seat: Seat, name: &str) -> String {
    session
        .player(seat)
        .map_or_else(|| name.to_string(), |player| with_player(player, name))
}

/// What the notice says when a first click only marks a move that cannot be undone (a roll, a door
/// shown), waiting for a second: "C2: click it again, or pick it in the panel, to attack it".
pub fn second_click_note(square: &str, to_do: &str) -> String {
    format!("{square}: click it again, or pick it in the panel, {to_do}")
}

/// A seat's label with who plays it, in the label's own brackets where it ends in some: "Yellow
/// (AI)", "Anna (Red, human)", "Anna, Player 1 (South, human)".
pub fn with_kind(label: &str, who: &str) -> String {
    match label.strip_suffix(')') {
        Some(open) => format!("{open}, {who})"),
        None => format!("{label} ({who})"),
    }
}

/// `player`'s name before the seat's: "Anna (Red)", or "Anna, Player 1 (South)" where the seat's
/// name has brackets of its own.
pub fn with_player(player: &str, seat: &str) -> String {
    if seat.contains('(') {
        format!("{player}, {seat}")
    } else {
        format!("{player} ({seat})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plugins::core::seats::SeatKind;

    #[test]
    fn a_named_human_seat_goes_by_its_player_and_seat_and_an_ai_seat_by_its_seat() {
        use hoarfrost_rules::icetowers::{IceTowers, Setup};
        let recorder = hoarfrost_rules::Recorder::<IceTowers>::new(Setup::new(3, 1)).unwrap();
        let seats = vec![SeatKind::Human, SeatKind::Human, SeatKind::Ai];
        let mut session = Session::recorded(recorder, seats, 1);
        session.names = vec!["Anna".into(), String::new(), "Bot".into()];
        assert_eq!(player_and_seat(&session, 0, "Red"), "Anna (Red)");
        assert_eq!(
            player_and_seat(&session, 1, "Yellow"),
            "Yellow",
            "no name given"
        );
        assert_eq!(player_and_seat(&session, 2, "Green"), "Green", "an AI seat");
    }

    #[test]
    fn who_plays_a_seat_shares_its_labels_brackets() {
        assert_eq!(with_kind("Yellow", "AI"), "Yellow (AI)");
        assert_eq!(with_kind("Anna (Red)", "human"), "Anna (Red, human)");
        assert_eq!(
            with_kind("Anna, Player 1 (South)", "human"),
            "Anna, Player 1 (South, human)"
        );
        assert_eq!(
            with_kind("Player 1 (Eve & Rose)", "AI"),
            "Player 1 (Eve & Rose, AI)"
        );
    }

    #[test]
    fn a_players_name_goes_before_the_seats() {
        assert_eq!(with_player("Anna", "Red"), "Anna (Red)");
        assert_eq!(
            with_player("Anna", "Player 1 (South)"),
            "Anna, Player 1 (South)"
        );
        // A log line that names the seat gets the player's name before it; one that does not gets
        // both names before the line.
        let name = |_: Seat| ("Red".to_string(), Some("Anna".to_string()));
        assert_eq!(named_line("seat 1: Red stops", 2, name), "Anna (Red) stops");
        assert_eq!(named_line("seat 1: stops", 2, name), "Anna (Red): stops");
        // The panel's own lines too: "Red to move".
        assert_eq!(
            with_first_player("Red to move", 1, name).as_deref(),
            Some("Anna (Red) to move")
        );
        assert_eq!(with_first_player("Fewest points win.", 1, name), None);
        assert_eq!(
            with_first_player("Red's turn", 1, name),
            None,
            "a whole word"
        );
        let castle = |_: Seat| ("Player 1 (South)".to_string(), Some("Bo".to_string()));
        assert_eq!(
            named_line("seat 1: Player 1 opens the door at D1", 2, castle),
            "Bo (Player 1) opens the door at D1"
        );
        assert_eq!(
            named_line("seat 1: draws a card", 2, castle),
            "Bo, Player 1 (South): draws a card"
        );
        let fortress = |_: Seat| ("Player 1 (Eve & Rose)".to_string(), Some("Cy".to_string()));
        assert_eq!(
            named_line("seat 1: Rose keeps the wild ability", 2, fortress),
            "Cy (Rose) keeps the wild ability"
        );
    }

    #[test]
    fn log_lines_name_their_seat_once() {
        let name = |s: Seat| (["Blue", "Red"][s].to_string(), None);
        assert_eq!(
            named_line("seat 2: caps a tower", 2, name),
            "Red: caps a tower"
        );
        assert_eq!(
            named_line("seat 2: Red caps a tower", 2, name),
            "Red caps a tower"
        );
        assert_eq!(
            named_line("seat 2: Redding caps a tower", 2, name),
            "Red: Redding caps a tower"
        );
        assert_eq!(named_line("seat 0: odd", 2, name), "seat 0: odd");
        let castle = |s: Seat| (format!("Player {} (South)", s + 1), None);
        assert_eq!(
            named_line("seat 1: Player 1 opens the door at D1", 2, castle),
            "Player 1 opens the door at D1"
        );
        let fortress = |_| ("Player 1 (Eve & Rose)".to_string(), None);
        assert_eq!(
            named_line("seat 1: Rose keeps the wild ability", 2, fortress),
            "Rose keeps the wild ability"
        );
    }

    #[test]
    fn chance_lines_are_told_on_their_own() {
        let name = |s: Seat| (["Blue", "Red"][s].to_string(), None);
        assert_eq!(
            named_line("chance: the dice are rolled: 3, 5", 2, name),
            "The dice are rolled: 3, 5"
        );
        assert_eq!(
            named_line("chance: Player 1 draws a card", 2, name),
            "Player 1 draws a card"
        );
        // The seat a chance event names first gets its player's name; a seat without one does not.
        let castle = |s: Seat| {
            let player = (s == 1).then(|| "Bo".to_string());
            (format!("Player {} (North)", s + 1), player)
        };
        assert_eq!(
            named_line("chance: Player 2 draws a card", 2, castle),
            "Bo (Player 2) draws a card"
        );
        assert_eq!(
            named_line("chance: Player 1 draws a card", 2, castle),
            "Player 1 draws a card"
        );
        assert_eq!(
            named_line("chance: Player 2 draws a card", 1, castle),
            "Player 2 draws a card",
            "a seat past the table's is not asked"
        );
    }
}
