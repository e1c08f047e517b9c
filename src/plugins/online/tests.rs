//! Online tables over real sockets on loopback: a server app and client apps in one process
//! (`MinimalPlugins`, renet's netcode on UDP), clients driven by a script.

use bevy::prelude::*;
use bevy_replicon_renet::RenetClient;
use hoarfrost_rules::bots::Level;
use hoarfrost_rules::{Game, GameRng, Recorded, Recorder, Seat, ToAct};

use super::loopback::{
    CODE, Received, client_of, connect_all, mirror, random_bot, run, scripted_move, send, server_of,
};
use super::protocol::{Intent, MAX_INTENTS_PER_FRAME, News};
use super::server::{self, Holder, Table};
use super::transport;

/// The numbers (six digits or more) in `game`'s RNG as RON: what decides its future rolls and draws.
fn rng_numbers<G: Game>(game: &G) -> Vec<String> {
    let rng = ron::to_string(game.clone().rng_mut()).expect("the RNG writes");
    rng.split(|c: char| !c.is_ascii_digit())
        .filter(|n| n.len() >= 6)
        .map(str::to_string)
        .collect()
}

/// Every message client `i` was sent is a seat message, a refusal, or the view of a step the
/// server reached, equal to the server's view for its seat then, and holds no number of the
/// server's RNG at any step.
fn check_everything_received<G: Game>(
    client: &App,
    i: usize,
    history: &[(u32, Vec<G>, Vec<String>)],
) {
    let secrets: Vec<&String> = history.iter().flat_map(|h| &h.2).collect();
    let received = &client.world().resource::<Received>().0;
    let mut tables = 0;
    for news in received {
        if matches!(news, News::Finished { .. }) {
            // The finished game's record, sent once the game is over: nothing is hidden then.
            continue;
        }
        let text = format!("{news:?}");
        if let Some(n) = secrets.iter().find(|n| text.contains(n.as_str())) {
            panic!("client {i} was sent the RNG's number {n}");
        }
        let News::Table { step, state, .. } = news else {
            continue;
        };
        let (_, views, _) = history.iter().find(|h| h.0 == *step).unwrap_or_else(|| {
            panic!("client {i} was sent step {step}, which the server never showed")
        });
        let sent: G = ron::from_str(state).expect("a view reads");
        assert!(sent == views[i], "client {i}'s view of step {step}");
        tables += 1;
    }
    assert!(tables > 0, "client {i} was sent tables");
}

/// Where the client that drops and rejoins is: playing, gone (its app closed its connection), or
/// back (a new app, joining again under the same name).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Rejoin {
    Before,
    Gone,
    Back,
}

