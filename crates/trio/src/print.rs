//! `trio print`: a print-and-play sheet of a game, drawn from the same definition files
//! the engine reads (a Triles tile set, a Na orbicie board), as A4 SVG or PDF. The
//! drawing is `trio-lab`'s (docs/lab.md).

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{bail, Context, Result};
use clap::Args;
use trio_catalog::GameSpec;
use trio_lab::print;

#[derive(Debug, Args)]
#[command(
    about = "Draw a print-and-play A4 sheet (SVG or PDF): Triles tiles at real size with cut \
lines, the Na orbicie board and pawns, the Gygès board and pieces.",
    after_help = "The format follows the file name: .svg or .pdf. An SVG holds one page; \
a sheet of several pages is written as FILE.svg, FILE-2.svg, ...\n\n\
Examples:\n  trio print triles --out tiles.pdf\n  trio print \"triles(tiles=my-set.toml)\" \
--out my-set.svg --tile-size 50\n  trio print triles --outline --out tiles-light.pdf   (less ink)\n  \
trio print \"orbit(board=funnel.toml)\" --out funnel.svg"
)]
pub struct PrintArgs {
    /// The game spec, e.g. `triles`, `"orbit(board=boards/funnel.toml)"`, `gyges`.
    #[arg(value_name = "GAME")]
    pub game: String,

    /// The file to write: FILE.svg or FILE.pdf.
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,

    /// Triles: the side of a tile in millimetres.
    #[arg(long, default_value_t = print::TILE_SIDE, value_name = "MM")]
    pub tile_size: f64,

    /// Outlines only, to save ink: white Triles tiles with the white marks outlined,
    /// unshaded boards.
    #[arg(long)]
    pub outline: bool,
}

pub fn run(args: &PrintArgs) -> Result<ExitCode> {
    let spec: GameSpec = args
        .game
        .parse()
        .with_context(|| format!("game {:?}", args.game))?;
    let ink = if args.outline {
        print::Ink::Outline
    } else {
        print::Ink::Full
    };
    let sheet = print::sheet(&spec, args.tile_size, ink)?;
    let ext = args
        .out
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    let write = |path: &PathBuf, bytes: &[u8]| {
        std::fs::write(path, bytes).with_context(|| format!("cannot write {}", path.display()))
    };
    let mut written = Vec::new();
    match ext.as_deref() {
        Some("pdf") => {
            write(&args.out, &sheet.pdf())?;
            written.push(args.out.clone());
        }
        Some("svg") => {
            for (i, page) in sheet.svg_pages().iter().enumerate() {
                let path = if i == 0 {
                    args.out.clone()
                } else {
                    let stem = args.out.file_stem().unwrap_or_default().to_string_lossy();
                    args.out.with_file_name(format!("{stem}-{}.svg", i + 1))
                };
                write(&path, page.as_bytes())?;
                written.push(path);
            }
        }
        _ => bail!(
            "{}: the file name must end in .svg or .pdf",
            args.out.display()
        ),
    }
    let names: Vec<String> = written.iter().map(|p| p.display().to_string()).collect();
    println!(
        "{}: {} page(s) in {}",
        sheet.title,
        sheet.pages.len(),
        names.join(", ")
    );
    Ok(ExitCode::SUCCESS)
}
