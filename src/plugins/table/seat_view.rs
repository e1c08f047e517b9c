//! The view from the player's side, at a table where each player has one (Sprawl's stash trays,
//! Ice Castle's start sides). A game starts seen from the side of the human player to move (or of
//! the first human seat, when an AI seat moves first); when the turn passes from one human seat to
//! another, the camera swings round the table to the new player's side ([`Turning`]), keeping the
//! height, distance and pan the players chose. AI moves leave the view where it is, and so do the
//! questions other players answer within a player's turn (Sprawl's Counting Coup). R or Home frames
//! the table from the side faced. The Settings window's "turn the table to the player to move"
//! switches this off: a game then starts seen from the first seat's side, and the view stays where
//! it is (R or Home frame it from the side last faced); switched on again, the view swings to the
//! human player to move (once a question asked within another player's turn is answered).

use bevy::prelude::*;
use hoarfrost_rules::Seat;
use hoarfrost_rules::record::Recorded;

use crate::plugins::core::settings::Settings;
use crate::plugins::session::Session;
use crate::plugins::session::words::HudSpec;
use crate::plugins::table::camera::{FrameTarget, OrbitCamera, Turning, reframe, short_way};
use crate::systems::Frame;

/// The camera's yaw that looks at the table from `seat`'s side, in game `G`.
#[derive(Resource)]
pub struct SeatYaw<G>(pub fn(&G, Seat) -> f32);

/// Adds the turning view for game `G`, whose side of each seat [`SeatYaw`] gives. Whose turn it
/// is comes from the game's [`HudSpec`] (the panel marks the same seat): while another seat acts
/// within that turn (answering Sprawl's Counting Coup question), the view does not swing to it.
pub fn plugin<G: Recorded>(yaw: fn(&G, Seat) -> f32) -> impl Fn(&mut App) {
    move |app: &mut App| {
        app.insert_resource(SeatYaw::<G>(yaw)).add_systems(
            Update,
            face_the_player::<G>
                .in_set(Frame::Input)
                .after(crate::plugins::session::saving::adopt_pending::<G>)
                .before(reframe)
                .run_if(resource_exists::<Session<G>>),
        );
    }
}

/// The seat whose side the view should be from: the human seat that may act now. At the start
/// (`fresh`): the seat whose `turn` it is if human, else the human seat that may act, else the
/// first human seat. While a human seat acts within another seat's turn (a question asked of it),
/// the view stays. `None`: leave the view as it is.
pub fn seat_to_face<G: Recorded>(
    session: &Session<G>,
    fresh: bool,
    turn: Option<Seat>,
) -> Option<Seat> {
    let acting = session.acting_human();
    if fresh {
        let first_human = || (0..session.seats.len()).find(|&s| session.is_human(s));
        return turn
            .filter(|&t| session.is_human(t))
            .or(acting)
            .or_else(first_human);
    }
    match turn {
        Some(t) if acting.is_some_and(|a| a != t) => None,
        _ => acting,
    }
}

