//! Online play's windows: the title screen's "Host online" and "Join a game" (address, join code,
//! name), the lobby before the game (the join code, the seats and who holds them; a guest takes
//! an open seat, the host hands a seat to the AI and starts), and during the game a small window
//! with the seats and who is connected (the host hands a gone player's seat to the AI there).

use std::net::SocketAddr;
use std::path::Path;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use hoarfrost_rules::bots::Level;

use crate::plugins::core::notice::Notice;
use crate::plugins::core::options::LaunchOptions;
use crate::plugins::core::screens::Screen;
use crate::plugins::core::seats::{SeatKind, clean_name};
use crate::plugins::core::storage::Storage;
use crate::plugins::online::copy::SeatCopy;
use crate::plugins::online::host::{self, DEFAULT_PORT, Hosted};
use crate::plugins::online::protocol::{HostOrder, Intent, SeatNews};
use crate::plugins::online::seat::{self, Link};
use crate::plugins::session::ai::AiLevel;
use crate::plugins::session::new_game::{SetupChoice, fresh_seed};

/// The "Join a game" form, as typed.
#[derive(Resource)]
pub struct JoinForm {
    pub open: bool,
    pub address: String,
    pub code: String,
    pub name: String,
    /// The last online table's copy, read when the form opens (or why it does not read).
    pub last: Result<Option<SeatCopy>, String>,
}

impl Default for JoinForm {
    fn default() -> Self {
        JoinForm {
            open: false,
            address: format!("127.0.0.1:{DEFAULT_PORT}"),
            code: String::new(),
            name: "Player".into(),
            last: Ok(None),
        }
    }
}

/// Open the join form, with the last table's copy read.
fn open_form(world: &mut World) {
    let last = last_table(world);
    let mut form = world.resource_mut::<JoinForm>();
    form.open = true;
    form.last = last;
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
fn host_now(
    world: &mut World,
    mut choice: SetupChoice,
    port: u16,
    name: String,
    code: Option<String>,
) {
    // `--level` plays every AI seat at that level, at a hosted table too.
    if let Some(level) = world.get_resource::<AiLevel>().and_then(|l| l.0) {
        for seat in choice.seats.iter_mut().filter(|s| s.kind == SeatKind::Ai) {
            seat.level = Some(level);
        }
    }
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
    // The table's code as before, where this app's copy of its last table says it hosted one,
    // so that its players rejoin as they were (`--rejoin`).
    let before = last_table(world).ok().flatten().filter(|c| c.hosted);
    let code = code
        .or_else(|| before.map(|c| c.code))
        .unwrap_or_else(host::join_code);
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

/// The last online table's copy kept in the data folder: `None` if there is none (or no data
/// folder), the reason if it does not read.
fn last_table(world: &World) -> Result<Option<SeatCopy>, String> {
    match world.resource::<Storage>().data_dir() {
        Ok(dir) => SeatCopy::read(dir),
        Err(_) => Ok(None),
    }
}

/// Join the last online table again (`--rejoin`, or Rejoin in the join form); a failure goes to
/// the notice.
fn rejoin_now(world: &mut World) {
    match last_table(world) {
        Ok(Some(copy)) => join_now(world, copy.address, copy.code, copy.name),
        Ok(None) => {
            let why = "Cannot rejoin: this app has sat at no online table yet.";
            eprintln!("hoarfrost: {why}");
            world.resource_mut::<Notice>().error(why);
        }
        Err(why) => {
            eprintln!("hoarfrost: cannot rejoin: {why}");
            let why = format!("Cannot rejoin: {why}");
            world.resource_mut::<Notice>().error(why);
        }
    }
}

/// Open the last online table's copy at this screen: the game so far as the player's seat knew
/// it (a table position), the player at that seat and the game's AI at the others.
fn open_copy_here(world: &mut World, copy: &SeatCopy) {
    let Ok(dir) = world
        .resource::<Storage>()
        .data_dir()
        .map(Path::to_path_buf)
    else {
        return;
    };
    let count = copy.seat.max(*copy.game.seats().start() - 1) + 1;
    let kinds: Vec<SeatKind> = (0..count)
        .map(|s| {
            if s == copy.seat {
                SeatKind::Human
            } else {
                SeatKind::Ai
            }
        })
        .collect();
    let mut choice = SetupChoice::seated(copy.game, &kinds, fresh_seed(), None);
    choice.seats[copy.seat].name = copy.name.clone();
    choice.scene = Some(SeatCopy::position(&dir));
    world.insert_resource(choice);
    world
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Playing);
}

/// `--host`, `--join` or `--rejoin` from the command line.
fn online_from_command_line(
    mut commands: Commands,
    options: Res<LaunchOptions>,
    choice: Res<SetupChoice>,
) {
    let name = player_name(&options, &choice);
    if options.rejoin {
        commands.queue(rejoin_now);
    } else if let (Some(address), Some(code)) = (options.join, options.code.clone()) {
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
        commands.queue(open_form);
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
            last_table_rows(ui, &mut form, &mut commands);
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

/// The last online table, if this app kept a copy: Rejoin it, or open the copy here.
fn last_table_rows(ui: &mut egui::Ui, form: &mut JoinForm, commands: &mut Commands) {
    let copy = match &form.last {
        Ok(Some(copy)) => copy.clone(),
        Ok(None) => return,
        Err(why) => {
            ui.colored_label(egui::Color32::LIGHT_RED, format!("Your last table: {why}"));
            return;
        }
    };
    ui.separator();
    ui.label(format!("Your last table: {}", copy.describe()));
    ui.horizontal(|ui| {
        let rejoin = ui
            .button("Rejoin")
            .on_hover_text("Join that table again, at your seat, once it is hosted again");
        if rejoin.clicked() {
            form.open = false;
            commands.queue(rejoin_now);
        }
        let here = ui.button("Open my copy here").on_hover_text(
            "Play on at this screen from the game as your seat knew it, the AI at the other \
             seats: what your seat could not see is made up, not the hosted table's",
        );
        if here.clicked() {
            form.open = false;
            commands.queue(move |world: &mut World| open_copy_here(world, &copy));
        }
    });
    ui.separator();
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
                SeatNews::Ai { level: None } => "AI".to_string(),
                SeatNews::Ai { level: Some(l) } => format!("AI ({})", l.name()),
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
            if gone && link.is_host() {
                give_to_ai(ui, link, i, intents);
            }
        });
    }
}

