use rand::{Rng, SeedableRng};
use trio_ai::gyges::{win_in, GygesEngine, SearchLimit};
use trio_gyges::*;
fn main() {
    let v = Variant::Seed;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
    let mut found2 = 0;
    let mut foundt = 0;
    let t = std::time::Instant::now();
    let mut total_nodes = 0u64;
    for g in 0..400 {
        let mut pos = Position::empty();
        let mut list = MoveList::new();
        for ply in 0..60 {
            generate_moves(&pos, v, &mut list);
            if list.is_empty() || pos.winner().is_some() {
                break;
            }
            if !pos.is_setup() && ply > 4 && !has_goal_move(&pos, v) {
                // forced win in two?
                let mut e = GygesEngine::new(v);
                let r = e.search_position(&pos, SearchLimit::depth(2)).unwrap();
                total_nodes += r.nodes;
                if r.score == win_in(3) && found2 < 3 {
                    found2 += 1;
                    println!("WIN2 {pos} best {} nmoves {}", r.best, list.len());
                }
                // threatened: flipped has goal
                let f = Position::from_cells(&pos.cells(), pos.side_to_move().opponent()).unwrap();
                if has_goal_move(&f, v) && foundt < 3 {
                    let safe = list
                        .iter()
                        .filter(|&&m| !has_goal_move(&pos.make_move(m), v))
                        .count();
                    if safe > 0 && safe < 6 {
                        foundt += 1;
                        println!(
                            "THREAT {pos} safe {safe} of {} best {} score {}",
                            list.len(),
                            r.best,
                            r.score
                        );
                    }
                }
            }
            let m = list[rng.random_range(0..list.len())];
            pos = pos.make_move(m);
        }
        if found2 >= 3 && foundt >= 3 {
            println!("games {g}");
            break;
        }
    }
    println!("nodes {total_nodes} in {:?}", t.elapsed());
}
