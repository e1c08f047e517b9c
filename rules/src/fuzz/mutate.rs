//! Mutations of text inputs, driven by a [`GameRng`] so a fuzz run is reproducible from its seed:
//! bit flips, truncation, splices between corpus entries, duplicated and deleted tokens, changed
//! numbers, swapped names and inserted punctuation.

use crate::GameRng;

/// Numbers worth trying wherever a number stands.
pub(crate) const NUMBERS: [&str; 16] = [
    "0",
    "1",
    "-1",
    "2",
    "7",
    "255",
    "256",
    "-128",
    "65535",
    "65536",
    "2147483647",
    "4294967295",
    "4294967296",
    "18446744073709551615",
    "-9223372036854775808",
    "99999999999999999999999",
];

/// Fragments worth inserting anywhere.
const FRAGMENTS: [&str; 16] = [
    "(", ")", "[", "]", ",", ":", "\"", "-", "0", "Some(", "None", "//", "/*", "\\", "\u{0}", "é",
];

/// One to four random mutations of `input`; `corpus` supplies splice partners and names.
pub fn mutate(input: &str, corpus: &[String], rng: &mut GameRng) -> String {
    let mut out = input.as_bytes().to_vec();
    for _ in 0..1 + rng.below(4) {
        match rng.below(8) {
            0 => flip_bit(&mut out, rng),
            1 => {
                let at = rng.below(out.len() + 1);
                out.truncate(at);
            }
            2 => {
                if let Some(other) = pick(corpus, rng) {
                    let other = other.as_bytes();
                    let at = rng.below(out.len() + 1);
                    let from = rng.below(other.len() + 1);
                    out.truncate(at);
                    out.extend_from_slice(&other[from..]);
                }
            }
            3 => duplicate_token(&mut out, rng),
            4 => change_number(&mut out, rng),
            5 => {
                let at = rng.below(out.len() + 1);
                let n = rng.below((out.len() - at).min(24) + 1);
                out.drain(at..at + n);
            }
            6 => {
                let at = rng.below(out.len() + 1);
                let frag = FRAGMENTS[rng.below(FRAGMENTS.len())].as_bytes();
                out.splice(at..at, frag.iter().copied());
            }
            _ => swap_name(&mut out, corpus, rng),
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn pick<'a>(corpus: &'a [String], rng: &mut GameRng) -> Option<&'a String> {
    (!corpus.is_empty()).then(|| &corpus[rng.below(corpus.len())])
}

fn flip_bit(out: &mut [u8], rng: &mut GameRng) {
    if !out.is_empty() {
        let i = rng.below(out.len());
        out[i] ^= 1 << rng.below(8);
    }
}

/// Byte spans of tokens: runs of letters, digits and `_`, or single other non-blank bytes.
fn tokens(text: &[u8]) -> Vec<(usize, usize)> {
    let word = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    let mut spans = Vec::new();
    let mut i = 0;
    while i < text.len() {
        let start = i;
        if word(text[i]) {
            while i < text.len() && word(text[i]) {
                i += 1;
            }
            spans.push((start, i));
        } else {
            i += 1;
            if !text[start].is_ascii_whitespace() {
                spans.push((start, i));
            }
        }
    }
    spans
}

fn duplicate_token(out: &mut Vec<u8>, rng: &mut GameRng) {
    let spans = tokens(out);
    if spans.is_empty() {
        return;
    }
    // Sometimes a run of tokens (a whole step), sometimes one.
    let first = rng.below(spans.len());
    let last = (first + rng.below(12)).min(spans.len() - 1);
    let (a, b) = (spans[first].0, spans[last].1);
    let copy = out[a..b].to_vec();
    out.splice(b..b, copy);
}

fn change_number(out: &mut Vec<u8>, rng: &mut GameRng) {
    let numbers: Vec<(usize, usize)> = tokens(out)
        .into_iter()
        .filter(|&(a, _)| out[a].is_ascii_digit())
        .collect();
    if numbers.is_empty() {
        return;
    }
    let (a, b) = numbers[rng.below(numbers.len())];
    let old: u64 = std::str::from_utf8(&out[a..b])
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let new = match rng.below(3) {
        0 => NUMBERS[rng.below(NUMBERS.len())].to_string(),
        1 => old.wrapping_add(1).to_string(),
        _ => old.saturating_sub(1).to_string(),
    };
    out.splice(a..b, new.into_bytes());
}

/// Replace a name (a word starting with a letter) with another name from the corpus.
fn swap_name(out: &mut Vec<u8>, corpus: &[String], rng: &mut GameRng) {
    let is_name = |t: &[u8], (a, _): (usize, usize)| t[a].is_ascii_alphabetic();
    let here: Vec<(usize, usize)> = tokens(out)
        .into_iter()
        .filter(|&s| is_name(out, s))
        .collect();
    let Some(source) = pick(corpus, rng) else {
        return;
    };
    let source = source.as_bytes();
    let there: Vec<(usize, usize)> = tokens(source)
        .into_iter()
        .filter(|&s| is_name(source, s))
        .collect();
    if here.is_empty() || there.is_empty() {
        return;
    }
    let (a, b) = here[rng.below(here.len())];
    let (c, d) = there[rng.below(there.len())];
    out.splice(a..b, source[c..d].iter().copied());
}
