//! The report's plots, drawn with plotters into SVG strings that the HTML report holds
//! inline: wins by turn position and seat, score by agent and by game length, places,
//! each difference from the baseline, the distribution of game length, branching over
//! the course of a game, and how often each rule comes into play. Every plot draws one
//! series per spec, so a comparison reads off one picture; the legend goes in a strip
//! below the chart, where it cannot cover a point.

use plotters::coord::types::RangedCoordf64;
use plotters::coord::Shift;
use plotters::prelude::*;

use crate::stats::Estimate;

/// One spec's values in a plot.
#[derive(Clone, Debug)]
pub struct Series<'a> {
    pub name: &'a str,
    pub values: Vec<Estimate>,
}

/// Colours of the series, in order: distinct in print and for colour-blind readers
/// (Okabe–Ito).
const COLOURS: [RGBColor; 6] = [
    RGBColor(0, 114, 178),
    RGBColor(213, 94, 0),
    RGBColor(0, 158, 115),
    RGBColor(204, 121, 167),
    RGBColor(230, 159, 0),
    RGBColor(86, 180, 233),
];

pub(crate) fn colour(i: usize) -> RGBColor {
    COLOURS[i % COLOURS.len()]
}

pub(crate) const FONT: &str = "sans-serif";

/// Draws on an SVG string of `size` pixels; plotters writes to a string infallibly, so
/// its errors only come from a bug here.
pub(crate) fn svg(size: (u32, u32), draw: impl FnOnce(&DrawingArea<SVGBackend, Shift>)) -> String {
    let mut out = String::new();
    {
        let root = SVGBackend::with_string(&mut out, size).into_drawing_area();
        root.fill(&WHITE).expect("drawing to a string");
        draw(&root);
        root.present().expect("drawing to a string");
    }
    out
}

/// A chart of the report: real numbers on both axes, drawn into SVG.
type Chart<'a, 'b> = ChartContext<'a, SVGBackend<'b>, Cartesian2d<RangedCoordf64, RangedCoordf64>>;

/// A point with its interval as a vertical bar, at `x`.
fn point_with_bar(chart: &mut Chart, x: f64, e: &Estimate, c: RGBColor, (lo, hi): (f64, f64)) {
    if !e.value.is_finite() {
        return;
    }
    let low = e.low.max(lo);
    let high = e.high.min(hi);
    let style = c.stroke_width(2);
    chart
        .draw_series([
            PathElement::new(vec![(x, low), (x, high)], style),
            PathElement::new(vec![(x - 0.06, low), (x + 0.06, low)], style),
            PathElement::new(vec![(x - 0.06, high), (x + 0.06, high)], style),
        ])
        .expect("drawing to a string");
    chart
        .draw_series([Circle::new((x, e.value), 4, c.filled())])
        .expect("drawing to a string");
}

/// Height of one row of the legend strip.
const LEGEND_ROW: u32 = 24;

/// Where each legend entry goes in a strip `width` wide: `(row, x)`.
fn legend_layout(names: &[&str], width: u32) -> Vec<(u32, u32)> {
    let (mut row, mut x) = (0, 60);
    names
        .iter()
        .map(|name| {
            let w = 28 + 7 * name.chars().count() as u32;
            if x + w > width && x > 60 {
                row += 1;
                x = 60;
            }
            let at = (row, x);
            x += w;
            at
        })
        .collect()
}

/// A plot of `size` with, for two or more `names`, a legend strip below it: `draw` gets
/// the area above the strip.
fn with_legend(
    size: (u32, u32),
    names: &[&str],
    draw: impl FnOnce(&DrawingArea<SVGBackend, Shift>),
) -> String {
    let layout = if names.len() < 2 {
        Vec::new()
    } else {
        legend_layout(names, size.0)
    };
    let rows = layout.last().map_or(0, |&(row, _)| row + 1);
    svg((size.0, size.1 + rows * LEGEND_ROW), |root| {
        let (chart, strip) = root.split_vertically(size.1);
        draw(&chart);
        for (i, (&(row, x), name)) in layout.iter().zip(names).enumerate() {
            let y = (row * LEGEND_ROW + LEGEND_ROW / 2) as i32;
            strip
                .draw(&Circle::new((x as i32, y), 5, colour(i).filled()))
                .expect("drawing to a string");
            strip
                .draw(&Text::new(
                    (*name).to_owned(),
                    (x as i32 + 10, y - 7),
                    (FONT, 13),
                ))
                .expect("drawing to a string");
        }
    })
}

fn series_names<'a>(series: &'a [Series]) -> Vec<&'a str> {
    series.iter().map(|s| s.name).collect()
}

