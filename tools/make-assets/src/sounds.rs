//! The table's sounds, synthesized: short mono 16-bit WAV files (22,050 samples a second) made from
//! decaying sine partials and seeded noise, so they are the same bytes on every run.
//!
//! - `move.wav`: a piece set down, a dull tock of ice on wood.
//! - `roll.wav`: dice rattling to a stop, a run of small clicks.
//! - `draw.wav`: a card or a figure drawn, a soft slide of noise and a light tap as it lands.
//! - `undo.wav`: a move taken back, a soft tone gliding down.
//! - `refused.wav`: a move the rules refuse, two soft low notes falling.
//! - `crack.wav`: Ice Fortress's ice shield losing a cube, sharp snaps over a falling whistle.
//! - `won.wav`: a game won, four icy bells rising.
//! - `lost.wav`: a game lost, four bells falling, lower and slower.

use crate::Asset;

/// Samples a second.
const RATE: u32 = 22_050;

/// A small seeded noise source (xorshift), the same on every run.
struct Noise(u32);

impl Noise {
    /// The next value, in [-1, 1].
    fn next(&mut self) -> f32 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        self.0 = x;
        (x as f32 / u32::MAX as f32) * 2.0 - 1.0
    }
}

/// A buffer `seconds` long, in silence.
fn silence(seconds: f32) -> Vec<f32> {
    vec![0.0; (seconds * RATE as f32) as usize]
}

/// Adds a struck tone at `start` seconds: each partial (frequency factor, loudness, decay time in
/// seconds) a sine that falls away exponentially, after a 2 ms rise that keeps the start from
/// clicking.
fn strike(out: &mut [f32], start: f32, pitch: f32, partials: &[(f32, f32, f32)], gain: f32) {
    let first = (start * RATE as f32) as usize;
    for (i, sample) in out.iter_mut().enumerate().skip(first) {
        let t = (i - first) as f32 / RATE as f32;
        let rise = (t / 0.002).min(1.0);
        let mut v = 0.0;
        for &(factor, loudness, decay) in partials {
            v += loudness * (-t / decay).exp() * (std::f32::consts::TAU * pitch * factor * t).sin();
        }
        *sample += gain * rise * v;
    }
}

/// Adds a burst of noise `length` seconds long at `start`, rising over half a millisecond and
/// falling away linearly.
fn burst(out: &mut [f32], start: f32, length: f32, gain: f32, noise: &mut Noise) {
    let first = (start * RATE as f32) as usize;
    let n = (length * RATE as f32) as usize;
    for (k, sample) in out.iter_mut().skip(first).take(n).enumerate() {
        let rise = (k as f32 / (0.0005 * RATE as f32)).min(1.0);
        *sample += gain * rise * (1.0 - k as f32 / n as f32) * noise.next();
    }
}

/// Scales the buffer so its loudest sample is `peak`, and fades out its last 10 ms.
fn finish(mut out: Vec<f32>, peak: f32) -> Vec<f32> {
    let loudest = out.iter().fold(0.0f32, |m, v| m.max(v.abs()));
    if loudest > 0.0 {
        for v in &mut out {
            *v *= peak / loudest;
        }
    }
    let fade = (0.01 * RATE as f32) as usize;
    let len = out.len();
    for k in 0..fade.min(len) {
        out[len - 1 - k] *= k as f32 / fade as f32;
    }
    out
}

/// A dull wooden tock: the piece set down.
fn tock() -> Vec<f32> {
    let mut out = silence(0.14);
    strike(
        &mut out,
        0.0,
        620.0,
        &[(1.0, 1.0, 0.030), (2.31, 0.5, 0.014), (4.07, 0.25, 0.007)],
        1.0,
    );
    burst(&mut out, 0.0, 0.004, 0.3, &mut Noise(0x1ce_b10c));
    finish(out, 0.55)
}

/// Dice rattling: clicks coming closer together and quieter as the dice settle.
fn rattle() -> Vec<f32> {
    let mut out = silence(0.5);
    let mut noise = Noise(0xd1ce_5eed);
    let mut at = 0.0;
    for k in 0..9 {
        let pitch = 1_700.0 + 700.0 * (noise.next() + 1.0);
        let gain = 1.0 - k as f32 * 0.09;
        strike(
            &mut out,
            at,
            pitch,
            &[(1.0, 1.0, 0.006), (1.53, 0.6, 0.004)],
            gain,
        );
        burst(&mut out, at, 0.003, 0.4 * gain, &mut noise);
        at += 0.065 - k as f32 * 0.005 + 0.01 * noise.next();
    }
    finish(out, 0.5)
}

