//! Print-and-play sheets: A4 pages drawn from the same definitions the engines read (a
//! Triles tile set, a Na orbicie board, Gygès's board and pieces), written as SVG or PDF
//! from one drawing.
//!
//! - Triles: every tile of the set, as many copies as it holds, at a real size (40 mm a
//!   side unless asked otherwise), laid in rows of alternating triangles so that
//!   neighbours share their grey cut lines. A tile shows its terminals as the rules
//!   describe them (arcs between the midpoints of two edges, semicircles as rings,
//!   half-dots filled) in rotation 0, its type letter small near the centre.
//! - Na orbicie: the orbits as rings of fields, the lines between orbits, the centre and
//!   the final orbit (home), and the 13 pawns to cut out.
//! - Gygès: the 6×6 board with its goal edges and twelve pieces (four each of 1, 2 and
//!   3, shown by rings) to cut out.
//!
//! Lengths are in millimetres with y downwards, as in SVG; the PDF writer turns them into
//! points with y upwards. Curves are cubic Béziers in both.

use crate::report::escape;
use std::f64::consts::PI;
use std::fmt::Write as _;

use pdf_writer::{Content, Finish, Name, Pdf, Rect, Ref, Str};
use trio_catalog::{CatalogError, CatalogGame, GameKind, GameSpec};
use trio_triles::{Colour, Kind, TileSet, TileType};

/// A4 in millimetres.
pub const PAGE: (f64, f64) = (210.0, 297.0);
const MARGIN: f64 = 10.0;
/// The default side of a Triles tile.
pub const TILE_SIDE: f64 = 40.0;

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rgb(pub u8, pub u8, pub u8);

const BLACK: Rgb = Rgb(0, 0, 0);
const WHITE: Rgb = Rgb(255, 255, 255);
const CUT: Rgb = Rgb(150, 150, 150);

#[derive(Clone, Copy, Debug, PartialEq)]
struct Style {
    fill: Option<Rgb>,
    stroke: Option<Rgb>,
    /// Stroke width in mm.
    width: f64,
    dashed: bool,
}

impl Style {
    fn stroke(colour: Rgb, width: f64) -> Self {
        Self {
            fill: None,
            stroke: Some(colour),
            width,
            dashed: false,
        }
    }

    fn fill(colour: Rgb) -> Self {
        Self {
            fill: Some(colour),
            stroke: None,
            width: 0.0,
            dashed: false,
        }
    }
}

type P = (f64, f64);

#[derive(Clone, Copy, Debug, PartialEq)]
enum Seg {
    Move(P),
    Line(P),
    Cubic(P, P, P),
    Close,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Anchor {
    Start,
    Middle,
}

#[derive(Clone, Debug, PartialEq)]
enum Shape {
    Path(Vec<Seg>, Style),
    Text {
        at: P,
        /// Font size in mm.
        size: f64,
        text: String,
        anchor: Anchor,
        colour: Rgb,
    },
}

/// One A4 page.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Page {
    shapes: Vec<Shape>,
}

impl Page {
    fn path(&mut self, segs: Vec<Seg>, style: Style) {
        self.shapes.push(Shape::Path(segs, style));
    }

    fn polygon(&mut self, points: &[P], style: Style) {
        let mut segs = vec![Seg::Move(points[0])];
        segs.extend(points[1..].iter().map(|&p| Seg::Line(p)));
        segs.push(Seg::Close);
        self.path(segs, style);
    }

    fn line(&mut self, a: P, b: P, style: Style) {
        self.path(vec![Seg::Move(a), Seg::Line(b)], style);
    }

    fn circle(&mut self, c: P, r: f64, style: Style) {
        let mut segs = vec![Seg::Move((c.0 + r, c.1))];
        segs.extend(arc(c, r, 0.0, 2.0 * PI));
        segs.push(Seg::Close);
        self.path(segs, style);
    }

    fn text(&mut self, at: P, size: f64, text: impl Into<String>, anchor: Anchor) {
        self.shapes.push(Shape::Text {
            at,
            size,
            text: text.into(),
            anchor,
            colour: BLACK,
        });
    }
}

