//! The report's plots, drawn with plotters into SVG strings that the HTML report holds
//! inline: wins by turn position, the distribution of game length, branching over the
//! course of a game, and how often each rule comes into play. Every plot draws one
//! series per spec, so a comparison reads off one picture.

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

fn legend<'a, 'b: 'a>(chart: &mut Chart<'a, 'b>, series: &[Series], position: SeriesLabelPosition) {
    if series.len() < 2 {
        return;
    }
    for (i, s) in series.iter().enumerate() {
        let c = colour(i);
        chart
            .draw_series(std::iter::empty::<Circle<(f64, f64), i32>>())
            .expect("drawing to a string")
            .label(s.name)
            .legend(move |(x, y)| Circle::new((x + 8, y), 4, c.filled()));
    }
    chart
        .configure_series_labels()
        .position(position)
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK)
        .label_font((FONT, 13))
        .draw()
        .expect("drawing to a string");
}

/// Win rates by category (turn positions, seats) with their intervals, and the fair
/// share `1 / seats` as a dashed line.
pub fn wins(title: &str, categories: &[String], series: &[Series], fair: f64) -> String {
    let k = categories.len().max(1) as f64;
    let top = series
        .iter()
        .flat_map(|s| s.values.iter().map(|e| e.high))
        .filter(|x| x.is_finite())
        .fold(fair * 1.6, f64::max)
        .min(1.0);
    svg((720, 340), |root| {
        let mut chart = ChartBuilder::on(root)
            .caption(title, (FONT, 18))
            .margin(12)
            .x_label_area_size(36)
            .y_label_area_size(52)
            .build_cartesian_2d(-0.5..k - 0.5, 0.0..top)
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
            .y_desc("share of games won")
            .y_label_formatter(&|y| format!("{:.0}%", y * 100.0))
            .label_style((FONT, 13))
            .draw()
            .expect("drawing to a string");
        let dashes = (0..(k * 20.0) as usize).map(|d| {
            let x = -0.5 + d as f64 / 20.0;
            PathElement::new(
                vec![(x, fair), (x + 0.03, fair)],
                BLACK.mix(0.5).stroke_width(1),
            )
        });
        chart.draw_series(dashes).expect("drawing to a string");
        let n = series.len() as f64;
        for (i, s) in series.iter().enumerate() {
            let offset = (i as f64 - (n - 1.0) / 2.0) * 0.5 / n.max(1.0);
            for (j, e) in s.values.iter().enumerate() {
                point_with_bar(&mut chart, j as f64 + offset, e, colour(i), (0.0, top));
            }
        }
        legend(&mut chart, series, SeriesLabelPosition::UpperRight);
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
    svg((720, 340), |root| {
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
                .expect("drawing to a string")
                .label(series[i].0)
                .legend(move |(x, y)| {
                    PathElement::new(vec![(x, y), (x + 18, y)], c.stroke_width(2))
                });
        }
        if series.len() > 1 {
            chart
                .configure_series_labels()
                .position(SeriesLabelPosition::UpperRight)
                .background_style(WHITE.mix(0.85))
                .border_style(BLACK)
                .label_font((FONT, 13))
                .draw()
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
    svg((720, 340), |root| {
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
        legend(&mut chart, series, SeriesLabelPosition::UpperRight);
    })
}

/// The share of games in which each event happens, one row per event.
pub fn events(names: &[String], series: &[Series]) -> String {
    let rows = names.len().max(1);
    let height = 70 + 22 * rows as u32;
    let widest = names.iter().map(|n| n.chars().count()).max().unwrap_or(8);
    let label_width = (widest as u32 * 7 + 16).clamp(80, 320);
    svg((720, height), |root| {
        let mut chart = ChartBuilder::on(root)
            .caption(
                "Share of games in which each rule comes into play",
                (FONT, 18),
            )
            .margin(12)
            .x_label_area_size(36)
            .y_label_area_size(label_width)
            .build_cartesian_2d(0.0..1.0, -0.5..rows as f64 - 0.5)
            .expect("drawing to a string");
        let labels = names.to_vec();
        chart
            .configure_mesh()
            .disable_y_mesh()
            .y_labels(rows)
            .y_label_formatter(&|y| {
                let i = y.round();
                if (y - i).abs() < 1e-6 && i >= 0.0 {
                    // Row 0 at the top.
                    labels
                        .get(labels.len().saturating_sub(1 + i as usize))
                        .cloned()
                        .unwrap_or_default()
                } else {
                    String::new()
                }
            })
            .x_label_formatter(&|x| format!("{:.0}%", x * 100.0))
            .label_style((FONT, 12))
            .draw()
            .expect("drawing to a string");
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
        legend(&mut chart, series, SeriesLabelPosition::LowerRight);
    })
}