/// A card slid off a deck (or a figure pulled from a bag): a soft hiss that swells and fades, its
/// highs kept down by a running average, then a light tap as it is laid down.
fn slide() -> Vec<f32> {
    let mut out = silence(0.3);
    let mut noise = Noise(0xca2d_5117);
    let length = 0.2;
    let n = (length * RATE as f32) as usize;
    let mut smooth = 0.0;
    for (k, sample) in out.iter_mut().take(n).enumerate() {
        let t = k as f32 / n as f32;
        smooth += 0.25 * (noise.next() - smooth);
        *sample += (std::f32::consts::PI * t).sin().powi(2) * smooth;
    }
    strike(
        &mut out,
        length - 0.02,
        900.0,
        &[(1.0, 1.0, 0.012), (2.4, 0.4, 0.006)],
        0.35,
    );
    finish(out, 0.4)
}

/// A tone gliding down from `high` toward `low` Hz (the difference falling away over `fall`
/// seconds), fading over `decay` seconds after a `rise`-second rise, with `octave` of its octave
/// mixed in.
struct Glide {
    low: f32,
    high: f32,
    fall: f32,
    decay: f32,
    rise: f32,
    octave: f32,
    gain: f32,
}

/// Adds the gliding tone `g` from the start of the buffer.
fn glide(out: &mut [f32], g: Glide) {
    let mut phase = 0.0f32;
    for (i, sample) in out.iter_mut().enumerate() {
        let t = i as f32 / RATE as f32;
        let pitch = g.low + (g.high - g.low) * (-t / g.fall).exp();
        phase += std::f32::consts::TAU * pitch / RATE as f32;
        let rise = (t / g.rise).min(1.0);
        *sample +=
            g.gain * rise * (-t / g.decay).exp() * (phase.sin() + g.octave * (2.0 * phase).sin());
    }
}

/// A soft tone gliding down from 880 to 440 Hz and fading: a move taken back.
fn glide_down() -> Vec<f32> {
    let mut out = silence(0.22);
    glide(
        &mut out,
        Glide {
            low: 440.0,
            high: 880.0,
            fall: 0.06,
            decay: 0.07,
            rise: 0.004,
            octave: 0.25,
            gain: 1.0,
        },
    );
    finish(out, 0.4)
}

/// Two soft low notes falling: the move was refused.
fn refusal() -> Vec<f32> {
    let mut out = silence(0.32);
    let soft = [(1.0, 1.0, 0.09), (2.0, 0.2, 0.05)];
    strike(&mut out, 0.0, 330.0, &soft, 1.0);
    strike(&mut out, 0.11, 247.0, &soft, 1.0);
    finish(out, 0.4)
}

/// Ice cracking: snaps of bright noise (each sample less the one before it, which keeps the highs),
/// quieter one after another, over a whistle falling from 2,500 to 900 Hz.
fn crack() -> Vec<f32> {
    let mut out = silence(0.4);
    let mut noise = Noise(0x1ce_c0de);
    for (at, gain) in [
        (0.0, 1.0),
        (0.03, 0.7),
        (0.07, 0.5),
        (0.12, 0.35),
        (0.2, 0.25),
    ] {
        let first = (at * RATE as f32) as usize;
        let mut previous = 0.0;
        for (k, sample) in out.iter_mut().skip(first).enumerate() {
            let t = k as f32 / RATE as f32;
            let rise = (t / 0.0005).min(1.0);
            let n = noise.next();
            *sample += gain * rise * (-t / 0.012).exp() * (n - previous) * 0.5;
            previous = n;
        }
    }
    glide(
        &mut out,
        Glide {
            low: 900.0,
            high: 2_500.0,
            fall: 0.08,
            decay: 0.09,
            rise: 0.002,
            octave: 0.0,
            gain: 0.3,
        },
    );
    finish(out, 0.5)
}

/// Bells at `pitches`, `gap` seconds apart: a bell's partials are inharmonic, which sounds of ice.
fn bells(pitches: &[f32], gap: f32, ring: f32) -> Vec<f32> {
    let mut out = silence(gap * pitches.len() as f32 + ring * 2.0);
    let bell = [
        (1.0, 1.0, ring),
        (2.76, 0.45, ring * 0.5),
        (5.40, 0.2, ring * 0.25),
    ];
    for (k, &pitch) in pitches.iter().enumerate() {
        strike(&mut out, gap * k as f32, pitch, &bell, 1.0);
    }
    out
}

/// The sounds, as WAV files under `sounds/`.
pub fn all() -> Vec<Asset> {
    [
        ("move", tock()),
        ("roll", rattle()),
        ("draw", slide()),
        ("undo", glide_down()),
        ("refused", refusal()),
        ("crack", crack()),
        (
            "won",
            finish(
                bells(&[1_046.5, 1_318.5, 1_568.0, 2_093.0], 0.12, 0.45),
                0.5,
            ),
        ),
        (
            "lost",
            finish(bells(&[880.0, 698.5, 587.3, 440.0], 0.2, 0.5), 0.4),
        ),
    ]
    .into_iter()
    .map(|(name, samples)| Asset {
        path: format!("sounds/{name}.wav"),
        bytes: wav(&samples),
    })
    .collect()
}

