//! The table camera: orbit (right drag or arrow keys), pan (middle drag, or Shift and right drag),
//! zoom (wheel), reset (R or Home). A table may turn the view to another side (see `seat_view`):
//! the camera then swings round the table's centre, keeping its height, distance and pan.

use bevy::input::mouse::{AccumulatedMouseMotion, AccumulatedMouseScroll};
use bevy::light::ShadowFilteringMethod;
use bevy::prelude::*;
use bevy_egui::input::egui_wants_any_pointer_input;

use crate::systems::Frame;

/// Where the camera looks and from how far.
#[derive(Component, Debug, Clone, PartialEq)]
pub struct OrbitCamera {
    pub focus: Vec3,
    pub yaw: f32,
    pub pitch: f32,
    pub distance: f32,
}

/// The camera swings round the table's centre: `left` radians still to go (positive turns it
/// the way the left arrow key does).
#[derive(Component, Debug, Clone, Copy, PartialEq)]
pub struct Turning {
    pub left: f32,
}

/// How fast a turn starts, as the share of what is left covered per second (it eases out).
const TURN_EASE: f32 = 5.0;

/// The slowest a turn goes, in radians per second, so that it ends.
const TURN_FLOOR: f32 = 0.6;

/// The angle `a` brought into -pi..=pi: the short way round.
pub fn short_way(a: f32) -> f32 {
    let a = a.rem_euclid(std::f32::consts::TAU);
    if a > std::f32::consts::PI {
        a - std::f32::consts::TAU
    } else {
        a
    }
}

/// Factor on every orbit, pan and zoom rate (the Settings window's camera speed; 1 is normal).
#[derive(Resource, Debug, Clone, Copy, PartialEq)]
pub struct CameraSpeed(pub f32);

impl Default for CameraSpeed {
    fn default() -> Self {
        CameraSpeed(1.0)
    }
}

/// The part of the table the reset key frames: a centre and a radius.
#[derive(Resource, Debug, Clone, Copy)]
pub struct FrameTarget {
    pub centre: Vec3,
    pub radius: f32,
    /// How steeply the reset view looks down, in radians.
    pub pitch: f32,
    /// The side of the table the reset view looks from, as the camera's yaw (0: from +Z, the first
    /// seat's side; a quarter turn more looks from +X).
    pub yaw: f32,
    /// How far left of the window's middle the target is seen, as a share of its radius, so that
    /// the side panel (top right) covers less of it.
    pub shift: f32,
}

impl Default for FrameTarget {
    fn default() -> Self {
        FrameTarget {
            centre: Vec3::ZERO,
            radius: 9.0,
            pitch: 1.1,
            yaw: 0.0,
            shift: 0.0,
        }
    }
}

impl OrbitCamera {
    /// The view that shows all of `target` from its side (`target.yaw`).
    pub fn framing(target: FrameTarget) -> Self {
        OrbitCamera {
            focus: target.centre
                + Quat::from_rotation_y(target.yaw)
                    * Vec3::new(target.shift, 0.0, 0.3)
                    * target.radius,
            yaw: target.yaw,
            pitch: target.pitch,
            distance: target.radius * 2.6,
        }
    }