/// The host's button that gives seat `seat` to the server's AI: the game's own, or (in a game
/// whose AI plays at levels) a level picked from its menu.
fn give_to_ai(ui: &mut egui::Ui, link: &Link, seat: usize, intents: &mut MessageWriter<Intent>) {
    let hover = "The server's AI plays this seat from now on";
    let mut give = |level| {
        if let Some(order) = link.order(HostOrder::HandToAi { seat, level }) {
            intents.write(order);
        }
    };
    if !link.game.is_some_and(|g| g.plays_levels()) {
        if ui.button("Give to the AI").on_hover_text(hover).clicked() {
            give(None);
        }
        return;
    }
    ui.menu_button("Give to the AI", |ui| {
        if ui.button("the game's own AI").clicked() {
            give(None);
        }
        for level in Level::ALL {
            if ui.button(level.name()).clicked() {
                give(Some(level));
            }
        }
    })
    .response
    .on_hover_text(hover);
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

#[cfg(test)]
mod tests {
    use super::*;
    use bevy::state::app::StatesPlugin;

    fn app_with_data(dir: &Path) -> App {
        let mut app = App::new();
        app.add_plugins(StatesPlugin)
            .init_state::<Screen>()
            .init_resource::<Notice>()
            .insert_resource(Storage {
                data: Some(dir.to_path_buf()),
                config: None,
            });
        app
    }

    /// "Open my copy here" starts a game at one screen from the seat's view the app kept: the
    /// player at that seat, the AI at the others; Rejoin with no copy kept says so.
    #[test]
    fn the_last_tables_copy_opens_here_and_rejoin_needs_one() {
        use hoarfrost_rules::icetowers::{IceTowers, Setup};
        use hoarfrost_rules::{Game, GameKind, Recorded};
        let dir = std::env::temp_dir().join(format!("hoarfrost-lobby-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let mut app = app_with_data(&dir);
        rejoin_now(app.world_mut());
        let said = app.world().resource::<Notice>().text.clone();
        assert!(said.contains("has sat at no online table yet"), "{said}");
        let view = IceTowers::from_setup(&Setup::new(3, 5))
            .expect("a game")
            .as_seen_by(2);
        let copy = SeatCopy {
            game: GameKind::IceTowers,
            address: "127.0.0.1:7654".parse().expect("an address"),
            code: "ICE-1".into(),
            name: "Cleo".into(),
            seat: 2,
            hosted: false,
            step: 0,
            log: Vec::new(),
        };
        copy.write(&dir, &ron::to_string(&view).expect("writes"))
            .expect("kept");
        assert_eq!(last_table(app.world()), Ok(Some(copy.clone())));
        open_copy_here(app.world_mut(), &copy);
        app.update();
        let choice = app.world().resource::<SetupChoice>();
        assert_eq!(choice.game, GameKind::IceTowers);
        assert_eq!(choice.scene, Some(SeatCopy::position(&dir)));
        let kinds: Vec<SeatKind> = choice.seats.iter().map(|s| s.kind).collect();
        assert_eq!(kinds, [SeatKind::Ai, SeatKind::Ai, SeatKind::Human]);
        assert_eq!(choice.seats[2].name, "Cleo");
        assert_eq!(*app.world().resource::<State<Screen>>(), Screen::Playing);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
