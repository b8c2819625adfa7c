//! Definition files — a Na orbicie board, a Triles tile set — as the texts a game is built
//! from. The command line reads them from the paths a spec names; a server takes them from
//! the request that creates a game and stores them with it, so that it never reads a path
//! a client chose and the game replays after a restart.

use std::collections::BTreeMap;
use std::io::Read;
use std::path::Path;

use serde::{Deserialize, Serialize};
use trio_core::options::OptionKind;

use crate::error::CatalogError;
use crate::spec::GameSpec;

/// The largest definition file (a board, a tile set) read: real ones are a few KiB.
pub const MAX_DEFINITION_BYTES: u64 = 256 * 1024;

/// The text of each definition file a spec names, by option name (`board`, `tiles`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Definitions(BTreeMap<String, String>);

impl Definitions {
    /// Reads every definition file `spec` names by path (a file option at its default is
    /// the built-in definition, not a file), refusing anything larger than
    /// [`MAX_DEFINITION_BYTES`] (so `/dev/zero` is an error, not a hang).
    pub fn read(spec: &GameSpec) -> Result<Self, CatalogError> {
        let mut texts = BTreeMap::new();
        for (name, path, what) in files(spec) {
            texts.insert(name.to_owned(), read_file(path, what)?);
        }
        Ok(Self(texts))
    }

    /// The definitions a record or a request carries, checked against the spec: each
    /// file option the spec sets away from its default has its text, within the size
    /// limit, and there is no text for anything else.
    pub fn given(spec: &GameSpec, texts: BTreeMap<String, String>) -> Result<Self, CatalogError> {
        let named = files(spec);
        for (name, text) in &texts {
            let Some((_, label, what)) = named.iter().find(|(n, ..)| n == name) else {
                return Err(CatalogError::Definition {
                    path: name.clone(),
                    reason: format!(
                        "the spec {spec} names no {name} file, so it takes no definition for it"
                    ),
                });
            };
            if text.len() as u64 > MAX_DEFINITION_BYTES {
                return Err(CatalogError::Definition {
                    path: (*label).to_owned(),
                    reason: too_large(what),
                });
            }
        }
        if let Some((name, label, what)) = named.iter().find(|(n, ..)| !texts.contains_key(*n)) {
            return Err(CatalogError::Definition {
                path: (*label).to_owned(),
                reason: format!("the {what} file's text is not given (option {name})"),
            });
        }
        Ok(Self(texts))
    }

    /// The text for option `name`.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.0.get(name).map(String::as_str)
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The texts by option name, as a record keeps them.
    pub fn to_map(&self) -> BTreeMap<String, String> {
        self.0.clone()
    }
}

/// The file options `spec` sets away from their defaults: name, the value (a path on the
/// command line, a label on a server) and what the file defines.
fn files(spec: &GameSpec) -> Vec<(&'static str, &str, &'static str)> {
    spec.kind
        .info()
        .options
        .iter()
        .filter_map(|decl| match (decl.kind, spec.option(decl.name)) {
            (OptionKind::File { what }, Some(value)) if decl.default != Some(value) => {
                Some((decl.name, value, what))
            }
            _ => None,
        })
        .collect()
}

fn too_large(what: &str) -> String {
    format!(
        "a {what} file is at most {} KiB",
        MAX_DEFINITION_BYTES / 1024
    )
}

fn read_file(path: &str, what: &str) -> Result<String, CatalogError> {
    let fail = |reason: String| CatalogError::Definition {
        path: path.to_owned(),
        reason,
    };
    let file =
        std::fs::File::open(Path::new(path)).map_err(|e| fail(format!("cannot read: {e}")))?;
    let mut bytes = Vec::new();
    file.take(MAX_DEFINITION_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| fail(format!("cannot read: {e}")))?;
    if bytes.len() as u64 > MAX_DEFINITION_BYTES {
        return Err(fail(too_large(what)));
    }
    String::from_utf8(bytes).map_err(|_| fail(format!("a {what} file is UTF-8 text")))
}
