//! Writing a study down: `games.jsonl` (one JSON line per game), `report.md` and a
//! self-contained `report.html` (inline CSS and SVG, no script, nothing fetched).
//!
//! Every figure is shown with its 95% interval; in a comparison each spec after the
//! first also gets its difference from the first, with that difference's interval
//! (Newcombe's for shares, Welch's for means), marked `clear` when it excludes zero even
//! after Holm's correction over every difference the report shows ([`stats::holm`]).

use std::collections::HashSet;
use std::fmt::Write as _;
use std::io::Write as _;
use std::path::{Path, PathBuf};

use crate::figures::{self, Difference, Figure, Section, Summary};
use crate::lab::{Findings, Status, Verdict};
use crate::luck::{SkillShare, UPPER_SCORE};
use crate::plot::{self, ByLength, DifferenceRow, Series};
use crate::stats::{self, Estimate, Moments, Z_95};

/// The chance, over all the differences a report shows, of marking any true zero clear.
const FAMILY_ALPHA: f64 = 0.05;

/// The files a report was written to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Written {
    pub games: PathBuf,
    pub markdown: PathBuf,
    pub html: PathBuf,
}

/// Writes `games.jsonl`, `report.md` and `report.html` into `dir` (created if needed).
/// `command` is the command line that reproduces the study, shown in the report.
pub fn write(dir: &Path, findings: &Findings, command: &str) -> std::io::Result<Written> {
    std::fs::create_dir_all(dir)?;
    let written = Written {
        games: dir.join("games.jsonl"),
        markdown: dir.join("report.md"),
        html: dir.join("report.html"),
    };
    let mut games = std::io::BufWriter::new(std::fs::File::create(&written.games)?);
    let ladders = findings
        .skill
        .iter()
        .flat_map(|l| l.pairings.iter().flat_map(|p| &p.lines));
    let lines = findings
        .lines
        .iter()
        .flatten()
        .chain(findings.swapped.iter().flatten())
        .chain(ladders);
    for line in lines {
        serde_json::to_writer(&mut games, line)?;
        games.write_all(b"\n")?;
    }
    games.flush()?;
    let doc = Document::new(findings, command);
    std::fs::write(&written.markdown, doc.markdown())?;
    std::fs::write(&written.html, doc.html())?;
    Ok(written)
}

/// A block of the report, rendered to Markdown or HTML.
enum Block {
    Heading(String),
    Text(String),
    Table {
        header: Vec<String>,
        rows: Vec<Vec<String>>,
    },
    /// An SVG picture (HTML only).
    Plot(String),
}

struct Document {
    title: String,
    blocks: Vec<Block>,
    /// `(figure key, spec index)` of the differences that are clear after Holm's
    /// correction over all of them.
    clear: HashSet<(String, usize)>,
    /// How many differences that correction covered.
    family: usize,
    /// Of the differences paired by seed, how much narrower their 95% intervals are than
    /// independent samples' (1 − paired width / unpaired width).
    narrowing: Vec<f64>,
}

/// Which differences from the first spec are clear, Holm-corrected over every one the
/// report shows, and how many it shows.
fn clear_differences(summaries: &[Summary]) -> (HashSet<(String, usize)>, usize) {
    let mut tested = Vec::new();
    for (i, s) in summaries.iter().enumerate().skip(1) {
        for f in &s.figures {
            if let Some(d) = Difference::of(s, &summaries[0], &f.key) {
                tested.push(((f.key.clone(), i), d.separation()));
            }
        }
    }
    let separations: Vec<f64> = tested.iter().map(|t| t.1).collect();
    let clear = stats::holm(&separations, FAMILY_ALPHA);
    let family = tested.len();
    let set = tested
        .into_iter()
        .zip(clear)
        .filter(|(_, c)| *c)
        .map(|(t, _)| t.0)
        .collect();
    (set, family)
}

/// How much narrower pairing by seed made each paired difference's 95% interval.
fn narrowing(summaries: &[Summary]) -> Vec<f64> {
    let width = |e: Estimate| e.high - e.low;
    summaries
        .iter()
        .skip(1)
        .flat_map(|s| {
            s.figures
                .iter()
                .filter_map(|f| Difference::of(s, &summaries[0], &f.key))
                .filter(Difference::is_paired)
                .map(|d| 1.0 - width(d.estimate(Z_95)) / width(d.unpaired(Z_95)))
                .filter(|x| x.is_finite())
        })
        .collect()
}

/// A figure reads as a share (shown in % and pp) or a score (a mean in `[0, 1]`, shown
/// the same way).
fn reads_as_share(f: &Figure) -> bool {
    f.measure.is_proportion() || f.key.ends_with(".score")
}