    /// The camera's transform for this orbit.
    pub fn transform(&self) -> Transform {
        let rot = Quat::from_euler(EulerRot::YXZ, self.yaw, -self.pitch, 0.0);
        let eye = self.focus + rot * Vec3::new(0.0, 0.0, self.distance);
        Transform::from_translation(eye).looking_at(self.focus, Vec3::Y)
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<FrameTarget>()
        .init_resource::<CameraSpeed>()
        .add_systems(Startup, spawn_camera)
        .add_systems(
            OnEnter(crate::plugins::core::screens::Screen::Title),
            stop_turning,
        )
        .add_systems(
            Update,
            (
                (orbit_with_mouse, zoom_with_wheel).run_if(not(egui_wants_any_pointer_input)),
                orbit_with_keys,
                reframe.run_if(resource_changed::<FrameTarget>),
                turn,
                place_camera,
            )
                .chain()
                .in_set(Frame::Input),
        );
}

fn spawn_camera(mut commands: Commands, target: Res<FrameTarget>) {
    let orbit = OrbitCamera::framing(*target);
    commands.spawn((
        Name::new("Camera"),
        Camera3d::default(),
        // One hardware 2x2 tap per shadow lookup instead of Bevy's default Gaussian filter: the
        // table fills the screen with shadowed pixels, and under software rendering this took a
        // quarter of the frame (README, Performance).
        ShadowFilteringMethod::Hardware2x2,
        orbit.transform(),
        orbit,
    ));
    commands.spawn((
        Name::new("Sun"),
        DirectionalLight {
            illuminance: 9_000.0,
            shadow_maps_enabled: true,
            ..default()
        },
        Transform::from_xyz(6.0, 14.0, 8.0).looking_at(Vec3::ZERO, Vec3::Y),
    ));
    commands.insert_resource(GlobalAmbientLight {
        brightness: 350.0,
        ..default()
    });
    commands.insert_resource(ClearColor(crate::plugins::core::palette::SKY));
}

fn orbit_with_mouse(
    buttons: Res<ButtonInput<MouseButton>>,
    keys: Res<ButtonInput<KeyCode>>,
    motion: Res<AccumulatedMouseMotion>,
    speed: Res<CameraSpeed>,
    mut cams: Query<&mut OrbitCamera>,
) {
    let d = motion.delta * speed.0;
    if d == Vec2::ZERO {
        return;
    }
    let right = buttons.pressed(MouseButton::Right);
    let shift = keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
    let drag = if right && !shift {
        Drag::Orbit
    } else if buttons.pressed(MouseButton::Middle) || right {
        Drag::Pan
    } else {
        return;
    };
    for mut cam in &mut cams {
        cam.drag(drag, d);
    }
}

/// What a mouse drag does to the camera: right drag orbits; middle drag, or Shift and right drag
/// (for a mouse or touchpad without a middle button), pans.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Drag {
    Orbit,
    Pan,
}

impl OrbitCamera {
    /// Move the camera for a drag of `d` pixels.
    pub fn drag(&mut self, drag: Drag, d: Vec2) {
        match drag {
            Drag::Orbit => {
                self.yaw -= d.x * 0.006;
                self.pitch = (self.pitch + d.y * 0.005).clamp(0.12, 1.5);
            }
            Drag::Pan => {
                let rot = Quat::from_rotation_y(self.yaw);
                let scale = self.distance * 0.0015;
                self.focus += rot * Vec3::new(-d.x * scale, 0.0, -d.y * scale);
            }
        }
    }
}

fn zoom_with_wheel(
    scroll: Res<AccumulatedMouseScroll>,
    speed: Res<CameraSpeed>,
    mut cams: Query<&mut OrbitCamera>,
) {
    if scroll.delta.y == 0.0 {
        return;
    }
    let factor = zoom_factor(scroll.delta.y, speed.0);
    for mut cam in &mut cams {
        cam.distance = (cam.distance * factor).clamp(3.0, 60.0);
    }
}

/// How much a wheel turn of `notches` scales the distance at camera speed `speed`.
pub fn zoom_factor(notches: f32, speed: f32) -> f32 {
    (1.0 - notches * 0.1 * speed).clamp(0.3, 3.0)
}

fn orbit_with_keys(
    keys: Res<ButtonInput<KeyCode>>,
    time: Res<Time>,
    target: Res<FrameTarget>,
    speed: Res<CameraSpeed>,
    mut cams: Query<(&mut OrbitCamera, Option<&mut Turning>)>,
) {
    let dt = time.delta_secs() * speed.0;
    for (mut cam, turning) in &mut cams {
        if keys.just_pressed(KeyCode::KeyR) || keys.just_pressed(KeyCode::Home) {
            *cam = OrbitCamera::framing(*target);
            if let Some(mut t) = turning {
                t.left = 0.0;
            }
        }
        if keys.pressed(KeyCode::ArrowLeft) {
            cam.yaw += 1.5 * dt;
        }
        if keys.pressed(KeyCode::ArrowRight) {
            cam.yaw -= 1.5 * dt;
        }
        if keys.pressed(KeyCode::ArrowUp) {
            cam.pitch = (cam.pitch + dt).min(1.5);
        }
        if keys.pressed(KeyCode::ArrowDown) {
            cam.pitch = (cam.pitch - dt).max(0.12);
        }
    }
}

