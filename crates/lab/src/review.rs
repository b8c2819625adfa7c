//! A reviewed game as a self-contained HTML page: each seat's value over the game as an
//! SVG line, the labelled moves and the luckiest events marked on it, then the tables of
//! `trio analyse`.

use plotters::prelude::*;
use trio_ai::review::{Label, Review};

use crate::plot::{colour, svg, FONT};
use crate::report::escape;

/// The graph of each seat's expected score after every step of `review`.
pub fn value_graph(review: &Review, names: &[String]) -> String {
    let steps = review.steps.len().max(1) as f64;
    svg((760, 340), |root| {
        let mut chart = ChartBuilder::on(root)
            .caption("Expected score after each action", (FONT, 18))
            .margin(12)
            .x_label_area_size(40)
            .y_label_area_size(52)
            .build_cartesian_2d(0.0..steps, 0.0..1.0)
            .expect("drawing to a string");
        chart
            .configure_mesh()
            .x_desc("action")
            .x_label_formatter(&|x| format!("{x:.0}"))
            .y_desc("expected score")
            .y_label_formatter(&|y| format!("{y:.1}"))
            .label_style((FONT, 13))
            .draw()
            .expect("drawing to a string");
        for (seat, name) in names.iter().enumerate() {
            let c = colour(seat);
            let start = review.seats.get(seat).map_or(0.5, |s| s.start);
            let points = std::iter::once((0.0, start)).chain(
                review
                    .steps
                    .iter()
                    .enumerate()
                    .map(|(i, s)| ((i + 1) as f64, s.after[seat])),
            );
            // The residual in the legend: what of this line the judge could not explain.
            let label = review.seats.get(seat).map_or(name.clone(), |s| {
                format!("{name} (unexplained {:+.2})", s.residual)
            });
            chart
                .draw_series(LineSeries::new(points, c.stroke_width(2)))
                .expect("drawing to a string")
                .label(label)
                .legend(move |(x, y)| {
                    PathElement::new(vec![(x, y), (x + 18, y)], c.stroke_width(2))
                });
            // Mistakes and blunders as dots on the mover's line.
            let marks = review.steps.iter().enumerate().filter(|(_, s)| {
                s.seat == Some(seat as u8) && s.label.is_some_and(|l| l >= Label::Mistake)
            });
            chart
                .draw_series(
                    marks.map(|(i, s)| Circle::new(((i + 1) as f64, s.after[seat]), 4, c.filled())),
                )
                .expect("drawing to a string");
        }
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::LowerLeft)
            .background_style(WHITE.mix(0.85))
            .border_style(BLACK)
            .label_font((FONT, 13))
            .draw()
            .expect("drawing to a string");
    })
}

/// The whole page: the graph and `trio analyse`'s tables under it.
pub fn html(title: &str, review: &Review, names: &[String], tables: &str) -> String {
    format!(
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>{title}</title><style>body{{font-family:sans-serif;max-width:62rem;margin:1rem auto;padding:0 1rem}}\
         svg{{max-width:100%;height:auto}}pre{{overflow-x:auto;font-size:.85rem}}</style></head>\
         <body><h1>{title}</h1><p>Judged by {judge}. Dots mark mistakes and blunders \
         (docs/review.md).</p>\n{graph}\n<pre>{tables}</pre></body></html>\n",
        title = escape(title),
        judge = escape(&review.judge),
        graph = value_graph(review, names),
        tables = escape(tables),
    )
}