/// The value axis fitted to `values` and `reference` with a margin, within `[0, 1]`.
fn fitted(values: impl Iterator<Item = f64>, reference: f64) -> (f64, f64) {
    let (low, high) = values
        .filter(|x| x.is_finite())
        .fold((reference, reference), |(lo, hi), x| (lo.min(x), hi.max(x)));
    let pad = ((high - low) * 0.12).max(0.02);
    ((low - pad).max(0.0), (high + pad).min(1.0))
}

/// Shares or scores by category (turn positions, seats, agents) with their intervals,
/// and the fair value as a dashed line; the axis fitted to the data.
pub fn wins(
    title: &str,
    y_desc: &str,
    categories: &[String],
    series: &[Series],
    fair: f64,
) -> String {
    let k = categories.len().max(1) as f64;
    let (bottom, top) = fitted(
        series
            .iter()
            .flat_map(|s| s.values.iter().flat_map(|e| [e.low, e.high])),
        fair,
    );
    with_legend((720, 340), &series_names(series), |root| {
        let mut chart = ChartBuilder::on(root)
            .caption(title, (FONT, 18))
            .margin(12)
            .x_label_area_size(36)
            .y_label_area_size(52)
            .build_cartesian_2d(-0.5..k - 0.5, bottom..top)
            .expect("drawing to a string");
        let labels = categories.to_vec();
        chart
            .configure_mesh()
            .disable_x_mesh()
            .x_labels(categories.len())
            .x_label_formatter(&|x| {
                let i = x.round();
                if (x - i).abs() < 1e-6 && i >= 0.0 {
                    labels.get(i as usize).cloned().unwrap_or_default()
                } else {
                    String::new()
                }
            })
            .y_desc(y_desc)
            .y_label_formatter(&|y| format!("{:.0}%", y * 100.0))
            .label_style((FONT, 13))
            .draw()
            .expect("drawing to a string");
        dashed(&mut chart, (-0.5, k - 0.5), fair);
        let n = series.len() as f64;
        for (i, s) in series.iter().enumerate() {
            let offset = (i as f64 - (n - 1.0) / 2.0) * 0.5 / n.max(1.0);
            for (j, e) in s.values.iter().enumerate() {
                point_with_bar(&mut chart, j as f64 + offset, e, colour(i), (bottom, top));
            }
        }
    })
}

/// A dashed horizontal line at `y` from `x.0` to `x.1`: twenty dashes a unit of x, at
/// most 100 in all (an axis of game lengths runs to thousands).
fn dashed(chart: &mut Chart, x: (f64, f64), y: f64) {
    let per_unit = (100.0 / (x.1 - x.0)).min(20.0);
    let steps = ((x.1 - x.0) * per_unit) as usize;
    let dash = 0.03 * (20.0 / per_unit);
    let dashes = (0..steps).map(|d| {
        let x = x.0 + d as f64 / per_unit;
        PathElement::new(vec![(x, y), (x + dash, y)], BLACK.mix(0.5).stroke_width(1))
    });
    chart.draw_series(dashes).expect("drawing to a string");
}

/// One spec's first-player score in each fifth of its games by length: `(mean length,
/// score)`.
#[derive(Clone, Debug)]
pub struct ByLength<'a> {
    pub name: &'a str,
    pub points: Vec<(f64, Estimate)>,
}

/// The first player's score against game length, one line per spec, ½ dashed.
pub fn by_length(series: &[ByLength]) -> String {
    let right = series
        .iter()
        .flat_map(|s| s.points.iter().map(|p| p.0))
        .fold(1.0, f64::max)
        * 1.08;
    let (bottom, top) = fitted(
        series
            .iter()
            .flat_map(|s| s.points.iter().flat_map(|p| [p.1.low, p.1.high])),
        0.5,
    );
    let names: Vec<&str> = series.iter().map(|s| s.name).collect();
    with_legend((720, 340), &names, |root| {
        let mut chart = ChartBuilder::on(root)
            .caption("The first player's score by game length", (FONT, 18))
            .margin(12)
            .x_label_area_size(40)
            .y_label_area_size(52)
            .build_cartesian_2d(0.0..right, bottom..top)
            .expect("drawing to a string");
        chart
            .configure_mesh()
            .x_desc("decisions (mean of each fifth of the games, shortest to longest)")
            .x_label_formatter(&|x| format!("{x:.0}"))
            .y_desc("first player's score")
            .y_label_formatter(&|y| format!("{:.0}%", y * 100.0))
            .label_style((FONT, 13))
            .draw()
            .expect("drawing to a string");
        dashed(&mut chart, (0.0, right), 0.5);
        for (i, s) in series.iter().enumerate() {
            let c = colour(i);
            chart
                .draw_series(LineSeries::new(
                    s.points.iter().map(|&(x, e)| (x, e.value)),
                    c.stroke_width(2),
                ))
                .expect("drawing to a string");
            for (x, e) in &s.points {
                point_with_bar(&mut chart, *x, e, c, (bottom, top));
            }
        }
    })
}