/// Play `game` to its end over loopback: `remote` seats held by scripted clients, the rest by the
/// server's AI. At every frame, a client whose view is of the server's current step holds exactly
/// the server's state as its seat may see it. The first client drops at step `drop_at` and comes
/// back as a new app with the same name and code.
fn play_online<G: Recorded>(setup: G::Setup, remote: &[Seat], drop_at: u32) -> G {
    let seats = G::from_setup(&setup).expect("a game").num_seats();
    let holders = super::headless::remote_holders(seats, remote);
    let (mut server, port) = server_of::<G>(setup, holders);
    let mut clients: Vec<App> = (0..remote.len())
        .map(|i| client_of::<G>(port, 100 + i as u64))
        .collect();
    connect_all(&mut server, &mut clients);
    let mut joined = vec![false; clients.len()];
    let mut rejoin = Rejoin::Before;
    let mut rngs: Vec<GameRng> = (0..clients.len()).map(|i| GameRng::new(i as u64)).collect();
    let mut moved = vec![None; clients.len()];
    let mut sent = vec![0; clients.len()];
    let mut compared = 0;
    // What the server held at each step: each remote seat's view, and the RNG's numbers.
    let mut history: Vec<(u32, Vec<G>, Vec<String>)> = Vec::new();
    let finished = run(&mut server, &mut clients, 200_000, |server, clients| {
        let table = server.world().resource::<Table<G>>();
        if history.last().is_none_or(|h| h.0 != table.step()) {
            let views = remote.iter().map(|&s| table.game().as_seen_by(s)).collect();
            history.push((table.step(), views, rng_numbers(table.game())));
        }
        rejoin = drop_and_rejoin(table, clients, port, (remote[0], drop_at), rejoin);
        if rejoin == Rejoin::Gone {
            joined[0] = false;
            moved[0] = None;
        }
        for (i, client) in clients.iter_mut().enumerate() {
            let seat = remote[i];
            if !joined[i] && client.world().resource::<RenetClient>().is_connected() {
                joined[i] = true;
                let join = Intent::Join {
                    name: format!("Player {}", seat + 1),
                    code: CODE.into(),
                    seat: None,
                };
                send(client, join);
            }
            let m = mirror::<G>(client);
            // Only a move from a view the table has since moved past may be refused (in
            // IceTowers the AI seat moves meanwhile).
            let stale = |why: &String| why.contains("moved on since your view");
            assert!(
                m.refusals.iter().all(stale),
                "seat {seat} was refused: {:?}",
                m.refusals
            );
            if let Some(view) = &m.game
                && m.step == table.step()
            {
                assert!(
                    *view == table.game().as_seen_by(seat),
                    "seat {seat}'s table at step {}",
                    m.step
                );
                assert_eq!(m.log, table.recorder().log(), "seat {seat}'s log");
                compared += 1;
            }
        }
        let over = table.game().is_over();
        let all_seen = clients.iter().all(|c| mirror::<G>(c).step == table.step());
        for (i, client) in clients.iter_mut().enumerate() {
            if let Some(intent) = scripted_move::<G>(client, &mut rngs[i], &mut moved[i]) {
                send(client, intent);
                sent[i] += 1;
            }
        }
        over && all_seen && rejoin == Rejoin::Back
    });
    let table = server.world().resource::<Table<G>>();
    assert!(
        finished,
        "the game ends (step {}, {rejoin:?})",
        table.step()
    );
    assert!(
        compared > clients.len(),
        "views compared at {compared} frames"
    );
    assert!(
        sent.iter().all(|&n| n > 0),
        "every remote seat moved: {sent:?}"
    );
    eprintln!(
        "{} steps, remote moves {sent:?}, {compared} views compared",
        table.step()
    );
    for (i, client) in clients.iter().enumerate() {
        let view = mirror::<G>(client).game.as_ref().expect("a view");
        let seat = remote[i];
        assert_eq!(mirror::<G>(client).seat, Some(seat), "client {i}'s seat");
        assert!(
            *view == table.game().as_seen_by(seat),
            "seat {seat}'s last view"
        );
        check_everything_received::<G>(client, i, &history);
        let save = mirror::<G>(client)
            .finished
            .as_deref()
            .expect("the record at the end");
        let loaded = hoarfrost_rules::save::load::<G>(save).expect("the record loads");
        assert!(
            loaded.recorder.record() == table.recorder().record(),
            "client {i} was sent the game's record"
        );
    }
    table.game().clone()
}

/// At step `drop_at` the first client's app closes its connection; once the server has let its
/// seat wait, a new app takes its place (and joins under the same name when connected).
fn drop_and_rejoin<G: Recorded>(
    table: &Table<G>,
    clients: &mut [App],
    port: u16,
    (seat, drop_at): (Seat, u32),
    now: Rejoin,
) -> Rejoin {
    match now {
        Rejoin::Before if table.step() >= drop_at => {
            transport::disconnect(clients[0].world_mut());
            Rejoin::Gone
        }
        Rejoin::Gone if matches!(&table.holders()[seat], Holder::Remote { client: None, .. }) => {
            clients[0] = client_of::<G>(port, 900);
            Rejoin::Back
        }
        other => other,
    }
}

#[test]
fn whole_games_of_all_five_play_over_loopback() {
    use hoarfrost_rules::*;
    let fortress = ice_fortress::Setup {
        round_limit: 3,
        ..ice_fortress::Setup::new(2, 3)
    };
    let over = play_online::<ice_fortress::IceFortress>(fortress, &[0, 1], 6);
    assert!(over.is_over());
    let mut coup = sprawl::Setup::new(3, 4);
    coup.variants.counting_coup = true;
    play_online::<sprawl::Sprawl>(coup, &[0, 2], 9);
    play_online::<ice_castle::IceCastle>(ice_castle::Setup::new(3, 5), &[0, 1], 7);
    let colony = ice_colony::Setup {
        round_limit: 4,
        ..ice_colony::Setup::new(2, 6)
    };
    play_online::<ice_colony::IceColony>(colony, &[0, 1], 12);
    let towers = icetowers::Setup {
        move_limit: 40,
        ..icetowers::Setup::new(3, 7)
    };
    play_online::<icetowers::IceTowers>(towers, &[1, 2], 5);
}