/// A new table (or a grown fortress) is framed at once, and any turn under way ends there.
pub(crate) fn reframe(
    target: Res<FrameTarget>,
    mut cams: Query<(&mut OrbitCamera, Option<&mut Turning>)>,
) {
    for (mut cam, turning) in &mut cams {
        *cam = OrbitCamera::framing(*target);
        if let Some(mut t) = turning {
            t.left = 0.0;
        }
    }
}

/// Swing each turning camera on round the table's centre (`FrameTarget::centre`), easing out at
/// the animation speed; the turn ends when nothing is left.
fn turn(
    mut commands: Commands,
    time: Res<Time>,
    speed: Res<crate::systems::AnimationSpeed>,
    target: Res<FrameTarget>,
    mut cams: Query<(Entity, &mut OrbitCamera, &mut Turning)>,
) {
    let dt = time.delta_secs() * speed.0;
    for (entity, mut cam, mut turning) in &mut cams {
        let step = turn_step(turning.left, dt);
        cam.swing(target.centre, step);
        turning.left -= step;
        if turning.left == 0.0 {
            commands.entity(entity).remove::<Turning>();
        }
    }
}

/// The title screen has a view of its own: a turn under way ends.
fn stop_turning(mut commands: Commands, cams: Query<Entity, With<Turning>>) {
    for entity in &cams {
        commands.entity(entity).remove::<Turning>();
    }
}

/// How far a turn with `left` radians to go moves in `dt` seconds: it eases out, never slower than
/// `TURN_FLOOR`, and never past its end.
pub fn turn_step(left: f32, dt: f32) -> f32 {
    let speed = (left.abs() * TURN_EASE).max(TURN_FLOOR);
    (speed * dt.max(0.0)).min(left.abs()).copysign(left)
}

impl OrbitCamera {
    /// Swing the camera by `angle` round the upright axis through `centre`: the view stays the
    /// same, seen from another side of the table.
    pub fn swing(&mut self, centre: Vec3, angle: f32) {
        self.yaw += angle;
        self.focus = centre + Quat::from_rotation_y(angle) * (self.focus - centre);
    }
}

/// Where `point` falls in `camera`'s view, as slopes from the middle of the view (x right, y up),
/// or `None` behind the camera.
#[cfg(test)]
pub(crate) fn view_slopes(camera: &OrbitCamera, point: Vec3) -> Option<Vec2> {
    let seen = camera
        .transform()
        .to_matrix()
        .inverse()
        .transform_point3(point);
    (seen.z < 0.0).then(|| Vec2::new(seen.x, seen.y) / -seen.z)
}

/// The largest slopes in view in a 16:9 window: Bevy's default vertical field of view is 45
/// degrees, so `tan(22.5)` up or down, and 16/9 times that across.
#[cfg(test)]
fn in_wide_window(slopes: Vec2) -> bool {
    let up = (std::f32::consts::PI / 8.0).tan();
    slopes.x.abs() < up * 16.0 / 9.0 && slopes.y.abs() < up
}

/// The pixel where `point` shows in a 1280x720 window seen from `camera` (from the top left
/// corner; outside 0..1280 x 0..720 where it is out of view), or `None` behind the camera.
#[cfg(test)]
pub(crate) fn pixel_at(camera: &OrbitCamera, point: Vec3) -> Option<Vec2> {
    let up = (std::f32::consts::PI / 8.0).tan();
    view_slopes(camera, point).map(|s| {
        Vec2::new(
            (1.0 + s.x / (up * 16.0 / 9.0)) * 640.0,
            (1.0 - s.y / up) * 360.0,
        )
    })
}

/// The first point of the level circle of `radius` round `centre` (walked in 72 steps) that falls
/// outside a 16:9 window's view from `camera`: its angle round the circle and where it falls.
#[cfg(test)]
pub(crate) fn circle_out_of_view(
    camera: &OrbitCamera,
    centre: Vec3,
    radius: f32,
) -> Option<(f32, Option<Vec2>)> {
    (0..72).find_map(|step| {
        let a = std::f32::consts::TAU * step as f32 / 72.0;
        let seen = view_slopes(camera, centre + Vec3::new(a.cos(), 0.0, a.sin()) * radius);
        (!seen.is_some_and(in_wide_window)).then_some((a, seen))
    })
}

