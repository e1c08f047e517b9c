//! Saves on the command line: `--save` records the first game played, `--load` replays a save and
//! says where the game stands, `--replay` prints every step. A save that does not load gets its
//! message and exit code 2, never a panic.

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

use hoarfrost_rules::bots::{Bot, MatchResult};
use hoarfrost_rules::ice_castle::IceCastle;
use hoarfrost_rules::ice_colony::IceColony;
use hoarfrost_rules::ice_fortress::IceFortress;
use hoarfrost_rules::icetowers::IceTowers;
use hoarfrost_rules::save::{self, Header, LoadError};
use hoarfrost_rules::sprawl::Sprawl;
use hoarfrost_rules::{GameKind, GameRng, Recorded, Recorder, ToAct};

/// Play one game from `setup` as `play_match` would (same seat draws), recording it, and write it to
/// `path` with `seats` in its header.
pub fn play_and_save<G: Recorded>(
    setup: G::Setup,
    bots: &mut [Box<dyn Bot<G>>],
    rng: &mut GameRng,
    seats: &[String],
    path: &Path,
) -> Result<MatchResult, String> {
    let mut rec = Recorder::<G>::new(setup).map_err(|e| e.to_string())?;
    let bound = rec.state().max_game_length();
    loop {
        match rec.state().to_act() {
            ToAct::Over => break,
            ToAct::Chance => rec.chance().map_err(|e| e.to_string())?,
            ToAct::Seats(s) => {
                let seat = s[rng.below(s.len())];
                let action = bots[seat]
                    .choose(rec.state(), seat)
                    .ok_or_else(|| format!("the bot of seat {} found no action", seat + 1))?;
                rec.act(seat, &action).map_err(|e| {
                    format!("the bot of seat {} played an illegal move: {e}", seat + 1)
                })?;
            }
        }
        if rec.len() > bound {
            return Err(format!("the game exceeded its declared bound {bound}"));
        }
    }
    let text = save::to_string(seats, false, rec.record()).map_err(|e| e.to_string())?;
    save::write_atomic(path, &text).map_err(|e| format!("{}: {e}", path.display()))?;
    eprintln!(
        "saved the first game ({} steps) to {}",
        rec.len(),
        path.display()
    );
    Ok(MatchResult {
        scores: rec.state().scores(),
        returns: rec.state().returns(),
        actions: rec.len(),
    })
}

/// `--load` (or `--replay` with `steps`): print the save's summary (and every step), or why it does
/// not load with exit code 2.
pub fn load(path: &Path, steps: bool) -> ExitCode {
    let result = save::read_file(path).and_then(|text| {
        let header = save::peek(&text)?;
        match header.known_kind()? {
            GameKind::IceTowers => show::<IceTowers>(&text, steps),
            GameKind::Sprawl => show::<Sprawl>(&text, steps),
            GameKind::IceCastle => show::<IceCastle>(&text, steps),
            GameKind::IceColony => show::<IceColony>(&text, steps),
            GameKind::IceFortress => show::<IceFortress>(&text, steps),
        }
    });
    match result {
        Ok(text) => {
            // A closed pipe (`| head`) is no error worth a panic.
            let _ = std::io::stdout().write_all(text.as_bytes());
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("hoarfrost-cli: cannot load {}: {e}", path.display());
            ExitCode::from(2)
        }
    }
}

fn show<G: Recorded>(text: &str, steps: bool) -> Result<String, LoadError> {
    let loaded = save::load::<G>(text)?;
    let mut out = summary(&loaded.header, &loaded.recorder);
    if steps {
        out.push_str("steps:\n");
        for (i, line) in loaded.recorder.log().iter().enumerate() {
            out.push_str(&format!("{:>5}. {line}\n", i + 1));
        }
    }
    Ok(out)
}

/// Game, seats, steps, whose turn, scores (and results once over).
fn summary<G: Recorded>(header: &Header, rec: &Recorder<G>) -> String {
    let state = rec.state();
    let seats: Vec<String> = header
        .seats
        .iter()
        .enumerate()
        .map(|(i, s)| format!("{} {s}", i + 1))
        .collect();
    let turn = match state.to_act() {
        ToAct::Over => "the game is over".to_string(),
        ToAct::Chance => "chance (a roll or a draw) is next".to_string(),
        ToAct::Seats(s) => {
            let names: Vec<String> = s.iter().map(|x| (x + 1).to_string()).collect();
            let names: Vec<&str> = names.iter().map(String::as_str).collect();
            let word = hoarfrost_rules::words::noun(names.len() as i64, "seat", "seats");
            format!("{word} {} to act", hoarfrost_rules::words::listed(&names))
        }
    };
    let join = |v: Vec<String>| v.join(", ");
    let mut out = format!(
        "{} save (format {}, Hoarfrost {})\nseats: {}\nsteps: {}\nnow: {turn}\nscores: {}\n",
        G::KIND.title(),
        header.format,
        header.app_version,
        join(seats),
        rec.len(),
        join(state.scores().iter().map(i64::to_string).collect()),
    );
    if header.tutorial {
        out.push_str("saved in the app's tutorial\n");
    }
    if state.is_over() {
        let returns = state.returns().iter().map(|r| format!("{r:.2}")).collect();
        out.push_str(&format!("results: {}\n", join(returns)));
    }
    if let Some(last) = rec.log().last() {
        out.push_str(&format!("last step: {last}\n"));
    }
    out
}
