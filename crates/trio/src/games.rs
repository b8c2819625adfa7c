//! `trio games`: every game with its seats and options, as the game crates declare them
//! (the same tables specs are checked against and `GET /api/kinds` serves).

use std::fmt::Write as _;

use trio_catalog::KINDS;

use crate::args::takes;

/// The listing, one block per game: its name and title, its seats, then each option with
/// what it takes, its default and what it does.
pub fn listing() -> String {
    let mut out = String::new();
    for kind in &KINDS {
        let (fewest, most) = (kind.seats.start(), kind.seats.end());
        let seats = if fewest == most {
            format!("{fewest} seats")
        } else {
            format!("{fewest} to {most} seats")
        };
        let _ = writeln!(out, "{} — {}, {seats}", kind.name, kind.title);
        for decl in kind.options {
            let _ = writeln!(out, "  {}: {}", decl.name, takes(decl));
            let _ = writeln!(out, "    {}", decl.help);
        }
        out.push('\n');
    }
    out.push_str(
        "Options go in brackets after the game: \"orbit(players=3,order=rgb)\",\n\
         \"triles(variant=own-dots+open-pool)\". The flags --variant, --players, --order,\n\
         --board and --tiles are shorthands for the options of the same names.\n",
    );
    out
}

pub fn run() {
    print!("{}", listing());
}