/// `x` as a percentage with one decimal.
fn pct(x: f64) -> String {
    format!("{:.1}%", x * 100.0)
}

fn bound(x: f64, share: bool) -> String {
    if !x.is_finite() {
        "—".to_owned()
    } else if share {
        format!("{:.1}", x * 100.0)
    } else {
        round(x)
    }
}

/// Three significant decimals at most, as people read them.
fn round(x: f64) -> String {
    let digits = if x.abs() >= 100.0 {
        1
    } else if x.abs() >= 10.0 {
        2
    } else {
        3
    };
    format!("{x:.digits$}")
}

/// An estimate as the report writes it: `52.3% [49.2, 55.4]`, `41.7 [40.9, 42.5]`.
pub fn estimate(e: &Estimate, share: bool) -> String {
    if e.value.is_nan() {
        return "—".to_owned();
    }
    let value = if share { pct(e.value) } else { round(e.value) };
    format!(
        "{value} [{}, {}]",
        bound(e.low, share),
        bound(e.high, share)
    )
}

/// A difference as the report writes it: `+3.1 pp [-0.2, +6.4]`, marked when `clear`.
pub fn difference(e: &Estimate, share: bool, clear: bool) -> String {
    if e.value.is_nan() {
        return "—".to_owned();
    }
    let signed = |x: f64| {
        if !x.is_finite() {
            "—".to_owned()
        } else if share {
            format!("{:+.1}", x * 100.0)
        } else {
            let r = round(x);
            if x >= 0.0 {
                format!("+{r}")
            } else {
                r
            }
        }
    };
    let unit = if share { " pp" } else { "" };
    let mark = if clear { " clear" } else { "" };
    format!(
        "{}{unit} [{}, {}]{mark}",
        signed(e.value),
        signed(e.low),
        signed(e.high)
    )
}

/// The first player's score in each fifth of the games by length (shortest first):
/// `(mean length, score with its 95% interval)`.
fn fifths_by_length(s: &Summary) -> Vec<(f64, Estimate)> {
    let scores = s
        .figure(figures::FIRST_PLAYER_SCORE)
        .and_then(|f| f.values.as_deref())
        .unwrap_or_default();
    let mut games: Vec<(u32, f64)> = s
        .lengths
        .iter()
        .copied()
        .zip(scores.iter().copied())
        .filter(|g| g.1.is_finite())
        .collect();
    games.sort_by_key(|g| g.0);
    let n = games.len();
    (0..5)
        .filter_map(|f| {
            let part = &games[f * n / 5..(f + 1) * n / 5];
            if part.is_empty() {
                return None;
            }
            let length = Moments::of(part.iter().map(|g| f64::from(g.0))).mean();
            Some((
                length,
                stats::mean(&Moments::of(part.iter().map(|g| g.1)), Z_95),
            ))
        })
        .collect()
}

/// The value at quantile `q` of sorted `values`.
fn quantile(sorted: &[u32], q: f64) -> u32 {
    if sorted.is_empty() {
        return 0;
    }
    sorted[((sorted.len() - 1) as f64 * q).round() as usize]
}

impl Document {
    fn new(findings: &Findings, command: &str) -> Self {
        let summaries = &findings.summaries;
        let specs: Vec<&str> = summaries.iter().map(|s| s.spec.as_str()).collect();
        let title = if specs.len() == 1 {
            format!("Lab report: {}", specs[0])
        } else {
            format!("Lab comparison: {}", specs.join(" vs "))
        };
        let (clear, family) = clear_differences(summaries);
        let mut doc = Self {
            title,
            blocks: Vec::new(),
            clear,
            family,
            narrowing: narrowing(summaries),
        };
        doc.introduction(findings, command);
        if let Some(verdict) = &findings.verdict {
            doc.verdict(verdict);
        }
        doc.results(summaries);
        doc.luck(findings);
        doc.shape(summaries);
        doc.rules(summaries);
        doc.notes();
        doc
    }

    fn text(&mut self, text: impl Into<String>) {
        self.blocks.push(Block::Text(text.into()));
    }

    fn heading(&mut self, text: &str) {
        self.blocks.push(Block::Heading(text.to_owned()));
    }

