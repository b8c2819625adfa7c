//! Ratings (`docs/api.md`, "Ratings"): Glicko-2 for Gygès and Triles, Weng-Lin (the
//! OpenSkill model) for Na orbicie with any number of seats, one rating per player and
//! kind of game, from the `skillratings` crate. Pure: the store reads and writes them.

use skillratings::glicko2::{glicko2, Glicko2Config, Glicko2Rating};
use skillratings::weng_lin::{weng_lin_multi_team, WengLinConfig, WengLinRating};
use skillratings::{MultiTeamOutcome, Outcomes};
use trio_catalog::{level_anchors, GameKind};

/// Weng-Lin's numbers (µ 25, σ 25/3) times this read like Glicko's (1500, 500).
const WENG_LIN_SCALE: f64 = 60.0;
/// A rating is provisional (shown with `?`) while its deviation is above this, on the
/// scale shown (lichess uses 110 for Glicko-2).
pub const PROVISIONAL_DEVIATION: f64 = 110.0;

/// An anchor's deviation (Glicko-2) or σ (Weng-Lin, before the scale): well known, so a
/// game against it moves the person's rating the most.
const ANCHOR_DEVIATION: f64 = 60.0;

/// A player's rating in one kind of game, as stored: Glicko-2's rating, deviation and
/// volatility, or Weng-Lin's µ and σ (volatility unused).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
    pub games: u32,
}

/// A seat's rating as the game page and the lobby show it (`docs/api.md`, "Ratings"), on
/// the scale shown ([`Model::shown`]), rounded as shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SeatRating {
    /// The player's rating before this game (while it runs: as the game was loaded).
    pub rating: i64,
    /// Whether that rating is provisional (its deviation above [`PROVISIONAL_DEVIATION`]).
    pub provisional: bool,
    /// Once the game is rated, how much it moved the rating: the rating after it, rounded,
    /// less [`SeatRating::rating`]; absent before, and for an AI level, which never moves.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub change: Option<i64>,
}

impl SeatRating {
    /// A rating and deviation as shown, and the rating after the game once it is rated.
    pub fn of(rating: f64, deviation: f64, after: Option<f64>) -> Self {
        let shown = rating.round() as i64;
        Self {
            rating: shown,
            provisional: deviation > PROVISIONAL_DEVIATION,
            change: after.map(|after| change(rating, after)),
        }
    }
}

/// How much a game moved a rating from `before` to `after`, as shown: the difference of
/// the two rounded, so that the numbers shown add up.
pub fn change(before: f64, after: f64) -> i64 {
    after.round() as i64 - before.round() as i64
}

/// How a kind of game is rated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Model {
    Glicko2,
    WengLin,
}

impl Model {
    /// The model of a kind of game (`gyges`, `triles`, `orbit`).
    pub fn of(kind: &str) -> Self {
        if kind == "orbit" {
            Model::WengLin
        } else {
            Model::Glicko2
        }
    }

    /// A new player's rating.
    pub fn initial(self) -> Rating {
        match self {
            Model::Glicko2 => {
                let g = Glicko2Rating::new();
                Rating {
                    rating: g.rating,
                    deviation: g.deviation,
                    volatility: g.volatility,
                    games: 0,
                }
            }
            Model::WengLin => {
                let w = WengLinRating::new();
                Rating {
                    rating: w.rating,
                    deviation: w.uncertainty,
                    volatility: 0.0,
                    games: 0,
                }
            }
        }
    }

    /// AI level `level`'s fixed rating in `kind` ([`level_anchors`], beside the levels in
    /// the catalog), on this model's scale. `None` for a kind the catalog does not know or a
    /// level outside 1–5.
    pub fn anchor(self, kind: &str, level: u8) -> Option<Rating> {
        let anchors = level_anchors(GameKind::named(kind)?);
        let shown = *anchors.get(usize::from(level).checked_sub(1)?)?;
        Some(Rating {
            rating: shown / self.scale(),
            deviation: ANCHOR_DEVIATION / self.scale(),
            volatility: self.initial().volatility,
            games: 0,
        })
    }

    /// The rating and deviation as shown, on one scale for every kind.
    pub fn shown(self, r: &Rating) -> (f64, f64) {
        (r.rating * self.scale(), r.deviation * self.scale())
    }

