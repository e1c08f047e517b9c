//! What the command lines of the app and of `hoarfrost-cli` share (the two binaries share only
//! this crate): arguments as text, and why a command line was not run.

/// Why a command line was not run: the help or version text asked for (print it on standard
/// output, exit 0), or a refusal with its reason (print it on standard error, exit 2).
#[derive(Debug, PartialEq, Eq)]
pub enum NotRun {
    Shown(String),
    Refused(String),
}

impl NotRun {
    /// A refusal of a check made after parsing, worded as the parser words its own.
    pub fn refused(why: &str) -> NotRun {
        NotRun::Refused(format!(
            "error: {why}\n\nFor more information, try '--help'.\n"
        ))
    }
}

/// The command line's arguments as text; one that is not valid UTF-8 (a file name in another
/// encoding) is refused by name rather than stopping the program.
pub fn text_args(
    args: impl IntoIterator<Item = std::ffi::OsString>,
) -> Result<Vec<String>, String> {
    args.into_iter()
        .map(|a| {
            a.into_string()
                .map_err(|a| format!("the argument {a:?} is not valid text (UTF-8)"))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(unix)]
    #[test]
    fn an_argument_that_is_not_text_is_refused_by_name() {
        use std::os::unix::ffi::OsStringExt;
        let bad = std::ffi::OsString::from_vec(b"/tmp/caf\xe9.ron".to_vec());
        let err = text_args([std::ffi::OsString::from("--scene"), bad]).unwrap_err();
        assert!(
            err.contains("caf") && err.contains("not valid text"),
            "{err}"
        );
        assert_eq!(
            text_args(["--game".into(), "sprawl".into()]),
            Ok(vec!["--game".to_string(), "sprawl".to_string()])
        );
    }
}