    fn introduction(&mut self, findings: &Findings, command: &str) {
        let first = &findings.summaries[0];
        let games: Vec<String> = findings
            .summaries
            .iter()
            .map(|s| format!("{} games of {}", s.games, s.spec))
            .collect();
        let agents = if first.rotated {
            format!("agents {} (rotating seats, below)", first.lineup.join(", "))
        } else {
            format!("agents by seat: {}", first.agents.join(", "))
        };
        self.text(format!(
            "{}; seed {}; {agents}. Every figure has its 95% interval in brackets.",
            games.join(", "),
            findings.seed,
        ));
        self.text(format!("Reproduce with `{command}`."));
        if first.rotated {
            self.text(format!(
                "Agents {} rotate seats from game to game, as in `trio match`: agent K of \
                 `--agents` sits at seat K + game (modulo the seats), so each plays every seat \
                 equally often and skill is not mixed with who moves first. The `seat.K` \
                 figures mix the agents; the `agent.K` figures follow one.",
                first.lineup.join(", ")
            ));
        }
        if findings.interrupted {
            self.text(
                "Stopped early (Ctrl-C): the figures cover the games finished, listed in \
                 games.jsonl.",
            );
        }
        let mut headline = Vec::new();
        for s in &findings.summaries {
            let get = |key: &str| s.figure(key).map(|f| f.measure.estimate(Z_95));
            let mut parts = Vec::new();
            if let Some(e) = get("position.1.win") {
                parts.push(format!("the first player wins {}", estimate(&e, true)));
            }
            if let Some(e) = get("position.1.score") {
                parts.push(format!("scores {} (fair 50%)", estimate(&e, true)));
            }
            if let Some(e) = get("draw") {
                parts.push(format!("draws {}", estimate(&e, true)));
            }
            if let Some(e) = get("limit") {
                parts.push(format!("stopped by a limit {}", estimate(&e, true)));
            }
            if let Some(e) = get("length") {
                parts.push(format!("{} decisions a game", estimate(&e, false)));
            }
            if let Some(e) = get("branching") {
                parts.push(format!("{} choices a turn", estimate(&e, false)));
            }
            let i = headline.len();
            if let Some(l) = findings.skill.get(i) {
                parts.push(format!("coin-flip share {}", estimate(&l.coin_flips, true)));
            }
            if let Some(Some(d)) = findings.deal_effects.get(i) {
                parts.push(format!("deal's effect φ {}", estimate(&d.phi, false)));
            }
            if let Some(e) = get("review.luck-share") {
                parts.push(format!("chance's share in review {}", estimate(&e, true)));
            }
            headline.push(format!("**{}**: {}.", s.spec, parts.join(", ")));
        }
        self.heading("Headline");
        for line in headline {
            self.text(line);
        }
    }

    fn verdict(&mut self, v: &Verdict) {
        self.heading("Until clear");
        let level = v.plan.confidence();
        let margin = v.margin.map_or(String::new(), |m| {
            format!(
                " A difference whose interval lies wholly within ±{} is **negligible**: that \
                 spec is decided too.",
                round(m)
            )
        });
        self.text(format!(
            "Figure `{}`, judged after each batch at {:.3}% confidence (Bonferroni: {} looks \
             × {} comparisons fixed in advance, so the chance of any false claim over the \
             whole run is at most {:.0}%). A spec stops playing once decided.{margin}",
            v.figure,
            level * 100.0,
            v.plan.looks,
            v.plan.comparisons,
            v.plan.alpha * 100.0
        ));
        let outcome = if v.decided {
            format!(
                "**Decided** after {} look(s), at most {} games per spec.",
                v.looks, v.games_per_spec
            )
        } else {
            format!(
                "**Not clear** at the cap: {} look(s), {} games per spec.",
                v.looks, v.games_per_spec
            )
        };
        self.text(outcome);
        if v.stopped_early {
            self.text(
                "An estimate read when it first looked clear is biased away from zero: runs \
                 stop when chance has made a difference look larger, so the truth is likely \
                 smaller than shown. To measure its size, play a fixed `--games` on a new \
                 `--seed`.",
            );
        }
        let share = v.figure.ends_with(".win")
            || v.figure.ends_with(".score")
            || v.figure.ends_with(".games")
            || ["draw", "limit", "no-winner"].contains(&v.figure.as_str());
        let rows = v
            .judged
            .iter()
            .map(|j| {
                vec![
                    j.spec.clone(),
                    difference(&j.difference, share, false),
                    match j.status {
                        Status::Clear => "clear",
                        Status::Negligible => "negligible",
                        Status::Open => "not clear",
                    }
                    .to_owned(),
                    j.games.to_string(),
                ]
            })
            .collect();
        let against = match v.against {
            Some(x) => format!("minus {}", round(x)),
            None => "minus the first spec".to_owned(),
        };
        self.blocks.push(Block::Table {
            header: vec![
                "spec".to_owned(),
                format!("difference ({against}) at the plan's level"),
                "verdict".to_owned(),
                "games".to_owned(),
            ],
            rows,
        });
    }

