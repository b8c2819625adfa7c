//! Hand-built positions, one per rule and ruling of `docs/rules/triles.md`. Boards are
//! drawn as `Game::draw` shows them: each tile's type in its middle, its coordinates,
//! beside each edge the terminal there (colour B/W, kind a/s/d), and the lines inside
//! each tile (● black, ○ white).

use crate::common::{legal, play, position, state, tail};
use trio_core::{Game, Outcome, Seat, Turn};
use trio_triles::{Action, Colour, Options, Placement, Triles, Variant, Variants, Violation};

fn game() -> Triles {
    Triles::default()
}

fn with(variant: Variant) -> Triles {
    Triles::new(Options {
        variants: Variants::default().with(variant),
        ..Options::default()
    })
}

fn placement(game: &Triles, text: &str) -> Placement {
    trio_triles::notation::parse_placement(game.tile_set(), text).unwrap()
}

/// Five A tiles around the apex of (0, 0) with their black arcs inside, and a C below
/// (0, 0) whose black semicircle faces (-1,-1). The sixth A at (-1, 0) closes the black
/// ring: a loop, and a wedge (it touches (0,0) and (-1,1)).
///
/// ```text
/// .          /\    Ws    /\          .
///  .  -2,1  /  \Ba●●●●Ba/  \  2,1   .
///   .      / A  \ 0,1  / A  \      .
///    .    / -1,1 \ A  / 1,1  \    .
///     .  /Ws  ●●Ba\  /Ba●●  Ws\  .
///      ./____Ba____\/____Ba____\.
///       .          /\  ●●Ba    /.
///        .  -1,0  /  \Ba    Ws/  .
///         .      / A  \ 1,0  /    .
///          .    / 0,0  \ A  /      .
///           .  /Ba●●●●Ba\  /  2,0   .
///            ./____Ws____\/...........
///            .\    Wa○○  /.
///           .  \Bs    Wa/  .
///          .    \ 0,-1 /    .
///         .      \ C  /      .
/// ```
const RING: &str = "A@0,0,0 A@1,0,1 A@1,1,2 A@0,1,0 A@-1,1,1 C@0,-1,2";

#[test]
fn six_tile_loop_gives_a_wedge_then_an_extra_placement() {
    let g = game();
    let mut s = state(&g, RING, "A2B1D1", "C1D1", "B");
    let effects = g.effects(&s, placement(&g, "A@-1,0,2")).unwrap();
    assert_eq!(effects.loops(Colour::Black), 1);
    assert!(effects.is_wedge());
    play(&g, &mut s, "A@-1,0,2");
    // The gift is settled first, then the extra placement.
    assert_eq!(tail(&g, &s), "B extra:1 give");
    assert_eq!(legal(&g, &s), ["give A", "give B", "give D", "give -"]);
    play(&g, &mut s, "give B");
    assert_eq!(s.hand(Colour::White).len(), 3);
    assert_eq!(tail(&g, &s), "B extra:1");
    // The only black line left open is the C's semicircle facing (-1,-1).
    assert_eq!(legal(&g, &s), ["A@-1,-1,0", "A@-1,-1,1"]);
    play(&g, &mut s, "A@-1,-1,1");
    assert_eq!(tail(&g, &s), "W");
}

#[test]
fn loop_made_during_an_extra_placement_owes_another() {
    let g = game();
    let mut s = state(&g, RING, "A2D1O1", "C1D1", "B");
    play(&g, &mut s, "A@-1,0,2");
    play(&g, &mut s, "give -");
    assert_eq!(
        s.hand(Colour::Black).len(),
        3,
        "a declined gift keeps the tile"
    );
    // O (Bs Bs Ws) at (-1,-1) with rotation 1: its semicircle meets the C's, a circle.
    let effects = g.effects(&s, placement(&g, "O@-1,-1,1")).unwrap();
    assert_eq!(effects.loops(Colour::Black), 1);
    play(&g, &mut s, "O@-1,-1,1");
    assert_eq!(tail(&g, &s), "B extra:1");
    // O's other semicircle, facing (-1,-2), is now the black line to extend.
    play(&g, &mut s, "A@-1,-2,2");
    assert_eq!(tail(&g, &s), "W", "{}", g.format_position(&s));
}