    /// How many points shown one point of this model's is.
    fn scale(self) -> f64 {
        match self {
            Model::Glicko2 => 1.0,
            Model::WengLin => WENG_LIN_SCALE,
        }
    }

    /// A seat's rating `r`, before a game, as shown.
    pub fn seat(self, r: &Rating) -> SeatRating {
        let (rating, deviation) = self.shown(r);
        SeatRating::of(rating, deviation, None)
    }

    /// The ratings after a game of the seats rated `before`, which finished at `ranks` (0
    /// first, ties shared).
    pub fn update(self, before: &[Rating], ranks: &[u8]) -> Vec<Rating> {
        let after = match self {
            Model::Glicko2 => {
                let [a, b] = before else {
                    return before.to_vec();
                };
                let outcome = match ranks[0].cmp(&ranks[1]) {
                    std::cmp::Ordering::Less => Outcomes::WIN,
                    std::cmp::Ordering::Greater => Outcomes::LOSS,
                    std::cmp::Ordering::Equal => Outcomes::DRAW,
                };
                let (a2, b2) = glicko2(&glicko(a), &glicko(b), &outcome, &Glicko2Config::new());
                vec![from_glicko(a2), from_glicko(b2)]
            }
            Model::WengLin => {
                let teams: Vec<[WengLinRating; 1]> = before
                    .iter()
                    .map(|r| {
                        [WengLinRating {
                            rating: r.rating,
                            uncertainty: r.deviation,
                        }]
                    })
                    .collect();
                let ranked: Vec<(&[WengLinRating], MultiTeamOutcome)> = teams
                    .iter()
                    .zip(ranks)
                    .map(|(team, &rank)| (&team[..], MultiTeamOutcome::new(usize::from(rank) + 1)))
                    .collect();
                weng_lin_multi_team(&ranked, &WengLinConfig::new())
                    .into_iter()
                    .map(|team| Rating {
                        rating: team[0].rating,
                        deviation: team[0].uncertainty,
                        volatility: 0.0,
                        games: 0,
                    })
                    .collect()
            }
        };
        after
            .into_iter()
            .zip(before)
            .map(|(r, b)| Rating {
                games: b.games + 1,
                ..r
            })
            .collect()
    }
}

fn glicko(r: &Rating) -> Glicko2Rating {
    Glicko2Rating {
        rating: r.rating,
        deviation: r.deviation,
        volatility: r.volatility,
    }
}