    /// A table of the figures of `section` (those `keep` accepts), side by side.
    fn figures(&mut self, summaries: &[Summary], section: Section, keep: impl Fn(&Figure) -> bool) {
        let base = &summaries[0];
        let mut header = vec!["figure".to_owned()];
        header.extend(summaries.iter().map(|s| s.spec.clone()));
        header.extend(
            summaries[1..]
                .iter()
                .map(|s| format!("{} − {}", s.spec, base.spec)),
        );
        // Every key of any spec, in the order the specs list them.
        let mut keys: Vec<(&str, &str)> = Vec::new();
        for s in summaries {
            for f in s.figures.iter().filter(|f| f.section == section && keep(f)) {
                if !keys.iter().any(|(k, _)| *k == f.key) {
                    keys.push((&f.key, &f.label));
                }
            }
        }
        let rows = keys
            .iter()
            .map(|&(key, label)| {
                let mut row = vec![format!("{label} (`{key}`)")];
                let figures: Vec<Option<&Figure>> =
                    summaries.iter().map(|s| s.figure(key)).collect();
                for f in &figures {
                    row.push(f.map_or("—".to_owned(), |f| {
                        estimate(&f.measure.estimate(Z_95), reads_as_share(f))
                    }));
                }
                for (i, f) in figures.iter().enumerate().skip(1) {
                    let d = f.and_then(|f| {
                        let d = Difference::of(&summaries[i], base, key)?.estimate(Z_95);
                        let clear = self.clear.contains(&(key.to_owned(), i));
                        Some(difference(&d, reads_as_share(f), clear))
                    });
                    row.push(d.unwrap_or_else(|| "—".to_owned()));
                }
                row
            })
            .collect();
        self.blocks.push(Block::Table { header, rows });
    }

    fn results(&mut self, summaries: &[Summary]) {
        self.heading("Who wins");
        self.text(
            "Wins by turn position (the first player is the one who made the first decision; \
             in Triles and Na orbicie that is drawn at random) and by seat. A win is first \
             place alone; a score counts a win 1 and a draw ½ (with more players, the share \
             of the others placed behind), so its fair value is ½ whatever the draws. The \
             dashed lines are the fair share 1/seats and the fair score ½.",
        );
        self.figures(summaries, Section::Results, |_| true);
        let seats = summaries
            .iter()
            .map(|s| s.seat_names.len())
            .max()
            .unwrap_or(2);
        let series = |key: &dyn Fn(usize) -> String, count: usize| -> Vec<Series> {
            summaries
                .iter()
                .map(|s| Series {
                    name: &s.spec,
                    values: (1..=count).map(|k| s.estimate_95(&key(k))).collect(),
                })
                .collect()
        };
        let ordinals = ["1st", "2nd", "3rd", "4th"];
        let positions: Vec<String> = (0..seats)
            .map(|k| format!("{} to move", ordinals.get(k).unwrap_or(&"later")))
            .collect();
        let fair = 1.0 / seats as f64;
        self.blocks.push(Block::Plot(plot::wins(
            "Wins by turn position",
            "share of games won",
            &positions,
            &series(&|k| format!("position.{k}.win"), seats),
            fair,
        )));
        let seat_labels: Vec<String> = (0..seats)
            .map(|k| {
                let name = summaries[0].seat_names.get(k).cloned().unwrap_or_default();
                format!("seat {} ({name})", k + 1)
            })
            .collect();
        self.blocks.push(Block::Plot(plot::wins(
            "Wins by seat",
            "share of games won",
            &seat_labels,
            &series(&|k| format!("seat.{k}.win"), seats),
            fair,
        )));
        let first = &summaries[0];
        if first.rotated {
            self.blocks.push(Block::Plot(plot::wins(
                "Score by agent (each in every seat in turn)",
                "score",
                &first.lineup,
                &series(&|k| format!("agent.{k}.score"), first.lineup.len()),
                figures::FAIR_SCORE,
            )));
        }
        let by_length: Vec<ByLength> = summaries
            .iter()
            .map(|s| ByLength {
                name: &s.spec,
                points: fifths_by_length(s),
            })
            .collect();
        self.blocks.push(Block::Plot(plot::by_length(&by_length)));
        if seats > 2 {
            self.places(summaries);
        }
        if summaries.len() > 1 {
            self.difference_plot(summaries);
        }
    }