#[test]
fn owed_placement_that_cannot_be_made_is_passed_without_a_draw() {
    let g = game();
    // E (Bd Bd Wd) would make a black dot on the C's semicircle: no extra placement.
    let mut s = state(&g, RING, "A1E1", "C1D1", "B");
    play(&g, &mut s, "A@-1,0,2");
    play(&g, &mut s, "give -");
    assert_eq!(legal(&g, &s), ["pass"]);
    let pool = s.pool().len();
    play(&g, &mut s, "pass");
    assert_eq!(
        tail(&g, &s),
        "W",
        "the owed pass does not count towards the double pass"
    );
    assert_eq!(s.pool().len(), pool);
    assert_eq!(s.hand(Colour::Black).len(), 1);
}

/// C at (0,0) with its black semicircle down; A at (0,-1) carries that black line to
/// (1,-1): a line closed at one end. C at (1,0), A at (2,0) and A at (2,-1) carry a
/// black line open at both ends, from (3,0) round to (1,-1).
///
/// ```text
/// .          /\    Bs    /\          .
///  .  -1,0  /  \Wa○○○○Wa/  \  3,0   .
///   .      / C  \ 1,0  / A  \      .
///    .    / 0,0  \ C  / 2,0  \    .
///     .  /Wa○○○○Wa\  /Ws  ●●Ba\  .
///      ./____Bs____\/____Ba____\.
///      .\    Ba●●  /\  ●●Ba    /.
///     .  \Ws    Ba/  \Ba    Ws/  .
///    .    \ 0,-1 /    \ 2,-1 /    .
///   .      \ A  /      \ A  /      .
///  . -1,-1  \  /  1,-1  \  /  3,-1  .
/// ```
const TWO_LINES: &str = "C@0,0,0 A@0,-1,2 C@1,0,0 A@2,0,1 A@2,-1,1";

#[test]
fn joining_an_open_line_to_a_half_closed_one_is_allowed() {
    let g = game();
    let s = state(&g, TWO_LINES, "A1N1", "C1D1", "B");
    let effects = g.effects(&s, placement(&g, "A@1,-1,0")).unwrap();
    assert_eq!(
        (effects.closed, effects.loops, effects.dots),
        ([0; 2], [0; 2], [0; 2])
    );
    assert!(effects.is_wedge());
    // Semicircles on both ends would close the half-closed line.
    let caps = placement(&g, "N@1,-1,0");
    assert_eq!(
        g.effects(&s, caps),
        Err(Violation::ClosesOwnLine(Colour::Black))
    );
}

#[test]
fn capping_an_open_line_with_a_stub_then_joining_would_close_it() {
    let g = game();
    let s = state(&g, TWO_LINES, "A1N1", "C1D1", "B");
    // N (Bs Bs Wd) at (3,0) with rotation 1 caps the open line's end at (2,0).
    let effects = g.effects(&s, placement(&g, "N@3,0,1")).unwrap();
    assert_eq!(effects.closed(Colour::Black), 0);
    // Once capped, joining it to the half-closed line leaves no open end.
    let capped = state(&g, &format!("{TWO_LINES} N@3,0,1"), "A1", "C1D1", "B");
    let join = placement(&g, "A@1,-1,0");
    assert_eq!(
        g.effects(&capped, join),
        Err(Violation::ClosesOwnLine(Colour::Black))
    );
    assert_eq!(
        Violation::ClosesOwnLine(Colour::Black).to_string(),
        "closes a black line (rule 4)"
    );
    assert!(!legal(&g, &capped).contains(&"A@1,-1,0".to_owned()));
}