/// Cubic segments along the circle round `c` of radius `r` from angle `a0` to `a1`
/// (radians, y downwards so positive angles turn clockwise on the page), in pieces of at
/// most a quarter turn.
fn arc(c: P, r: f64, a0: f64, a1: f64) -> Vec<Seg> {
    let pieces = ((a1 - a0).abs() / (PI / 2.0)).ceil().max(1.0) as usize;
    let step = (a1 - a0) / pieces as f64;
    let k = 4.0 / 3.0 * (step / 4.0).tan();
    let at = |a: f64| (c.0 + r * a.cos(), c.1 + r * a.sin());
    (0..pieces)
        .map(|i| {
            let (s, e) = (a0 + step * i as f64, a0 + step * (i + 1) as f64);
            let (p0, p3) = (at(s), at(e));
            let p1 = (p0.0 - k * r * s.sin(), p0.1 + k * r * s.cos());
            let p2 = (p3.0 + k * r * e.sin(), p3.1 - k * r * e.cos());
            Seg::Cubic(p1, p2, p3)
        })
        .collect()
}

/// Pages to print, with a title for the document.
#[derive(Clone, Debug, PartialEq)]
pub struct Sheet {
    pub title: String,
    pub pages: Vec<Page>,
}

fn hex(c: Rgb) -> String {
    format!("#{:02x}{:02x}{:02x}", c.0, c.1, c.2)
}

impl Sheet {
    /// Each page as a standalone SVG document, sized in millimetres.
    pub fn svg_pages(&self) -> Vec<String> {
        self.pages
            .iter()
            .map(|page| {
                let mut out = format!(
                    "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}mm\" height=\"{h}mm\" \
                     viewBox=\"0 0 {w} {h}\">\n<title>{}</title>\n\
                     <rect width=\"{w}\" height=\"{h}\" fill=\"#ffffff\"/>\n",
                    escape(&self.title),
                    w = PAGE.0,
                    h = PAGE.1
                );
                for shape in &page.shapes {
                    match shape {
                        Shape::Path(segs, style) => {
                            let mut d = String::new();
                            for seg in segs {
                                let _ = match seg {
                                    Seg::Move(p) => write!(d, "M{:.3} {:.3}", p.0, p.1),
                                    Seg::Line(p) => write!(d, "L{:.3} {:.3}", p.0, p.1),
                                    Seg::Cubic(a, b, p) => write!(
                                        d,
                                        "C{:.3} {:.3} {:.3} {:.3} {:.3} {:.3}",
                                        a.0, a.1, b.0, b.1, p.0, p.1
                                    ),
                                    Seg::Close => write!(d, "Z"),
                                };
                            }
                            let fill = style.fill.map_or("none".to_owned(), hex);
                            let stroke = style.stroke.map_or("none".to_owned(), hex);
                            let dash = if style.dashed {
                                " stroke-dasharray=\"1.5 1\""
                            } else {
                                ""
                            };
                            let _ = writeln!(
                                out,
                                "<path d=\"{d}\" fill=\"{fill}\" stroke=\"{stroke}\" \
                                 stroke-width=\"{:.3}\" stroke-linecap=\"round\"{dash}/>",
                                style.width
                            );
                        }
                        Shape::Text {
                            at,
                            size,
                            text,
                            anchor,
                            colour,
                        } => {
                            let anchor = match anchor {
                                Anchor::Start => "start",
                                Anchor::Middle => "middle",
                            };
                            let _ = writeln!(
                                out,
                                "<text x=\"{:.3}\" y=\"{:.3}\" font-family=\"Helvetica, Arial, \
                                 sans-serif\" font-size=\"{size:.2}\" text-anchor=\"{anchor}\" \
                                 fill=\"{}\">{}</text>",
                                at.0,
                                at.1,
                                hex(*colour),
                                escape(text)
                            );
                        }
                    }
                }
                out.push_str("</svg>\n");
                out
            })
            .collect()
    }