    /// The skill ladder, the duplicate games' deal effect and the reviewed games' luck,
    /// skill and dynamics, for the specs that played them.
    fn luck(&mut self, findings: &Findings) {
        let summaries = &findings.summaries;
        let reviewed = summaries
            .iter()
            .any(|s| s.figure("review.luck-share").is_some());
        if findings.skill.is_empty() && findings.swapped.is_empty() && !reviewed {
            return;
        }
        self.heading("Luck and skill");
        if !findings.skill.is_empty() {
            self.ladder(&findings.skill);
        }
        if !findings.swapped.is_empty() {
            let pairs = |i: usize| {
                findings.deal_effects[i].map_or("—".to_owned(), |d| d.pairs.to_string())
            };
            self.text(
                "**Duplicate games.** Every seed was played twice, the seats swapped (the \
                 agents rotated one seat further and their choices drawn anew), as duplicate \
                 bridge replays a deal: both games meet the same chance as far as their play \
                 allows. φ, the deal's effect, is the correlation of the first seat's score in \
                 the two games of a seed: the share of a result's variance the deal decides (0: \
                 none; 1: the deal alone). The spread is the standard deviation of the deal's \
                 advantage to a seat, in score (√covariance). Intervals: 95% bootstrap over the \
                 seeds.",
            );
            let mut header = vec!["figure".to_owned()];
            header.extend(summaries.iter().map(|s| s.spec.clone()));
            let row = |label: &str, cell: &dyn Fn(usize) -> String| {
                let mut row = vec![label.to_owned()];
                row.extend((0..summaries.len()).map(cell));
                row
            };
            let effect = |i: usize, f: &dyn Fn(&crate::luck::DealEffect) -> Estimate| {
                findings.deal_effects[i].map_or("—".to_owned(), |d| estimate(&f(&d), false))
            };
            let rows = vec![
                row("seeds played both ways", &pairs),
                row(
                    "φ: the deal's effect (correlation of a seed's two games)",
                    &|i| effect(i, &|d| d.phi),
                ),
                row("spread of the deal's advantage to a seat (score)", &|i| {
                    effect(i, &|d| d.spread)
                }),
            ];
            self.blocks.push(Block::Table { header, rows });
        }
        if reviewed {
            let judge = findings
                .lines
                .iter()
                .flatten()
                .find_map(|l| l.review.as_ref().map(|r| r.judge.clone()))
                .unwrap_or_default();
            let counts: Vec<String> = summaries
                .iter()
                .map(|s| {
                    let n = s
                        .figure("review.luck-share")
                        .map_or(0, |f| match f.measure {
                            figures::Measure::Mean(m) => m.n(),
                            figures::Measure::Proportion { trials, .. } => trials,
                        });
                    format!("{n} of {}", s.spec)
                })
                .collect();
            self.text(format!(
                "**Reviewed games** ({}), judged by {judge} as `trio analyse` does \
                 (docs/review.md): each position valued for every seat, each chance event's \
                 luck (the value after it minus the expectation over its outcomes), each \
                 decision's skill loss against the best move found; the game's dynamics after \
                 Ludii. Means over the reviewed games with their 95% intervals.",
                counts.join(", ")
            ));
            self.figures(summaries, Section::Review, |_| true);
        }
    }