fn from_glicko(g: Glicko2Rating) -> Rating {
    Rating {
        rating: g.rating,
        deviation: g.deviation,
        volatility: g.volatility,
        games: 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use skillratings::glicko2::glicko2_rating_period;

    /// Glickman's worked example (glicko2.pdf, "Example calculation"): 1500 (RD 200,
    /// σ 0.06) beats 1400 (30) and loses to 1550 (100) and 1700 (300), τ = 0.5: 1464.06,
    /// RD 151.52, σ 0.05999. The crate's period update, which one game at a time is.
    #[test]
    fn glickmans_worked_example() {
        let player = Glicko2Rating {
            rating: 1500.0,
            deviation: 200.0,
            volatility: 0.06,
        };
        let opponent = |rating, deviation| Glicko2Rating {
            rating,
            deviation,
            volatility: 0.06,
        };
        let after = glicko2_rating_period(
            &player,
            &[
                (opponent(1400.0, 30.0), Outcomes::WIN),
                (opponent(1550.0, 100.0), Outcomes::LOSS),
                (opponent(1700.0, 300.0), Outcomes::LOSS),
            ],
            &Glicko2Config {
                tau: 0.5,
                ..Glicko2Config::new()
            },
        );
        assert!((after.rating - 1464.06).abs() < 0.01, "{after:?}");
        assert!((after.deviation - 151.52).abs() < 0.01, "{after:?}");
        assert!((after.volatility - 0.05999).abs() < 0.00001, "{after:?}");
    }

    #[test]
    fn a_seat_shows_its_rating_rounded_and_a_change_that_adds_up() {
        let shown = SeatRating::of(1499.6, 110.5, Some(1490.4));
        assert_eq!((shown.rating, shown.provisional), (1500, true));
        // 1500 − 10 = 1490, as the two numbers shown read, not round(−9.2).
        assert_eq!(shown.change, Some(-10));
        assert!(!SeatRating::of(1500.0, 110.0, None).provisional);
        let json = serde_json::to_value(SeatRating::of(1500.0, 60.0, None)).unwrap();
        assert_eq!(
            json,
            serde_json::json!({"rating": 1500, "provisional": false})
        );
    }

    #[test]
    fn a_win_moves_two_new_players_apart_and_a_draw_keeps_them_level() {
        let m = Model::Glicko2;
        let new = m.initial();
        let [w, l] = m.update(&[new, new], &[0, 1])[..] else {
            panic!()
        };
        assert!(w.rating > 1500.0 && l.rating < 1500.0 && w.deviation < 350.0);
        assert_eq!((w.games, l.games), (1, 1));
        let [a, b] = m.update(&[new, new], &[0, 0])[..] else {
            panic!()
        };
        assert!((a.rating - b.rating).abs() < 1e-9 && (a.rating - 1500.0).abs() < 1e-9);
    }

    /// Each AI level's score against the level below (levels 2–5 against 1–4), from
    /// `trio match` in docs/ai.md, "Measured": 100 wins in 100 games count as the 95%
    /// interval's lower end, 0.963.
    const LADDER: [(&str, [f64; 4]); 3] = [
        ("gyges", [0.963, 0.810, 0.817, 0.775]),
        ("triles", [0.725, 0.650, 0.620, 0.622]),
        ("orbit", [0.963, 0.946, 0.880, 0.650]),
    ];

    /// The anchors are the ladder's fit, rounded as shown: each level's lead over the one
    /// below is what its score means, under Glicko-2 the Elo difference
    /// `400 log10(s / (1 − s))`, under Weng-Lin (Bradley–Terry, a logistic in `Δµ / c`
    /// with `c = √(2β² + σ₁² + σ₂²)`) `c ln(s / (1 − s))`.
    #[test]
    fn ai_anchors_climb_the_ladder_from_level_two_at_a_new_players_rating() {
        for (kind, scores) in LADDER {
            let m = Model::of(kind);
            let levels: Vec<Rating> = (1..=5).map(|l| m.anchor(kind, l).unwrap()).collect();
            assert!(
                (levels[1].rating - m.initial().rating).abs() < 1e-9,
                "{kind}"
            );
            let sigma = ANCHOR_DEVIATION / m.scale();
            let beta = WengLinConfig::new().beta;
            let lead = match m {
                Model::Glicko2 => 400.0 / std::f64::consts::LN_10,
                Model::WengLin => (2.0 * beta * beta + 2.0 * sigma * sigma).sqrt(),
            };
            for (pair, s) in levels.windows(2).zip(scores) {
                let fitted = lead * (s / (1.0 - s)).ln() * m.scale();
                let shown = (pair[1].rating - pair[0].rating) * m.scale();
                assert!(
                    shown > 0.0 && (shown - fitted).abs() < 1.0,
                    "{kind}: {levels:?}"
                );
            }
            assert_eq!((m.anchor(kind, 0), m.anchor(kind, 6)), (None, None));
        }
        // Gygès level 3 over level 2 scored 0.810: about 252 Elo, and Glicko-2 itself
        // expects that score from the two anchors (up to their deviations and rounding).
        let g = |l| Model::Glicko2.anchor("gyges", l).unwrap().rating;
        assert_eq!(g(3) - g(2), 252.0);
        let expected = 1.0 / (1.0 + 10f64.powf(-(g(3) - g(2)) / 400.0));
        assert!((expected - 0.810).abs() < 1e-3);
        assert_eq!(Model::Glicko2.anchor("chess", 3), None);
    }

    #[test]
    fn na_orbicie_rates_every_place_and_shows_on_the_glicko_scale() {
        let m = Model::of("orbit");
        let new = m.initial();
        let (rating, deviation) = m.shown(&new);
        assert!((rating - 1500.0).abs() < 1e-9 && (deviation - 500.0).abs() < 1e-9);
        let after = m.update(&[new, new, new], &[1, 0, 2]);
        assert!(after[1].rating > after[0].rating && after[0].rating > after[2].rating);
        assert!(after
            .iter()
            .all(|r| r.deviation < new.deviation && r.games == 1));
    }
}
