//! Texel tuning of the Gygès evaluation (`trio_ai::gyges::texel`), official variant:
//!
//! ```text
//! gyges_texel games GAMES NODES SEED [THREADS] > self-play.txt   # positions of self-play
//! gyges_texel records DIR... > engine.txt    # positions of `trio match --records` games
//! gyges_texel fit [--free NAME,...] FILE... # K, then the weights (only those named); prints them
//! gyges_texel sprt NODES ELO0,ELO1 SEED THREADS W... # the weights W (12, fit's order)
//!                                            # against Weights::TUNED, paired starts, SPRT
//! gyges_texel label GAMES NODES LABEL_NODES SEED [THREADS] > labelled.txt
//!                                            # quiet positions of self-play at NODES a move, each
//!                                            # with a LABEL_NODES search's score and the
//!                                            # network's inputs (scripts/gyges_network.py)
//! gyges_texel search NODES ELO0,ELO1 SEED THREADS NAME=VALUE...
//!                                            # search settings (null_move_from_depth=3,
//!                                            # null_move_reduction=2; nodes=N: the
//!                                            # candidate's budget; network=FILE or
//!                                            # none: another network or none) against
//!                                            # the engine as it is
//!                                            # (both print each engine's CPU time a move)
//! ```
//!
//! A positions file has a line per position: the position and its game's result for the
//! side to move (1, 0.5, 0). `scripts/texel` runs the whole tuning.

use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use rayon::prelude::*;
use trio_ai::gyges::network::{features, Network};
use trio_ai::gyges::texel::{
    data, error, fit_k, fit_weights, from_vector, game_samples, self_play, to_vector, Sample,
    THREAT, WEIGHT_NAMES,
};
use trio_ai::gyges::{GygesEngine, SearchLimit, SearchParams, Summarised, Weights};
use trio_ai::{
    paired_schedule, run_schedule, score_to_elo, wilson_interval, AlphaBetaBot, Pentanomial, Sprt,
    SprtVerdict, Z_95,
};
use trio_core::{rng, Bot, Game, Outcome, Record, Seat};
use trio_gyges::{Gyges, Move, SetupOrder, State, Variant};

const USAGE: &str =
    "usage: gyges_texel games GAMES NODES SEED [THREADS] | records DIR... | fit [--free NAME,...] FILE... \
| sprt NODES ELO0,ELO1 SEED THREADS W1 ... W12 | label GAMES NODES LABEL_NODES SEED [THREADS] | search NODES ELO0,ELO1 SEED THREADS NAME=VALUE...";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("games") => games(&args[1..]),
        Some("records") => records(&args[1..]),
        Some("fit") => fit(&args[1..]),
        Some("sprt") => sprt(&args[1..]),
        Some("label") => label(&args[1..]),
        Some("search") => search(&args[1..]),
        _ => Err(USAGE.to_owned()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("gyges_texel: {e}");
            ExitCode::FAILURE
        }
    }
}

fn number(args: &[String], i: usize, default: Option<u64>) -> Result<u64, String> {
    match args.get(i) {
        Some(text) => text
            .parse()
            .map_err(|_| format!("{text:?} is not a number; {USAGE}")),
        None => default.ok_or_else(|| USAGE.to_owned()),
    }
}

/// The first `N` arguments, each a number that must be given.
fn numbers<const N: usize>(args: &[String]) -> Result<[u64; N], String> {
    let mut found = [0; N];
    for (i, n) in found.iter_mut().enumerate() {
        *n = number(args, i, None)?;
    }
    Ok(found)
}

fn games(args: &[String]) -> Result<(), String> {
    let [games, nodes, seed] = numbers(args)?;
    let threads = number(args, 3, Some(0))? as usize;
    let game = Gyges::new(Variant::Official);
    let played = self_play(&game, Weights::TUNED, nodes, games, seed, threads);
    let south: f64 = played.south_scores.iter().sum();
    let n = played.south_scores.len();
    let i = wilson_interval(south, n, Z_95);
    println!(
        "# gyges_texel games {games} {nodes} {seed}: {} positions; South scored {:.3} [{:.3}, {:.3}] over {n} games",
        played.samples.len(),
        south / n.max(1) as f64,
        i.low,
        i.high
    );
    for s in played.samples {
        println!("{}", s.to_line());
    }
    Ok(())
}

