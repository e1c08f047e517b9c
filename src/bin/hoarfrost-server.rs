//! `hoarfrost-server`: one online table with no window, no GPU and no rendering, for a table that
//! outlives any one player's machine. It plays the AI seats and writes its autosave after every
//! step; `--resume` goes on from that save after a restart.

use std::path::PathBuf;
use std::process::ExitCode;

use bevy::prelude::*;
use clap::Parser;
use hoarfrost::plugins::online::headless::{self, Serving};
use hoarfrost::plugins::online::host;
use hoarfrost::plugins::online::server::{Holder, Table};
use hoarfrost::plugins::session::registry::TableGame;
use hoarfrost_rules::bots::Level;
use hoarfrost_rules::cmdline::NotRun;
use hoarfrost_rules::{GameKind, Recorder, save};

/// Hosts one online Hoarfrost table with no window: remote players join it from the app with its
/// address and join code.
#[derive(Parser, Debug)]
#[command(
    name = "hoarfrost-server",
    version,
    after_help = "Examples:
  hoarfrost-server --game sprawl --seats remote,remote,ai:hard --port 7654
  hoarfrost-server --game ice-castle --seats remote,remote --code ICE-2718 --save castle.ron
  hoarfrost-server --resume --save castle.ron"
)]
struct Args {
    /// ice-fortress | sprawl | ice-castle | ice-colony | icetowers
    #[arg(long, value_name = "NAME", value_parser = game, required_unless_present = "resume")]
    game: Option<GameKind>,
    /// One entry per seat: remote (a player who joins), or ai (played here by the game's own
    /// AI) or ai:easy, ai:normal, ai:hard (the tree search of that level)
    #[arg(long, value_name = "LIST", value_parser = seats, requires = "game")]
    seats: Option<SeatList>,
    /// Seed of the game (default: a new one)
    #[arg(long, value_name = "N", conflicts_with = "resume")]
    seed: Option<u64>,
    /// UDP port to listen on (0: any free one, printed at the start)
    #[arg(long, value_name = "N", default_value = "7654")]
    port: u16,
    /// The code players join with (default: a new one, printed at the start)
    #[arg(long, value_name = "CODE")]
    code: Option<String>,
    /// The autosave, written after every step (default: server-GAME.ron in this folder)
    #[arg(long, value_name = "FILE")]
    save: Option<PathBuf>,
    /// Go on with the game of --save (its seats wait for their players to join again)
    #[arg(long, requires = "save", conflicts_with_all = ["game", "seats"])]
    resume: bool,
    /// Listen on the loopback address only (players on this machine)
    #[arg(long)]
    loopback: bool,
    /// Stop once the game is over
    #[arg(long)]
    quit_when_over: bool,
}

fn game(v: &str) -> Result<GameKind, String> {
    GameKind::from_slug(v).ok_or_else(|| "unknown game".to_string())
}

/// Who holds each seat at the start, in seat order: open for a remote player, or the AI.
#[derive(Clone, Debug)]
struct SeatList(Vec<Holder>);

fn seats(v: &str) -> Result<SeatList, String> {
    v.split(',')
        .map(|s| match s.trim() {
            "remote" => Ok(Holder::Open),
            "ai" => Ok(Holder::Ai(None)),
            other => match other.strip_prefix("ai:").and_then(Level::from_name) {
                Some(level) => Ok(Holder::Ai(Some(level))),
                None => Err(format!(
                    "a seat is 'remote', 'ai' or 'ai:easy|normal|hard', not '{other}'"
                )),
            },
        })
        .collect::<Result<_, _>>()
        .map(SeatList)
}

fn main() -> ExitCode {
    let args = hoarfrost_rules::cmdline::text_args(std::env::args_os())
        .map_err(|why| NotRun::refused(&why))
        .and_then(hoarfrost_rules::cmdline::parse::<Args>);
    let args = match args {
        Ok(args) => args,
        Err(not_run) => return ExitCode::from(not_run.tell("hoarfrost-server")),
    };
    match serve(args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(why) => {
            eprintln!("hoarfrost-server: {why}");
            ExitCode::FAILURE
        }
    }
}

/// Open the table of the game asked for (or of the save) and serve it until stopped.
fn serve(args: Args) -> Result<(), String> {
    let kind = match (&args.save, args.resume, args.game) {
        (Some(path), true, _) => {
            let text = save::read_file(path).map_err(|e| format!("{}: {e}", path.display()))?;
            save::peek(&text)
                .and_then(|h| h.known_kind())
                .map_err(|e| format!("{}: {e}", path.display()))?
        }
        (_, _, Some(kind)) => kind,
        _ => return Err("give --game, or --resume with --save".into()),
    };
    use hoarfrost_rules::{ice_castle, ice_colony, ice_fortress, icetowers, sprawl};
    match kind {
        GameKind::IceFortress => serve_game::<ice_fortress::IceFortress>(&args),
        GameKind::Sprawl => serve_game::<sprawl::Sprawl>(&args),
        GameKind::IceCastle => serve_game::<ice_castle::IceCastle>(&args),
        GameKind::IceColony => serve_game::<ice_colony::IceColony>(&args),
        GameKind::IceTowers => serve_game::<icetowers::IceTowers>(&args),
    }
}

fn serve_game<G: TableGame>(args: &Args) -> Result<(), String> {
    let path = args
        .save
        .clone()
        .unwrap_or_else(|| PathBuf::from(format!("server-{}.ron", G::KIND.slug())));
    let (rec, holders): (Recorder<G>, Vec<Holder>) = if args.resume {
        headless::resumed::<G>(&path)?
    } else {
        let holders = args
            .seats
            .clone()
            .map_or_else(|| vec![Holder::Open; 2], |SeatList(seats)| seats);
        if let Some(why) = G::KIND.refuse_seats(holders.len()) {
            return Err(why);
        }
        if !G::KIND.plays_levels() && holders.iter().any(|h| matches!(h, Holder::Ai(Some(_)))) {
            return Err(format!(
                "{}'s AI plays no levels: give its seats as 'ai'",
                G::KIND.title()
            ));
        }
        let seed = args
            .seed
            .unwrap_or_else(hoarfrost::plugins::session::new_game::fresh_seed);
        let remote: Vec<bool> = holders.iter().map(|h| *h == Holder::Open).collect();
        (headless::new_game::<G>(&remote, seed)?, holders)
    };
    let code = args.code.clone().unwrap_or_else(host::join_code);
    let table = Table::new(rec, &code, holders, G::bot)
        .ok_or("the save's seats do not match its game")?
        .with_autosave(path.clone());
    let serving = Serving {
        port: args.port,
        loopback: args.loopback,
        quit_when_over: args.quit_when_over,
    };
    let (mut app, port) = headless::app::<G>(table, serving)?;
    println!(
        "hoarfrost-server: {} on port {port}, join code {code}, autosave {}",
        G::KIND.title(),
        path.display()
    );
    match app.run() {
        AppExit::Success => Ok(()),
        AppExit::Error(code) => Err(format!("stopped with code {code}")),
    }
}
