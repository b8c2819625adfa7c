//! Print-and-play sheets: A4 pages drawn from the same definitions the engines read (a
//! Triles tile set, a Na orbicie board, Gygès's board and pieces), written as SVG or PDF
//! from one drawing.
//!
//! - Triles: every tile of the set, as many copies as it holds, at a real size (40 mm a
//!   side unless asked otherwise), laid in rows of alternating triangles so that
//!   neighbours share their dark cut lines. A tile shows its terminals as the rules
//!   describe them (arcs between the midpoints of two edges, semicircles as rings,
//!   half-dots filled) in rotation 0, its type letter small near the centre. Marks meet
//!   the edge square-ended and at right angles, so none reaches over the cut into the
//!   neighbour. [`Ink::Outline`] leaves the tiles white and outlines the white marks.
//! - Na orbicie: the orbits as rings of fields sized so that a pawn fits on one (orbit 1
//!   holds up to 12), labels at 6 pt or more, the lines between orbits, the centre and the
//!   final orbit (home), and the 13 pawns to cut out, as large as a field.
//! - Gygès: the 6×6 board with its goal edges and twelve pieces (four each of 1, 2 and
//!   3, shown by rings) to cut out.
//!
//! Lengths are in millimetres with y downwards, as in SVG; the PDF writer turns them into
//! points with y upwards. Curves are cubic Béziers in both. A title names a definition
//! file by its file name, not the path it was read from.

use crate::report::escape;
use std::f64::consts::PI;
use std::fmt::Write as _;
use std::path::Path;

use pdf_writer::{Content, Finish, Name, Pdf, Rect, Ref, Str};
use trio_catalog::{CatalogError, CatalogGame, GameKind, GameSpec};
use trio_core::options::OptionKind;
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
/// Cut lines: dark enough to follow with scissors on the tan tiles.
const CUT: Rgb = Rgb(45, 40, 35);
/// The tiles' tan, between the black and the white marks.
const TAN: Rgb = Rgb(176, 168, 150);
/// The smallest text printed, 6 pt in millimetres: smaller is hard to read.
pub const MIN_TEXT: f64 = 6.0 * 25.4 / 72.0;

/// How much ink a sheet takes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Ink {
    /// Tiles and boards filled in.
    #[default]
    Full,
    /// Outlines only: white tiles with the white marks outlined, unshaded boards.
    Outline,
}

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
                                 stroke-width=\"{:.3}\"{dash}/>",
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

    /// The pages as one PDF document (Helvetica, no fonts embedded, WinAnsi text).
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

/// `text` in the PDF's WinAnsi encoding (Windows-1252, which Helvetica's glyphs cover):
/// Latin-1 letters as themselves, dashes, quotes and the like at their 0x80–0x9F
/// places, others as `?`.
fn win_ansi(text: &str) -> Vec<u8> {
    text.chars()
        .map(|c| match c {
            '–' => 0x96,
            '—' => 0x97,
            '‘' => 0x91,
            '’' => 0x92,
            '“' => 0x93,
            '”' => 0x94,
            '•' => 0x95,
            '…' => 0x85,
            '×' => 0xD7,
            c if (c as u32) < 0x80 && !c.is_control() => c as u8,
            c if (0xA0..0x100).contains(&(c as u32)) => c as u8,
            _ => b'?',
        })
        .collect()
}

