//! A test helper shared by the games' tests: a table of edits that each break a state, checked to
//! be refused with the words that say why.

/// A case of a table: the words the refusal must say, and the edit that breaks the state.
pub type Edit<'a, G> = (&'a str, fn(&mut G));

/// Each edit in `edits` applied to a copy of `state` makes `check` fail with a message containing
/// its words (`state` itself passes). Panics, naming the edit, where one does not.
pub fn each_refused<G: Clone>(
    state: &G,
    edits: &[Edit<G>],
    check: impl Fn(&G) -> Result<(), String>,
) {
    check(state).unwrap();
    for (why, edit) in edits {
        let mut t = state.clone();
        edit(&mut t);
        let err = check(&t).expect_err(why);
        assert!(err.contains(why), "{why}: {err}");
    }
}