/// Quiet positions of self-play (the opponent does not threaten to leave the board), each
/// labelled with a deeper search's score, for the network: a line per position: the
/// position, its game's result for the side to move, the search's score, the linear
/// evaluation, then the network's active inputs.
fn label(args: &[String]) -> Result<(), String> {
    let [games, nodes, label_nodes, seed] = numbers(args)?;
    let threads = number(args, 4, Some(0))? as usize;
    let game = Gyges::new(Variant::Official);
    let played = self_play(&game, Weights::TUNED, nodes, games, seed, threads);
    let line = |engine: &mut GygesEngine, sample: &Sample| -> Option<String> {
        let pos = sample.position;
        let s = Summarised::of(&pos, Variant::Official)
            .ok()
            .filter(|s| !s.terms.threatened)?;
        // A fresh search for each position, so that the labels do not depend on the order.
        engine.clear();
        let found = engine.search_position(&pos, SearchLimit::nodes(label_nodes))?;
        let mut line = format!(
            "{pos} {} {} {}",
            sample.result,
            found.score,
            s.terms.score(&Weights::TUNED)
        );
        features(pos.side_to_move(), &s.cells, &s.us, &s.them, |i| {
            line += &format!(" {i}")
        });
        Some(line)
    };
    let engine = || GygesEngine::new(Variant::Official).with_tt_entries(1 << 16);
    let lines: Vec<String> = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| e.to_string())?
        .install(|| {
            played
                .samples
                .par_iter()
                .map_init(engine, line)
                .flatten()
                .collect()
        });
    println!(
        "# gyges_texel label {games} {nodes} {label_nodes} {seed}: {} positions",
        lines.len()
    );
    for line in lines {
        println!("{line}");
    }
    Ok(())
}

fn records(dirs: &[String]) -> Result<(), String> {
    let game = Gyges::new(Variant::Official);
    let mut count = 0;
    for dir in dirs {
        let mut paths: Vec<_> = std::fs::read_dir(dir)
            .map_err(|e| format!("cannot read {dir}: {e}"))?
            .filter_map(|entry| entry.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "json"))
            .collect();
        paths.sort();
        for path in paths {
            let text = std::fs::read_to_string(&path)
                .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            let record =
                Record::from_json(&text).map_err(|e| format!("{}: {e}", path.display()))?;
            if !record.game.contains("variant=official") {
                return Err(format!("{}: not an official-variant game", path.display()));
            }
            let Some(result) = &record.result else {
                continue;
            };
            let start = match &record.start {
                Some(s) => game
                    .parse_position(s)
                    .map_err(|e| format!("{}: {e}", path.display()))?,
                None => game.new_game(),
            };
            let mut state = start.clone();
            let mut actions = Vec::new();
            for text in &record.actions {
                let action = game
                    .parse_action(&state, text)
                    .map_err(|e| format!("{}: {e}", path.display()))?;
                game.apply(&mut state, &action);
                actions.push(action);
            }
            let outcome = Outcome::from_ranks(result.ranks.clone());
            for s in game_samples(&game, start, &actions, &outcome) {
                println!("{}", s.to_line());
                count += 1;
            }
        }
    }
    eprintln!("{count} positions");
    Ok(())
}

fn fit(args: &[String]) -> Result<(), String> {
    // `--free a,b`: fit only these weights (by WEIGHT_NAMES), the others held.
    let (free, files): (Option<Vec<&str>>, &[String]) = match args {
        [flag, names, files @ ..] if flag == "--free" => (Some(names.split(',').collect()), files),
        files => (None, files),
    };
    if files.is_empty() {
        return Err(USAGE.to_owned());
    }
    let frozen: Vec<usize> = (0..WEIGHT_NAMES.len())
        .filter(|&i| i == THREAT || free.as_ref().is_some_and(|f| !f.contains(&WEIGHT_NAMES[i])))
        .collect();
    let mut samples = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(file).map_err(|e| format!("cannot read {file}: {e}"))?;
        for line in text
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        {
            samples.push(Sample::from_line(line).map_err(|e| format!("{file}: {e}"))?);
        }
    }
    let data = data(&samples, Variant::Official);
    let current = to_vector(&Weights::TUNED);
    let k = fit_k(&data, &current);
    let before = error(&data, &current, k);
    println!(
        "{} quiet positions of {}; K = {k:.1}; error of the current weights {before:.6}",
        data.len(),
        samples.len()
    );
    let fitted = fit_weights(&data, &current, k, 16, &frozen, &mut |step, w, e| {
        eprintln!("step {step:3}: error {e:.6} {w:?}");
    });
    println!(
        "fitted error {:.6} (K refitted for them: {:.1})",
        error(&data, &fitted, k),
        fit_k(&data, &fitted)
    );
    for (name, (old, new)) in WEIGHT_NAMES.iter().zip(current.iter().zip(&fitted)) {
        println!("{name:>16} {old:5} -> {new:5}");
    }
    println!("{:#?}", from_vector(&fitted));
    Ok(())
}

