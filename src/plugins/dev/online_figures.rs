//! Online play measured over loopback (real UDP sockets, renet's netcode, in one process), for the
//! README's figures; opt-in, as they take a while:
//!
//! ```text
//! cargo test --lib online_figures -- --ignored --nocapture
//! HOARFROST_ONLINE_SOAK_SECONDS=600 cargo test --lib online_soak -- --ignored --nocapture
//! ```
//!
//! - the round trip of an action (a client's intent sent until its view of the next step came),
//!   p50 and p99, and the bytes each client is sent per step of each game (replicon's encoding of
//!   the messages, before renet's packet headers);
//! - how many tables one process holds at what CPU cost: tables of two scripted clients each,
//!   all run in one thread;
//! - the soak: four clients at one table playing games back to back, checking at every frame that
//!   no client's table differs from the server's view of its seat, that no step is lost, and that
//!   memory grows less than 5%.

use std::time::{Duration, Instant};

use bevy::prelude::*;
use bevy_replicon::postcard_utils;
use bevy_replicon_renet::RenetClient;
use hoarfrost_rules::{GameRng, Recorded, Seat};

use crate::plugins::dev::perf::{cpu_time, vm_kib};
use crate::plugins::online::client::Mirror;
use crate::plugins::online::headless::remote_holders;
use crate::plugins::online::loopback::{
    CODE, Received, client_of, connect_all, random_bot, scripted_move, send, server_of,
};
use crate::plugins::online::protocol::{Intent, News};
use crate::plugins::online::server::Table;

/// Wall time of the tables-per-process run for each count of tables.
const TABLES_RUN: Duration = Duration::from_secs(10);

/// A table of `G` with every seat in `remote` held by a scripted client, the rest by the AI.
struct Bench<G: Recorded> {
    server: App,
    clients: Vec<App>,
    remote: Vec<Seat>,
    rngs: Vec<GameRng>,
    moved: Vec<Option<u32>>,
    /// When each client's last intent went, and from which step.
    asked: Vec<Option<(Instant, u32)>>,
    round_trips: Vec<Duration>,
    /// Time spent in the server's frames.
    server_time: Duration,
    _game: std::marker::PhantomData<G>,
}

impl<G: Recorded> Bench<G> {
    fn new(setup: G::Setup, remote: &[Seat], first_id: u64) -> Self {
        let n = G::from_setup(&setup).expect("a game").num_seats();
        let holders = remote_holders(n, remote);
        let (mut server, port) = server_of::<G>(setup, holders);
        let mut clients: Vec<App> = (0..remote.len())
            .map(|i| client_of::<G>(port, first_id + i as u64))
            .collect();
        connect_all(&mut server, &mut clients);
        let k = remote.len();
        let mut bench = Bench {
            server,
            clients,
            remote: remote.to_vec(),
            rngs: (0..k).map(|i| GameRng::new(first_id + i as u64)).collect(),
            moved: vec![None; k],
            asked: vec![None; k],
            round_trips: Vec::new(),
            server_time: Duration::ZERO,
            _game: std::marker::PhantomData,
        };
        bench.join_all();
        bench
    }

    fn join_all(&mut self) {
        for (client, &seat) in self.clients.iter_mut().zip(&self.remote) {
            let name = format!("Player {}", seat + 1);
            let (code, seat) = (CODE.into(), Some(seat));
            send(client, Intent::Join { name, code, seat });
        }
    }

    /// The next game at the same server, with the same clients: a new table in the old one's
    /// place, its seats open, and every client joining it again.
    fn next_game(&mut self, setup: G::Setup) {
        let n = G::from_setup(&setup).expect("a game").num_seats();
        let holders = remote_holders(n, &self.remote);
        let rec = hoarfrost_rules::Recorder::<G>::new(setup).expect("a game");
        let table = Table::new(rec, CODE, holders, random_bot).expect("a table");
        let table = table.with_ai_pause(Duration::from_millis(15));
        self.server.insert_resource(table);
        for client in &mut self.clients {
            client.insert_resource(Mirror::<G>::default());
            client.world_mut().resource_mut::<Received>().0.clear();
        }
        self.moved.fill(None);
        self.asked.fill(None);
        self.join_all();
    }

    fn table(&self) -> &Table<G> {
        self.server.world().resource::<Table<G>>()
    }