/// One figure's difference from the baseline, per spec after it: `(spec index from 1,
/// difference, clear)`.
#[derive(Clone, Debug)]
pub struct DifferenceRow {
    pub label: String,
    pub differences: Vec<(usize, Estimate, bool)>,
}

/// Each difference from the baseline with its interval, in percentage points, one row
/// per figure and a dot per spec (filled when clear), zero marked.
pub fn differences(rows: &[DifferenceRow], specs: &[&str]) -> String {
    let n = rows.len().max(1);
    let height = 70 + 24 * n as u32;
    let reach = rows
        .iter()
        .flat_map(|r| r.differences.iter().flat_map(|d| [d.1.low, d.1.high]))
        .filter(|x| x.is_finite())
        .fold(0.01_f64, |m, x| m.max(x.abs()))
        * 1.1;
    let others: Vec<&str> = specs.iter().skip(1).copied().collect();
    // The legend's colours follow the specs after the baseline.
    with_legend((720, height), &others, |root| {
        let labels: Vec<String> = rows.iter().map(|r| r.label.clone()).collect();
        // Zero as 0, not -0.0 from rounding.
        let pp = |x: &f64| {
            if x.abs() < 1e-9 {
                "0".to_owned()
            } else {
                format!("{:+.1}", x * 100.0)
            }
        };
        let mut chart = row_chart(
            root,
            "Each difference from the baseline",
            &labels,
            -reach..reach,
            "difference from the baseline (percentage points); filled: clear",
            &pp,
        );
        chart
            .draw_series([PathElement::new(
                vec![(0.0, -0.5), (0.0, n as f64 - 0.5)],
                BLACK.mix(0.6).stroke_width(1),
            )])
            .expect("drawing to a string");
        let k = others.len().max(1) as f64;
        for (row, r) in rows.iter().enumerate() {
            for &(spec, e, clear) in &r.differences {
                if !e.value.is_finite() {
                    continue;
                }
                let c = colour(spec - 1);
                let offset = ((spec - 1) as f64 - (k - 1.0) / 2.0) * 0.5 / k;
                let y = (n - 1 - row) as f64 - offset;
                let (low, high) = (e.low.max(-reach), e.high.min(reach));
                chart
                    .draw_series([PathElement::new(
                        vec![(low, y), (high, y)],
                        c.stroke_width(2),
                    )])
                    .expect("drawing to a string");
                let style = if clear { c.filled() } else { WHITE.filled() };
                chart
                    .draw_series([
                        Circle::new((e.value, y), 4, style),
                        Circle::new((e.value, y), 4, c.stroke_width(2)),
                    ])
                    .expect("drawing to a string");
            }
        }
    })
}

/// A chart of one row per label (row 0 at the top) over `x`, labelled at the left.
fn row_chart<'a, 'b>(
    root: &'a DrawingArea<SVGBackend<'b>, Shift>,
    title: &str,
    labels: &[String],
    x: std::ops::Range<f64>,
    x_desc: &str,
    x_label: &dyn Fn(&f64) -> String,
) -> Chart<'a, 'b> {
    let n = labels.len().max(1);
    let widest = labels.iter().map(|l| l.chars().count()).max().unwrap_or(8);
    let label_width = (widest as u32 * 7 + 16).clamp(80, 360);
    let mut chart = ChartBuilder::on(root)
        .caption(title, (FONT, 18))
        .margin(12)
        .x_label_area_size(36)
        .y_label_area_size(label_width)
        .build_cartesian_2d(x, -0.5..n as f64 - 0.5)
        .expect("drawing to a string");
    chart
        .configure_mesh()
        .disable_y_mesh()
        .y_labels(n)
        .y_label_formatter(&|y| row_label(labels, *y))
        .x_desc(x_desc)
        .x_label_formatter(x_label)
        .label_style((FONT, 12))
        .draw()
        .expect("drawing to a string");
    chart
}

/// The label of the row at `y` (row 0 at the top), empty between rows.
fn row_label(labels: &[String], y: f64) -> String {
    let i = y.round();
    if (y - i).abs() < 1e-6 && i >= 0.0 {
        labels
            .get(labels.len().saturating_sub(1 + i as usize))
            .cloned()
            .unwrap_or_default()
    } else {
        String::new()
    }
}

