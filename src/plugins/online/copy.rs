//! What a player keeps of an online table, written at every view the server sends: where and as
//! whom to join it again, and the game so far as the player's seat knows it (its view, a table
//! position, and the log). If the host's app quits, the copy stays: the player rejoins when the
//! table is hosted again (`hoarfrost --rejoin`, or "Rejoin" in the join form), or opens the copy
//! at one screen from its seat. The copy is the seat's view, never the server's state: what the
//! seat may not know (other hands, face-down tiles, deck order, the RNG) is in it only as the
//! view's stand-ins, so it tells the player nothing more than the table showed; a game opened
//! from it goes on with those stand-ins, not with the hosted table's hidden facts.

use std::net::SocketAddr;
use std::path::{Path, PathBuf};

use hoarfrost_rules::save::{read_if_there, write_atomic};
use hoarfrost_rules::{GameKind, Seat};
use serde::{Deserialize, Serialize};

/// The file of the details, in the data folder.
const DETAILS: &str = "joined.ron";
/// The file of the seat's view, a table position, in the data folder.
const POSITION: &str = "joined-table.ron";

/// The last online table this app sat at.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeatCopy {
    pub game: GameKind,
    pub address: SocketAddr,
    pub code: String,
    pub name: String,
    pub seat: Seat,
    /// This app hosted the table (`hoarfrost --host --continue` gives it the same code again).
    #[serde(default)]
    pub hosted: bool,
    /// The server's step the view is of.
    pub step: u32,
    /// The game's log to that step.
    pub log: Vec<String>,
}

impl SeatCopy {
    /// Write the details and the seat's view (`position`, the state as RON) into `dir`.
    pub fn write(&self, dir: &Path, position: &str) -> Result<(), String> {
        let details = ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default())
            .map_err(|e| e.to_string())?;
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        let write = |name: &str, text: &str| {
            let path = dir.join(name);
            write_atomic(&path, text).map_err(|e| format!("{}: {e}", path.display()))
        };
        write(POSITION, position)?;
        write(DETAILS, &details)
    }

    /// The copy kept in `dir`: `None` if there is none, the reason if it does not read.
    pub fn read(dir: &Path) -> Result<Option<SeatCopy>, String> {
        let path = dir.join(DETAILS);
        let Some(text) = read_if_there(&path)? else {
            return Ok(None);
        };
        ron::from_str(&text)
            .map(Some)
            .map_err(|e| format!("{} does not read: {e}", path.display()))
    }

    /// The seat's view as a table position file (opened like `--scene`).
    pub fn position(dir: &Path) -> PathBuf {
        dir.join(POSITION)
    }

    /// One line for the join form: the game, the step, the seat, and where.
    pub fn describe(&self) -> String {
        format!(
            "{} at {} (code {}), seat {} as {}, step {}",
            self.game.title(),
            self.address,
            self.code,
            self.seat + 1,
            self.name,
            self.step
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hoarfrost_rules::ice_castle::{IceCastle, Setup};
    use hoarfrost_rules::{Game, Recorded};

    #[test]
    fn a_copy_writes_and_reads_back_and_holds_only_the_seats_view() {
        let dir = std::env::temp_dir().join(format!("hoarfrost-copy-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        assert_eq!(SeatCopy::read(&dir), Ok(None), "no copy yet");
        let game = IceCastle::from_setup(&Setup::new(3, 11)).expect("a game");
        let view = game.as_seen_by(1);
        let copy = SeatCopy {
            game: GameKind::IceCastle,
            address: "192.168.1.5:7654".parse().expect("an address"),
            code: "ICE-4821".into(),
            name: "Ben".into(),
            seat: 1,
            hosted: false,
            step: 0,
            log: vec!["seat 1: opened a door".into()],
        };
        copy.write(&dir, &ron::to_string(&view).expect("a view writes"))
            .expect("the copy writes");
        assert_eq!(SeatCopy::read(&dir), Ok(Some(copy.clone())));
        let text = std::fs::read_to_string(SeatCopy::position(&dir)).expect("the position");
        let kept: IceCastle = ron::from_str(&text).expect("a position of the game");
        assert!(kept == view, "the seat's view, as the table showed it");
        assert!(
            kept != game,
            "not the server's state: the RNG and what seat 2 cannot see differ"
        );
        assert!(kept.check_position().is_ok(), "a position that opens");
        std::fs::write(dir.join(DETAILS), "(game: Chess)").expect("a broken copy");
        assert!(SeatCopy::read(&dir).unwrap_err().contains("does not read"));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
