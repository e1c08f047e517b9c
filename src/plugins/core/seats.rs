//! Who sits in a seat: a human (with a name) or an AI seat (at a level), and the words a save file
//! and the command line use for them.

use hoarfrost_rules::bots::Level;

/// Who sits in a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum SeatKind {
    Human,
    Ai,
}

/// The seats of a table of `n` where only `seat` is played at this screen (an online seat: the
/// others are played elsewhere).
pub fn only_here(n: usize, seat: usize) -> Vec<SeatKind> {
    (0..n)
        .map(|s| {
            if s == seat {
                SeatKind::Human
            } else {
                SeatKind::Ai
            }
        })
        .collect()
}

/// A seat as a save file names it: "human", or "human:Anna" for a named player; "ai" for the
/// game's own bot, or "ai:hard" for an AI seat playing at a level ([`Level::name`]).
pub fn seat_word(kind: SeatKind, player: Option<&str>, level: Option<Level>) -> String {
    match (kind, player, level) {
        (SeatKind::Human, Some(name), _) => format!("human:{name}"),
        (SeatKind::Human, None, _) => "human".to_string(),
        (SeatKind::Ai, _, Some(level)) => format!("ai:{}", level.name()),
        (SeatKind::Ai, _, None) => "ai".to_string(),
    }
}

/// A save's seat word read back: its kind (anything but "human" is an AI seat), the player's name,
/// cleaned ([`clean_name`]; empty where none), and an AI seat's level ("ai:hard"; `None` for "ai"
/// or a bot the app does not offer, as the command line's "ai:random").
pub fn read_seat_word(word: &str) -> (SeatKind, String, Option<Level>) {
    match word
        .split_once(':')
        .map_or((word, ""), |(kind, rest)| (kind, rest))
    {
        ("human", name) => (SeatKind::Human, clean_name(name), None),
        (_, rest) => (SeatKind::Ai, String::new(), Level::from_name(rest)),
    }
}

/// The longest player's name kept, in characters.
pub const NAME_LIMIT: usize = 16;

/// A player's name as the table shows it: without control characters or spaces around it, at most
/// [`NAME_LIMIT`] characters (typed on the title screen or read from a save, which may say anything).
pub fn clean_name(typed: &str) -> String {
    let kept: String = typed.chars().filter(|c| !c.is_control()).collect();
    kept.trim()
        .chars()
        .take(NAME_LIMIT)
        .collect::<String>()
        .trim_end()
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_is_cleaned_of_control_characters_and_spaces_around_and_cut_short() {
        assert_eq!(clean_name("  Anna  "), "Anna");
        assert_eq!(clean_name("An\tna\u{1b}"), "Anna");
        assert_eq!(clean_name("Jean Luc"), "Jean Luc");
        assert_eq!(
            clean_name("The Very Long Name Of Someone"),
            "The Very Long Na"
        );
        assert_eq!(clean_name("Fifteen chars  x"), "Fifteen chars  x");
        assert_eq!(
            clean_name("Fifteen chars   x"),
            "Fifteen chars",
            "cut, then trimmed"
        );
        assert_eq!(clean_name("Åsa Øberg-Ünal"), "Åsa Øberg-Ünal");
    }

    #[test]
    fn a_seat_word_reads_back_its_kind_name_and_level() {
        assert_eq!(
            read_seat_word("human:Anna"),
            (SeatKind::Human, "Anna".into(), None)
        );
        assert_eq!(
            read_seat_word("ai:hard"),
            (SeatKind::Ai, String::new(), Some(Level::Hard))
        );
        for level in Level::ALL {
            let word = seat_word(SeatKind::Ai, None, Some(level));
            assert_eq!(read_seat_word(&word).2, Some(level), "{word}");
        }
        // The command line's bots, and anything else, are AI seats playing the game's own bot.
        for word in ["ai", "ai:random", "ai:mcts200", "robot"] {
            assert_eq!(
                read_seat_word(word),
                (SeatKind::Ai, String::new(), None),
                "{word}"
            );
        }
    }
}