/// A client that sends what it may not is refused in words, the table unchanged, and the server
/// goes on: a wrong join code, an action without a seat, an action out of turn, one that does not
/// read, one the rules refuse, a stale step, and a flood.
#[test]
fn bad_intents_are_refused_and_change_nothing() {
    use hoarfrost_rules::icetowers::{IceTowers, Setup};
    type G = IceTowers;
    let (mut server, port) = server_of::<G>(Setup::new(2, 3), vec![Holder::Open, Holder::Open]);
    let mut clients = vec![client_of::<G>(port, 1), client_of::<G>(port, 2)];
    connect_all(&mut server, &mut clients);
    let settle = |server: &mut App, clients: &mut [App]| {
        run(server, clients, 60, |_, _| false);
    };
    let join = |code: &str, seat| Intent::Join {
        name: "Anna".into(),
        code: code.into(),
        seat,
    };
    send(&mut clients[0], join("ICE-0000", None));
    send(
        &mut clients[0],
        Intent::Act {
            step: 0,
            action: "Cap".into(),
        },
    );
    settle(&mut server, &mut clients);
    let said = mirror::<G>(&clients[0]).refusals.clone();
    assert!(said[0].contains("not this table's join code"), "{said:?}");
    assert!(said[1].contains("no seat"), "{said:?}");
    send(&mut clients[0], join(CODE, Some(0)));
    settle(&mut server, &mut clients);
    let ben = Intent::Join {
        name: "Ben".into(),
        code: CODE.into(),
        seat: Some(0),
    };
    send(&mut clients[1], ben);
    send(&mut clients[1], join(CODE, None));
    settle(&mut server, &mut clients);
    assert_eq!(mirror::<G>(&clients[0]).seat, Some(0));
    let said = mirror::<G>(&clients[1]).refusals.clone();
    assert!(said[0].contains("seat 1 is not open"), "{said:?}");
    assert!(
        said[1].contains("a player named Anna is at this table already"),
        "{said:?}"
    );
    let before = server.world().resource::<Table<G>>().game().clone();
    let step = server.world().resource::<Table<G>>().step();
    for action in ["(((", "Cap(piece: 999, onto: 998)", &"x".repeat(10_000)] {
        send(
            &mut clients[0],
            Intent::Act {
                step,
                action: action.into(),
            },
        );
    }
    send(
        &mut clients[0],
        Intent::Act {
            step: step + 5,
            action: "x".into(),
        },
    );
    settle(&mut server, &mut clients);
    let said = mirror::<G>(&clients[0]).refusals.clone();
    let last: Vec<&String> = said.iter().rev().take(4).collect();
    assert!(last[3].contains("does not read"), "{said:?}");
    assert!(last[2].contains("the rules refuse it"), "{said:?}");
    assert!(last[1].contains("at most 4096 bytes"), "{said:?}");
    assert!(last[0].contains("has not come"), "{said:?}");
    // A flood: the server reads a few a frame and drops the rest, and keeps running.
    for _ in 0..100 {
        send(
            &mut clients[1],
            Intent::Act {
                step,
                action: "(".into(),
            },
        );
    }
    settle(&mut server, &mut clients);
    let refused = mirror::<G>(&clients[1]).refusals.len();
    assert!(
        (MAX_INTENTS_PER_FRAME..100).contains(&refused),
        "{refused} answered"
    );
    let table = server.world().resource::<Table<G>>();
    assert!(
        *table.game() == before && table.step() == step,
        "nothing changed"
    );
    // A legal move still plays.
    let legal = before.legal_actions(0);
    let action = ron::to_string(&legal[0]).unwrap();
    let again = Intent::Act {
        step,
        action: action.clone(),
    };
    send(&mut clients[0], Intent::Act { step, action });
    settle(&mut server, &mut clients);
    assert_eq!(server.world().resource::<Table<G>>().step(), step + 1);
    // The same view's intent again is a repeat, refused.
    send(&mut clients[0], again);
    settle(&mut server, &mut clients);
    let said = mirror::<G>(&clients[0]).refusals.clone();
    assert!(said.last().unwrap().contains("already"), "{said:?}");
    assert_eq!(server.world().resource::<Table<G>>().step(), step + 1);
}

