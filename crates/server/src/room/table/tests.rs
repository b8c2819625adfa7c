//! The table's tests: tokens, waiting seats, client ids and the record, without sockets
//! or storage.

use trio_core::{Seat, COMMITMENT_VERSION};

use super::*;
use crate::store::SeatRow;

/// The stored row of a game of `agents` for `spec`, each person's token `token-<seat>`.
pub(in crate::room) fn row_of(spec: &str, agents: &[&str]) -> GameRow {
    GameRow {
        id: "0".repeat(16),
        spec: spec.to_owned(),
        seed: 7,
        seed_nonce: "nonce".to_owned(),
        seed_hash: "hash".to_owned(),
        seats: agents
            .iter()
            .enumerate()
            .map(|(s, agent)| SeatRow {
                agent: (*agent).to_owned(),
                token_hash: (*agent == "human")
                    .then(|| secrets::token_hash_hex(&secrets::hash_token(&format!("token-{s}")))),
                player: None,
                rematch: None,
            })
            .collect(),
        ..GameRow::default()
    }
}

/// A table of `agents` for `spec` with its game (see [`row_of`]).
pub(in crate::room) fn seated(spec: &str, agents: &[&str]) -> (Table, Box<dyn Live>) {
    let table = Table::from_row(&row_of(spec, agents)).unwrap();
    let live = trio_catalog::game(spec)
        .unwrap()
        .start(7, table.agents(), None)
        .unwrap();
    (table, live)
}

#[test]
fn tokens_name_seats_and_anything_else_is_refused() {
    let (table, _) = seated("gyges", &["human", "random"]);
    assert_eq!(table.viewer(None), Ok(Viewer::Spectator));
    assert_eq!(table.viewer(Some("token-0")), Ok(Viewer::Seat(Seat(0))));
    assert_eq!(table.viewer(Some("token-1")), Err(Refusal::WrongToken));
    assert_eq!(table.viewer(Some("")), Err(Refusal::WrongToken));
}

#[test]
fn waiting_seats_are_taken_by_an_open_join_or_their_invitation_alone() {
    let mut row = row_of("orbit(players=3)", &["human", "open", "open"]);
    row.seats[2] = SeatRow {
        agent: SeatAgent::Invited.to_string(),
        token_hash: Some(secrets::token_hash_hex(&secrets::hash_token("code"))),
        player: None,
        rematch: None,
    };
    let mut table = Table::from_row(&row).unwrap();
    assert!(table.waiting());
    assert_eq!(table.player(1), SeatAgent::Open);
    assert_eq!(table.player(2), SeatAgent::Invited);
    assert_eq!(table.claimable(None, None), Ok(Seat(1)));
    assert_eq!(
        table.claimable(Some(Seat(2)), None),
        Err(Refusal::NoOpenSeat)
    );
    assert_eq!(
        table.claimable(None, Some("other")),
        Err(Refusal::NoOpenSeat)
    );
    assert_eq!(table.claimable(None, Some("code")), Ok(Seat(2)));
    assert_eq!(
        table.claimable(Some(Seat(0)), None),
        Err(Refusal::NoOpenSeat)
    );
    let named = PlayerRow {
        id: "p".to_owned(),
        name: "Zoë".to_owned(),
    };
    assert_eq!(
        table.take(Seat(1), secrets::hash_token("t1"), Some(named)),
        Claim::Open
    );
    assert_eq!(table.player_name(1).as_deref(), Some("Zoë"));
    assert_eq!(table.claimable(None, None), Err(Refusal::NoOpenSeat));
    assert!(table.waiting());
    table.take(Seat(2), secrets::hash_token("t2"), None);
    assert!(!table.waiting());
    assert_eq!(table.viewer(Some("t2")), Ok(Viewer::Seat(Seat(2))));
    assert_eq!(table.player(2), SeatAgent::Person);
    // An invitation stored without its code does not read.
    row.seats[2].token_hash = None;
    assert!(matches!(Table::from_row(&row), Err(StoredFault::TokenHash)));
}

#[test]
fn a_client_id_is_remembered_per_seat() {
    let (mut table, _) = seated("gyges", &["human", "human"]);
    table.remember(Seat(0), "a".to_owned(), 3);
    assert_eq!(table.resent(Seat(0), "a"), Some(3));
    assert_eq!(table.resent(Seat(1), "a"), None);
    assert_eq!(table.resent(Seat(0), "b"), None);
}

#[test]
fn the_record_waits_for_the_end_and_carries_the_commitment() {
    let (table, mut live) = seated("gyges", &["human", "random"]);
    assert_eq!(table.record(live.as_ref()), Err(Refusal::NotOver));
    live.resign(Seat(0)).unwrap();
    let record = table.record(live.as_ref()).unwrap();
    assert_eq!(record.seats, ["human", "random"]);
    let commitment = record.commitment.clone().unwrap();
    assert_eq!(commitment.seed_hash, "hash");
    assert_eq!(commitment.version, COMMITMENT_VERSION);
    assert_eq!(
        commitment.parts,
        Some(secrets::commitment_parts(&record, "nonce"))
    );

    // A game stored when the hash was the seed's alone keeps that commitment.
    let mut row = row_of("gyges", &["human", "random"]);
    row.seed_hash = secrets::seed_commitment(row.seed, &row.seed_nonce);
    let table = Table::from_row(&row).unwrap();
    let record = table.record(live.as_ref()).unwrap();
    let commitment = record.commitment.unwrap();
    assert_eq!((commitment.version, commitment.parts), (1, None));
}