    /// The skill ladder of every spec: the skill trace, the ratings and the coin-flip
    /// share, side by side, with each spec's difference from the first (paired by seed).
    fn ladder(&mut self, ladders: &[SkillShare]) {
        let base = &ladders[0];
        let top = base.rungs.last().cloned().unwrap_or_default();
        self.text(format!(
            "**Skill ladder.** Rungs {} each played the rung below, and {top} the weakest, \
             {} games a pairing, seats rotating. The skill trace (after Ludii) is each rung's \
             score against the one below. Ratings are Bradley–Terry fitted to every pairing, \
             in Elo points with {} at 0 (95% bootstrap intervals). The **coin-flip share** \
             (after Duersch, Lambrecht & Oechssler 2020) is the share p of results that \
             would have to be coin flips for {top}, who would always beat {} in a game of pure \
             skill, to score what it did: score = (1 − p) + p/2, so p = 2(1 − score). It \
             counts as luck whatever skill the ladder does not reach, and draws as half \
             luck (docs/lab.md).",
            base.rungs.join(", "),
            base.pairings.first().map_or(0, |p| p.summary.games),
            base.rungs[0],
            base.rungs[0],
        ));
        let mut header = vec!["figure".to_owned()];
        header.extend(ladders.iter().map(|l| l.pairings[0].summary.spec.clone()));
        header.extend(ladders[1..].iter().map(|l| {
            format!(
                "{} − {}",
                l.pairings[0].summary.spec, base.pairings[0].summary.spec
            )
        }));
        let mut rows = Vec::new();
        for (k, pairing) in base.pairings.iter().enumerate() {
            let (upper, lower) = (&base.rungs[pairing.upper], &base.rungs[pairing.lower]);
            let mut row = vec![format!("{upper} against {lower}: {upper}'s score")];
            row.extend(
                ladders
                    .iter()
                    .map(|l| estimate(&l.pairings[k].score(), true)),
            );
            row.extend(ladders[1..].iter().map(|l| {
                Difference::of(&l.pairings[k].summary, &pairing.summary, UPPER_SCORE)
                    .map_or("—".to_owned(), |d| {
                        difference(&d.estimate(Z_95), true, false)
                    })
            }));
            rows.push(row);
        }
        for (r, rung) in base.rungs.iter().enumerate().skip(1) {
            let mut row = vec![format!("rating of {rung} (Elo, {} at 0)", base.rungs[0])];
            row.extend(ladders.iter().map(|l| estimate(&l.ratings[r], false)));
            rows.push(row);
        }
        let mut row = vec![format!(
            "{top} against {}, as the ratings predict",
            base.rungs[0]
        )];
        row.extend(ladders.iter().map(|l| pct(l.predicted_top)));
        rows.push(row);
        let mut row = vec!["**coin-flip share** p = 2(1 − top's score)".to_owned()];
        row.extend(ladders.iter().map(|l| estimate(&l.coin_flips, true)));
        row.extend(ladders[1..].iter().map(|l| {
            let (Some(a), Some(b)) = (l.top(), base.top()) else {
                return "—".to_owned();
            };
            Difference::of(&a.summary, &b.summary, UPPER_SCORE).map_or("—".to_owned(), |d| {
                let e = d.estimate(Z_95);
                let p = Estimate {
                    value: -2.0 * e.value,
                    low: -2.0 * e.high,
                    high: -2.0 * e.low,
                };
                difference(&p, true, false)
            })
        }));
        rows.push(row);
        // Ratings have no difference between specs: their cells say so.
        for row in &mut rows {
            row.resize(header.len(), "—".to_owned());
        }
        self.blocks.push(Block::Table { header, rows });
        let labels: Vec<String> = base
            .pairings
            .iter()
            .map(|p| format!("{} vs {}", base.rungs[p.upper], base.rungs[p.lower]))
            .collect();
        let series: Vec<Series> = ladders
            .iter()
            .map(|l| Series {
                name: &l.pairings[0].summary.spec,
                values: l.pairings.iter().map(|p| p.score()).collect(),
            })
            .collect();
        self.blocks.push(Block::Plot(plot::wins(
            "Skill trace: each rung's score against the one below",
            "score",
            &labels,
            &series,
            figures::FAIR_SCORE,
        )));
    }

    /// Where each turn position finished, for three or four players: a table and bars.
    fn places(&mut self, summaries: &[Summary]) {
        let seats = summaries[0].seat_names.len();
        let ordinals = ["1st", "2nd", "3rd", "4th"];
        let mut header = vec!["spec".to_owned(), "to move".to_owned()];
        header.extend((0..seats).map(|p| format!("{} place", ordinals.get(p).unwrap_or(&"later"))));
        let mut rows = Vec::new();
        let mut bars = Vec::new();
        for s in summaries {
            for (k, counts) in s.places.iter().enumerate() {
                let total = counts.iter().sum::<u64>().max(1) as f64;
                let shares: Vec<f64> = counts.iter().map(|&c| c as f64 / total).collect();
                let mut row = vec![
                    s.spec.clone(),
                    ordinals.get(k).unwrap_or(&"later").to_string(),
                ];
                row.extend(shares.iter().map(|&x| pct(x)));
                rows.push(row);
                let label = if summaries.len() > 1 {
                    format!(
                        "{}: {} to move",
                        s.spec,
                        ordinals.get(k).unwrap_or(&"later")
                    )
                } else {
                    format!("{} to move", ordinals.get(k).unwrap_or(&"later"))
                };
                bars.push((label, shares));
            }
        }
        self.text(
            "Places by turn position: the share of games in which each player, by the order in \
             which they first moved, finished in each place (tied players share the better \
             place).",
        );
        self.blocks.push(Block::Table { header, rows });
        self.blocks.push(Block::Plot(plot::places(&bars)));
    }

    /// Each result and score figure's difference from the baseline, as a picture.
    fn difference_plot(&mut self, summaries: &[Summary]) {
        let rows: Vec<DifferenceRow> = summaries[0]
            .figures
            .iter()
            .filter(|f| f.section == Section::Results && reads_as_share(f))
            .map(|base| DifferenceRow {
                label: base.key.clone(),
                differences: summaries
                    .iter()
                    .enumerate()
                    .skip(1)
                    .filter_map(|(i, s)| {
                        let d = s
                            .figure(&base.key)?
                            .measure
                            .difference(&base.measure, Z_95)?;
                        Some((i, d, self.clear.contains(&(base.key.clone(), i))))
                    })
                    .collect(),
            })
            .collect();
        let specs: Vec<&str> = summaries.iter().map(|s| s.spec.as_str()).collect();
        self.blocks
            .push(Block::Plot(plot::differences(&rows, &specs)));
    }