/// A mono 16-bit PCM WAV file of `samples` (each in [-1, 1]).
pub fn wav(samples: &[f32]) -> Vec<u8> {
    let data = samples.len() as u32 * 2;
    let mut out = Vec::with_capacity(44 + data as usize);
    out.extend_from_slice(b"RIFF");
    out.extend_from_slice(&(36 + data).to_le_bytes());
    out.extend_from_slice(b"WAVEfmt ");
    out.extend_from_slice(&16u32.to_le_bytes());
    out.extend_from_slice(&1u16.to_le_bytes()); // PCM
    out.extend_from_slice(&1u16.to_le_bytes()); // mono
    out.extend_from_slice(&RATE.to_le_bytes());
    out.extend_from_slice(&(RATE * 2).to_le_bytes());
    out.extend_from_slice(&2u16.to_le_bytes());
    out.extend_from_slice(&16u16.to_le_bytes());
    out.extend_from_slice(b"data");
    out.extend_from_slice(&data.to_le_bytes());
    for s in samples {
        let v = (s.clamp(-1.0, 1.0) * i16::MAX as f32).round() as i16;
        out.extend_from_slice(&v.to_le_bytes());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The samples of a file `wav` wrote.
    fn samples(bytes: &[u8]) -> Vec<i16> {
        bytes[44..]
            .chunks_exact(2)
            .map(|b| i16::from_le_bytes([b[0], b[1]]))
            .collect()
    }

    #[test]
    fn each_sound_is_a_short_audible_wav_that_does_not_clip() {
        let sounds = all();
        assert_eq!(sounds.len(), 8);
        for s in &sounds {
            let b = &s.bytes;
            assert_eq!(&b[0..4], b"RIFF", "{}", s.path);
            assert_eq!(&b[8..16], b"WAVEfmt ", "{}", s.path);
            let declared = u32::from_le_bytes([b[40], b[41], b[42], b[43]]) as usize;
            assert_eq!(declared, b.len() - 44, "{}", s.path);
            let pcm = samples(b);
            let seconds = pcm.len() as f32 / RATE as f32;
            assert!((0.1..2.0).contains(&seconds), "{}: {seconds} s", s.path);
            let peak = pcm.iter().map(|v| v.unsigned_abs()).max().unwrap_or(0);
            // Loud enough to hear, well short of clipping (peaks are set at 0.4-0.55).
            assert!((8_000..20_000).contains(&peak), "{}: peak {peak}", s.path);
            // It starts and ends quietly (no click).
            assert!(
                pcm[0].unsigned_abs() < 2_000,
                "{}: starts at {}",
                s.path,
                pcm[0]
            );
            assert_eq!(pcm[pcm.len() - 1], 0, "{}", s.path);
        }
    }

    #[test]
    fn a_wav_reader_reads_each_sound_back_sample_for_sample() {
        for s in all() {
            let mut reader = hound::WavReader::new(std::io::Cursor::new(&s.bytes))
                .unwrap_or_else(|e| panic!("{}: {e}", s.path));
            let spec = reader.spec();
            assert_eq!((spec.channels, spec.sample_rate), (1, RATE), "{}", s.path);
            assert_eq!(spec.bits_per_sample, 16, "{}", s.path);
            let read: Vec<i16> = reader.samples::<i16>().map(|v| v.unwrap()).collect();
            assert_eq!(read, samples(&s.bytes), "{}", s.path);
        }
    }

    #[test]
    fn the_undo_glides_down() {
        let all = all();
        let undo = all.iter().find(|s| s.path == "sounds/undo.wav").unwrap();
        let pcm = samples(&undo.bytes);
        // Zero crossings in the first and the third 40 ms: the pitch falls.
        let crossings = |pcm: &[i16]| pcm.windows(2).filter(|w| (w[0] < 0) != (w[1] < 0)).count();
        let n = (0.04 * RATE as f32) as usize;
        let (first, third) = (crossings(&pcm[..n]), crossings(&pcm[2 * n..3 * n]));
        assert!(third < first, "{first} then {third} crossings");
    }

    #[test]
    fn the_win_rises_and_the_loss_falls() {
        // The strongest pitch in the first and last quarter of each, counted by zero crossings.
        let crossings = |pcm: &[i16]| pcm.windows(2).filter(|w| (w[0] < 0) != (w[1] < 0)).count();
        let sound = |name: &str| {
            let all = all();
            let s = all
                .iter()
                .find(|s| s.path == format!("sounds/{name}.wav"))
                .unwrap();
            samples(&s.bytes)
        };
        for (name, rises) in [("won", true), ("lost", false)] {
            let pcm = sound(name);
            // The notes start every 0.12 / 0.2 s: compare the first note with the last.
            let gap = if rises { 0.12 } else { 0.2 };
            let n = (gap * RATE as f32) as usize;
            let (first, last) = (crossings(&pcm[..n]), crossings(&pcm[3 * n..4 * n]));
            assert_eq!(last > first, rises, "{name}: {first} then {last} crossings");
        }
    }
}