#[test]
fn closing_an_own_line_is_forbidden() {
    let g = game();
    // The half-closed line of TWO_LINES alone: C and A, open towards (1,-1).
    let s = state(&g, "C@0,0,0 A@0,-1,2", "A1N1", "C1D1", "B");
    let cap = placement(&g, "N@1,-1,0");
    assert_eq!(
        g.effects(&s, cap),
        Err(Violation::ClosesOwnLine(Colour::Black))
    );
    assert!(g.effects(&s, placement(&g, "A@1,-1,0")).is_ok());
    let listed = legal(&g, &s);
    assert!(listed.contains(&"A@1,-1,0".to_owned()) && !listed.contains(&"N@1,-1,0".to_owned()));
}

/// K (Bd Ws Ws) alone at (0,0): a black half-dot faces (-1,0).
///
/// ```text
///  ..........  ..........
/// .          /\          .
///  .  -1,0  /  \  1,0   .
///   .      / K  \      .
///    .    / 0,0  \    .
///     .  /Bd    Ws\  .
///      ./____Ws____\.
/// ```
const DOT: &str = "K@0,0,0";

#[test]
fn making_an_own_dot_is_forbidden() {
    let g = game();
    let s = state(&g, DOT, "A1E1", "C1D1", "B");
    // E (Bd Bd Wd) at (-1,0) with rotation 0 puts a half-dot on the K's half-dot.
    assert_eq!(
        g.effects(&s, placement(&g, "E@-1,0,0")),
        Err(Violation::MakesOwnDot(Colour::Black))
    );
    assert_eq!(
        Violation::MakesOwnDot(Colour::Black).to_string(),
        "makes a black dot (rule 3)"
    );
}

#[test]
fn placements_are_checked_in_the_rules_order() {
    let g = game();
    let s = state(&g, DOT, "A1E1", "C1D1", "B");
    let e = |text| g.effects(&s, placement(&g, text)).unwrap_err().to_string();
    assert_eq!(e("C@-1,0,0"), "black has no tile C in hand");
    assert_eq!(e("A@0,0,0"), "cell 0,0 is occupied");
    assert_eq!(e("A@5,5,0"), "cell 5,5 shares no edge with a placed tile");
    assert_eq!(
        e("A@1,0,0"),
        "colour mismatch on edge L: the tile shows black, the neighbour white"
    );
    // A at (0,-1) with its white semicircle on the K's white semicircle: a white loop,
    // but no black line extended.
    assert_eq!(e("A@0,-1,0"), "extends no black line (rule 2)");
}

#[test]
fn own_dots_variant_allows_them_and_the_owner_draws() {
    let g = with(Variant::OwnDots);
    let mut s = state(&g, DOT, "A1E1", "C1D1", "B");
    let effects = g.effects(&s, placement(&g, "E@-1,0,0")).unwrap();
    assert_eq!(effects.dots(Colour::Black), 1);
    play(&g, &mut s, "E@-1,0,0");
    assert_eq!(tail(&g, &s), "W drawing:B1");
    assert_eq!(g.turn(&s), Turn::Chance);
    let tile = g.sample_chance(&s, &mut trio_core::rng::seeded(1));
    g.apply(&mut s, &tile);
    assert_eq!(tail(&g, &s), "W");
    assert_eq!(s.hand(Colour::Black).len(), 2);
}