/// `spec` as a title shows it: a definition file by its file name, not its whole path.
fn shown(spec: &GameSpec) -> String {
    let mut shown = spec.clone();
    for decl in spec.kind.info().options {
        let Some(value) = spec.option(decl.name) else {
            continue;
        };
        if !matches!(decl.kind, OptionKind::File { .. }) {
            continue;
        }
        let name = Path::new(value).file_name().and_then(|n| n.to_str());
        if let Some(short) = name.and_then(|n| shown.clone().with(decl.name, n).ok()) {
            shown = short;
        }
    }
    shown.to_string()
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
/// `tile_side` (mm) sizes Triles tiles; `ink` says whether to fill them in.
pub fn sheet(spec: &GameSpec, tile_side: f64, ink: Ink) -> Result<Sheet, PrintError> {
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
            Ok(triles(spec, game.tile_set(), tile_side, ink))
        }
        GameKind::Orbit => {
            let game = trio_orbit::Orbit::from_spec_files(spec).map_err(fail)?;
            Ok(orbit(spec, game.board(), ink))
        }
        GameKind::Gyges => Ok(gyges(spec, ink)),
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
fn triles(spec: &GameSpec, set: &TileSet, side: f64, ink: Ink) -> Sheet {
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
    let title = format!("Triles — {}: {} tiles", shown(spec), tiles.len());
    let note = format!(
        "{} mm a side. Cut along the dark lines; print on card. Tiles turn but do not flip.",
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
            draw_tile(
                &mut page,
                tile,
                set.terminals_per_edge(),
                corners,
                side,
                ink,
            );
        }
        pages.push(page);
    }
    Sheet { title, pages }
}

/// One tile in rotation 0 on the triangle with clockwise `corners`: terminal `j` lies on
/// edge `j div k` (from corner `e` to corner `e + 1`) at slot `j mod k`. Every mark
/// leaves its edge at right angles with a square end, so it stops at the cut.
fn draw_tile(page: &mut Page, tile: &TileType, k: usize, corners: [P; 3], side: f64, ink: Ink) {
    let centre = (
        (corners[0].0 + corners[1].0 + corners[2].0) / 3.0,
        (corners[0].1 + corners[1].1 + corners[2].1) / 3.0,
    );
    if ink == Ink::Full {
        page.polygon(&corners, Style::fill(TAN));
    }
    let line = side * 0.07;
    let colour = |c: Colour| match c {
        Colour::Black => BLACK,
        Colour::White => WHITE,
    };
    // A stroke in colour `c`; on a white tile a white one is drawn as a black casing
    // with white inside, so that it shows.
    let stroke = |page: &mut Page, segs: Vec<Seg>, c: Colour| {
        if ink == Ink::Outline && c == Colour::White {
            page.path(segs.clone(), Style::stroke(BLACK, line));
            page.path(segs, Style::stroke(WHITE, line * 0.6));
        } else {
            page.path(segs, Style::stroke(colour(c), line));
        }
    };
    // The inward normal of edge `e`: clockwise corners with y downwards put the inside to
    // the right of a → b.
    let inward = |e: usize| {
        let (a, b) = (corners[e], corners[(e + 1) % 3]);
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let len = (dx * dx + dy * dy).sqrt().max(1e-9);
        (-dy / len, dx / len)
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
        let c = tile.terminals()[a].colour;
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
            // Leaving each edge along its inward normal: at right angles to the cut.
            let depth = side * 0.3;
            let (na, nb) = (inward(ea), inward(eb));
            vec![
                Seg::Move(pa),
                Seg::Cubic(
                    (pa.0 + na.0 * depth, pa.1 + na.1 * depth),
                    (pb.0 + nb.0 * depth, pb.1 + nb.1 * depth),
                    pb,
                ),
            ]
        };
        stroke(page, segs, c);
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
                stroke(page, segs, t.colour);
            }
            Kind::HalfDot => {
                let mut segs = vec![Seg::Move((
                    p.0 + cap * angle.cos(),
                    p.1 + cap * angle.sin(),
                ))];
                segs.extend(arc(p, cap, angle, angle + PI));
                if ink == Ink::Outline && t.colour == Colour::White {
                    // The round side outlined only: a line along the straight side would
                    // lie on the cut.
                    page.path(segs, Style::stroke(BLACK, line * 0.25));
                } else {
                    segs.push(Seg::Close);
                    page.path(segs, Style::fill(colour(t.colour)));
                }
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
    page.polygon(&corners, Style::stroke(CUT, 0.3));
}

/// Where the rings of a Na orbicie board go: orbit `k` at `radius(k)` mm from the
/// centre, each field a circle of `field` mm across, as large as the board allows up to
/// [`Ring::LARGEST`] (a pawn is as large as a field, so it fits on one).
#[derive(Clone, Copy, Debug, PartialEq)]
struct Rings {
    inner: f64,
    step: f64,
    field: f64,
}

