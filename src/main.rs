//! The Hoarfrost app: parse the launch flags, then run the table.

use bevy::prelude::*;
use hoarfrost::plugins::core::options::LaunchOptions;

fn main() -> AppExit {
    hoarfrost::plugins::dev::perf::mark_start();
    let args = hoarfrost_rules::cmdline::text_args(std::env::args_os().skip(1));
    match args.and_then(|args| LaunchOptions::parse(args.into_iter())) {
        Ok(options) if options.help => {
            println!("{}", hoarfrost::plugins::core::options::USAGE);
            AppExit::Success
        }
        Ok(_)
            if let Err(msg) =
                hoarfrost::plugins::core::options::display_available(|k| std::env::var_os(k)) =>
        {
            eprintln!("hoarfrost: {msg}");
            AppExit::from_code(1)
        }
        Ok(options) if options.bare => hoarfrost::plugins::dev::bare::app(options).run(),
        Ok(options) => hoarfrost::app(options).run(),
        Err(msg) => {
            eprintln!(
                "hoarfrost: {msg}\n\n{}",
                hoarfrost::plugins::core::options::USAGE
            );
            AppExit::from_code(2)
        }
    }
}
