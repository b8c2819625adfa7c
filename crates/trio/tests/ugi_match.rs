//! A match against an external UGI engine, run by hand (ignored in CI): our alpha-beta
//! engine against e.g. the public `gyges_engine` 1.1.0, official variant, one game at a
//! time, alternating sides, both setups drawn from a seeded rng — the same for games 2k
//! and 2k + 1 (a pair, sides swapped; `UGI_PAIRED=false` draws new setups every game).
//! After each pair it prints the score so far, by our side and by pairs (pentanomial).
//! Results and settings: `docs/gyges-engine.md`.
//!
//! ```text
//! GYGES_ENGINE=/work/tools/bin/gyges_engine UGI_GAMES=100 \
//!   cargo test --release -p trio --test ugi_match -- --ignored --nocapture
//! ```
//!
//! `UGI_NETWORK=false` plays our engine without its evaluation's network.
//!
//! `UGI_FIRST_GAME` (even; default 0) starts that far into the seeded games, to go on
//! with a match that was cut short (its scores are printed from there).
//!
//! `UGI_ENGINE_OPTIONS` (default `maxPly=4`) are the `setoption`s sent to the engine,
//! comma-separated `name=value`. `UGI_MOVE_TIME` is our engine's time per move: seconds,
//! or `match` (the default), the other engine's average time per move so far, so that
//! both spend the same time on a machine whose load varies, or `cpu`: the wall time that
//! gives our search thread the other engine's average CPU time a move. After each pair it
//! prints both engines' time a move, wall and CPU (from `/proc`: all the other engine's
//! threads, our search thread): on a loaded machine equal wall time is not equal CPU, as
//! the scheduler shares a core among threads, and `gyges_engine` runs 4 on its one core
//! (docs/gyges-engine.md, run 10); a `cpu` move takes at most `UGI_MAX_MOVE_TIME` seconds
//! of wall time (default 10). `UGI_THREADS` is our engine's threads (default: the
//! machine's cores, as the other engine uses).
//!
//! The referee accepts one kind of illegal move from the external engine, a pass: a move
//! that leaves the board unchanged (a piece walking back to its start square, or a
//! replacement that drops a piece of the same value back on the start square). `gyges`
//! 1.1.0 generates those; our rules do not allow them (docs/rules/gyges.md). Any other
//! illegal move loses the game for the engine and is reported; so does its null move
//! `100|100|100`, its resignation when every move loses. A game where the engine exits or
//! takes longer than `UGI_ENGINE_LIMIT` seconds (default 20) for a move — `gyges_engine`
//! can search a depth-3 iteration for minutes, its memory growing by gigabytes — is
//! void: the engine is killed and restarted, and the game is reported but not scored.

use std::sync::mpsc::RecvTimeoutError;
use std::time::{Duration, Instant};

use trio_ai::gyges::{GygesEngine, SearchLimit, SearchParams};
use trio_ai::{wilson_interval, Pentanomial, Z_95};
use trio_core::{rng, Bot, Game};
use trio_gyges::{generate_moves, End, Gyges, Move, MoveList, SetupOrder, Side, State, Variant};

use trio_catalog::UgiBot;

fn env<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

#[derive(Debug, Default)]
struct Tally {
    wins: usize,
    draws: usize,
    losses: usize,
    passes: usize,
    forfeits: usize,
    resigned: usize,
    /// Games not scored: the engine exited or took too long.
    void: usize,
    plies: usize,
    engine_secs: f64,
    engine_cpu: f64,
    engine_moves: usize,
    our_secs: f64,
    our_cpu: f64,
    our_moves: usize,
}

/// CPU time (user and system) of the process or thread whose `/proc` stat file this is,
/// in seconds; `None` where it cannot be read (not Linux).
fn cpu_seconds(stat: &str, ticks_per_second: f64) -> Option<f64> {
    let text = std::fs::read_to_string(stat).ok()?;
    // After the command name, in parentheses (it may hold spaces): the state, then 10
    // more fields, then utime and stime in clock ticks.
    let fields: Vec<&str> = text
        .get(text.rfind(')')? + 1..)?
        .split_whitespace()
        .collect();
    let ticks: f64 = fields.get(11)?.parse::<f64>().ok()? + fields.get(12)?.parse::<f64>().ok()?;
    Some(ticks / ticks_per_second)
}

/// Clock ticks per second of `/proc`'s CPU times (`getconf CLK_TCK`; 100 on Linux).
fn ticks_per_second() -> f64 {
    std::process::Command::new("getconf")
        .arg("CLK_TCK")
        .output()
        .ok()
        .and_then(|o| String::from_utf8(o.stdout).ok()?.trim().parse().ok())
        .unwrap_or(100.0)
}

