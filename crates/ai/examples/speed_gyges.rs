use trio_ai::gyges::{GygesEngine, SearchLimit};
use trio_gyges::*;
fn main() {
    for (p, d) in [
        ("321123/....../....../....../....../123321 S", 1),
        ("321123/....../....../....../....../123321 S", 2),
        ("..3.../.12.3./..1.2./3....2/.1.2../..3..1 S", 2),
        ("321123/....../....../....../....../123321 S", 3),
    ] {
        let pos: Position = p.parse().unwrap();
        let mut e = GygesEngine::new(Variant::Seed);
        let t = std::time::Instant::now();
        let r = e.search_position(&pos, SearchLimit::depth(d)).unwrap();
        println!(
            "{p} d{d}: {} score {} nodes {} {:?} nps {:.0}",
            r.best,
            r.score,
            r.nodes,
            t.elapsed(),
            r.nodes as f64 / t.elapsed().as_secs_f64()
        );
    }
}