/// A hosted table waits in its lobby: players take seats and move to open ones, nothing is played
/// and no table is sent before the start, only the host's key starts it or hands a seat to the
/// AI, and it starts only once no seat is open.
#[test]
fn a_hosted_table_gathers_in_its_lobby_and_only_the_host_starts_it() {
    use super::protocol::{HostOrder, SeatNews};
    use hoarfrost_rules::icetowers::{IceTowers, Setup};
    type G = IceTowers;
    let (mut server, port) = server_of::<G>(Setup::new(3, 3), vec![Holder::Open; 3]);
    let rec = Recorder::<G>::new(Setup::new(3, 3)).expect("a game");
    let hana = Holder::Remote {
        name: "Hana".into(),
        client: None,
    };
    let holders = vec![hana, Holder::Open, Holder::Open];
    let table = Table::new(rec, CODE, holders, random_bot).expect("a table");
    server.insert_resource(table.hosted("KEY"));
    let mut clients = vec![client_of::<G>(port, 1), client_of::<G>(port, 2)];
    connect_all(&mut server, &mut clients);
    let settle = |server: &mut App, clients: &mut [App]| {
        run(server, clients, 60, |_, _| false);
    };
    let join = |name: &str| Intent::Join {
        name: name.into(),
        code: CODE.into(),
        seat: None,
    };
    let order = |key: &str, order| Intent::Host {
        key: key.into(),
        order,
    };
    send(&mut clients[0], join("Hana"));
    send(&mut clients[1], join("Ann"));
    settle(&mut server, &mut clients);
    assert_eq!(
        mirror::<G>(&clients[0]).seat,
        Some(0),
        "the host's own seat"
    );
    assert_eq!(
        mirror::<G>(&clients[1]).seat,
        Some(1),
        "the first open seat"
    );
    let act = Intent::Act {
        step: 0,
        action: "Stop".into(),
    };
    send(&mut clients[1], act);
    send(&mut clients[1], order("GUESS", HostOrder::Start));
    send(&mut clients[0], order("KEY", HostOrder::Start));
    send(&mut clients[1], Intent::Sit { seat: 2 });
    settle(&mut server, &mut clients);
    let said = &mirror::<G>(&clients[1]).refusals;
    assert!(said[0].contains("has not started"), "{said:?}");
    assert!(said[1].contains("only the host"), "{said:?}");
    let said = &mirror::<G>(&clients[0]).refusals;
    assert!(said[0].contains("1 seat is still open"), "{said:?}");
    let m = mirror::<G>(&clients[0]);
    assert!(!m.started && m.game.is_none(), "no table before the start");
    let ann = SeatNews::Player {
        name: "Ann".into(),
        here: true,
    };
    assert_eq!(m.seats[1..], [SeatNews::Open, ann.clone()], "Ann moved");
    assert_eq!(mirror::<G>(&clients[1]).seat, Some(2));
    send(
        &mut clients[0],
        order(
            "KEY",
            HostOrder::HandToAi {
                seat: 1,
                level: Some(Level::Hard),
            },
        ),
    );
    send(&mut clients[0], order("KEY", HostOrder::Start));
    settle(&mut server, &mut clients);
    send(&mut clients[1], Intent::Sit { seat: 1 });
    settle(&mut server, &mut clients);
    let said = &mirror::<G>(&clients[1]).refusals;
    assert!(said[2].contains("game has started"), "{said:?}");
    for client in &clients {
        let m = mirror::<G>(client);
        assert!(m.started, "the game started");
        let hard = SeatNews::Ai {
            level: Some(Level::Hard),
        };
        assert_eq!(m.seats[1..], [hard, ann.clone()]);
        assert!(m.game.is_some(), "a table was sent");
    }
    let table = server.world().resource::<Table<G>>();
    assert!(table.started());
    assert_eq!(table.seat_words(), ["human:Hana", "ai:hard", "human:Ann"]);
}

