//! What the tests on PostgreSQL share: a fresh database on the server
//! `TRIO_TEST_POSTGRES` names (an admin URL), as `scripts/test` sets it; without it a test
//! says it is skipped, unless `TRIO_REQUIRE_POSTGRES` is set.

use sqlx::Connection;

/// A new empty database on the test server, as a URL; `None` (skip) without a server.
pub async fn fresh_postgres() -> Option<String> {
    let Ok(admin) = std::env::var("TRIO_TEST_POSTGRES") else {
        assert!(
            std::env::var_os("TRIO_REQUIRE_POSTGRES").is_none(),
            "TRIO_REQUIRE_POSTGRES is set but TRIO_TEST_POSTGRES is not"
        );
        eprintln!("skipped: no PostgreSQL (set TRIO_TEST_POSTGRES to an admin URL)");
        return None;
    };
    let name = format!("trio_{}", trio_server::secrets::new_game_id());
    let mut conn = sqlx::PgConnection::connect(&admin)
        .await
        .expect("the test PostgreSQL answers");
    sqlx::query(sqlx::AssertSqlSafe(format!("CREATE DATABASE {name}")))
        .execute(&mut conn)
        .await
        .expect("a test database");
    let (server, _) = admin.rsplit_once('/').expect("a URL with a database");
    Some(format!("{server}/{name}"))
}