    /// The pages as one PDF document (Helvetica, no fonts embedded).
    pub fn pdf(&self) -> Vec<u8> {
        const PT: f64 = 72.0 / 25.4;
        let y = |mm: f64| ((PAGE.1 - mm) * PT) as f32;
        let x = |mm: f64| (mm * PT) as f32;
        let mut pdf = Pdf::new();
        let catalog = Ref::new(1);
        let tree = Ref::new(2);
        let font = Ref::new(3);
        let info = Ref::new(4);
        let page_ids: Vec<Ref> = (0..self.pages.len())
            .map(|i| Ref::new(10 + 2 * i as i32))
            .collect();
        pdf.catalog(catalog).pages(tree);
        pdf.pages(tree)
            .kids(page_ids.iter().copied())
            .count(self.pages.len() as i32);
        pdf.document_info(info)
            .title(pdf_writer::TextStr(&self.title));
        pdf.type1_font(font)
            .base_font(Name(b"Helvetica"))
            .encoding_predefined(Name(b"WinAnsiEncoding"));
        for (page, &id) in self.pages.iter().zip(&page_ids) {
            let contents = Ref::new(id.get() + 1);
            let mut content = Content::new();
            for shape in &page.shapes {
                match shape {
                    Shape::Path(segs, style) => {
                        content.save_state();
                        if let Some(c) = style.fill {
                            content.set_fill_rgb(rgb(c.0), rgb(c.1), rgb(c.2));
                        }
                        if let Some(c) = style.stroke {
                            content.set_stroke_rgb(rgb(c.0), rgb(c.1), rgb(c.2));
                            content.set_line_width((style.width * PT) as f32);
                            content.set_line_cap(pdf_writer::types::LineCapStyle::RoundCap);
                            if style.dashed {
                                content.set_dash_pattern([(1.5 * PT) as f32, PT as f32], 0.0);
                            }
                        }
                        for seg in segs {
                            match *seg {
                                Seg::Move(p) => content.move_to(x(p.0), y(p.1)),
                                Seg::Line(p) => content.line_to(x(p.0), y(p.1)),
                                Seg::Cubic(a, b, p) => {
                                    content.cubic_to(x(a.0), y(a.1), x(b.0), y(b.1), x(p.0), y(p.1))
                                }
                                Seg::Close => content.close_path(),
                            };
                        }
                        match (style.fill, style.stroke) {
                            (Some(_), Some(_)) => content.fill_nonzero_and_stroke(),
                            (Some(_), None) => content.fill_nonzero(),
                            (None, Some(_)) => content.stroke(),
                            (None, None) => content.end_path(),
                        };
                        content.restore_state();
                    }
                    Shape::Text {
                        at,
                        size,
                        text,
                        anchor,
                        colour,
                    } => {
                        let bytes = win_ansi(text);
                        // Helvetica is about half an em wide a character on average.
                        let width = 0.52 * size * bytes.len() as f64;
                        let left = match anchor {
                            Anchor::Start => at.0,
                            Anchor::Middle => at.0 - width / 2.0,
                        };
                        content.set_fill_rgb(rgb(colour.0), rgb(colour.1), rgb(colour.2));
                        content.begin_text();
                        content.set_font(Name(b"F1"), (size * PT) as f32);
                        content.set_text_matrix([1.0, 0.0, 0.0, 1.0, x(left), y(at.1)]);
                        content.show(Str(&bytes));
                        content.end_text();
                    }
                }
            }
            let mut p = pdf.page(id);
            p.media_box(Rect::new(0.0, 0.0, x(PAGE.0), (PAGE.1 * PT) as f32));
            p.parent(tree);
            p.contents(contents);
            p.resources().fonts().pair(Name(b"F1"), font);
            p.finish();
            pdf.stream(contents, &content.finish());
        }
        pdf.finish()
    }
}

fn rgb(c: u8) -> f32 {
    f32::from(c) / 255.0
}

/// `text` in the PDF's WinAnsi encoding: Latin-1 letters as themselves, others as `?`.
fn win_ansi(text: &str) -> Vec<u8> {
    text.chars()
        .map(|c| match c {
            '–' | '—' => b'-',
            c if (c as u32) < 256 && !c.is_control() => c as u8,
            _ => b'?',
        })
        .collect()
}