    /// One frame of every app; each client moves when its view lets it.
    fn frame(&mut self) {
        for c in &mut self.clients {
            c.update();
        }
        let at = Instant::now();
        self.server.update();
        self.server_time += at.elapsed();
        for (i, client) in self.clients.iter_mut().enumerate() {
            let step = client.world().resource::<Mirror<G>>().step;
            if let Some((at, from)) = self.asked[i]
                && step > from
            {
                self.round_trips.push(at.elapsed());
                self.asked[i] = None;
            }
            if let Some(intent) = scripted_move::<G>(client, &mut self.rngs[i], &mut self.moved[i])
            {
                self.asked[i] = Some((Instant::now(), step));
                send(client, intent);
            }
        }
    }

    /// Whether the game is over and every client has seen its end.
    fn done(&self) -> bool {
        let step = self.table().step();
        self.table().game().is_over()
            && (self.clients.iter()).all(|c| c.world().resource::<Mirror<G>>().step == step)
    }

    /// Bytes of every message each client was sent, as replicon encodes them.
    fn bytes_sent(&self) -> Vec<usize> {
        (self.clients.iter())
            .map(|c| c.world().resource::<Received>().0.iter().map(encoded).sum())
            .collect()
    }
}

fn encoded(news: &News) -> usize {
    let mut bytes = Vec::new();
    postcard_utils::to_extend_mut(news, &mut bytes).expect("a message encodes");
    bytes.len()
}

/// The value at fraction `q` of `sorted`.
fn quantile(sorted: &[Duration], q: f64) -> Duration {
    sorted[((sorted.len() - 1) as f64 * q).round() as usize]
}

/// Play a game of `G` to its end with `remote` seats scripted; its round trips, and bytes per
/// step per client.
fn measure_game<G: Recorded>(setup: G::Setup, remote: &[Seat]) -> (Vec<Duration>, f64, u32) {
    let mut bench = Bench::<G>::new(setup, remote, 10);
    let started = Instant::now();
    while !bench.done() && started.elapsed() < Duration::from_secs(300) {
        bench.frame();
        std::thread::sleep(Duration::from_millis(1));
    }
    assert!(bench.done(), "the game ends");
    let steps = bench.table().step();
    let bytes = bench.bytes_sent();
    let per = bytes.iter().sum::<usize>() as f64 / bytes.len() as f64 / steps as f64;
    (bench.round_trips, per, steps)
}

#[test]
#[ignore = "measures for the README: cargo test --lib online_figures -- --ignored"]
fn online_figures() {
    use hoarfrost_rules::*;
    let mut trips = Vec::new();
    let mut rows = Vec::new();
    let mut row = |name: &str, (t, per, steps): (Vec<Duration>, f64, u32)| {
        rows.push(format!("| {name} | {steps} | {per:.0} |"));
        trips.extend(t);
    };
    row(
        "Ice Fortress (2 seats)",
        measure_game::<ice_fortress::IceFortress>(ice_fortress::Setup::new(2, 3), &[0, 1]),
    );
    row(
        "Sprawl (4 seats, 2 remote)",
        measure_game::<sprawl::Sprawl>(sprawl::Setup::new(4, 4), &[0, 2]),
    );
    row(
        "Ice Castle (3 seats, 2 remote)",
        measure_game::<ice_castle::IceCastle>(ice_castle::Setup::new(3, 5), &[0, 1]),
    );
    row(
        "Ice Colony (2 seats)",
        measure_game::<ice_colony::IceColony>(ice_colony::Setup::new(2, 6), &[0, 1]),
    );
    row(
        "IceTowers (3 seats, 2 remote)",
        measure_game::<icetowers::IceTowers>(icetowers::Setup::new(3, 7), &[1, 2]),
    );
    trips.sort();
    println!("| game | steps | bytes per step per client |");
    for r in rows {
        println!("{r}");
    }
    println!(
        "round trip over {} actions: p50 {:.2} ms, p99 {:.2} ms",
        trips.len(),
        quantile(&trips, 0.5).as_secs_f64() * 1e3,
        quantile(&trips, 0.99).as_secs_f64() * 1e3
    );
    tables_per_process();
}

