//! The Hoarfrost app: parse the launch flags, then run the table.

use bevy::prelude::*;
use hoarfrost::plugins::core::options::{LaunchOptions, NotRun, display_available};

fn main() -> AppExit {
    hoarfrost::plugins::dev::perf::mark_start();
    let args = hoarfrost_rules::cmdline::text_args(std::env::args_os().skip(1))
        .map_err(|why| NotRun::refused(&why));
    match args.and_then(|args| LaunchOptions::parse(args.into_iter())) {
        Ok(_) if let Err(msg) = display_available(|k| std::env::var_os(k)) => {
            eprintln!("hoarfrost: {msg}");
            AppExit::from_code(1)
        }
        Ok(options) if options.bare => hoarfrost::plugins::dev::bare::app(options).run(),
        Ok(options) => hoarfrost::app(options).run(),
        Err(not_run) => AppExit::from_code(not_run.tell("hoarfrost")),
    }
}
