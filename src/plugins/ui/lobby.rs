//! Online play's windows: the title screen's "Host online" and "Join a game" (address, join code,
//! name), the lobby before the game (the join code, the seats and who holds them; a guest takes
//! an open seat, the host hands a seat to the AI and starts), and during the game a small window
//! with the seats and who is connected (the host hands a gone player's seat to the AI there).

use std::net::SocketAddr;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::plugins::core::notice::Notice;
use crate::plugins::core::options::LaunchOptions;
use crate::plugins::core::screens::Screen;
use crate::plugins::core::seats::{SeatKind, clean_name};
use crate::plugins::core::storage::Storage;
use crate::plugins::online::host::{self, DEFAULT_PORT, Hosted};
use crate::plugins::online::protocol::{HostOrder, Intent, SeatNews};
use crate::plugins::online::seat::{self, Link};
use crate::plugins::session::new_game::SetupChoice;

/// The "Join a game" form, as typed.
#[derive(Resource)]
pub struct JoinForm {
    pub open: bool,
    pub address: String,
    pub code: String,
    pub name: String,
}

impl Default for JoinForm {
    fn default() -> Self {
        JoinForm {
            open: false,
            address: format!("127.0.0.1:{DEFAULT_PORT}"),
            code: String::new(),
            name: "Player".into(),
        }
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<JoinForm>()
        .add_systems(
            Startup,
            online_from_command_line.after(crate::plugins::ui::title::start_from_command_line),
        )
        .add_systems(OnEnter(Screen::Title), leave_finished_table)
        .add_systems(
            EguiPrimaryContextPass,
            (
                join_window.run_if(in_state(Screen::Title).and_then(form_open)),
                lobby_window.run_if(in_state(Screen::Title).and_then(resource_exists::<Link>)),
                table_window.run_if(
                    in_state(Screen::Playing)
                        .or_else(in_state(Screen::GameOver))
                        .and_then(resource_exists::<Link>),
                ),
            ),
        )
        .add_systems(Update, start_when_full.run_if(resource_exists::<Link>));
}

fn form_open(form: Res<JoinForm>) -> bool {
    form.open
}

/// Whether the title screen's own window gives way to online play's.
pub fn online_shown(form: Option<Res<JoinForm>>, link: Option<Res<Link>>) -> bool {
    link.is_some() || form.is_some_and(|f| f.open)
}

/// The player's name at an online table: `--name`, else the first human seat's, else "Player".
fn player_name(options: &LaunchOptions, choice: &SetupChoice) -> String {
    options
        .name
        .clone()
        .or_else(|| {
            let human = choice.seats.iter().find(|s| s.kind == SeatKind::Human)?;
            Some(clean_name(&human.name)).filter(|n| !n.is_empty())
        })
        .unwrap_or_else(|| "Player".into())
}

/// Host `choice`'s game as `name` on `port` (with `code`, or a new one); a failure goes to the
/// notice.
fn host_now(world: &mut World, choice: SetupChoice, port: u16, name: String, code: Option<String>) {
    let folder = world.resource::<Storage>().data_dir().ok();
    let save = folder
        .filter(|d| std::fs::create_dir_all(d).is_ok())
        .map(|d| d.join("hosted.ron"));
    let code = code.unwrap_or_else(host::join_code);
    if let Err(why) = crate::plugins::online::host_game(world, &choice, (port, &code), &name, save)
    {
        eprintln!("hoarfrost: cannot host: {why}");
        world
            .resource_mut::<Notice>()
            .error(format!("Cannot host: {why}"));
    }
}

/// Go on hosting the table of `<data>/hosted.ron` (`--host --continue`); a failure goes to the
/// notice.
fn resume_now(world: &mut World, port: u16, code: Option<String>, name: Option<String>) {
    let code = code.unwrap_or_else(host::join_code);
    let resumed = world
        .resource::<Storage>()
        .data_dir()
        .map(|d| d.join("hosted.ron"))
        .and_then(|path| {
            let why = |e: String| format!("{}: {e}", path.display());
            crate::plugins::online::resume_hosted(world, &path, (port, &code), name.as_deref())
                .map_err(why)
        });
    if let Err(why) = resumed {
        eprintln!("hoarfrost: cannot host the saved table: {why}");
        world
            .resource_mut::<Notice>()
            .error(format!("Cannot host the saved table: {why}"));
    }
}

/// Join the table at `address` with `code` as `name`; a failure goes to the notice.
fn join_now(world: &mut World, address: SocketAddr, code: String, name: String) {
    if let Err(why) = seat::open(world, Link::new(address, &name, &code, None)) {
        eprintln!("hoarfrost: cannot join: {why}");
        world
            .resource_mut::<Notice>()
            .error(format!("Cannot join: {why}"));
    }
}

/// `--host` or `--join` from the command line.
fn online_from_command_line(
    mut commands: Commands,
    options: Res<LaunchOptions>,
    choice: Res<SetupChoice>,
) {
    let name = player_name(&options, &choice);
    if let (Some(address), Some(code)) = (options.join, options.code.clone()) {
        commands.queue(move |world: &mut World| join_now(world, address, code, name));
    } else if options.host && options.resume {
        let port = options.port.unwrap_or(DEFAULT_PORT);
        let (code, name) = (options.code.clone(), options.name.clone());
        commands.queue(move |world: &mut World| resume_now(world, port, code, name));
    } else if options.host {
        let (choice, port) = (choice.clone(), options.port.unwrap_or(DEFAULT_PORT));
        let code = options.code.clone();
        commands.queue(move |world: &mut World| host_now(world, choice, port, name, code));
    }
}

/// The title screen's online buttons: host the game picked, or open the join form.
pub fn title_buttons(ui: &mut egui::Ui, choice: &SetupChoice, commands: &mut Commands) {
    let problem = choice.problem();
    let humans = choice
        .seats
        .iter()
        .filter(|s| s.kind == SeatKind::Human)
        .count();
    let hover = match (&problem, humans) {
        (Some(p), _) => p.clone(),
        (None, 0) => "Hosting needs a human seat: yours".into(),
        (None, 1) => "You play the human seat; no other human seat to join".into(),
        _ => "Your app hosts the table: you play the first human seat, the other human seats \
              wait for players who join"
            .into(),
    };
    let host = ui
        .add_enabled(
            problem.is_none() && humans > 0,
            egui::Button::new("Host online"),
        )
        .on_hover_text(hover);
    if host.clicked() {
        let choice = choice.clone();
        let name = choice
            .seats
            .iter()
            .find(|s| s.kind == SeatKind::Human)
            .map(|s| clean_name(&s.name))
            .filter(|n| !n.is_empty())
            .unwrap_or_else(|| "Host".into());
        commands.queue(move |w: &mut World| host_now(w, choice, DEFAULT_PORT, name, None));
    }
    let join = ui
        .button("Join a game")
        .on_hover_text("Join a table someone hosts: its address and join code");
    if join.clicked() {
        commands.queue(|world: &mut World| world.resource_mut::<JoinForm>().open = true);
    }
}

/// The join form: address, code and name, then Join.
fn join_window(mut contexts: EguiContexts, mut form: ResMut<JoinForm>, mut commands: Commands) {
    let Ok(ctx) = contexts.ctx_mut() else { return };
    egui::Window::new("Join a game")
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .collapsible(false)
        .resizable(false)
        .show(ctx, |ui| {
            egui::Grid::new("join").show(ui, |ui| {
                ui.label("Address");
                ui.text_edit_singleline(&mut form.address);
                ui.end_row();
                ui.label("Join code");
                ui.text_edit_singleline(&mut form.code);
                ui.end_row();
                ui.label("Your name");
                ui.text_edit_singleline(&mut form.name);
                ui.end_row();
            });
            let address = parse_address(&form.address);
            if let Err(why) = &address {
                ui.colored_label(egui::Color32::LIGHT_RED, why);
            }
            ui.horizontal(|ui| {
                let ready = address.is_ok() && !form.code.trim().is_empty();
                if ui.add_enabled(ready, egui::Button::new("Join")).clicked()
                    && let Ok(address) = address
                {
                    form.open = false;
                    let (code, name) = (form.code.trim().to_string(), clean_name(&form.name));
                    commands.queue(move |w: &mut World| join_now(w, address, code, name));
                }
                if ui.button("Back").clicked() {
                    form.open = false;
                }
            });
        });
}

/// An address as typed: host and port.
fn parse_address(typed: &str) -> Result<SocketAddr, String> {
    use std::net::ToSocketAddrs;
    let found = typed
        .trim()
        .to_socket_addrs()
        .map_err(|_| "Type the host's address and port, as 192.168.1.5:7654".to_string())?;
    found
        .into_iter()
        .find(SocketAddr::is_ipv4)
        .ok_or_else(|| "No IPv4 address by that name".into())
}

/// This machine's address on its network, as other players would reach it (none if offline).
fn local_address() -> Option<std::net::IpAddr> {
    let socket = std::net::UdpSocket::bind("0.0.0.0:0").ok()?;
    // No packet is sent: connecting a UDP socket only picks the route.
    socket.connect("192.0.2.1:9").ok()?;
    Some(socket.local_addr().ok()?.ip())
}

/// What the seats' rows need: the link, the host's server, and where intents go.
type Seats<'w> = (ResMut<'w, Link>, Option<Res<'w, Hosted>>);

/// The lobby: the table's code, the seats, Start or Leave.
fn lobby_window(
    mut contexts: EguiContexts,
    (link, hosted): Seats,
    mut intents: MessageWriter<Intent>,
    mut commands: Commands,
    notice: Res<Notice>,
) {
    let Ok(ctx) = contexts.ctx_mut() else { return };
    let title = link.game.map_or("Online table".to_string(), |g| {
        format!("Online table: {}", g.title())
    });
    egui::Window::new(title)
        .id(egui::Id::new("lobby"))
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .collapsible(false)
        .resizable(false)
        .show(ctx, |ui| {
            ui.label(format!("Join code: {}", link.code));
            if let Some(hosted) = &hosted {
                let at = local_address().map_or("this machine's address".into(), |a| a.to_string());
                ui.label(format!("Players join at {at}:{}", hosted.port));
            } else {
                ui.label(format!("Table at {}", link.address));
            }
            ui.separator();
            ui.label(status(&link));
            seat_rows(ui, &link, &mut intents, true);
            if !notice.text.is_empty() && notice.is_error {
                ui.colored_label(egui::Color32::LIGHT_RED, &notice.text);
            }
            ui.separator();
            ui.horizontal(|ui| {
                let open = link.seats.contains(&SeatNews::Open);
                if link.is_host()
                    && ui
                        .add_enabled(!open && link.seat.is_some(), egui::Button::new("Start"))
                        .on_hover_text("Every human seat must be taken")
                        .clicked()
                    && let Some(start) = link.order(HostOrder::Start)
                {
                    intents.write(start);
                }
                if ui.button("Leave").clicked() {
                    commands.queue(host::stop);
                }
            });
        });
}

/// Where the lobby stands, in a line.
fn status(link: &Link) -> String {
    match (&link.lost, link.joined, link.seat, link.started) {
        (Some(why), ..) => why.clone(),
        (None, false, ..) => format!("Connecting to {}...", link.address),
        (None, true, None, _) => "Asking for a seat...".into(),
        (None, true, Some(seat), false) if link.is_host() => format!(
            "You sit at seat {}. Start when every seat is taken.",
            seat + 1
        ),
        (None, true, Some(seat), false) => {
            format!("You sit at seat {}. The host starts the game.", seat + 1)
        }
        (None, true, Some(_), true) => "The game is starting...".into(),
    }
}

/// One row per seat: who holds it, and the buttons this app may use on it (`lobby`: before the
/// game starts).
fn seat_rows(ui: &mut egui::Ui, link: &Link, intents: &mut MessageWriter<Intent>, lobby: bool) {
    for (i, holder) in link.seats.iter().enumerate() {
        ui.horizontal(|ui| {
            let you = link.seat == Some(i);
            let who = match holder {
                SeatNews::Open => "open".to_string(),
                SeatNews::Ai => "AI".to_string(),
                SeatNews::Player { name, .. } if you => format!("{name} (you)"),
                SeatNews::Player { name, here: true } => name.clone(),
                SeatNews::Player { name, here: false } => format!("{name} (away)"),
            };
            ui.label(format!("Seat {}: {who}", i + 1));
            let gone = matches!(
                holder,
                SeatNews::Open | SeatNews::Player { here: false, .. }
            );
            if lobby
                && !link.is_host()
                && *holder == SeatNews::Open
                && ui.button("Sit here").clicked()
            {
                intents.write(Intent::Sit { seat: i });
            }
            if gone
                && link.is_host()
                && ui
                    .button("Give to the AI")
                    .on_hover_text("The server's AI plays this seat from now on")
                    .clicked()
                && let Some(order) = link.order(HostOrder::HandToAi { seat: i })
            {
                intents.write(order);
            }
        });
    }
}

/// During the game: the seats and who is connected; the host may hand a gone seat to the AI.
fn table_window(mut contexts: EguiContexts, (link, _): Seats, mut intents: MessageWriter<Intent>) {
    let Ok(ctx) = contexts.ctx_mut() else { return };
    egui::Window::new("Online")
        .id(egui::Id::new("online table"))
        .anchor(egui::Align2::LEFT_BOTTOM, [8.0, -8.0])
        .default_open(false)
        .resizable(false)
        .show(ctx, |ui| {
            ui.label(format!("Join code: {}", link.code));
            if let Some(why) = &link.lost {
                ui.colored_label(egui::Color32::LIGHT_RED, why);
            }
            seat_rows(ui, &link, &mut intents, false);
        });
}

/// `--start-when-full`: the host starts the game once every human seat is taken.
fn start_when_full(
    options: Res<LaunchOptions>,
    link: Res<Link>,
    mut intents: MessageWriter<Intent>,
    mut sent: Local<bool>,
) {
    let full = !link.seats.is_empty() && !link.seats.contains(&SeatNews::Open);
    if options.start_when_full
        && full
        && !link.started
        && !*sent
        && let Some(start) = link.order(HostOrder::Start)
    {
        *sent = true;
        intents.write(start);
    }
}

/// Back at the title screen after an online game: leave its table (and stop hosting it).
fn leave_finished_table(mut commands: Commands, link: Option<Res<Link>>) {
    if link.is_some_and(|l| l.opened) {
        commands.queue(host::stop);
    }
}