/// Why a sheet could not be drawn.
#[derive(Clone, Debug, thiserror::Error)]
pub enum PrintError {
    #[error("cannot set up {spec}: {error}")]
    Game {
        spec: GameSpec,
        error: Box<CatalogError>,
    },
    #[error("a tile side of {0} mm will not print well: choose 10 to 90")]
    TileSide(f64),
}

/// The sheet of the game `spec` names, read from the definitions its options name.
/// `tile_side` (mm) sizes Triles tiles.
pub fn sheet(spec: &GameSpec, tile_side: f64) -> Result<Sheet, PrintError> {
    let fail = |error| PrintError::Game {
        spec: spec.clone(),
        error: Box::new(error),
    };
    match spec.kind {
        GameKind::Triles => {
            if !(10.0..=90.0).contains(&tile_side) {
                return Err(PrintError::TileSide(tile_side));
            }
            let game = trio_triles::Triles::from_spec_files(spec).map_err(fail)?;
            Ok(triles(spec, game.tile_set(), tile_side))
        }
        GameKind::Orbit => {
            let game = trio_orbit::Orbit::from_spec_files(spec).map_err(fail)?;
            Ok(orbit(spec, game.board()))
        }
        GameKind::Gyges => Ok(gyges(spec)),
    }
}

/// A page with the sheet's heading.
fn titled(title: &str, note: &str) -> Page {
    let mut page = Page::default();
    page.text((MARGIN, MARGIN + 4.0), 5.0, title, Anchor::Start);
    page.text((MARGIN, MARGIN + 9.5), 3.0, note, Anchor::Start);
    page
}

/// Every tile of `set`, its copies included, in rows of alternating up and down
/// triangles.
fn triles(spec: &GameSpec, set: &TileSet, side: f64) -> Sheet {
    let height = side * 3f64.sqrt() / 2.0;
    let top = MARGIN + 14.0;
    let per_row = (2.0 * (PAGE.0 - 2.0 * MARGIN) / side - 1.0)
        .floor()
        .max(1.0) as usize;
    let rows = ((PAGE.1 - top - MARGIN) / height).floor().max(1.0) as usize;
    let tiles: Vec<&TileType> = set
        .types()
        .iter()
        .flat_map(|t| std::iter::repeat_n(t, usize::from(t.copies())))
        .collect();
    let title = format!("Triles — {spec}: {} tiles", tiles.len());
    let note = format!(
        "{} mm a side. Cut along the grey lines; print on card. Tiles turn but do not flip.",
        side
    );
    let mut pages = Vec::new();
    for chunk in tiles.chunks(per_row * rows) {
        let mut page = titled(&title, &note);
        for (i, tile) in chunk.iter().enumerate() {
            let (row, col) = (i / per_row, i % per_row);
            let left = MARGIN + col as f64 * side / 2.0;
            let y0 = top + row as f64 * height;
            // Alternate up and down so that neighbours share an edge; clockwise corners.
            let up = (row + col) % 2 == 0;
            let corners = if up {
                [
                    (left, y0 + height),
                    (left + side / 2.0, y0),
                    (left + side, y0 + height),
                ]
            } else {
                [
                    (left + side, y0),
                    (left + side / 2.0, y0 + height),
                    (left, y0),
                ]
            };
            draw_tile(&mut page, tile, set.terminals_per_edge(), corners, side);
        }
        pages.push(page);
    }
    Sheet { title, pages }
}

