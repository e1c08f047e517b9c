//! Pieces glide to where the rules put them, lifting over the table on the way, instead of jumping.

use bevy::prelude::*;

/// Seconds a move takes at normal speed.
pub const GLIDE_SECONDS: f32 = 0.45;

/// A move in progress from `from` to `to`.
#[derive(Component, Debug, Clone)]
pub struct Glide {
    pub from: Vec3,
    pub to: Vec3,
    pub elapsed: f32,
    pub duration: f32,
    /// How high the piece lifts at the middle of the move.
    pub lift: f32,
}

impl Glide {
    pub fn new(from: Vec3, to: Vec3) -> Self {
        let lift = (from.distance(to) * 0.25).clamp(0.0, 2.0);
        Glide {
            from,
            to,
            elapsed: 0.0,
            duration: GLIDE_SECONDS,
            lift,
        }
    }

    /// Position at fraction `t` (0..=1) of the move: eased along the line, raised in an arc.
    pub fn at(&self, t: f32) -> Vec3 {
        let eased = EasingCurve::new(0.0, 1.0, EaseFunction::CubicInOut).sample_clamped(t);
        self.from.lerp(self.to, eased) + Vec3::Y * self.lift * 4.0 * t * (1.0 - t)
    }
}

/// Advance every glide; a finished one snaps to its end and is removed.
pub fn glide(
    time: Res<Time>,
    speed: Res<super::AnimationSpeed>,
    mut commands: Commands,
    mut moving: Query<(Entity, &mut Transform, &mut Glide)>,
) {
    for (entity, mut transform, mut g) in &mut moving {
        g.elapsed += time.delta_secs() * speed.0;
        let t = (g.elapsed / g.duration).min(1.0);
        transform.translation = g.at(t);
        if t >= 1.0 {
            commands.entity(entity).remove::<Glide>();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn starts_and_ends_where_told_and_lifts_between() {
        let g = Glide::new(Vec3::ZERO, Vec3::new(4.0, 0.0, 0.0));
        assert!(g.at(0.0).distance(Vec3::ZERO) < 1e-5);
        assert!(g.at(1.0).distance(Vec3::new(4.0, 0.0, 0.0)) < 1e-5);
        assert!(g.at(0.5).y > 0.5);
    }
}