/// A client that connects and says nothing is let go once the limit has passed; a seated client
/// stays, and the server goes on.
#[test]
fn a_client_that_takes_no_seat_is_let_go() {
    use hoarfrost_rules::icetowers::{IceTowers, Setup};
    type G = IceTowers;
    let (mut server, port) = server_of::<G>(Setup::new(2, 3), vec![Holder::Open, Holder::Ai(None)]);
    let limit = std::time::Duration::from_millis(400);
    server.insert_resource(server::Arrivals::with_limit(limit));
    let mut clients = vec![client_of::<G>(port, 1), client_of::<G>(port, 2)];
    connect_all(&mut server, &mut clients);
    let join = Intent::Join {
        name: "Anna".into(),
        code: CODE.into(),
        seat: None,
    };
    send(&mut clients[0], join);
    let let_go = run(&mut server, &mut clients, 5000, |_, clients| {
        clients[1]
            .world()
            .resource::<RenetClient>()
            .is_disconnected()
    });
    assert!(let_go, "the silent client is let go");
    run(&mut server, &mut clients, 100, |_, _| false);
    assert!(
        clients[0].world().resource::<RenetClient>().is_connected(),
        "the seated client stays"
    );
    assert_eq!(mirror::<G>(&clients[0]).seat, Some(0));
}

/// A move sent from a view the table has since moved past, by a seat whose turn it no longer is
/// (in IceTowers the others move meanwhile, and the game may end), is refused as stale, naming
/// both steps; from the current view it is refused as out of turn.
#[test]
fn a_stale_move_out_of_turn_is_refused_as_stale() {
    use hoarfrost_rules::sprawl::{Setup, Sprawl};
    type G = Sprawl;
    let rec = Recorder::<G>::new(Setup::new(3, 4)).expect("a game");
    let holders = vec![Holder::Open; 3];
    let mut table = Table::new(rec, CODE, holders, random_bot).expect("a table");
    let mut world = World::new();
    let (anna, cleo) = (world.spawn_empty().id(), world.spawn_empty().id());
    table.join(anna, "Anna", CODE, Some(0)).expect("Anna sits");
    table.join(cleo, "Cleo", CODE, Some(2)).expect("Cleo sits");
    let first = ron::to_string(&table.game().legal_actions(0)[0]).expect("an action writes");
    let said = table.act(cleo, 0, &first).unwrap_err();
    assert_eq!(said, "it is not your seat's turn");
    table.act(anna, 0, &first).expect("Anna's move plays");
    assert!(
        matches!(table.game().to_act(), ToAct::Seats(s) if !s.contains(&2)),
        "not Cleo's turn yet"
    );
    let before = table.game().clone();
    let said = table.act(cleo, 0, &first).unwrap_err();
    assert!(
        said.contains("moved on since your view (step 0, now 1)"),
        "{said}"
    );
    let said = table.act(cleo, 1, &first).unwrap_err();
    assert_eq!(said, "it is not your seat's turn");
    assert!(
        *table.game() == before && table.step() == 1,
        "nothing changed"
    );
}

/// An AI seat at a level plays the tree search of that level, on a thread of its own: the call
/// that starts its decision returns at once, the move comes on a later frame, and the seat's
/// word in the autosave keeps the level.
#[test]
fn an_ai_seat_at_a_level_decides_off_the_frame() {
    use hoarfrost_rules::icetowers::{IceTowers, Setup};
    type G = IceTowers;
    let rec = Recorder::<G>::new(Setup::new(2, 8)).expect("a game");
    let holders = vec![Holder::Ai(Some(Level::Easy)), Holder::Ai(None)];
    let mut table = Table::new(rec, CODE, holders, random_bot)
        .expect("a table")
        .with_ai_pause(std::time::Duration::ZERO);
    assert_eq!(table.seat_words(), ["ai:easy", "ai"]);
    let now = std::time::Duration::from_secs(1);
    assert!(
        !table.play_server_seats(now),
        "a decision starts, nothing is played yet"
    );
    assert_eq!(table.step(), 0);
    let mut frames = 0;
    while table.step() < 6 && frames < 20_000 {
        table.play_server_seats(now);
        frames += 1;
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    assert!(table.step() >= 6, "the AI seats played ({frames} frames)");
    let seats: Vec<&str> = table.recorder().log().iter().map(|l| &l[..6]).collect();
    assert!(
        seats.contains(&"seat 1"),
        "the level's seat moved: {seats:?}"
    );
}