    fn shape(&mut self, summaries: &[Summary]) {
        self.heading("Length and branching");
        self.figures(summaries, Section::Shape, |_| true);
        let mut header = vec!["spec".to_owned()];
        header.extend(["shortest", "10%", "median", "90%", "longest"].map(str::to_owned));
        let rows = summaries
            .iter()
            .map(|s| {
                let mut sorted = s.lengths.clone();
                sorted.sort_unstable();
                let mut row = vec![s.spec.clone()];
                row.extend([0.0, 0.1, 0.5, 0.9, 1.0].map(|q| quantile(&sorted, q).to_string()));
                row
            })
            .collect();
        self.text("Game length in decisions, by quantile:");
        self.blocks.push(Block::Table { header, rows });
        let lengths: Vec<(&str, &[u32])> = summaries
            .iter()
            .map(|s| (s.spec.as_str(), s.lengths.as_slice()))
            .collect();
        self.blocks.push(Block::Plot(plot::lengths(&lengths)));
        let mut header = vec!["spec".to_owned()];
        header.extend((1..=10).map(|t| format!("{}–{}%", (t - 1) * 10, t * 10)));
        let rows = summaries
            .iter()
            .map(|s| {
                let mut row = vec![s.spec.clone()];
                row.extend(s.branching.iter().map(|m| {
                    if m.n() == 0 {
                        "—".to_owned()
                    } else {
                        round(m.mean())
                    }
                }));
                row
            })
            .collect();
        self.text(
            "Branching over the course of a game: the mean number of legal decisions in each \
             tenth of a game's decisions.",
        );
        self.blocks.push(Block::Table { header, rows });
        let series: Vec<Series> = summaries
            .iter()
            .map(|s| Series {
                name: &s.spec,
                values: s
                    .branching
                    .iter()
                    .map(|m| crate::stats::mean(m, Z_95))
                    .collect(),
            })
            .collect();
        self.blocks.push(Block::Plot(plot::branching(&series)));
    }

    fn rules(&mut self, summaries: &[Summary]) {
        self.heading("Rules in play");
        self.text(
            "How often each rule comes into play: per game (the mean count), the share of games \
             in which it happens at least once, and the mean count in those games. Event names \
             are explained in docs/lab.md; `end.*` and `final-*` ones are facts about the end.",
        );
        self.figures(summaries, Section::Rules, |f| f.key.ends_with(".per-game"));
        self.figures(summaries, Section::Rules, |f| f.key.ends_with(".games"));
        self.figures(summaries, Section::Rules, |f| f.key.ends_with(".when"));
        let mut names: Vec<String> = Vec::new();
        for s in summaries {
            for f in &s.figures {
                if let Some(name) = f
                    .key
                    .strip_prefix("events.")
                    .and_then(|k| k.strip_suffix(".games"))
                {
                    if !names.iter().any(|n| n == name) {
                        names.push(name.to_owned());
                    }
                }
            }
        }
        let series: Vec<Series> = summaries
            .iter()
            .map(|s| Series {
                name: &s.spec,
                values: names
                    .iter()
                    .map(|n| s.estimate_95(&format!("events.{n}.games")))
                    .collect(),
            })
            .collect();
        if !names.is_empty() {
            self.blocks.push(Block::Plot(plot::events(&names, &series)));
        }
    }

    fn notes(&mut self) {
        self.heading("How to read this");
        self.text(
            "Intervals: Wilson's for shares, mean ± 1.96 standard errors for means (a figure \
             that never varies keeps the width Wilson's gives a share seen 0 times, about 3/n: \
             a rare departure may not have shown yet). Differences: Newcombe's hybrid score \
             interval for shares (in percentage points), Welch's for means.",
        );
        if !self.narrowing.is_empty() {
            let mut n = self.narrowing.clone();
            n.sort_by(f64::total_cmp);
            self.text(format!(
                "Paired by seed: every spec met the same seeds, so a difference is the mean of \
                 the per-seed differences where each game has a value and that is the \
                 narrower interval ({} of {} differences; the others, and means over some \
                 games only, as independent samples). Pairing made those intervals a median \
                 {:.0}% narrower (up to {:.0}%) than independent samples' would be.",
                n.len(),
                self.family,
                n[n.len() / 2] * 100.0,
                n[n.len() - 1] * 100.0
            ));
        }
        if self.family > 0 {
            self.text(format!(
                "`clear` marks a difference whose interval excludes zero even after Holm's \
                 correction over all {} differences this report shows: the chance that any \
                 difference which is really zero is marked is at most {:.0}%. The intervals \
                 shown are each 95%, so one may exclude zero yet not be marked. For the figure \
                 that matters, decide on it before looking and settle it with --until-clear.",
                self.family,
                FAMILY_ALPHA * 100.0
            ));
        }
    }