/// The share of games each turn position finished in each place, as stacked bars: one
/// bar per `(label, shares by place)`.
pub fn places(bars: &[(String, Vec<f64>)]) -> String {
    let n = bars.len().max(1);
    let places = bars.iter().map(|b| b.1.len()).max().unwrap_or(1);
    let height = 70 + 26 * n as u32;
    let ordinals = ["1st place", "2nd place", "3rd place", "4th place"];
    let legend: Vec<&str> = (0..places)
        .map(|p| ordinals.get(p).copied().unwrap_or("later"))
        .collect();
    with_legend((720, height), &legend, |root| {
        let labels: Vec<String> = bars.iter().map(|b| b.0.clone()).collect();
        let mut chart = row_chart(
            root,
            "Places by turn position",
            &labels,
            0.0..1.0,
            "share of games",
            &|x| format!("{:.0}%", x * 100.0),
        );
        for (row, (_, shares)) in bars.iter().enumerate() {
            let y = (n - 1 - row) as f64;
            let mut x = 0.0;
            for (p, &share) in shares.iter().enumerate() {
                chart
                    .draw_series([Rectangle::new(
                        [(x, y - 0.35), (x + share, y + 0.35)],
                        colour(p).filled(),
                    )])
                    .expect("drawing to a string");
                x += share;
            }
        }
    })
}

/// The distribution of game length: the share of games in each of about 30 bins of
/// decisions, one line per spec.
pub fn lengths(series: &[(&str, &[u32])]) -> String {
    let max = series
        .iter()
        .flat_map(|(_, l)| l.iter().copied())
        .max()
        .unwrap_or(1)
        .max(1);
    let width = max.div_ceil(30).max(1);
    let bins = max / width + 1;
    let shares: Vec<Vec<f64>> = series
        .iter()
        .map(|(_, lengths)| {
            let mut counts = vec![0u32; bins as usize];
            for &l in lengths.iter() {
                counts[(l / width) as usize] += 1;
            }
            let n = lengths.len().max(1) as f64;
            counts.iter().map(|&c| f64::from(c) / n).collect()
        })
        .collect();
    let top = shares.iter().flatten().copied().fold(0.01, f64::max) * 1.1;
    let names: Vec<&str> = series.iter().map(|s| s.0).collect();
    with_legend((720, 340), &names, |root| {
        let mut chart = ChartBuilder::on(root)
            .caption("Game length", (FONT, 18))
            .margin(12)
            .x_label_area_size(40)
            .y_label_area_size(52)
            .build_cartesian_2d(0.0..f64::from(bins * width), 0.0..top)
            .expect("drawing to a string");
        chart
            .configure_mesh()
            .x_desc(format!("decisions (bins of {width})"))
            .x_label_formatter(&|x| format!("{x:.0}"))
            .y_desc("share of games")
            .y_label_formatter(&|y| format!("{:.0}%", y * 100.0))
            .label_style((FONT, 13))
            .draw()
            .expect("drawing to a string");
        for (i, share) in shares.iter().enumerate() {
            let c = colour(i);
            // A step outline of the histogram.
            let mut points = vec![(0.0, 0.0)];
            for (b, &s) in share.iter().enumerate() {
                let x0 = f64::from(b as u32 * width);
                points.push((x0, s));
                points.push((x0 + f64::from(width), s));
            }
            points.push((f64::from(bins * width), 0.0));
            chart
                .draw_series([Polygon::new(points.clone(), c.mix(0.12).filled())])
                .expect("drawing to a string");
            chart
                .draw_series(LineSeries::new(points, c.stroke_width(2)))
                .expect("drawing to a string");
        }
    })
}

/// Branching (legal decisions) in each tenth of a game, with intervals, one line per spec.
pub fn branching(series: &[Series]) -> String {
    let top = series
        .iter()
        .flat_map(|s| s.values.iter().map(|e| e.high))
        .filter(|x| x.is_finite())
        .fold(1.0, f64::max)
        * 1.08;
    with_legend((720, 340), &series_names(series), |root| {
        let mut chart = ChartBuilder::on(root)
            .caption("Branching over the course of a game", (FONT, 18))
            .margin(12)
            .x_label_area_size(40)
            .y_label_area_size(52)
            .build_cartesian_2d(0.5..10.5, 0.0..top)
            .expect("drawing to a string");
        chart
            .configure_mesh()
            .x_labels(10)
            .x_label_formatter(&|x| format!("{:.0}%", x * 10.0 - 5.0))
            .x_desc("progress through the game (middle of each tenth of its decisions)")
            .y_desc("legal decisions")
            .label_style((FONT, 13))
            .draw()
            .expect("drawing to a string");
        for (i, s) in series.iter().enumerate() {
            let c = colour(i);
            let points: Vec<(f64, f64)> = s
                .values
                .iter()
                .enumerate()
                .filter(|(_, e)| e.value.is_finite())
                .map(|(t, e)| (t as f64 + 1.0, e.value))
                .collect();
            chart
                .draw_series(LineSeries::new(points, c.stroke_width(2)))
                .expect("drawing to a string");
            for (t, e) in s.values.iter().enumerate() {
                point_with_bar(&mut chart, t as f64 + 1.0, e, c, (0.0, top));
            }
        }
    })
}