/// Tables of IceTowers (two scripted clients and an AI seat each) run side by side in this
/// thread for a while: the CPU they take and the steps they play.
fn tables_per_process() {
    use hoarfrost_rules::icetowers::{IceTowers, Setup};
    println!(
        "| tables | clients | CPU, servers and clients (% of one core) | servers' frames (% of one core) | steps per second |"
    );
    for n in [1, 8, 32] {
        let mut tables: Vec<Bench<IceTowers>> = (0..n)
            .map(|i| Bench::new(Setup::new(3, i as u64), &[1, 2], 100 + 10 * i as u64))
            .collect();
        let (cpu, started) = (cpu_time().unwrap_or_default(), Instant::now());
        let (mut steps, mut games) = (0, 0);
        while started.elapsed() < TABLES_RUN {
            for t in tables.iter_mut() {
                t.frame();
                if t.done() {
                    steps += t.table().step();
                    games += 1;
                    t.next_game(Setup::new(3, 1000 + games));
                }
            }
            std::thread::sleep(Duration::from_millis(16));
        }
        steps += tables.iter().map(|t| t.table().step()).sum::<u32>();
        let wall = started.elapsed().as_secs_f64();
        let used = (cpu_time().unwrap_or_default() - cpu).as_secs_f64();
        let server: f64 = tables.iter().map(|t| t.server_time.as_secs_f64()).sum();
        println!(
            "| {n} | {} | {:.0} | {:.0} | {:.0} |",
            2 * n,
            100.0 * used / wall,
            100.0 * server / wall,
            steps as f64 / wall
        );
    }
}

/// Four clients at one Sprawl table play games back to back for `HOARFROST_ONLINE_SOAK_SECONDS`
/// (60 by default): no desync, no lost step, memory growth under 5%.
#[test]
#[ignore = "a soak: HOARFROST_ONLINE_SOAK_SECONDS=600 cargo test --lib online_soak -- --ignored"]
fn online_soak() {
    use hoarfrost_rules::sprawl::{Setup, Sprawl};
    let seconds: u64 = std::env::var("HOARFROST_ONLINE_SOAK_SECONDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(60);
    let started = Instant::now();
    let (mut games, mut steps, mut compared) = (0, 0u64, 0u64);
    let mut early_rss = None;
    let mut seed = 1;
    let mut bench = Bench::<Sprawl>::new(Setup::new(4, seed), &[0, 1, 2, 3], 10);
    while started.elapsed().as_secs() < seconds {
        if seed > 1 {
            bench.next_game(Setup::new(4, seed));
        }
        let mut last_steps = vec![0u32; 4];
        while !bench.done() {
            bench.frame();
            compared += check_no_desync(&bench, &mut last_steps);
            std::thread::sleep(Duration::from_millis(1));
        }
        steps += bench.table().step() as u64;
        games += 1;
        seed += 1;
        if early_rss.is_none() && started.elapsed().as_secs() * 10 >= seconds {
            early_rss = vm_kib("VmRSS");
        }
    }
    let late = vm_kib("VmRSS");
    println!(
        "{games} games, {steps} steps, {compared} views compared in {:.0} s; resident memory {early_rss:?} KiB after a tenth, {late:?} KiB at the end",
        started.elapsed().as_secs_f64()
    );
    if let (Some(early), Some(late)) = (early_rss, late) {
        let growth = late as f64 / early as f64 - 1.0;
        println!("memory growth {:.1}%", growth * 100.0);
        assert!(growth < 0.05, "memory grew {:.1}%", growth * 100.0);
    }
}

/// Every client whose view is of the server's step holds the server's view of its seat, and the
/// steps each client was sent only go up (a view never goes back); how many views were compared.
fn check_no_desync<G: Recorded>(bench: &Bench<G>, last: &mut [u32]) -> u64 {
    let table = bench.table();
    let mut compared = 0;
    for (i, client) in bench.clients.iter().enumerate() {
        let m = client.world().resource::<Mirror<G>>();
        assert!(
            m.step >= last[i],
            "client {i} went back from step {} to {}",
            last[i],
            m.step
        );
        last[i] = m.step;
        assert!(
            m.refusals.is_empty(),
            "client {i} was refused: {:?}",
            m.refusals
        );
        assert!(
            client.world().resource::<RenetClient>().is_connected(),
            "client {i} is connected"
        );
        if let Some(view) = &m.game
            && m.step == table.step()
        {
            assert!(
                *view == table.game().as_seen_by(bench.remote[i]),
                "client {i} desynced"
            );
            compared += 1;
        }
    }
    compared
}