/// One tile in rotation 0 on the triangle with clockwise `corners`: terminal `j` lies on
/// edge `j div k` (from corner `e` to corner `e + 1`) at slot `j mod k`.
fn draw_tile(page: &mut Page, tile: &TileType, k: usize, corners: [P; 3], side: f64) {
    let centre = (
        (corners[0].0 + corners[1].0 + corners[2].0) / 3.0,
        (corners[0].1 + corners[1].1 + corners[2].1) / 3.0,
    );
    page.polygon(&corners, Style::fill(Rgb(176, 168, 150)));
    let line = side * 0.07;
    let colour = |c: Colour| match c {
        Colour::Black => BLACK,
        Colour::White => WHITE,
    };
    // Where terminal j touches its edge.
    let spot = |j: usize| {
        let (e, s) = (j / k, j % k);
        let (a, b) = (corners[e], corners[(e + 1) % 3]);
        let t = (s as f64 + 1.0) / (k as f64 + 1.0);
        (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t)
    };
    let towards = |p: P, q: P, d: f64| {
        let (dx, dy) = (q.0 - p.0, q.1 - p.1);
        let len = (dx * dx + dy * dy).sqrt().max(1e-9);
        (p.0 + dx / len * d, p.1 + dy / len * d)
    };
    for &[a, b] in tile.arcs() {
        let (a, b) = (usize::from(a), usize::from(b));
        let c = colour(tile.terminals()[a].colour);
        let (pa, pb) = (spot(a), spot(b));
        let (ea, eb) = (a / k, b / k);
        let segs = if k == 1 && ea != eb {
            // Two edge midpoints are half a side from the corner between their edges: a
            // circular arc round that corner.
            let corner = if (ea + 1) % 3 == eb {
                corners[eb]
            } else {
                corners[ea]
            };
            let r = side / 2.0;
            let angle = |p: P| (p.1 - corner.1).atan2(p.0 - corner.0);
            let (s, mut e) = (angle(pa), angle(pb));
            // The short way round.
            while e - angle(pa) > PI {
                e -= 2.0 * PI;
            }
            while e - angle(pa) < -PI {
                e += 2.0 * PI;
            }
            let mut segs = vec![Seg::Move(pa)];
            segs.extend(arc(corner, r, s, e));
            segs
        } else {
            let depth = side * 0.3;
            vec![
                Seg::Move(pa),
                Seg::Cubic(towards(pa, centre, depth), towards(pb, centre, depth), pb),
            ]
        };
        page.path(segs, Style::stroke(c, line));
    }
    let cap = side / (6.0 * k as f64 + 2.0);
    for (j, t) in tile.terminals().iter().enumerate() {
        let p = spot(j);
        let e = j / k;
        let (a, b) = (corners[e], corners[(e + 1) % 3]);
        let angle = (b.1 - a.1).atan2(b.0 - a.0);
        // The inward half: clockwise corners put the inside to the right of a → b, which
        // with y downwards is the half-turn from `angle` to `angle + π`.
        match t.kind {
            Kind::Arc => {}
            Kind::Semicircle => {
                let r = cap - line / 2.0;
                let mut segs = vec![Seg::Move((p.0 + r * angle.cos(), p.1 + r * angle.sin()))];
                segs.extend(arc(p, r, angle, angle + PI));
                page.path(segs, Style::stroke(colour(t.colour), line));
            }
            Kind::HalfDot => {
                let mut segs = vec![Seg::Move((
                    p.0 + cap * angle.cos(),
                    p.1 + cap * angle.sin(),
                ))];
                segs.extend(arc(p, cap, angle, angle + PI));
                segs.push(Seg::Close);
                page.path(segs, Style::fill(colour(t.colour)));
            }
        }
    }
    // The type letter just below the centre, clear of arcs round the corners.
    let size = side * 0.075;
    let bottom = (
        (corners[2].0 + corners[0].0) / 2.0,
        (corners[2].1 + corners[0].1) / 2.0,
    );
    let at = towards(centre, bottom, side * 0.03);
    page.text(
        (at.0, at.1 + size * 0.35),
        size,
        tile.name(),
        Anchor::Middle,
    );
    page.polygon(&corners, Style::stroke(CUT, 0.2));
}