impl Rings {
    /// The outermost ring's radius: the board fills the page's width.
    const OUTER: f64 = 88.0;
    const LARGEST: f64 = 10.0;
    const SMALLEST: f64 = 6.0;
    /// A field's share of the distance to its neighbours, the rest a gap.
    const FILL: f64 = 0.8;

    /// The largest fields (in half-millimetre steps) for which every orbit's fields and
    /// the gaps between orbits leave room.
    fn fit(board: &trio_orbit::Board) -> Self {
        let orbits = board.orbits();
        let rings = |field: f64| {
            let inner = (board.fields_on(1) as f64 * field / (Self::FILL * 2.0 * PI)).max(12.0);
            let step = (Self::OUTER - inner) / (orbits - 1).max(1) as f64;
            Self { inner, step, field }
        };
        let fits = |r: &Self| {
            (orbits == 1 || r.step * Self::FILL >= r.field)
                && (1..=orbits).all(|k| {
                    let n = board.fields_on(k) as f64;
                    n < 2.0 || 2.0 * PI * r.radius(k) / n * Self::FILL >= r.field
                })
        };
        let steps = ((Self::LARGEST - Self::SMALLEST) * 2.0) as u32;
        (0..=steps)
            .map(|i| rings(Self::LARGEST - f64::from(i) / 2.0))
            .find(fits)
            .unwrap_or_else(|| rings(Self::SMALLEST))
    }

    fn radius(&self, k: usize) -> f64 {
        self.inner + (k as f64 - 1.0) * self.step
    }

    /// The font size of a field's label `text`, to fit inside the field but never below
    /// [`MIN_TEXT`].
    fn label(&self, text: &str) -> f64 {
        // Helvetica's digits and point are about 0.55 em wide.
        (self.field * 0.8 / (0.55 * text.len() as f64)).clamp(MIN_TEXT, 3.5)
    }

    /// A pawn's radius: a field's, less a hair so that it sits inside the ring drawn.
    fn pawn(&self) -> f64 {
        self.field / 2.0 - 0.3
    }
}