/// Found by random play. P (Bs Wd Wd) at (2,0) with rotation 1: both half-dots on white
/// half-dots (from (1,0) and (3,0)), the semicircle on the black arc of (2,1).
///
/// ```text
///             .  0,1   /  \Ws    Ba/  \  4,1   .
///              .      / A  \ 2,1  / A  \      .
///               .    / 1,1  \ A  / 3,1  \    .
///                .  /Ba●●  Ws\  /Ba●●●●Ba\  .
///       .........../____Ba____\/____Ws____\.
///      .          /\    Bd    /\    Ws    /.
///       .  -1,0  /  \Wd    Wd/  \Ba●●●●Ba/  .
///        .      / D  \ 1,0  /    \ 3,0  /    .
///         .    / 0,0  \ I  /      \ A  /      .
///          .  /Wa○○○○Wa\  /  2,0   \  /  4,0   .
/// .........../____Bd____\/__________\/...........
/// ```
#[test]
fn two_opponent_dots_with_one_tile_left_in_the_pool() {
    let g = game();
    let board = "D@0,0,0 B@0,-1,1 I@1,0,2 B@-1,-1,0 C@1,-1,2 A@1,1,2 C@-1,-2,1 A@2,-1,0 \
                 A@2,1,2 A@3,1,0 A@3,0,0";
    let white = "A4B7C6D8E1F1G1H1J1K1L1M1O1Q1R1S1";
    let mut s = state(&g, board, "C1N1P1", white, "B");
    assert_eq!(s.pool().len(), 1);
    let effects = g.effects(&s, placement(&g, "P@2,0,1")).unwrap();
    assert_eq!(effects.dots(Colour::White), 2);
    assert_eq!(effects.neighbours, 3);
    let before = s.hand(Colour::White).len();
    play(&g, &mut s, "P@2,0,1");
    assert_eq!(tail(&g, &s), "B give drawing:W2");
    let mut outcomes = Vec::new();
    g.chance_outcomes(&s, &mut outcomes);
    assert_eq!(
        outcomes,
        [(Action::Tile(g.tile_set().id("T").unwrap()), 1.0)]
    );
    play(&g, &mut s, "draw:T");
    // The second draw finds the pool empty and lapses; the gift comes next.
    assert_eq!(tail(&g, &s), "B give");
    assert_eq!(s.hand(Colour::White).len(), before + 1);
}

#[test]
fn no_placement_means_draw_and_the_turn_ends() {
    let g = game();
    // The full ring of A tiles shows only white semicircles outside: black extends
    // nothing.
    let ring = "A@0,0,0 A@1,0,1 A@1,1,2 A@0,1,0 A@-1,1,1 A@-1,0,2";
    let mut s = state(&g, ring, "B2", "C1D1", "B");
    assert_eq!(legal(&g, &s), ["draw"]);
    play(&g, &mut s, "draw");
    assert_eq!(tail(&g, &s), "W drawing:B1");
    play(&g, &mut s, "draw:C");
    assert_eq!(tail(&g, &s), "W");
    assert_eq!(s.hand(Colour::Black).len(), 3);
}

#[test]
fn double_pass_with_an_empty_pool_ends_the_game_fewer_tiles_win() {
    let g = game();
    let ring = "A@0,0,0 A@1,0,1 A@1,1,2 A@0,1,0 A@-1,1,1 A@-1,0,2";
    // White holds only tiles whose white terminals are half-dots: each would make a
    // white dot on the ring's semicircles.
    let black = "A3B9C9D9F1G1H1J1K1L1M1N1O1P1Q1R1S1T1";
    let mut s = state(&g, ring, black, "E1I1", "B");
    assert!(s.pool().is_empty());
    assert_eq!(legal(&g, &s), ["pass"]);
    play(&g, &mut s, "pass");
    assert_eq!(tail(&g, &s), "W passes:1");
    assert_eq!(legal(&g, &s), ["pass"]);
    play(&g, &mut s, "pass");
    assert_eq!(g.turn(&s), Turn::Over);
    assert_eq!(g.outcome(&s), Some(Outcome::win(Seat(1), 2)));
}

#[test]
fn double_pass_with_equal_hands_is_a_draw() {
    let g = game();
    let ring = "A@0,0,0 A@1,0,1 A@1,1,2 A@0,1,0 A@-1,1,1 A@-1,0,2";
    let s = state(
        &g,
        ring,
        "A3B9C9D2",
        "D7E1F1G1H1I1J1K1L1M1N1O1P1Q1R1S1T1",
        "B passes:2",
    );
    assert_eq!(g.outcome(&s), Some(Outcome::draw(2)));
}

