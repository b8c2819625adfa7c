//! A small network that corrects the hand-made evaluation: its inputs are what a leaf
//! already knows (where the pieces stand, and each side's reach summary), seen from the
//! side to move, and its output, in evaluation units, is added to the linear score. It is
//! trained outside the engine (`scripts/gyges_network.py`) to predict the score of a
//! deeper search from positions of self-play; see `docs/gyges-engine.md`.
//!
//! Inputs are one-hot, 36 squares each, the board turned so that the side to move's home
//! row comes first: a piece of value 1, 2 or 3 on the square (three blocks), then the
//! empty squares the side to move can end on, the pieces it can land on, and the same
//! two for the opponent. One hidden layer of [`HIDDEN`] clipped ReLUs, one output.

use std::sync::{Arc, LazyLock};

use trio_gyges::{Mobility, Side, Variant};

use super::score::Score;

/// Blocks of 36 inputs: three piece values, then ends and targets for each side.
const BLOCKS: usize = 7;
/// Inputs of the network.
pub const INPUTS: usize = BLOCKS * 36;
/// Width of the hidden layer.
pub const HIDDEN: usize = 32;
/// The first line of a network's text.
const HEADER: &str = "gyges-network 1";

/// Calls `active` with each active input of a position in play with `side` to move, the
/// value on each square `cells` ([`trio_gyges::Position::cells`]), the side to move's summary `us`
/// and the opponent's (as if it were to move) `them`.
pub fn features(
    side: Side,
    cells: &[u8; 36],
    us: &Mobility,
    them: &Mobility,
    mut active: impl FnMut(usize),
) {
    let north = side == Side::North;
    // Square `s` seen from the side to move: North's board is turned so its home row is first.
    let turn = |s: usize| if north { (5 - s / 6) * 6 + s % 6 } else { s };
    for (s, &v) in cells.iter().enumerate() {
        if v != 0 {
            active((usize::from(v.clamp(1, 3)) - 1) * 36 + turn(s));
        }
    }
    for (block, mut bits) in [us.ends, us.targets, them.ends, them.targets]
        .into_iter()
        .enumerate()
    {
        while bits != 0 {
            let s = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            active((3 + block) * 36 + turn(s));
        }
    }
}

/// The network the engine plays `variant` with: `network.txt` in the official variant
/// (trained on its positions, docs/gyges-engine.md), none in the seed variant.
pub fn for_variant(variant: Variant) -> Option<Arc<Network>> {
    static OFFICIAL: LazyLock<Option<Arc<Network>>> = LazyLock::new(|| {
        // A test reads it; were it unreadable the engine would play on without it.
        Network::from_text(include_str!("network.txt"))
            .ok()
            .map(Arc::new)
    });
    match variant {
        Variant::Official => OFFICIAL.clone(),
        Variant::Seed => None,
    }
}

/// The network's weights.
#[derive(Clone, Debug, PartialEq)]
pub struct Network {
    /// `INPUTS` rows of `HIDDEN`.
    input: Vec<[f32; HIDDEN]>,
    hidden_bias: [f32; HIDDEN],
    output: [f32; HIDDEN],
    output_bias: f32,
}

impl Network {
    /// Reads the text written by `scripts/gyges_network.py`: the header line, then the
    /// hidden biases, one line per input's weights, the output weights and the output
    /// bias, numbers separated by white space.
    pub fn from_text(text: &str) -> Result<Network, String> {
        let mut lines = text.lines();
        if lines.next().map(str::trim) != Some(HEADER) {
            return Err(format!("a network's text begins with {HEADER:?}"));
        }
        let mut numbers = lines.flat_map(str::split_whitespace).map(|t| {
            t.parse::<f32>()
                .map_err(|_| format!("{t:?} is not a number"))
        });
        let mut row = || -> Result<[f32; HIDDEN], String> {
            let mut row = [0.0; HIDDEN];
            for x in &mut row {
                *x = numbers.next().ok_or("the network's text is too short")??;
            }
            Ok(row)
        };
        let hidden_bias = row()?;
        let input = (0..INPUTS).map(|_| row()).collect::<Result<_, _>>()?;
        let output = row()?;
        let output_bias = numbers.next().ok_or("the network's text is too short")??;
        if numbers.next().is_some() {
            return Err("the network's text is too long".to_owned());
        }
        Ok(Network {
            input,
            hidden_bias,
            output,
            output_bias,
        })
    }

    /// The correction for a position in play with these summaries ([`features`]), in
    /// evaluation units.
    pub fn score(&self, side: Side, cells: &[u8; 36], us: &Mobility, them: &Mobility) -> Score {
        let mut hidden = self.hidden_bias;
        features(side, cells, us, them, |i| self.add(&mut hidden, i));
        self.output(&hidden)
    }