/// The board as rings of fields round the centre, lines between orbits, home outside.
fn orbit(spec: &GameSpec, board: &trio_orbit::Board, ink: Ink) -> Sheet {
    use trio_orbit::{Coord, Field};
    let title = format!("Na orbicie — {}: board \"{}\"", shown(spec), board.name());
    let note = "Fields are numbered orbit.field; a line joins fields of neighbouring orbits. \
                The outermost orbit is home. Pawns to cut out below.";
    let mut page = titled(&title, note);
    let orbits = board.orbits();
    let rings = Rings::fit(board);
    let centre = (PAGE.0 / 2.0, MARGIN + 14.0 + 95.0);
    let place = |f: Field| {
        let c = board.coord(f);
        let n = board.fields_on(usize::from(c.orbit)) as f64;
        let a = -PI / 2.0 + 2.0 * PI * f64::from(c.field) / n;
        let r = rings.radius(usize::from(c.orbit));
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
    let shade = |c: Rgb| (ink == Ink::Full).then_some(c).or(Some(WHITE));
    page.circle(
        centre,
        (rings.inner - rings.field).max(7.0),
        Style {
            fill: shade(Rgb(235, 235, 235)),
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
        let r = rings.radius(k);
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
    let dot = rings.field / 2.0;
    for k in 1..=orbits {
        let home = k == board.final_orbit();
        for i in 0..board.fields_on(k) {
            let p = place(field(k, i));
            page.circle(
                p,
                dot,
                Style {
                    fill: if home {
                        shade(Rgb(255, 236, 179))
                    } else {
                        Some(WHITE)
                    },
                    stroke: Some(BLACK),
                    width: if home && ink == Ink::Outline {
                        0.7
                    } else {
                        0.35
                    },
                    dashed: false,
                },
            );
            let label = format!("{k}.{i}");
            let size = rings.label(&label);
            page.text((p.0, p.1 + size * 0.35), size, label, Anchor::Middle);
        }
    }
    page.text(
        (centre.0, centre.1 - rings.radius(orbits) - dot - 2.5),
        3.5,
        format!("orbit {orbits}: home"),
        Anchor::Middle,
    );
    // The pawns, as large as a field: 4 red, 4 green, 3 blue, 2 yellow.
    let pawns = [
        (Rgb(214, 39, 40), 4),
        (Rgb(44, 160, 44), 4),
        (Rgb(31, 119, 180), 3),
        (Rgb(240, 200, 30), 2),
    ];
    let r = rings.pawn();
    let y = centre.1 + Rings::OUTER + dot + 12.0 + r;
    let mut x = MARGIN + 4.0 + r;
    for (colour, n) in pawns {
        for _ in 0..n {
            page.circle(
                (x, y),
                r,
                Style {
                    fill: Some(colour),
                    stroke: Some(CUT),
                    width: 0.3,
                    dashed: false,
                },
            );
            x += 2.0 * r + 4.0;
        }
    }
    page.text((MARGIN, y + r + 7.0), 3.0, "13 pawns: 4 red, 4 green, 3 blue, 2 yellow (2 players use red and green, 3 add blue, 4 add yellow). A six-sided die is needed.", Anchor::Start);
    Sheet {
        title,
        pages: vec![page],
    }
}

/// The 6×6 board with both goal edges, and the twelve pieces.
fn gyges(spec: &GameSpec, ink: Ink) -> Sheet {
    let title = format!("Gygès — {}", shown(spec));
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
            let shade = match (ink, (r + f) % 2 == 0) {
                (Ink::Outline, _) => WHITE,
                (Ink::Full, true) => Rgb(240, 232, 210),
                (Ink::Full, false) => Rgb(205, 190, 160),
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
        let sheet = sheet(&"triles".parse().unwrap(), TILE_SIDE, Ink::Full).unwrap();
        assert_eq!(sheet.pages.len(), 1);
        assert!(sheet.title.contains("52 tiles"));
        let small = sheet_of_side(80.0);
        assert!(small.pages.len() > 1, "80 mm tiles need several pages");
    }

    fn sheet_of_side(side: f64) -> Sheet {
        sheet(&"triles".parse().unwrap(), side, Ink::Full).unwrap()
    }

    #[test]
    fn quarter_arcs_end_where_they_should() {
        let segs = arc((0.0, 0.0), 2.0, 0.0, PI / 2.0);
        let Seg::Cubic(_, _, end) = segs[0] else {
            panic!("{segs:?}")
        };
        assert!((end.0).abs() < 1e-9 && (end.1 - 2.0).abs() < 1e-9);
    }

    fn texts(sheet: &Sheet) -> impl Iterator<Item = (f64, &str)> {
        sheet
            .pages
            .iter()
            .flat_map(|p| &p.shapes)
            .filter_map(|s| match s {
                Shape::Text { size, text, .. } => Some((*size, text.as_str())),
                Shape::Path(..) => None,
            })
    }

    fn orbit_sheet(text: &str) -> (Sheet, Rings) {
        let spec: GameSpec = text.parse().unwrap();
        let game = trio_orbit::Orbit::from_spec_files(&spec).unwrap();
        (
            sheet(&spec, TILE_SIDE, Ink::Full).unwrap(),
            Rings::fit(game.board()),
        )
    }

    #[test]
    fn orbit_pawns_fit_the_fields_and_labels_are_legible() {
        for text in ["orbit", "orbit(board=../orbit/tests/boards/funnel.toml)"] {
            let (sheet, rings) = orbit_sheet(text);
            // The classic board's orbit 1 holds 12 pawns, one a field.
            assert!(rings.pawn() < rings.field / 2.0, "{text}: {rings:?}");
            assert!(rings.field >= 8.0, "{text}: fields {} mm", rings.field);
            for (size, t) in texts(&sheet) {
                assert!(size >= MIN_TEXT - 1e-9, "{text}: {t:?} at {size} mm");
            }
            // Every field label fits inside its field.
            for (size, t) in texts(&sheet).filter(|(_, t)| t.contains('.') && t.len() <= 5) {
                assert!(0.55 * size * t.len() as f64 <= rings.field, "{t} at {size}");
            }
        }
    }

    #[test]
    fn titles_name_a_file_not_its_path_and_keep_their_dashes() {
        let (sheet, _) = orbit_sheet("orbit(board=../orbit/tests/boards/funnel.toml)");
        assert!(
            sheet.title.contains("orbit(board=funnel.toml)"),
            "{}",
            sheet.title
        );
        assert!(!sheet.title.contains("tests/boards"), "{}", sheet.title);
        // The heading in the PDF is WinAnsi, where the em dash is 0x97.
        assert_eq!(win_ansi("a — b – c"), b"a \x97 b \x96 c");
        assert_eq!(win_ansi("Gygès ł"), b"Gyg\xe8s ?");
        // pdf-writer writes text as hex: " — " is 20 97 20; the document's title is
        // UTF-16, where the dash is 2014.
        let pdf = String::from_utf8_lossy(&sheet.pdf()).into_owned();
        assert!(pdf.contains("636965209720"), "the heading keeps its dash");
        assert!(pdf.contains("0020201400"), "the title keeps its dash");
    }

    #[test]
    fn triles_cuts_contrast_and_outlines_save_ink() {
        let spec: GameSpec = "triles".parse().unwrap();
        let full = sheet(&spec, TILE_SIDE, Ink::Full).unwrap();
        let outline = sheet(&spec, TILE_SIDE, Ink::Outline).unwrap();
        let paths = |s: &Sheet| -> Vec<Style> {
            s.pages[0]
                .shapes
                .iter()
                .filter_map(|s| match s {
                    Shape::Path(_, style) => Some(*style),
                    Shape::Text { .. } => None,
                })
                .collect()
        };
        // Luminance contrast of the cut lines against the tan: at least 4.5 (WCAG's
        // bar for text).
        let lum = |c: Rgb| {
            let f = |v: u8| {
                let v = f64::from(v) / 255.0;
                if v <= 0.039_28 {
                    v / 12.92
                } else {
                    ((v + 0.055) / 1.055).powf(2.4)
                }
            };
            0.2126 * f(c.0) + 0.7152 * f(c.1) + 0.0722 * f(c.2)
        };
        let contrast = (lum(TAN) + 0.05) / (lum(CUT) + 0.05);
        assert!(contrast >= 4.5, "{contrast}");
        assert!(paths(&full).iter().any(|s| s.fill == Some(TAN)));
        assert!(paths(&outline).iter().all(|s| s.fill != Some(TAN)));
        assert_eq!(
            paths(&outline)
                .iter()
                .filter(|s| s.stroke == Some(CUT))
                .count(),
            52
        );
        // No round caps: every stroke ends square, at the cut and not over it.
        assert!(!full.svg_pages()[0].contains("round"));
    }

    #[test]
    fn marks_leave_the_edge_at_right_angles() {
        // A curve's first control point lies on the edge's inward normal through its
        // start: the curve meets the cut square, and its square end lies along it. With
        // two terminals an edge, a terminal is off the midpoint, where aiming at the
        // centre would not be square.
        let spec: GameSpec = "triles(tiles=../triles/tests/sets/double.toml)"
            .parse()
            .unwrap();
        let sheet = sheet(&spec, TILE_SIDE, Ink::Full).unwrap();
        let mut checked = 0;
        for shape in &sheet.pages[0].shapes {
            let Shape::Path(segs, style) = shape else {
                continue;
            };
            let (Some(Seg::Move(p)), Some(Seg::Cubic(c, _, _))) = (segs.first(), segs.get(1))
            else {
                continue;
            };
            if style.stroke.is_none() || style.fill.is_some() {
                continue;
            }
            // The tile's edge through p: the nearest cut polygon's edge is horizontal or
            // at ±60°; the tangent (c − p) must be at right angles to one of them.
            let (dx, dy) = (c.0 - p.0, c.1 - p.1);
            let angle = dy.atan2(dx).to_degrees().rem_euclid(180.0);
            let square = [90.0, 30.0, 150.0].iter().any(|a| (angle - a).abs() < 0.5);
            // Arcs round a corner start along the circle, also at right angles to the
            // edge they leave: 30°, 90° or 150° as well.
            assert!(square, "a mark leaves its edge at {angle}°");
            checked += 1;
        }
        assert!(checked > 50, "{checked}");
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