/// The board as rings of fields round the centre, lines between orbits, home outside.
fn orbit(spec: &GameSpec, board: &trio_orbit::Board) -> Sheet {
    use trio_orbit::{Coord, Field};
    let title = format!("Na orbicie — {spec}: board \"{}\"", board.name());
    let note = "Fields are numbered orbit.field; a line joins fields of neighbouring orbits. \
                The outermost orbit is home. Pawns to cut out below.";
    let mut page = titled(&title, note);
    let orbits = board.orbits();
    let centre = (PAGE.0 / 2.0, MARGIN + 14.0 + 95.0);
    let radius =
        |k: usize| 14.0 + (k as f64 - 1.0) * (95.0 - 14.0 - 5.0) / (orbits - 1).max(1) as f64;
    let place = |f: Field| {
        let c = board.coord(f);
        let n = board.fields_on(usize::from(c.orbit)) as f64;
        let a = -PI / 2.0 + 2.0 * PI * f64::from(c.field) / n;
        let r = radius(usize::from(c.orbit));
        (centre.0 + r * a.cos(), centre.1 + r * a.sin())
    };
    let field = |orbit: usize, i: usize| {
        board
            .field(Coord {
                orbit: orbit as u8,
                field: i as u8,
            })
            .expect("a field of the board")
    };
    page.circle(
        centre,
        9.0,
        Style {
            fill: Some(Rgb(235, 235, 235)),
            stroke: Some(BLACK),
            width: 0.4,
            dashed: false,
        },
    );
    page.text((centre.0, centre.1 + 1.5), 4.0, "centre", Anchor::Middle);
    // Lines between orbits first, then each orbit's ring, then the fields on top.
    for &(a, b) in board.lines() {
        page.line(place(a), place(b), Style::stroke(Rgb(90, 90, 90), 0.6));
    }
    for k in 1..=orbits {
        let n = board.fields_on(k);
        let r = radius(k);
        for i in 0..n {
            let (f, g) = (field(k, i), field(k, (i + 1) % n));
            if n > 1 && board.neighbours(f).contains(&g) {
                let step = 2.0 * PI / n as f64;
                let a = -PI / 2.0 + step * i as f64;
                let mut segs = vec![Seg::Move(place(f))];
                segs.extend(arc(centre, r, a, a + step));
                page.path(segs, Style::stroke(Rgb(120, 120, 120), 0.5));
            }
        }
    }
    let spacing = (1..=orbits)
        .map(|k| 2.0 * PI * radius(k) / board.fields_on(k).max(1) as f64)
        .fold(f64::INFINITY, f64::min);
    let dot = (spacing * 0.32).clamp(1.5, 4.0);
    for k in 1..=orbits {
        let home = k == board.final_orbit();
        for i in 0..board.fields_on(k) {
            let p = place(field(k, i));
            page.circle(
                p,
                dot,
                Style {
                    fill: Some(if home { Rgb(255, 236, 179) } else { WHITE }),
                    stroke: Some(BLACK),
                    width: 0.35,
                    dashed: false,
                },
            );
            page.text(
                (p.0, p.1 + dot * 0.3),
                dot * 0.62,
                format!("{k}.{i}"),
                Anchor::Middle,
            );
        }
    }
    page.text(
        (centre.0, centre.1 - radius(orbits) - 5.5),
        3.5,
        format!("orbit {orbits}: home"),
        Anchor::Middle,
    );
    // The pawns: 4 red, 4 green, 3 blue, 2 yellow.
    let pawns = [
        (Rgb(214, 39, 40), 4),
        (Rgb(44, 160, 44), 4),
        (Rgb(31, 119, 180), 3),
        (Rgb(240, 200, 30), 2),
    ];
    let y = centre.1 + 95.0 + 14.0;
    let mut x = MARGIN + 8.0;
    for (colour, n) in pawns {
        for _ in 0..n {
            page.circle(
                (x, y),
                6.0,
                Style {
                    fill: Some(colour),
                    stroke: Some(CUT),
                    width: 0.3,
                    dashed: false,
                },
            );
            x += 14.5;
        }
    }
    page.text((MARGIN, y + 12.0), 3.0, "13 pawns: 4 red, 4 green, 3 blue, 2 yellow (2 players use red and green, 3 add blue, 4 add yellow). A six-sided die is needed.", Anchor::Start);
    Sheet {
        title,
        pages: vec![page],
    }
}