#[test]
fn emptying_the_hand_wins_at_once() {
    let g = game();
    let mut s = state(&g, "C@0,0,0 A@0,-1,2", "A1", "C1D1", "B black:2");
    play(&g, &mut s, "A@1,-1,0");
    assert_eq!(g.outcome(&s), Some(Outcome::win(Seat(1), 2)));
}

#[test]
fn giving_the_last_tile_wins() {
    let g = game();
    let mut s = state(&g, TWO_LINES, "A2", "C1D1", "B");
    play(&g, &mut s, "A@1,-1,0");
    assert_eq!(tail(&g, &s), "B give");
    play(&g, &mut s, "give A");
    assert_eq!(g.outcome(&s), Some(Outcome::win(Seat(0), 2)));
}

#[test]
fn open_hands_shows_the_opponent_hand() {
    let closed = game();
    let s = state(&closed, DOT, "A1E1", "C1D1", "B");
    assert_eq!(closed.view(&s, Seat(0)).opponent_hand(), None);
    assert_eq!(closed.view(&s, Seat(0)).opponent_hand_size(), 2);
    let open = with(Variant::OpenHands);
    let s = state(&open, DOT, "A1E1", "C1D1", "B");
    let view = open.view(&s, Seat(0));
    assert_eq!(view.opponent_hand(), Some(s.hand(Colour::White)));
    let sampled = open.determinize(&view, &mut trio_core::rng::seeded(4));
    assert_eq!(sampled.hand(Colour::White), s.hand(Colour::White));
}

#[test]
fn open_pool_turns_up_the_next_tile_and_draws_take_it() {
    let g = with(Variant::OpenPool);
    let text = position(
        &g,
        "A@0,0,0 A@1,0,1 A@1,1,2 A@0,1,0 A@-1,1,1 A@-1,0,2",
        "B2",
        "C1D1",
        "B",
    );
    // Without a next tile the position waits for it to be turned up.
    let mut s = g.parse_position(&text).unwrap();
    assert_eq!(g.turn(&s), Turn::Chance);
    play(&g, &mut s, "draw:K");
    assert_eq!(s.table().next, g.tile_set().id("K"));
    assert!(g.format_position(&s).contains(" next:K | B"));
    assert_eq!(g.view(&s, Seat(1)).table().next, g.tile_set().id("K"));
    play(&g, &mut s, "draw");
    // Black takes the K it saw; the next tile is turned up by chance.
    assert_eq!(
        s.hand(Colour::Black).count(g.tile_set().id("K").unwrap()),
        1
    );
    assert_eq!(tail(&g, &s), "W");
    assert_eq!(g.turn(&s), Turn::Chance);
    assert!(game().parse_position(&g.format_position(&s)).is_ok());
    play(&g, &mut s, "draw:C");
    assert!(g.format_position(&s).contains(" next:C | W"));
    let wrong = game().parse_position(&g.format_position(&s)).unwrap_err();
    assert_eq!(
        wrong.to_string(),
        "next: is only shown in the open-pool variant"
    );
}

#[test]
fn variants_combine() {
    let all = Variant::ALL
        .into_iter()
        .fold(Variants::default(), Variants::with);
    assert!(all.open_hands && all.open_pool && all.own_dots);
    assert_eq!("own-dots".parse::<Variant>(), Ok(Variant::OwnDots));
    assert_eq!(
        "open".parse::<Variant>().unwrap_err().to_string(),
        "unknown variant \"open\" (open-hands, open-pool, own-dots)"
    );
    let g = Triles::new(Options {
        variants: all,
        ..Options::default()
    });
    let report = trio_core::conformance::random_games(
        &g,
        &trio_core::conformance::Config {
            games: 4,
            ..Default::default()
        },
        |_, _| {},
    );
    assert_eq!(report.games, 4);
}