    fn add(&self, hidden: &mut [f32; HIDDEN], input: usize) {
        // Added into a copy, which the compiler can vectorise (through the reference it
        // cannot rule out that the row and the sums overlap).
        let row = &self.input[input];
        let mut sums = *hidden;
        for (h, w) in sums.iter_mut().zip(row) {
            *h += w;
        }
        *hidden = sums;
    }

    fn output(&self, hidden: &[f32; HIDDEN]) -> Score {
        // Four running sums, so that the compiler can keep them in one vector register.
        let mut sums = [0.0f32; 4];
        for (h, w) in hidden.chunks_exact(4).zip(self.output.chunks_exact(4)) {
            for k in 0..4 {
                sums[k] += h[k].clamp(0.0, 1.0) * w[k];
            }
        }
        (sums.iter().sum::<f32>() + self.output_bias).round() as Score
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use trio_gyges::{mobility, Position, Variant};

    fn summaries(pos: &Position) -> (Mobility, Mobility) {
        let them = pos.with_side_to_move(pos.side_to_move().opponent());
        (
            mobility(pos, Variant::Official),
            mobility(&them, Variant::Official),
        )
    }

    #[test]
    fn a_position_and_its_mirror_image_have_the_same_inputs() {
        let (pos, mirror) = crate::gyges::evaluation::position_and_mirror();
        let (mut a, mut b) = (Vec::new(), Vec::new());
        let (us, them) = summaries(&pos);
        features(pos.side_to_move(), &pos.cells(), &us, &them, |i| a.push(i));
        let (us, them) = summaries(&mirror);
        features(mirror.side_to_move(), &mirror.cells(), &us, &them, |i| {
            b.push(i)
        });
        a.sort_unstable();
        b.sort_unstable();
        assert_eq!(a, b);
        assert!(a.iter().all(|&i| i < INPUTS));
        // 12 pieces, each in its value's block.
        assert_eq!(a.iter().filter(|&&i| i < 108).count(), 12);
    }

    /// A network whose every weight is 0 and whose output bias is `bias`.
    fn constant(bias: f32) -> Network {
        let zeros = (0..INPUTS + 2).map(|_| vec!["0"; HIDDEN].join(" ") + "\n");
        Network::from_text(&format!("{HEADER}\n{}{bias}\n", zeros.collect::<String>())).unwrap()
    }

    #[test]
    fn the_search_adds_the_networks_correction() {
        use crate::gyges::{GygesEngine, SearchLimit};
        use std::sync::Arc;
        let pos: Position = ".2.11./.2..3./.3..../.1..../.3..2./.1.3.2 S"
            .parse()
            .unwrap();
        let search = |network: Option<Network>| {
            GygesEngine::new(Variant::Seed)
                .with_network(network.map(Arc::new))
                .search_position(&pos, SearchLimit::nodes(20_000))
                .unwrap()
        };
        // Nothing added: the same search, node for node.
        assert_eq!(search(Some(constant(0.0))), search(None));
        // A correction of 100 at every leaf shows in the score.
        let (plain, biased) = (search(None), search(Some(constant(100.0))));
        assert_ne!(plain.score, biased.score);
    }

    #[test]
    fn the_official_variant_plays_with_the_committed_network() {
        assert!(for_variant(Variant::Official).is_some());
        assert!(for_variant(Variant::Seed).is_none());
    }

    #[test]
    fn the_score_is_the_layers_sum() {
        // Input 5 lifts hidden unit 0 to 0.75 and unit 1 past the clip at 1.
        let mut text = format!("{HEADER}\n");
        let line = |f: &dyn Fn(usize) -> f32| {
            (0..HIDDEN)
                .map(|j| f(j).to_string())
                .collect::<Vec<_>>()
                .join(" ")
                + "\n"
        };
        text += &line(&|_| 0.0);
        for i in 0..INPUTS {
            text += &line(&|j| match (i, j) {
                (5, 0) => 0.75,
                (5, 1) => 3.0,
                _ => 0.0,
            });
        }
        text += &line(&|j| if j < 2 { 10.0 } else { 1.0 });
        text += "-2\n";
        let net = Network::from_text(&text).unwrap();
        let mut hidden = net.hidden_bias;
        assert_eq!(net.output(&hidden), -2);
        net.add(&mut hidden, 5);
        // 0.75 * 10 + 1 * 10 - 2 = 15.5, rounded
        assert_eq!(net.output(&hidden), 16);
        assert!(Network::from_text(&text.replace("-2\n", "")).is_err());
        assert!(Network::from_text(&(text.clone() + "1\n")).is_err());
        assert!(Network::from_text(&text.replacen("0 ", "x ", 1)).is_err());
    }
}
