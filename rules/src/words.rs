//! Small helpers for the sentences the rules write (game log, refusals, tooltips).

/// `noun` with its indefinite article: "a Red small", "an Orange small", "an air shard".
pub fn a(noun: &str) -> String {
    format!("{} {noun}", article(noun))
}

/// "an" before a word that starts with a vowel, else "a".
pub fn article(word: &str) -> &'static str {
    match word.chars().next().map(|c| c.to_ascii_lowercase()) {
        Some('a' | 'e' | 'i' | 'o' | 'u') => "an",
        _ => "a",
    }
}

/// `text` with its first letter a capital: a sentence that may begin with a value.
pub fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// `n` and the noun that goes with it: "1 card", "3 cards", "1 die", "2 dice".
pub fn count(n: i64, one: &str, many: &str) -> String {
    format!("{n} {}", noun(n, one, many))
}

/// The noun that goes with `n` where the number stands apart from it: "seat 1 to act", "seats 1
/// and 2 to act".
pub fn noun<'a>(n: i64, one: &'a str, many: &'a str) -> &'a str {
    if n == 1 { one } else { many }
}

/// Pyramids of sizes 1, 2 and 3 counted, as a stash or pool is shown: "1s: 5, 2s: 5, 3s: 4".
pub fn by_size(counts: [u8; 3]) -> String {
    format!("1s: {}, 2s: {}, 3s: {}", counts[0], counts[1], counts[2])
}

/// Names listed as a sentence does: "Red", "Red and Yellow", "Red, Yellow and Green".
pub fn listed(names: &[&str]) -> String {
    match names {
        [] => String::new(),
        [one] => one.to_string(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_before_a_vowel_a_before_anything_else() {
        assert_eq!(a("Orange small"), "an Orange small");
        assert_eq!(a("air shard"), "an air shard");
        assert_eq!(a("Extra Key door"), "an Extra Key door");
        assert_eq!(a("Red large"), "a Red large");
        assert_eq!(a("Skeleton Key"), "a Skeleton Key");
        assert_eq!(article(""), "a");
        assert_eq!(capitalized(&a("Orange small")), "An Orange small");
        assert_eq!(capitalized(""), "");
    }

    #[test]
    fn counts_agree_and_lists_read_as_sentences() {
        assert_eq!(count(1, "card", "cards"), "1 card");
        assert_eq!(count(0, "card", "cards"), "0 cards");
        assert_eq!(count(2, "die", "dice"), "2 dice");
        assert_eq!(noun(1, "seat", "seats"), "seat");
        assert_eq!(noun(3, "seat", "seats"), "seats");
        assert_eq!(by_size([5, 0, 4]), "1s: 5, 2s: 0, 3s: 4");
        assert_eq!(count(-1, "point", "points"), "-1 points");
        assert_eq!(listed(&[]), "");
        assert_eq!(listed(&["Red"]), "Red");
        assert_eq!(listed(&["Red", "Yellow"]), "Red and Yellow");
        assert_eq!(listed(&["Red", "Yellow", "Green"]), "Red, Yellow and Green");
    }
}