#[test]
fn setup_is_chance_colours_first_mover_deal_and_start_tile() {
    let g = game();
    let mut s = g.new_game();
    assert_eq!(
        g.format_position(&s),
        "- | B:- | W:- | pool:A9B9C9D9E1F1G1H1I1J1K1L1M1N1O1P1Q1R1S1T1 | ? black:?"
    );
    play(&g, &mut s, "black:2");
    play(&g, &mut s, "first:W");
    for draw in ["A"; 9].into_iter().chain(["B"; 7]) {
        play(&g, &mut s, &format!("draw:{draw}"));
    }
    assert_eq!(g.turn(&s), Turn::Chance, "the starting tile comes last");
    play(&g, &mut s, "draw:C");
    assert_eq!(
        g.format_position(&s),
        "C@0,0,0 | B:A8 | W:A1B7 | pool:B2C8D9E1F1G1H1I1J1K1L1M1N1O1P1Q1R1S1T1 | W black:2"
    );
    // White moves first and is seat 1.
    assert_eq!(g.turn(&s), Turn::Seat(Seat(0)));
}

/// With two terminals per edge, slot i of one tile meets slot 1 - i of the other. Ta
/// (`Ba Wa | Wa Ba | Bs Ws`, edges split by |) at (0,0) shows (Wa, Ba) on its R edge.
#[test]
fn two_terminals_per_edge_meet_in_reverse_slot_order() {
    let set = trio_triles::TileSet::from_toml(include_str!("../sets/double.toml")).unwrap();
    let g = Triles::new(Options {
        tile_set: set,
        ..Options::default()
    });
    let s = state(&g, "Ta@0,0,0", "Ta2", "Tb2", "B");
    // Rotation 1 puts edge (Ba, Wa) on L: slot 0 (B) meets slot 1 (Ba), slot 1 (W) meets
    // slot 0 (Wa).
    assert!(g.effects(&s, placement(&g, "Ta@1,0,1")).is_ok());
    // Rotation 0 puts (Wa, Ba) on L: W meets B at slot 0.
    assert_eq!(
        g.effects(&s, placement(&g, "Ta@1,0,0"))
            .unwrap_err()
            .to_string(),
        "colour mismatch on edge L slot 0: the tile shows white, the neighbour black"
    );
    // Rotation 2 puts the caps (Bs, Ws) on L: both colours match, and the black
    // semicircle caps the black line, which stays open at (0,0)'s L edge.
    let effects = g.effects(&s, placement(&g, "Ta@1,0,2")).unwrap();
    assert_eq!(effects.closed, [0, 0]);
}

#[test]
fn diagram_shows_tiles_terminals_coordinates_and_hands() {
    let g = game();
    let s = state(&g, RING, "A2B1D1", "C1D1", "B extra:1 give");
    let text = g.draw(&g.view(&s, Seat(0)));
    // The C at (0,-1): its type, coordinates and three terminals.
    for expected in [
        "\\Bs    Wa/",
        "0,-1",
        " C ",
        "your hand (4): Ax2 (Ba Ba Ws ●0-1)",
        "white's hand: 2 tiles",
    ] {
        assert!(text.contains(expected), "{expected:?} missing from\n{text}");
    }
    assert!(text.contains("black (you) to move; wedge: give a tile (give K) or decline (give -); 1 extra placement(s) owed"), "{text}");
    // Free cells show their coordinates for typing a placement.
    assert!(text.contains("-1,-1"));
    assert!(text.lines().count() < 40);
    let effects = g.effects(&s, placement(&g, "A@-1,0,2"));
    assert_eq!(effects, Err(Violation::NotPlacing));
    let s = state(&g, RING, "A2B1D1", "C1D1", "B");
    let effects = g.effects(&s, placement(&g, "A@-1,0,2")).unwrap();
    assert_eq!(effects.to_string(), "1 black loop, a wedge (2 neighbours)");
}