/// The share of games in which each event happens, one row per event.
pub fn events(names: &[String], series: &[Series]) -> String {
    let rows = names.len().max(1);
    let height = 70 + 22 * rows as u32;
    with_legend((720, height), &series_names(series), |root| {
        let mut chart = row_chart(
            root,
            "Share of games in which each rule comes into play",
            names,
            0.0..1.0,
            "share of games",
            &|x| format!("{:.0}%", x * 100.0),
        );
        let n = series.len() as f64;
        for (i, s) in series.iter().enumerate() {
            let c = colour(i);
            let offset = (i as f64 - (n - 1.0) / 2.0) * 0.5 / n.max(1.0);
            for (row, e) in s.values.iter().enumerate() {
                if !e.value.is_finite() {
                    continue;
                }
                let y = (rows - 1 - row) as f64 - offset;
                chart
                    .draw_series([
                        PathElement::new(vec![(e.low, y), (e.high, y)], c.stroke_width(2)),
                        PathElement::new(vec![(0.0, y), (e.value, y)], c.mix(0.25).stroke_width(1)),
                    ])
                    .expect("drawing to a string");
                chart
                    .draw_series([Circle::new((e.value, y), 4, c.filled())])
                    .expect("drawing to a string");
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn share(value: f64) -> Estimate {
        Estimate {
            value,
            low: value - 0.03,
            high: value + 0.03,
        }
    }

    /// `(text, y)` of every text and `cy` of every circle in `svg`.
    fn texts_and_circles(svg: &str) -> (Vec<(String, f64)>, Vec<f64>) {
        let doc = roxmltree::Document::parse(svg).unwrap();
        let number = |n: roxmltree::Node, a: &str| n.attribute(a).unwrap().parse::<f64>().unwrap();
        let texts = doc
            .descendants()
            .filter(|n| n.has_tag_name("text"))
            .map(|n| {
                (
                    n.text().unwrap_or_default().trim().to_owned(),
                    number(n, "y"),
                )
            })
            .collect();
        let circles = doc
            .descendants()
            .filter(|n| n.has_tag_name("circle"))
            .map(|n| number(n, "cy"))
            .collect();
        (texts, circles)
    }

    #[test]
    fn legends_sit_below_the_data() {
        let names = ["triles".to_owned(), "triles.wedge".to_owned()];
        let series = [
            Series {
                name: "standard",
                values: vec![share(0.1), share(0.95)],
            },
            Series {
                name: "own-dots",
                values: vec![share(0.12), share(0.9)],
            },
        ];
        for svg in [events(&names, &series), branching(&series)] {
            let (texts, circles) = texts_and_circles(&svg);
            let legend = texts
                .iter()
                .filter(|(t, _)| t == "standard" || t == "own-dots")
                .map(|t| t.1)
                .fold(f64::INFINITY, f64::min);
            assert!(legend.is_finite(), "a legend is drawn");
            // Every circle is a data point above the strip or a legend mark in it.
            for cy in circles {
                assert!(
                    cy < legend - 12.0 || (cy - legend).abs() < 14.0,
                    "{cy} vs {legend}"
                );
            }
        }
    }

    #[test]
    fn the_wins_axis_fits_the_data() {
        let series = [Series {
            name: "triles",
            values: vec![share(0.45), share(0.55)],
        }];
        let svg = wins(
            "Wins",
            "share",
            &["1st".to_owned(), "2nd".to_owned()],
            &series,
            0.5,
        );
        let (texts, _) = texts_and_circles(&svg);
        let percents: Vec<f64> = texts
            .iter()
            .filter_map(|(t, _)| t.strip_suffix('%')?.parse().ok())
            .collect();
        assert!(!percents.is_empty());
        assert!(
            percents.iter().all(|&p| (30.0..=70.0).contains(&p)),
            "{percents:?}"
        );
    }
}