/// Face the human player to move: framed from their side at the start of a game (a table framed
/// anew: every game's start inserts its `FrameTarget`), swung there when the turn passes to them
/// from another human seat, or when the setting is switched on during a game.
fn face_the_player<G: Recorded>(
    mut commands: Commands,
    session: Res<Session<G>>,
    (yaw_of, hud): (Res<SeatYaw<G>>, Option<Res<HudSpec<G>>>),
    settings: Res<Settings>,
    mut target: ResMut<FrameTarget>,
    (mut facing, mut fresh): (Local<Option<Seat>>, Local<bool>),
    mut cams: Query<(Entity, Option<&mut Turning>), With<OrbitCamera>>,
) {
    if session.is_added() || target.is_changed() {
        (*facing, *fresh) = (None, true);
    }
    if !settings.turn_to_player {
        // Framed while switched off, the table stays framed as it was; switched on later, it swings.
        (*facing, *fresh) = (None, false);
        return;
    }
    let turn = hud.and_then(|h| (h.turn)(&session.state));
    let Some(seat) = seat_to_face(&session, *fresh, turn) else {
        return;
    };
    if *facing == Some(seat) {
        return;
    }
    let yaw = (yaw_of.0)(&session.state, seat);
    if std::mem::take(&mut *fresh) {
        // A changed target frames the table anew (camera::reframe), from this side.
        target.yaw = yaw;
    } else {
        let left = short_way(yaw - target.yaw);
        target.bypass_change_detection().yaw = yaw;
        for (entity, turning) in &mut cams {
            match turning {
                Some(mut t) => t.left += left,
                None => {
                    commands.entity(entity).insert(Turning { left });
                }
            }
        }
    }
    *facing = Some(seat);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plugins::core::seats::SeatKind;
    use crate::plugins::session::PlayAction;
    use crate::plugins::table::pyramid::before_seat;
    use hoarfrost_rules::Game;
    use hoarfrost_rules::record::Recorder;
    use hoarfrost_rules::sprawl::{Setup, Sprawl};

    /// The direction the camera looks from, flat on the table.
    fn from_side(cam: &OrbitCamera) -> Vec2 {
        let eye = cam.transform().translation - cam.focus;
        Vec2::new(eye.x, eye.z).normalize()
    }

    /// The direction from the table's centre to `seat`'s tray, of `seats`.
    fn tray_side(seat: Seat, seats: usize) -> Vec2 {
        let p = before_seat(seat, seats, 1.0, 0.0);
        Vec2::new(p.x, p.z).normalize()
    }

    /// The camera's yaw that looks at a round table from behind `seat`, as Sprawl's does.
    fn behind_seat(state: &Sprawl, seat: Seat) -> f32 {
        -std::f32::consts::TAU * seat as f32 / state.num_seats().max(1) as f32
    }

    /// A headless Sprawl table of `seats` (the first player drawn by `seed`), framed and in play;
    /// frames step 0.1 s.
    fn app(seats: Vec<SeatKind>, seed: u64, turn: bool) -> App {
        app_with(Setup::new(seats.len(), seed), seats, turn)
    }

    /// [`app`] with the game `setup` (variants, say).
    fn app_with(setup: Setup, seats: Vec<SeatKind>, turn: bool) -> App {
        let mut app = crate::plugins::session::test_app::<Sprawl>();
        app.insert_resource(bevy::time::TimeUpdateStrategy::ManualDuration(
            std::time::Duration::from_millis(100),
        ))
        .init_resource::<ButtonInput<KeyCode>>()
        .init_resource::<ButtonInput<MouseButton>>()
        .init_resource::<crate::systems::AnimationSpeed>()
        .init_resource::<bevy::input::mouse::AccumulatedMouseMotion>()
        .init_resource::<bevy::input::mouse::AccumulatedMouseScroll>()
        .init_resource::<bevy_egui::input::EguiWantsInput>()
        .insert_resource(Settings {
            turn_to_player: turn,
            ..default()
        })
        .insert_resource(HudSpec {
            turn: |s: &Sprawl| Some(s.current_player()),
            ..crate::plugins::session::words::test_spec::<Sprawl>(|s, seat| {
                (
                    s.hue(seat).name().to_string(),
                    bevy_egui::egui::Color32::WHITE,
                )
            })
        })
        .add_plugins((
            crate::plugins::table::camera::plugin,
            plugin::<Sprawl>(behind_seat),
        ));
        let seed = setup.seed;
        let recorder = Recorder::<Sprawl>::new(setup).unwrap();
        app.insert_resource(Session::recorded(recorder, seats, seed));
        crate::systems::start_playing(&mut app);
        app
    }

    fn camera(app: &mut App) -> OrbitCamera {
        app.world_mut()
            .query::<&OrbitCamera>()
            .single(app.world())
            .unwrap()
            .clone()
    }

    fn turning(app: &mut App) -> bool {
        app.world_mut()
            .query::<&Turning>()
            .iter(app.world())
            .next()
            .is_some()
    }

    fn to_move(app: &App) -> Seat {
        app.world()
            .resource::<Session<Sprawl>>()
            .state
            .current_player()
    }

    /// The player to move plays their first legal move.
    fn play_a_move(app: &mut App) {
        let seat = to_move(app);
        let action = app
            .world()
            .resource::<Session<Sprawl>>()
            .state
            .legal_actions(seat)[0]
            .clone();
        app.world_mut()
            .write_message(PlayAction::<Sprawl> { seat, action });
        app.update();
    }

    /// Frames until the camera stops turning (at most `limit`), or `None`.
    fn frames_to_stop(app: &mut App, limit: usize) -> Option<usize> {
        (1..=limit).find(|_| {
            app.update();
            !turning(app)
        })
    }

    #[test]
    fn the_view_swings_from_one_human_players_side_to_the_next() {
        let mut app = app(vec![SeatKind::Human; 3], 5, true);
        let first = to_move(&app);
        assert_ne!(
            first, 0,
            "a first player not in the first seat, to see the framing turn"
        );
        let cam = camera(&mut app);
        assert!(!turning(&mut app), "the game starts framed, not turning");
        assert!(
            from_side(&cam).dot(tray_side(first, 3)) > 0.999,
            "framed from the first player's side"
        );
        let distance = cam.distance;
        play_a_move(&mut app);
        let next = to_move(&app);
        assert_ne!(next, first);
        let frames = frames_to_stop(&mut app, 40).expect("the turn ends");
        assert!(
            frames > 2,
            "it swings over some frames, not at once: {frames}"
        );
        let cam = camera(&mut app);
        assert!(
            from_side(&cam).dot(tray_side(next, 3)) > 0.999,
            "seen from the next player's side"
        );
        assert!((cam.distance - distance).abs() < 1e-4, "the zoom is kept");
        // R frames the table from the side faced.
        crate::systems::tap(&mut app, KeyCode::KeyR);
        assert!(from_side(&camera(&mut app)).dot(tray_side(next, 3)) > 0.999);
    }

    #[test]
    fn a_turn_under_way_ends_when_the_title_screen_shows() {
        let mut app = app(vec![SeatKind::Human; 3], 5, true);
        play_a_move(&mut app);
        app.update();
        assert!(turning(&mut app), "the view swings to the next player");
        app.world_mut()
            .resource_mut::<NextState<crate::plugins::core::screens::Screen>>()
            .set(crate::plugins::core::screens::Screen::Title);
        app.update();
        assert!(
            !turning(&mut app),
            "the title screen's own view is not swung"
        );
    }

    #[test]
    fn the_view_starts_on_the_only_humans_side_and_stays_there() {
        let mut app = app(vec![SeatKind::Ai, SeatKind::Ai, SeatKind::Human], 1, true);
        let cam = camera(&mut app);
        assert!(from_side(&cam).dot(tray_side(2, 3)) > 0.999);
        // Whoever moves (here straight from the tests, as AI seats would), the view stays.
        for _ in 0..3 {
            play_a_move(&mut app);
            app.update();
            assert!(!turning(&mut app));
            assert_eq!(camera(&mut app), cam);
        }
    }

    #[test]
    fn switched_off_the_view_stays_on_the_first_seats_side() {
        let mut app = app(vec![SeatKind::Human; 3], 5, false);
        let cam = camera(&mut app);
        assert_eq!(cam.yaw, 0.0);
        play_a_move(&mut app);
        app.update();
        assert!(!turning(&mut app));
        assert_eq!(camera(&mut app), cam);
        // Switched on during the game, the view swings (not jumps) to the player to move.
        if to_move(&app) == 0 {
            play_a_move(&mut app);
        }
        app.world_mut().resource_mut::<Settings>().turn_to_player = true;
        let next = to_move(&app);
        assert_ne!(next, 0);
        app.update();
        assert!(turning(&mut app), "it swings");
        frames_to_stop(&mut app, 40).expect("the turn ends");
        assert!(from_side(&camera(&mut app)).dot(tray_side(next, 3)) > 0.999);
    }

    #[test]
    fn counting_coup_questions_do_not_swing_the_view() {
        use hoarfrost_rules::sprawl::{Action, Phase, Variant, Variants};
        let setup = Setup::new(3, 5).with(Variants::of(&[Variant::CountingCoup]));
        let mut app = app_with(setup, vec![SeatKind::Human; 3], true);
        let state = |app: &App| app.world().resource::<Session<Sprawl>>().state.clone();
        // Play on (first legal moves, and a spore that puts the question whenever there is one)
        // until a human player's spore is questioned by the other players.
        for _ in 0..120 {
            frames_to_stop(&mut app, 60).expect("the view settles");
            let s = state(&app);
            if matches!(s.phase(), Phase::Asking { .. }) {
                break;
            }
            let seat = s.current_player();
            let legal = s.legal_actions(seat);
            let asked = legal.iter().find(|a| {
                let mut next = s.clone();
                matches!(a, Action::Spore { .. })
                    && next.apply(seat, a).is_ok()
                    && matches!(next.phase(), Phase::Asking { .. })
            });
            let action = asked.unwrap_or(&legal[0]).clone();
            app.world_mut()
                .write_message(PlayAction::<Sprawl> { seat, action });
            app.update();
        }
        let s = state(&app);
        let Phase::Asking { sporer, .. } = s.phase().clone() else {
            panic!("no spore was questioned in 120 moves: {:?}", s.phase())
        };
        let sporer = sporer as Seat;
        let side = from_side(&camera(&mut app));
        assert!(
            side.dot(tray_side(sporer, 3)) > 0.999,
            "seen from the sporer's side"
        );
        // Each asker in turn lets the spore stand: the view stays on the sporer's side throughout.
        let mut asked = 0;
        while let Phase::Asking { askers, next, .. } = state(&app).phase().clone() {
            let seat = askers[next as usize] as Seat;
            for _ in 0..5 {
                app.update();
                assert!(!turning(&mut app), "the view swung to asker {seat}");
            }
            app.world_mut().write_message(PlayAction::<Sprawl> {
                seat,
                action: Action::StaySilent,
            });
            app.update();
            asked += 1;
        }
        assert!(asked > 0, "a player was asked");
        assert!(from_side(&camera(&mut app)).dot(side) > 0.999);
        // Then the turn passes, and the view swings to the next player.
        let next = to_move(&app);
        assert_ne!(next, sporer);
        frames_to_stop(&mut app, 40).expect("the turn ends");
        assert!(from_side(&camera(&mut app)).dot(tray_side(next, 3)) > 0.999);
    }
}
