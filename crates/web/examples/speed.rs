//! The engines' speed natively, for comparison with the same requests in WebAssembly
//! (`node crates/web/examples/speed.mjs` after `scripts/wasm`): a Gygès search of 500,000
//! nodes and a Triles search of 2,000 simulations, each from a fixed position, timed over
//! several runs. `cargo run --release -p trio-web --example speed`.

use std::time::Instant;

/// The requests both measurements time, as crates/web answers them.
const REQUESTS: [&str; 2] = [
    r#"{"op":"analyse","spec":"gyges","position":"321123/....../....../....../....../123321 S","nodes":500000}"#,
    r#"{"op":"analyse","spec":"triles","position":"start","nodes":2000}"#,
];
const RUNS: usize = 7;

fn main() {
    for request in REQUESTS {
        let request = with_triles_start(request);
        let mut times = Vec::new();
        let mut answer = String::new();
        for _ in 0..RUNS {
            let started = Instant::now();
            answer = trio_web::answer(&request);
            times.push(started.elapsed().as_secs_f64() * 1000.0);
        }
        let n = times.len() as f64;
        let mean = times.iter().sum::<f64>() / n;
        let sd = (times.iter().map(|t| (t - mean).powi(2)).sum::<f64>() / (n - 1.0)).sqrt();
        // 95% interval of the mean (Student's t, 6 degrees of freedom).
        println!(
            "{:.1} ms ± {:.1} (95%, {RUNS} runs): {request}\n  {answer}",
            mean,
            2.447 * sd / n.sqrt()
        );
    }
}

/// Triles starts with chance dealing the hands: the request's `start` becomes the first
/// position where a seat is to move, each deal the first outcome listed.
fn with_triles_start(request: &str) -> String {
    if !request.contains(r#""position":"start""#) {
        return request.to_owned();
    }
    let game = trio_catalog::game("triles").expect("triles is a game");
    let mut position = game.start_position();
    while matches!(game.turn(&position), Ok(trio_core::Turn::Chance)) {
        let first = game.moves(&position).expect("a position").remove(0).0;
        position = game.play(&position, &first).expect("a listed outcome");
    }
    let position = serde_json::to_string(&position).expect("a string is JSON");
    request.replace(r#""start""#, &position)
}