/// How many of our latest moves our search thread's share of a core is measured over.
const SHARE_WINDOW: usize = 16;

/// Whether `mv` is a pass `gyges` 1.1.0 allows, a move that leaves the board as it was:
/// a piece of the active row walking back to its start square (`a1-a1`; our move list
/// cannot tell whether such a path exists, so any piece of the active row is accepted),
/// or a replacement dropping a piece of the same value back on the start square, where
/// landing on `to` is legal (some other drop of the same replacement is).
fn is_pass(state: &State, variant: Variant, mv: Move) -> bool {
    let pos = state.position();
    let active = pos.active_rank(pos.side_to_move());
    match mv {
        Move::Step { from, to } => {
            from == to && pos.piece_at(from).is_some() && active == Some(from.rank() + 1)
        }
        Move::Replace { from, to, drop } => {
            if drop != from || pos.piece_at(from) != pos.piece_at(to) {
                return false;
            }
            let mut list = MoveList::new();
            generate_moves(pos, variant, &mut list);
            list.iter()
                .any(|m| matches!(*m, Move::Replace { from: f, to: t, .. } if f == from && t == to))
        }
        _ => false,
    }
}

#[test]
#[ignore = "needs an external UGI engine: set GYGES_ENGINE"]
fn match_against_an_external_ugi_engine() {
    let program: String =
        std::env::var("GYGES_ENGINE").expect("set GYGES_ENGINE to the engine's path");
    let games: usize = env("UGI_GAMES", 100);
    // Where to start in the seeded sequence of games, to go on with a match cut short: an
    // even number, so that pairs stay whole.
    let first: usize = env("UGI_FIRST_GAME", 0);
    assert!(first.is_multiple_of(2), "UGI_FIRST_GAME must be even");
    let seed: u64 = env("UGI_SEED", 2026);
    let paired: bool = env("UGI_PAIRED", true);
    // A number of seconds, or `match`: the other engine's average time per move so far
    // (0.4 s until it has moved), so that both spend the same time whatever the load.
    let move_time: String = env("UGI_MOVE_TIME", "match".to_owned());
    let fixed_time: Option<f64> = move_time.parse().ok();
    let by_cpu = move_time == "cpu";
    let max_move_time: f64 = env("UGI_MAX_MOVE_TIME", 10.0);
    let tick = ticks_per_second();
    // Our latest moves' CPU and wall seconds: our thread's share of a core.
    let mut recent: std::collections::VecDeque<(f64, f64)> = std::collections::VecDeque::new();
    let threads: usize = env(
        "UGI_THREADS",
        std::thread::available_parallelism().map_or(1, |n| n.get()),
    );
    // Our search settings, the tuned ones unless `UGI_THREAT_EXTENSION` (plies),
    // `UGI_THREATS_FIRST` or `UGI_THREAT_PROBE` (true or false) say otherwise.
    let params = SearchParams {
        threat_extension_plies: env(
            "UGI_THREAT_EXTENSION",
            SearchParams::TUNED.threat_extension_plies,
        ),
        threats_first: env("UGI_THREATS_FIRST", SearchParams::TUNED.threats_first),
        threat_probe: env("UGI_THREAT_PROBE", SearchParams::TUNED.threat_probe),
        ..SearchParams::TUNED
    };
    // `UGI_NETWORK=false`: our engine without its evaluation's network (a control run).
    let with_network: bool = env("UGI_NETWORK", true);
    let engine_limit = Duration::from_secs_f64(env("UGI_ENGINE_LIMIT", 20.0));
    let options: String = env("UGI_ENGINE_OPTIONS", "maxPly=4".to_owned());
    let options: Vec<(&str, &str)> = options
        .split(',')
        .filter_map(|o| o.split_once('='))
        .collect();
    let variant = Variant::Official;
    let game = Gyges::new(variant);
    let mut tally = Tally::default();
    // Our score in each game (None: void), and our results by our side: wins, draws, losses.
    let mut scores: Vec<Option<f64>> = Vec::new();
    let mut by_side = [[0usize; 3]; 2];
    let mut theirs = UgiBot::spawn(&program, &options).expect("the engine starts");
    for g in first..first + games {
        let setups = if paired { g / 2 } else { g };
        let mut rng = rng::seeded(rng::sub_seed(seed, setups as u64));
        let ugi_side = if g % 2 == 0 { Side::North } else { Side::South };
        let mut ours = GygesEngine::new(variant)
            .with_threads(threads)
            .with_params(params);
        if !with_network {
            ours = ours.with_network(None);
        }
        let mut state = game.new_game();
        for _ in 0..2 {
            game.play(&mut state, &Move::Setup(SetupOrder::random(&mut rng)))
                .expect("a setup is legal");
        }
        let setup = game.format_position(&state);
        let mut forfeit: Option<(Side, String)> = None;
        let mut void: Option<String> = None;
        let mut moves = Vec::new();
        let end = loop {
            if let Some(end) = game.end(&state) {
                break Some(end);
            }
            let side = state.position().side_to_move();
            if side == ugi_side {
                let start = Instant::now();
                let stat = format!("/proc/{}/stat", theirs.pid());
                let cpu_before = cpu_seconds(&stat, tick);
                let answer = with_watchdog(theirs.pid(), engine_limit, || {
                    theirs.best_move(&state, side)
                });
                tally.engine_secs += start.elapsed().as_secs_f64();
                if let (Some(a), Some(b)) = (cpu_before, cpu_seconds(&stat, tick)) {
                    tally.engine_cpu += b - a;
                }
                tally.engine_moves += 1;
                match answer {
                    Ok(None) => {
                        tally.resigned += 1;
                        forfeit = Some((side, "resigned".to_owned()));
                        break None;
                    }
                    Ok(Some(mv)) if game.play(&mut state, &mv).is_ok() => moves.push(mv),
                    Ok(Some(mv)) if is_pass(&state, variant, mv) => {
                        tally.passes += 1;
                        game.apply(&mut state, &mv);
                        moves.push(mv);
                    }
                    Ok(Some(mv)) => {
                        tally.forfeits += 1;
                        forfeit = Some((
                            side,
                            format!("illegal {mv} in {}", game.format_position(&state)),
                        ));
                        break None;
                    }
                    Err(e) => {
                        void = Some(format!("no answer: {e:#}"));
                        theirs = UgiBot::spawn(&program, &options).expect("the engine restarts");
                        break None;
                    }
                }
            } else {
                let average = |secs: f64| {
                    if tally.engine_moves == 0 {
                        0.4
                    } else {
                        secs / tally.engine_moves as f64
                    }
                };
                let secs = fixed_time.unwrap_or(if by_cpu {
                    // The other engine's average CPU a move, plus what we underspent so far
                    // or less what we overspent (within half and twice the average), at
                    // the share of a core our thread had lately; at most `UGI_MAX_MOVE_TIME`
                    // seconds (default 10).
                    let target = average(tally.engine_cpu);
                    let owed = (target * (tally.our_moves + 1) as f64 - tally.our_cpu)
                        .clamp(target / 2.0, target * 2.0);
                    let (cpu, wall) = recent
                        .iter()
                        .fold((0.0, 0.0), |(c, w), &(a, b)| (c + a, w + b));
                    let share = if wall > 0.0 {
                        (cpu / wall).clamp(0.05, 1.0)
                    } else {
                        1.0
                    };
                    (owed / share).min(max_move_time)
                } else {
                    average(tally.engine_secs)
                });
                let cpu_before = cpu_seconds("/proc/thread-self/stat", tick);
                let start = Instant::now();
                let mv = ours
                    .search(
                        &game,
                        &state,
                        SearchLimit::time(Duration::from_secs_f64(secs)),
                    )
                    .expect("our engine moves")
                    .best;
                let wall = start.elapsed().as_secs_f64();
                tally.our_secs += wall;
                tally.our_moves += 1;
                if let (Some(a), Some(b)) =
                    (cpu_before, cpu_seconds("/proc/thread-self/stat", tick))
                {
                    tally.our_cpu += b - a;
                    recent.push_back((b - a, wall));
                    if recent.len() > SHARE_WINDOW {
                        recent.pop_front();
                    }
                }
                game.play(&mut state, &mv)
                    .expect("our engine plays legal moves");
                moves.push(mv);
            }
        };
        if let Some(why) = void {
            tally.void += 1;
            scores.push(None);
            println!(
                "game {g}: void, {} gave {why} after {} plies from {setup}",
                theirs.name(),
                state.plies()
            );
            continue;
        }
        let winner = match (&end, &forfeit) {
            (Some(end), _) => end.winner(),
            (None, Some((loser, _))) => Some(loser.opponent()),
            (None, None) => unreachable!("a game ends by the rules or by a forfeit"),
        };
        tally.plies += state.plies() as usize;
        let (result, score) = match winner {
            None => {
                tally.draws += 1;
                ("draw", 0.5)
            }
            Some(w) if w == ugi_side => {
                tally.losses += 1;
                ("loss", 0.0)
            }
            Some(_) => {
                tally.wins += 1;
                ("win", 1.0)
            }
        };
        scores.push(Some(score));
        by_side[ugi_side.opponent().index()][2 - (2.0 * score) as usize] += 1;
        if let Some((_, why)) = &forfeit {
            println!("game {g}: {} lost by {why}", theirs.name());
        }
        let how = match end {
            Some(End::Repetition) => " (repetition)",
            Some(End::PlyLimit) => " (ply limit)",
            Some(End::NoMove { .. }) => " (no move)",
            _ => "",
        };
        println!(
            "game {g}: ours {} {result}{how} in {} plies from {setup}; so far +{} ={} -{}",
            ugi_side.opponent(),
            state.plies(),
            tally.wins,
            tally.draws,
            tally.losses
        );
        let moves: Vec<String> = moves.iter().map(Move::to_string).collect();
        println!("  moves: {}", moves.join(" "));
        if g % 2 == 1 {
            println!("  {}", standing(&scores, &by_side));
            println!("  {}", times(&tally));
        }
    }
    println!("{}", standing(&scores, &by_side));
    println!("{}", times(&tally));
    let scored = games - tally.void;
    let score = tally.wins as f64 + tally.draws as f64 / 2.0;
    let interval = wilson_interval(score, scored, Z_95);
    println!(
        "ours (alphabeta {params:?}, {move_time} time, {:.2}s/move on average, {threads} threads) vs {} ({options:?}, {:.2}s/move on average): \
         +{} ={} -{} of {scored} scored games, score {:.3}, 95% interval [{:.3}, {:.3}]; \
         {} void, {} passes accepted, {} resignations, {} forfeits, {:.1} plies a scored game",
        tally.our_secs / tally.our_moves.max(1) as f64,
        theirs.name(),
        tally.engine_secs / tally.engine_moves.max(1) as f64,
        tally.wins,
        tally.draws,
        tally.losses,
        score / scored.max(1) as f64,
        interval.low,
        interval.high,
        tally.void,
        tally.passes,
        tally.resigned,
        tally.forfeits,
        tally.plies as f64 / scored.max(1) as f64,
    );
}