/// The SPRT's settings from `NODES ELO0,ELO1 SEED THREADS`, the rest of `args` after them.
fn sprt_settings(args: &[String]) -> Result<(u64, Sprt, u64, usize, &[String]), String> {
    let nodes = number(args, 0, None)?;
    let (elo0, elo1) = args
        .get(1)
        .and_then(|t| t.split_once(','))
        .and_then(|(a, b)| Some((a.parse::<f64>().ok()?, b.parse::<f64>().ok()?)))
        .ok_or_else(|| USAGE.to_owned())?;
    let seed = number(args, 2, None)?;
    let threads = number(args, 3, None)? as usize;
    let test = Sprt {
        elo0,
        elo1,
        alpha: 0.05,
        beta: 0.05,
    };
    Ok((nodes, test, seed, threads, &args[4.min(args.len())..]))
}

/// The weights given against [`Weights::TUNED`].
fn sprt(args: &[String]) -> Result<(), String> {
    let (nodes, test, seed, threads, rest) = sprt_settings(args)?;
    let weights: Vec<i32> = rest
        .iter()
        .map(|w| w.parse().map_err(|_| format!("{w:?} is not a weight")))
        .collect::<Result<_, _>>()?;
    let weights: [i32; 12] = weights
        .try_into()
        .map_err(|_| "12 weights, please".to_owned())?;
    let candidate = from_vector(&weights);
    println!("{candidate:?} against Weights::TUNED, {nodes} nodes a move, seed {seed}");
    run_sprt([nodes; 2], test, seed, threads, || {
        GygesEngine::new(Variant::Official).with_weights(candidate)
    })
}

/// The search settings given (`NAME=VALUE`, `none` for an option off) against
/// [`SearchParams::TUNED`].
fn search(args: &[String]) -> Result<(), String> {
    let (nodes, test, seed, threads, rest) = sprt_settings(args)?;
    let mut params = SearchParams::TUNED;
    let mut candidate_nodes = nodes;
    // `Some`: the network given replaces the engine's own (`network=none`: none at all).
    let mut network = None;
    for setting in rest {
        let (name, value) = setting
            .split_once('=')
            .ok_or_else(|| format!("{setting:?} is not NAME=VALUE"))?;
        let int = |v: &str| {
            v.parse::<i32>()
                .map_err(|_| format!("{v:?} is not a number"))
        };
        let boolean = |v: &str| {
            v.parse::<bool>()
                .map_err(|_| format!("{v:?} is not true or false"))
        };
        let option = |v: &str| {
            if v == "none" {
                Ok(None)
            } else {
                int(v).map(Some)
            }
        };
        match name {
            // The candidate's own budget, when its nodes cost more or less CPU time.
            "nodes" => candidate_nodes = int(value)?.max(1) as u64,
            "network" if value == "none" => network = Some(None),
            "network" => {
                let text = std::fs::read_to_string(value).map_err(|e| format!("{value}: {e}"))?;
                network = Some(Some(Arc::new(Network::from_text(&text)?)));
            }
            "null_move_from_depth" => params.null_move_from_depth = option(value)?,
            "null_move_reduction" => params.null_move_reduction = int(value)?,
            "reduce_from_depth" => params.reduce_from_depth = option(value)?,
            "reduce_twice_after" => {
                params.reduce_twice_after = option(value)?.map(|n| n.max(0) as usize)
            }
            "full_width_moves" => params.full_width_moves = int(value)?.max(0) as usize,
            "forced_extension" => {
                params.forced_extension = option(value)?.map(|n| n.max(0) as usize)
            }
            "prune_late_after" => {
                params.prune_late_after = option(value)?.map(|n| n.max(0) as usize)
            }
            "order_by_replies_from" => params.order_by_replies_from = int(value)?,
            "history_malus" => params.history_malus = boolean(value)?,
            "countermoves" => params.countermoves = boolean(value)?,
            "prune_late_depth" => params.prune_late_depth = int(value)?,
            "threat_extension_plies" => params.threat_extension_plies = int(value)?.max(0) as usize,
            _ => return Err(format!("unknown setting {name:?}")),
        }
    }
    println!(
        "{params:?}{} at {candidate_nodes} nodes a move against SearchParams::TUNED at {nodes}, seed {seed}",
        match &network {
            Some(Some(_)) => " with the network given",
            Some(None) => " without a network",
            None => "",
        }
    );
    run_sprt([candidate_nodes, nodes], test, seed, threads, || {
        let engine = GygesEngine::new(Variant::Official).with_params(params);
        match &network {
            Some(n) => engine.with_network(n.clone()),
            None => engine,
        }
    })
}

