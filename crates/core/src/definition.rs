//! Reading a definition file (a Na orbicie board, a Triles tile set) so that a broken one
//! reports every problem that can be found, not only the first: the TOML is parsed into
//! a table (a syntax error still stops there, as the parser cannot go on), then the
//! top-level keys and each entry of the file's array of tables (`[[orbit]]`, `[[tile]]`)
//! are read one by one, each problem kept.
//!
//! A key written after the first `[[orbit]]` belongs to that orbit in TOML, however it is
//! indented: such a top-level key found in an entry gets a hint that top-level keys come
//! first.

use serde::de::DeserializeOwned;

/// One error for `errors` (not empty): the error alone, or `several` of them.
pub fn one_or_several<E>(mut errors: Vec<E>, several: impl FnOnce(Vec<E>) -> E) -> E {
    if errors.len() == 1 {
        errors.remove(0)
    } else {
        several(errors)
    }
}

/// The file's table, or why its text is not TOML.
pub fn parse(text: &str) -> Result<toml::Table, String> {
    text.parse::<toml::Table>().map_err(|e| e.to_string())
}

/// Reads the entries of the array of tables `array` (`orbit`) out of `table`, each on its
/// own, naming entry `k` (from 1) by `what` (`orbit 2: …`). A key of `top_level` in an
/// entry is reported with the hint and not read. Every problem goes to `problems`; the
/// entries come back only if all were read, since later checks number them.
pub fn entries<T: DeserializeOwned>(
    table: &mut toml::Table,
    array: &str,
    what: &str,
    top_level: &[&str],
    problems: &mut Vec<String>,
) -> Option<Vec<T>> {
    let values = match table.remove(array) {
        None => Vec::new(),
        Some(toml::Value::Array(values)) => values,
        Some(other) => {
            problems.push(format!(
                "{array} must be an array of tables ([[{array}]]), not a {}",
                other.type_str()
            ));
            return None;
        }
    };
    let before = problems.len();
    let mut read = Vec::with_capacity(values.len());
    for (i, value) in values.into_iter().enumerate() {
        let toml::Value::Table(mut entry) = value else {
            problems.push(format!("{what} {}: not a table", i + 1));
            continue;
        };
        for &key in top_level {
            if entry.remove(key).is_some() {
                problems.push(format!(
                    "{what} {}: {key} is a top-level key, but it comes after [[{array}]], so \
                     TOML reads it as part of that {what}: move {key} above the first \
                     [[{array}]]",
                    i + 1
                ));
            }
        }
        match toml::Value::Table(entry).try_into::<T>() {
            Ok(t) => read.push(t),
            Err(e) => problems.push(format!("{what} {}: {}", i + 1, e.message())),
        }
    }
    (problems.len() == before).then_some(read)
}

/// Reads what is left of `table` (the top-level keys) as `T`, or says why not.
pub fn rest<T: DeserializeOwned>(table: toml::Table, problems: &mut Vec<String>) -> Option<T> {
    match toml::Value::Table(table).try_into::<T>() {
        Ok(t) => Some(t),
        Err(e) => {
            problems.push(e.message().to_owned());
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Debug, Deserialize, PartialEq)]
    #[serde(deny_unknown_fields)]
    struct Top {
        #[serde(default)]
        name: String,
    }

    #[derive(Debug, Deserialize, PartialEq)]
    #[serde(deny_unknown_fields)]
    struct Ring {
        fields: u32,
    }

    #[test]
    fn every_broken_entry_is_reported_with_the_hint() {
        let text = "[[ring]]\nfields = 3\nname = \"late\"\n[[ring]]\nfields = \"x\"\n\
                    [[ring]]\nfield = 2\n";
        let mut table = parse(text).unwrap();
        let mut problems = Vec::new();
        let rings = entries::<Ring>(&mut table, "ring", "ring", &["name"], &mut problems);
        assert_eq!(rings, None);
        let top = rest::<Top>(table, &mut problems);
        assert_eq!(
            top,
            Some(Top {
                name: String::new()
            })
        );
        assert_eq!(problems.len(), 3, "{problems:?}");
        assert!(
            problems[0].starts_with("ring 1: name is a top-level key"),
            "{problems:?}"
        );
        assert!(problems[0].contains("move name above the first [[ring]]"));
        assert!(problems[1].starts_with("ring 2: "), "{problems:?}");
        assert!(
            problems[2].starts_with("ring 3: unknown field `field`"),
            "{problems:?}"
        );
    }

    #[test]
    fn a_good_file_reads_whole() {
        let mut table = parse("name = \"a\"\n[[ring]]\nfields = 1\n").unwrap();
        let mut problems = Vec::new();
        let rings = entries::<Ring>(&mut table, "ring", "ring", &["name"], &mut problems);
        assert_eq!(rings, Some(vec![Ring { fields: 1 }]));
        assert_eq!(rest::<Top>(table, &mut problems).unwrap().name, "a");
        assert!(problems.is_empty());
        assert!(parse("a = ").is_err());
    }
}