    fn markdown(&self) -> String {
        let mut out = format!("# {}\n", self.title);
        for block in &self.blocks {
            match block {
                Block::Heading(h) => {
                    let _ = write!(out, "\n## {h}\n");
                }
                Block::Text(t) => {
                    let _ = write!(out, "\n{t}\n");
                }
                Block::Table { header, rows } => {
                    let cell = |c: &str| c.replace('|', "\\|");
                    let _ = write!(
                        out,
                        "\n| {} |\n|{}\n",
                        header
                            .iter()
                            .map(|h| cell(h))
                            .collect::<Vec<_>>()
                            .join(" | "),
                        "---|".repeat(header.len())
                    );
                    for row in rows {
                        let _ = writeln!(
                            out,
                            "| {} |",
                            row.iter().map(|c| cell(c)).collect::<Vec<_>>().join(" | ")
                        );
                    }
                }
                Block::Plot(_) => {}
            }
        }
        out
    }

    fn html(&self) -> String {
        let mut out = String::new();
        let _ = write!(
            out,
            "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
             <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
             <title>{}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n<h1>{}</h1>\n",
            escape(&self.title),
            escape(&self.title)
        );
        for block in &self.blocks {
            match block {
                Block::Heading(h) => {
                    let _ = writeln!(out, "<h2>{}</h2>", escape(h));
                }
                Block::Text(t) => {
                    let _ = writeln!(out, "<p>{}</p>", inline(t));
                }
                Block::Table { header, rows } => {
                    out.push_str("<table>\n<thead><tr>");
                    for h in header {
                        let _ = write!(out, "<th>{}</th>", inline(h));
                    }
                    out.push_str("</tr></thead>\n<tbody>\n");
                    for row in rows {
                        out.push_str("<tr>");
                        for c in row {
                            let class = if c.ends_with(" clear") {
                                " class=\"clear\""
                            } else {
                                ""
                            };
                            let _ = write!(out, "<td{class}>{}</td>", inline(c));
                        }
                        out.push_str("</tr>\n");
                    }
                    out.push_str("</tbody></table>\n");
                }
                Block::Plot(svg) => {
                    let _ = writeln!(out, "<figure>{svg}</figure>");
                }
            }
        }
        out.push_str("</body>\n</html>\n");
        out
    }
}

const STYLE: &str = "body{font-family:system-ui,sans-serif;max-width:1100px;margin:2em auto;\
padding:0 1em;color:#222;line-height:1.45}h1{font-size:1.6em}h2{margin-top:1.8em;\
border-bottom:1px solid #ccc}table{border-collapse:collapse;width:100%;\
margin:1em 0;font-size:.85em}th,td{border:1px solid #ccc;padding:.25em .4em;text-align:left;\
vertical-align:top;overflow-wrap:anywhere}th{background:#f3f3f3}td.clear{background:#e6f4ea;font-weight:600}\
code{background:#f3f3f3;padding:0 .2em}figure{margin:1em 0}figure svg{max-width:100%;\
height:auto}";

/// Text safe inside XML and HTML, attributes included (the sheets' SVG and the report).
pub(crate) fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// Escaped text with Markdown's `code` and **bold** turned into HTML.
fn inline(text: &str) -> String {
    let mut out = String::new();
    for (i, part) in escape(text).split('`').enumerate() {
        if i % 2 == 1 {
            let _ = write!(out, "<code>{part}</code>");
        } else {
            for (j, bit) in part.split("**").enumerate() {
                if j % 2 == 1 {
                    let _ = write!(out, "<strong>{bit}</strong>");
                } else {
                    out.push_str(bit);
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn estimates_read_as_people_write_them() {
        let share = Estimate {
            value: 0.523,
            low: 0.492,
            high: 0.554,
        };
        assert_eq!(estimate(&share, true), "52.3% [49.2, 55.4]");
        let mean = Estimate {
            value: 41.73,
            low: 40.91,
            high: 42.55,
        };
        assert_eq!(estimate(&mean, false), "41.73 [40.91, 42.55]");
        let d = Estimate {
            value: 0.031,
            low: 0.002,
            high: 0.064,
        };
        assert_eq!(difference(&d, true, true), "+3.1 pp [+0.2, +6.4] clear");
        let d = Estimate {
            value: -1.5,
            low: -3.0,
            high: 0.2,
        };
        assert_eq!(difference(&d, false, false), "-1.500 [-3.000, +0.200]");
    }

    #[test]
    fn html_text_is_escaped_and_marked_up() {
        assert_eq!(
            inline("**a** `b<c>` & d"),
            "<strong>a</strong> <code>b&lt;c&gt;</code> &amp; d"
        );
    }
}