/// The 6×6 board with both goal edges, and the twelve pieces.
fn gyges(spec: &GameSpec) -> Sheet {
    let title = format!("Gygès — {spec}");
    let note = "Pieces belong to nobody: each player brings two of each value (1, 2, 3 rings). \
                Leave the board across the opponent's edge to win.";
    let mut page = titled(&title, note);
    let square = 26.0;
    let left = (PAGE.0 - 6.0 * square) / 2.0;
    let top = MARGIN + 30.0;
    page.text(
        (PAGE.0 / 2.0, top - 6.0),
        4.5,
        "North's home row — South's goal: leave the board here",
        Anchor::Middle,
    );
    page.text(
        (PAGE.0 / 2.0, top + 6.0 * square + 10.0),
        4.5,
        "South's home row — North's goal: leave the board here",
        Anchor::Middle,
    );
    for r in 0..6 {
        for f in 0..6 {
            let (x, y) = (left + f as f64 * square, top + r as f64 * square);
            let shade = if (r + f) % 2 == 0 {
                Rgb(240, 232, 210)
            } else {
                Rgb(205, 190, 160)
            };
            page.polygon(
                &[
                    (x, y),
                    (x + square, y),
                    (x + square, y + square),
                    (x, y + square),
                ],
                Style {
                    fill: Some(shade),
                    stroke: Some(BLACK),
                    width: 0.3,
                    dashed: false,
                },
            );
        }
    }
    for i in 0..6 {
        let file = char::from(b'a' + i as u8).to_string();
        page.text(
            (left + (i as f64 + 0.5) * square, top + 6.0 * square + 4.5),
            3.5,
            file,
            Anchor::Middle,
        );
        page.text(
            (left - 4.0, top + (5.5 - i as f64) * square + 1.2),
            3.5,
            (i + 1).to_string(),
            Anchor::Middle,
        );
    }
    page.polygon(
        &[
            (left, top),
            (left + 6.0 * square, top),
            (left + 6.0 * square, top + 6.0 * square),
            (left, top + 6.0 * square),
        ],
        Style::stroke(BLACK, 1.0),
    );
    // Twelve pieces, four of each value, rings for the value.
    let y = top + 6.0 * square + 28.0;
    let r = 11.0;
    for i in 0..12 {
        let value = 1 + i / 4;
        let (row, col) = (i / 6, i % 6);
        let c = (
            left + (col as f64 + 0.5) * square,
            y + row as f64 * (2.0 * r + 4.0),
        );
        page.circle(
            c,
            r,
            Style {
                fill: Some(Rgb(250, 250, 250)),
                stroke: Some(CUT),
                width: 0.3,
                dashed: false,
            },
        );
        for ring in 0..value {
            page.circle(c, 3.0 + 2.6 * ring as f64, Style::stroke(BLACK, 0.9));
        }
    }
    Sheet {
        title,
        pages: vec![page],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_set_fits_one_page_at_forty_millimetres() {
        let sheet = sheet(&"triles".parse().unwrap(), TILE_SIDE).unwrap();
        assert_eq!(sheet.pages.len(), 1);
        assert!(sheet.title.contains("52 tiles"));
        let small = sheet_of_side(80.0);
        assert!(small.pages.len() > 1, "80 mm tiles need several pages");
    }

    fn sheet_of_side(side: f64) -> Sheet {
        sheet(&"triles".parse().unwrap(), side).unwrap()
    }

    #[test]
    fn quarter_arcs_end_where_they_should() {
        let segs = arc((0.0, 0.0), 2.0, 0.0, PI / 2.0);
        let Seg::Cubic(_, _, end) = segs[0] else {
            panic!("{segs:?}")
        };
        assert!((end.0).abs() < 1e-9 && (end.1 - 2.0).abs() < 1e-9);
    }

    #[test]
    fn pdf_has_a_page_per_sheet_page() {
        let sheet = sheet_of_side(80.0);
        let pdf = sheet.pdf();
        assert!(pdf.starts_with(b"%PDF-"));
        let text = String::from_utf8_lossy(&pdf);
        assert_eq!(
            text.matches("/Type /Page\n").count()
                + text.matches("/Type /Page ").count()
                + text.matches("/Type /Page>").count(),
            sheet.pages.len()
        );
    }
}
