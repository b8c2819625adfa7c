//! Writes the setup book (`crates/ai/src/gyges/setup_book.rs`): every pair of setups,
//! official variant, scored by a search of NODES nodes with a fresh engine, on THREADS
//! threads (0: one per core). Prints the book, then South's best orders on standard error.
//!
//! `cargo run --release -p trio-ai --example gyges_setup_book -- NODES [THREADS] > crates/ai/src/gyges/setup_book.txt`

use std::process::ExitCode;

use trio_ai::gyges::setup_book::SetupBook;
use trio_ai::gyges::SearchLimit;
use trio_gyges::Variant;

fn main() -> ExitCode {
    let args: Vec<u64> = match std::env::args().skip(1).map(|a| a.parse()).collect() {
        Ok(args) => args,
        Err(_) => {
            eprintln!("usage: gyges_setup_book NODES [THREADS]");
            return ExitCode::FAILURE;
        }
    };
    let Some(&nodes) = args.first() else {
        eprintln!("usage: gyges_setup_book NODES [THREADS]");
        return ExitCode::FAILURE;
    };
    let threads = args.get(1).copied().unwrap_or(0) as usize;
    let book = SetupBook::compute(Variant::Official, SearchLimit::nodes(nodes), threads);
    print!(
        "{}",
        book.to_text(&format!(
            "gyges_setup_book {nodes}: South's score after both setups, a row per South order, \
             a column per North order (SetupOrder::all's order), official variant"
        ))
    );
    for (order, score) in book.south_ranking().iter().take(10) {
        eprintln!("South {order}: {score} against North's best reply");
    }
    ExitCode::SUCCESS
}