/// CPU time this thread has run, in nanoseconds (Linux's scheduler statistics; 0
/// elsewhere): moves of two engines at the same node budget may cost different time.
fn thread_cpu_ns() -> u64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
}

/// CPU time and moves of one engine's games.
#[derive(Default)]
struct Spent {
    ns: AtomicU64,
    moves: AtomicU64,
}

impl Spent {
    fn per_move(&self) -> f64 {
        self.ns.load(Ordering::Relaxed) as f64
            / 1e9
            / self.moves.load(Ordering::Relaxed).max(1) as f64
    }
}

/// A bot whose moves' CPU time is added to `spent`.
struct Timed {
    bot: Box<dyn Bot<Gyges>>,
    spent: Arc<Spent>,
}

impl Bot<Gyges> for Timed {
    fn name(&self) -> String {
        self.bot.name()
    }

    fn choose(
        &mut self,
        game: &Gyges,
        view: &State,
        seat: Seat,
        rng: &mut dyn rand::RngCore,
    ) -> Option<Move> {
        let start = thread_cpu_ns();
        let action = self.bot.choose(game, view, seat, rng);
        let ns = thread_cpu_ns().saturating_sub(start);
        self.spent.ns.fetch_add(ns, Ordering::Relaxed);
        self.spent.moves.fetch_add(1, Ordering::Relaxed);
        action
    }

    fn inform(&mut self, game: &Gyges, action: Option<&Move>) {
        self.bot.inform(game, action);
    }

    fn reset(&mut self) {
        self.bot.reset();
    }
}

/// The engine `candidate` makes against the tuned one (`nodes` a move each), each start (both setups drawn from
/// `sub_seed(SEED, k)`) played twice with the seats swapped, until the SPRT decides.
fn run_sprt(
    nodes: [u64; 2],
    test: Sprt,
    seed: u64,
    threads: usize,
    candidate: impl Fn() -> GygesEngine + Sync,
) -> Result<(), String> {
    let (elo0, elo1) = (test.elo0, test.elo1);
    let game = Gyges::new(Variant::Official);
    let starts: Vec<(u64, Option<State>)> = (0..20_000u64)
        .map(|k| {
            let start_seed = rng::sub_seed(seed, k);
            let mut draw = rng::seeded(start_seed);
            let mut state = game.new_game();
            while state.position().is_setup() {
                game.apply(&mut state, &Move::Setup(SetupOrder::random(&mut draw)));
            }
            (start_seed, Some(state))
        })
        .collect();
    let spent = [Arc::new(Spent::default()), Arc::new(Spent::default())];
    let bot = |engine: GygesEngine, i: usize| -> Box<dyn Bot<Gyges>> {
        Box::new(Timed {
            bot: Box::new(AlphaBetaBot::with_engine(
                engine,
                SearchLimit::nodes(nodes[i]),
            )),
            spent: Arc::clone(&spent[i]),
        })
    };
    let cpu = || {
        format!(
            "CPU a move {:.3} s against {:.3} s",
            spent[0].per_move(),
            spent[1].per_move()
        )
    };
    let summary = run_schedule(
        &game,
        || {
            vec![
                bot(candidate(), 0),
                bot(GygesEngine::new(Variant::Official), 1),
            ]
        },
        &paired_schedule(&starts, 2),
        threads,
        |_, _, _| {},
        |scores| {
            if scores.len() % 2 != 0 {
                return false;
            }
            let tally = Pentanomial::from_games(scores);
            if tally.pairs() % 10 == 0 {
                eprintln!(
                    "{} pairs {:?}: LLR {:.2}; {}",
                    tally.pairs(),
                    tally.counts,
                    test.llr(&tally),
                    cpu()
                );
            }
            test.verdict(&tally) != SprtVerdict::Continue
        },
    )
    .map_err(|e| e.to_string())?;
    let tally = summary.pentanomial();
    let i = tally.interval(Z_95);
    let (lower, upper) = test.bounds();
    println!(
        "{} games, pairs scoring 0, ½, 1, 1½, 2: {:?}; score {:.3} [{:.3}, {:.3}], Elo {:+.0}; \
         SPRT {elo0},{elo1}: LLR {:.2} ({lower:.2}, {upper:.2}): {:?}; {}",
        summary.games,
        tally.counts,
        tally.score(),
        i.low,
        i.high,
        score_to_elo(tally.score()),
        test.llr(&tally),
        test.verdict(&tally),
        cpu()
    );
    Ok(())
}