/// Time per move so far, wall and CPU, ours and the other engine's.
fn times(tally: &Tally) -> String {
    let ours = tally.our_moves.max(1) as f64;
    let theirs = tally.engine_moves.max(1) as f64;
    format!(
        "a move: ours {:.3} s, {:.3} s of CPU; theirs {:.3} s, {:.3} s of CPU",
        tally.our_secs / ours,
        tally.our_cpu / ours,
        tally.engine_secs / theirs,
        tally.engine_cpu / theirs
    )
}

/// The score so far: overall, by our side, and by the pairs both of whose games were
/// scored (pentanomial, with an interval from the pairs' variance).
fn standing(scores: &[Option<f64>], by_side: &[[usize; 3]; 2]) -> String {
    let side = |s: Side| {
        let [w, d, l] = by_side[s.index()];
        let n = w + d + l;
        let points = w as f64 + d as f64 / 2.0;
        let i = wilson_interval(points, n, Z_95);
        format!(
            "as {s} +{w} ={d} -{l} {:.3} [{:.3}, {:.3}]",
            points / n.max(1) as f64,
            i.low,
            i.high
        )
    };
    let pairs: Vec<f64> = scores
        .chunks_exact(2)
        .filter_map(|p| Some([p[0]?, p[1]?]))
        .flatten()
        .collect();
    let tally = Pentanomial::from_games(&pairs);
    let i = tally.interval(Z_95);
    format!(
        "after {} games: {}; {}; pairs scoring 0, ½, 1, 1½, 2: {:?}, score {:.3} [{:.3}, {:.3}] over {} pairs",
        scores.len(),
        side(Side::South),
        side(Side::North),
        tally.counts,
        tally.score(),
        i.low,
        i.high,
        tally.pairs()
    )
}

/// Runs `ask`, killing the process `pid` if it has not returned within `limit` (which
/// makes `ask` fail: the engine's output ends).
fn with_watchdog<T>(pid: u32, limit: Duration, ask: impl FnOnce() -> T) -> T {
    let (done, wait) = std::sync::mpsc::channel::<()>();
    let watchdog = std::thread::spawn(move || {
        if let Err(RecvTimeoutError::Timeout) = wait.recv_timeout(limit) {
            let _ = std::process::Command::new("kill")
                .args(["-9", &pid.to_string()])
                .status();
        }
    });
    let answer = ask();
    let _ = done.send(());
    let _ = watchdog.join();
    answer
}
