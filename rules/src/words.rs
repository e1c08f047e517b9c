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
    }
}
