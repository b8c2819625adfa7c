//! One gate per game being loaded: loads of different games go on at once, while a second
//! load of the same game waits for the first and then finds its room.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

type Gate = Arc<tokio::sync::Mutex<()>>;

/// The games being loaded now, each with its gate and how many loads hold or wait on it.
#[derive(Debug, Default)]
pub(crate) struct Loading {
    gates: Mutex<HashMap<String, (Gate, usize)>>,
}

/// Game `id`'s gate, held: the only load of that game until it is dropped.
pub(crate) struct Held<'a> {
    loading: &'a Loading,
    id: String,
    held: Option<tokio::sync::OwnedMutexGuard<()>>,
}

impl Loading {
    /// Waits until no other load of game `id` runs, and holds its gate.
    pub(crate) async fn enter(&self, id: &str) -> Held<'_> {
        let gate = {
            let mut gates = self.gates.lock().expect("loading lock");
            let (gate, users) = gates.entry(id.to_owned()).or_default();
            *users += 1;
            gate.clone()
        };
        // Made before the wait, so that a load given up while waiting is counted out too.
        let mut held = Held {
            loading: self,
            id: id.to_owned(),
            held: None,
        };
        held.held = Some(gate.lock_owned().await);
        held
    }

    #[cfg(test)]
    fn len(&self) -> usize {
        self.gates.lock().expect("loading lock").len()
    }
}

impl Drop for Held<'_> {
    fn drop(&mut self) {
        self.held = None;
        let mut gates = self.loading.gates.lock().expect("loading lock");
        if let Some((_, users)) = gates.get_mut(&self.id) {
            *users -= 1;
            if *users == 0 {
                gates.remove(&self.id);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use futures_util::FutureExt;

    use super::*;

    /// Another game's load goes on while one is held; the same game's waits for it; every
    /// gate is forgotten once nobody holds or waits on it.
    #[tokio::test]
    async fn loads_of_other_games_go_on_and_the_same_game_waits() {
        let loading = Loading::default();
        let a = loading.enter("a").await;
        let b = loading.enter("b").now_or_never();
        assert!(b.is_some(), "another game's load waited");
        let mut again = Box::pin(loading.enter("a"));
        assert!(
            again.as_mut().now_or_never().is_none(),
            "the same game loaded twice at once"
        );
        drop(b);
        assert_eq!(loading.len(), 1);
        drop(a);
        let again = again.await;
        drop(again);
        assert_eq!(loading.len(), 0);
        // A load given up while it waited leaves nothing behind either.
        let a = loading.enter("a").await;
        assert!(loading.enter("a").now_or_never().is_none());
        drop(a);
        assert_eq!(loading.len(), 0);
    }
}