fn place_camera(mut cams: Query<(&OrbitCamera, &mut Transform), Changed<OrbitCamera>>) {
    for (orbit, mut transform) in &mut cams {
        *transform = orbit.transform();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn framing_looks_at_the_centre_from_above() {
        let cam = OrbitCamera::framing(FrameTarget {
            centre: Vec3::new(1.0, 0.0, 2.0),
            radius: 5.0,
            ..default()
        });
        let t = cam.transform();
        assert!(t.translation.y > 3.0);
        let to_focus = (cam.focus - t.translation).normalize();
        assert!(t.forward().dot(to_focus) > 0.999);
    }

    #[test]
    fn framing_shows_the_whole_target_in_a_wide_window() {
        for (radius, pitch) in [(4.0, 1.1), (5.5, 1.1), (9.0, 1.1), (11.0, 0.8), (16.0, 0.8)] {
            let target = FrameTarget {
                centre: Vec3::new(0.0, 1.0, 2.0),
                radius,
                pitch,
                yaw: 0.0,
                shift: 0.0,
            };
            let out = circle_out_of_view(&OrbitCamera::framing(target), target.centre, radius);
            assert_eq!(
                out, None,
                "radius {radius}, pitch {pitch}: (angle, slopes) out of view"
            );
        }
    }

    #[test]
    fn a_drag_orbits_round_the_focus_or_pans_it_across_the_table() {
        let start = OrbitCamera::framing(FrameTarget::default());
        let mut orbit = start.clone();
        orbit.drag(Drag::Orbit, Vec2::new(50.0, 20.0));
        assert_eq!(orbit.focus, start.focus);
        assert!(orbit.yaw < start.yaw && orbit.pitch > start.pitch);
        let mut pan = start.clone();
        pan.drag(Drag::Pan, Vec2::new(50.0, 0.0));
        assert_eq!(
            (pan.yaw, pan.pitch, pan.distance),
            (start.yaw, start.pitch, start.distance)
        );
        // Dragged right, the table moves with the pointer: the focus moves left, along the table.
        assert!(pan.focus.x < start.focus.x && pan.focus.y == start.focus.y);
    }

    #[test]
    fn a_turn_goes_the_short_way_eases_out_and_ends_on_its_mark() {
        use std::f32::consts::{FRAC_PI_2, PI, TAU};
        assert!((short_way(1.5 * PI) + FRAC_PI_2).abs() < 1e-5);
        assert!((short_way(-1.5 * PI) - FRAC_PI_2).abs() < 1e-5);
        assert!((short_way(TAU + 0.25) - 0.25).abs() < 1e-5);
        for left in [2.0 * PI / 3.0, -FRAC_PI_2, 0.01] {
            let (mut rest, mut steps) = (left, vec![]);
            while rest != 0.0 {
                let step = turn_step(rest, 0.1);
                assert!(step != 0.0 && step.signum() == left.signum());
                steps.push(step.abs());
                rest -= step;
                assert!(steps.len() < 60, "a turn of {left} ends");
            }
            assert!(
                steps.windows(2).all(|w| w[1] <= w[0] + 1e-6),
                "it eases out"
            );
        }
        assert_eq!(turn_step(1.0, 0.0), 0.0, "no time, no turn");
        // A swing keeps the view: the same distance and pitch, the focus the same way off centre.
        let start = OrbitCamera::framing(FrameTarget::default());
        let mut cam = start.clone();
        cam.swing(Vec3::ZERO, PI);
        assert!((cam.focus + start.focus).length() < 1e-4);
        let (a, b) = (start.transform(), cam.transform());
        assert!((a.translation.y - b.translation.y).abs() < 1e-4);
        assert!((a.translation.xz() + b.translation.xz()).length() < 1e-3);
    }

    #[test]
    fn a_faster_camera_zooms_further_per_notch() {
        assert!(zoom_factor(1.0, 2.0) < zoom_factor(1.0, 1.0));
        assert!(zoom_factor(-1.0, 2.0) > zoom_factor(-1.0, 1.0));
        assert!(zoom_factor(100.0, 4.0) > 0.0);
    }
}
