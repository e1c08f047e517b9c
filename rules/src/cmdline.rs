//! What the command lines of the app and of `hoarfrost-cli` share (the two binaries share only
//! this crate): arguments as text, and why a command line was not run.

/// Why a command line was not run: the help or version text asked for (print it on standard
/// output, exit 0), or a refusal with its reason (print it on standard error, exit 2).
#[derive(Debug, PartialEq, Eq)]
pub enum NotRun {
    Shown(String),
    Refused(String),
}

/// Parse `words` (the program's name first) into the clap command line `P`: its help or version
/// text, when asked for, is [`NotRun::Shown`]; anything clap refuses is [`NotRun::Refused`].
pub fn parse<P: clap::Parser>(words: impl IntoIterator<Item = String>) -> Result<P, NotRun> {
    P::try_parse_from(words).map_err(|e| match e.kind() {
        clap::error::ErrorKind::DisplayHelp | clap::error::ErrorKind::DisplayVersion => {
            NotRun::Shown(e.render().to_string())
        }
        _ => NotRun::Refused(e.render().to_string()),
    })
}

impl NotRun {
    /// Print the help text (standard output) or the refusal (standard error, after `program`'s
    /// name), and the exit code to end with: 0 or 2.
    pub fn tell(&self, program: &str) -> u8 {
        match self {
            NotRun::Shown(text) => {
                print!("{text}");
                0
            }
            NotRun::Refused(why) => {
                eprint!("{program}: {why}");
                2
            }
        }
    }

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
