//! The Hoarfrost app: parse the launch flags, then run the table.

use bevy::prelude::*;
use hoarfrost::options::LaunchOptions;

fn main() -> AppExit {
    match LaunchOptions::parse(std::env::args().skip(1)) {
        Ok(options) if options.help => {
            println!("{}", hoarfrost::options::USAGE);
            AppExit::Success
        }
        Ok(options) => hoarfrost::app(options).run(),
        Err(msg) => {
            eprintln!("hoarfrost: {msg}\n\n{}", hoarfrost::options::USAGE);
            AppExit::from_code(2)
        }
    }
}