/// Found by a user: the diagram did not draw the lines inside the tiles, so what makes
/// dots and loops was invisible. Now each arc is a stroke between its terminals (● black,
/// ○ white), and hands list each type's lines. The RING's tiles: the A on (0,0) joins its
/// L and R edges in black; the C on (0,-1) its V and R edges in white.
#[test]
fn diagram_draws_black_and_white_lines() {
    let g = game();
    let s = state(&g, RING, "A2B1D1", "C1D1", "B");
    let text = g.draw(&g.view(&s, Seat(0)));
    let row = |needle: &str| {
        text.lines()
            .find(|l| l.contains(needle))
            .unwrap_or_else(|| panic!("{needle:?} missing from\n{text}"))
    };
    // (0,0), an up cell: its L and R terminals on one line, the black stroke between.
    assert!(row("/Ba●●●●Ba\\").contains("  2,0   "), "{text}");
    // (0,-1), a down cell: the white stroke leaves V (the flat top) towards R below.
    assert!(row("Wa○○").starts_with("           .\\    Wa○○"), "{text}");
    assert!(text.contains("Dx1 (Wa Wa Bd ○0-1)"), "{text}");
    assert!(
        text.contains("●0-1: a black line joins terminals 0 and 1"),
        "{text}"
    );
    // Tiles with several terminals per edge list them edge by edge.
    let set = trio_triles::TileSet::from_toml(include_str!("../sets/double.toml")).unwrap();
    let double = Triles::new(Options {
        tile_set: set,
        ..Options::default()
    });
    let s = state(&double, "Ta@0,0,0", "Ta1Tc1", "Tb2", "B");
    let text = double.draw(&double.view(&s, Seat(0)));
    assert!(
        text.contains("Tax1 (Ba Wa | Wa Ba | Bs Ws ●0-3 ○1-2)"),
        "{text}"
    );
    assert!(text.contains('●') && text.contains('○'), "{text}");
}

/// Found by random play in `own-dots`. K (Bd Ws Ws) at (0,-1) with rotation 1: its white
/// semicircle on the white half-dot below (0,0), its black half-dot on the black
/// semicircle of M at (-1,-1): a white dot and a black dot, and a wedge.
///
/// ```text
///       .  -4,0  \  /Bd    Wd\  /Ba●●●●Ba\  .
///      .__________\/____Wd____\/____Wd____\.
///     .\  ○○Wa    /\    Ws    /\          .
///    .  \Wa    Bs/  \Wd    Bd/  \  0,-1  .
///   .    \-4,-1 / C  \-2,-1 / M  \      .
///  .      \ C  /-3,-1 \ J  /-1,-1 \    .
/// . -5,-1  \  /Bs  ○○Wa\  /Bs    Bd\  .
/// ```
#[test]
fn own_dots_draws_go_to_the_opponent_first_then_the_mover() {
    let g = with(Variant::OwnDots);
    let board = "B@0,0,0 D@-1,0,1 I@-2,0,0 A@-3,0,0 J@-2,-1,0 M@-1,-1,1 C@-3,-1,1 C@-4,-1,1";
    let mut s = state(&g, board, "C2D2K1", "B2E1L1Q1R1", "B");
    let effects = g.effects(&s, placement(&g, "K@0,-1,1")).unwrap();
    assert_eq!(effects.dots, [1, 1]);
    play(&g, &mut s, "K@0,-1,1");
    assert_eq!(tail(&g, &s), "B give drawing:W1,B1");
    play(&g, &mut s, "draw:O");
    play(&g, &mut s, "draw:S");
    let (o, ss) = (g.tile_set().id("O").unwrap(), g.tile_set().id("S").unwrap());
    assert_eq!(s.hand(Colour::White).count(o), 1);
    assert_eq!(s.hand(Colour::Black).count(ss), 1);
    assert_eq!(tail(&g, &s), "B give");
    // Without the variant the same placement makes a black dot: refused.
    let basic = game();
    let s = state(&basic, board, "C2D2K1", "B2E1L1Q1R1", "B");
    let refused = basic.effects(&s, placement(&basic, "K@0,-1,1"));
    assert_eq!(refused, Err(Violation::MakesOwnDot(Colour::Black)));
}
