//! The migrations: those both backends run (`migrations/*.sql`), then each backend's own
//! (`migrations/sqlite/`, `migrations/postgres/`), their versions in one sequence. A
//! migration once released never changes: databases already migrated check its text.

use sqlx::migrate::{Migration, MigrationType};
use sqlx::SqlSafeStr;

/// SQLite's: the shared ones, then the columns PostgreSQL has from its own.
pub(super) fn sqlite() -> Vec<Migration> {
    with(
        shared(),
        [
            (5, "lobby", include_str!("migrations/sqlite/0005_lobby.sql")),
            (13, "due", include_str!("migrations/sqlite/0013_due.sql")),
            (
                16,
                "event appends",
                include_str!("migrations/sqlite/0016_event_appends.sql"),
            ),
        ],
    )
}

/// PostgreSQL's: the shared ones, then the columns only shared games need.
pub(super) fn postgres() -> Vec<Migration> {
    with(
        shared(),
        [(
            3,
            "cluster",
            include_str!("migrations/postgres/0003_cluster.sql"),
        )],
    )
}

/// The migrations both backends run, in order.
fn shared() -> Vec<Migration> {
    [
        (1, "games", include_str!("migrations/0001_games.sql")),
        (2, "start", include_str!("migrations/0002_start.sql")),
        (
            4,
            "definitions",
            include_str!("migrations/0004_definitions.sql"),
        ),
        (6, "people", include_str!("migrations/0006_people.sql")),
        (7, "history", include_str!("migrations/0007_history.sql")),
        (
            8,
            "passwords",
            include_str!("migrations/0008_passwords.sql"),
        ),
        (
            9,
            "seat tokens",
            include_str!("migrations/0009_seat_tokens.sql"),
        ),
        (10, "reviews", include_str!("migrations/0010_reviews.sql")),
        (11, "creators", include_str!("migrations/0011_creators.sql")),
        (12, "order", include_str!("migrations/0012_order.sql")),
        (
            14,
            "lobby order",
            include_str!("migrations/0014_lobby_order.sql"),
        ),
        (
            15,
            "ended partial",
            include_str!("migrations/0015_ended_partial.sql"),
        ),
        (
            17,
            "seat ratings",
            include_str!("migrations/0017_seat_ratings.sql"),
        ),
        (18, "farming", include_str!("migrations/0018_farming.sql")),
        (
            19,
            "sign-in failures",
            include_str!("migrations/0019_sign_in_failures.sql"),
        ),
        (
            20,
            "name skeletons",
            include_str!("migrations/0020_name_skeletons.sql"),
        ),
        (21, "sessions", include_str!("migrations/0021_sessions.sql")),
        (22, "draws", include_str!("migrations/0022_draws.sql")),
    ]
    .into_iter()
    .map(migration)
    .collect()
}

/// `all` and `more`, in the order of their versions.
fn with(
    mut all: Vec<Migration>,
    more: impl IntoIterator<Item = (i64, &'static str, &'static str)>,
) -> Vec<Migration> {
    all.extend(more.into_iter().map(migration));
    all.sort_by_key(|m| m.version);
    all
}

fn migration((version, name, sql): (i64, &'static str, &'static str)) -> Migration {
    Migration::new(
        version,
        name.into(),
        MigrationType::Simple,
        sql.into_sql_str(),
        false,
    )
}
