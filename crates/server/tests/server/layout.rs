//! The server's code keeps the shape `lib.rs` maps: no module imports another that imports
//! it back (a folder counts as one module among the crate's, and its files as modules
//! among themselves), no source file over 600 lines (a room's over 400), no test file over
//! 1,000.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

fn crate_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every `.rs` file below `dir`.
fn sources(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files.extend(sources(&path));
        } else if path.extension().is_some_and(|x| x == "rs") {
            files.push(path);
        }
    }
    files.sort();
    files
}

/// A file's code without its comments.
fn code(path: &Path) -> String {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The crate's modules by path (`store`, `store::games`; a file below a folder's module is
/// part of it), each with its code.
fn modules(src: &Path) -> BTreeMap<String, String> {
    let mut modules: BTreeMap<String, String> = BTreeMap::new();
    for path in sources(src) {
        let rel = path.strip_prefix(src).unwrap().with_extension("");
        let mut parts: Vec<String> = rel
            .iter()
            .map(|p| p.to_string_lossy().into_owned())
            .collect();
        if parts.last().is_some_and(|p| p == "mod") {
            parts.pop();
        }
        parts.truncate(2);
        if parts == ["lib"] {
            continue;
        }
        let text = modules.entry(parts.join("::")).or_default();
        text.push_str(&code(&path));
        text.push('\n');
    }
    modules
}

/// The modules `text`, the code of module `from`, names after `crate::` or `super::`
/// (either one path or a `{…}` list), each taken to the deepest module of `known` it
/// reaches; `aliases` are the crate root's other names of a module (its re-exports).
fn named(
    text: &str,
    from: &str,
    known: &BTreeMap<String, String>,
    aliases: &[(&str, &str)],
) -> Vec<String> {
    let parent = from.rsplit_once("::").map_or("", |(p, _)| p);
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    let mut found = Vec::new();
    for (prefix, base) in [("crate::", ""), ("super::", parent)] {
        for (at, _) in text.match_indices(prefix) {
            if text[..at].ends_with(ident) {
                continue;
            }
            let rest = &text[at + prefix.len()..];
            let path: String = rest.chars().take_while(|&c| ident(c) || c == ':').collect();
            let mut paths = vec![path.trim_end_matches(':').to_owned()];
            if let Some(list) = rest[path.len()..].strip_prefix('{') {
                let list = &list[..list.find('}').unwrap_or(list.len())];
                paths = list
                    .split(',')
                    .map(|p| format!("{path}{}", p.trim().split(" as ").next().unwrap_or("")))
                    .collect();
            }
            for path in paths {
                let mut segments: Vec<&str> = path.split("::").filter(|s| !s.is_empty()).collect();
                if let Some(alias) = aliases.iter().find(|(a, _)| segments.first() == Some(a)) {
                    segments.splice(0..1, alias.1.split("::"));
                }
                let mut full: Vec<&str> = base.split("::").filter(|s| !s.is_empty()).collect();
                full.extend(segments);
                let module = (1..=full.len().min(2))
                    .rev()
                    .map(|n| full[..n].join("::"))
                    .find(|m| known.contains_key(m));
                found.extend(module);
            }
        }
    }
    // A folder's module declares and re-exports its own: that is no import.
    found.retain(|m| m != from && !m.starts_with(&format!("{from}::")));
    found
}

/// A loop of modules each naming the next, written `a -> b -> a`, if any.
fn cycle(modules: &BTreeMap<String, String>, aliases: &[(&str, &str)]) -> Option<String> {
    let names: Vec<&String> = modules.keys().collect();
    let edges: Vec<Vec<usize>> = modules
        .iter()
        .map(|(from, text)| {
            let named = named(text, from, modules, aliases);
            (0..names.len())
                .filter(|&i| named.contains(names[i]))
                .collect()
        })
        .collect();
    // Depth-first: a module met again on the path closes a loop.
    fn visit(
        n: usize,
        edges: &[Vec<usize>],
        path: &mut Vec<usize>,
        done: &mut [bool],
    ) -> Option<Vec<usize>> {
        if let Some(start) = path.iter().position(|&m| m == n) {
            let mut found = path[start..].to_vec();
            found.push(n);
            return Some(found);
        }
        if done[n] {
            return None;
        }
        path.push(n);
        for &m in &edges[n] {
            if let Some(found) = visit(m, edges, path, done) {
                return Some(found);
            }
        }
        path.pop();
        done[n] = true;
        None
    }
    let mut done = vec![false; names.len()];
    (0..names.len()).find_map(|n| {
        visit(n, &edges, &mut Vec::new(), &mut done).map(|found| {
            found
                .iter()
                .map(|&i| names[i].as_str())
                .collect::<Vec<_>>()
                .join(" -> ")
        })
    })
}

#[test]
fn no_module_imports_one_that_imports_it_back() {
    // The crate root re-exports these of `people` (`trio_server::ratings`, …).
    let aliases = [
        ("players", "people::players"),
        ("ratings", "people::ratings"),
        ("secrets", "people::secrets"),
    ];
    let modules = modules(&crate_dir().join("src"));
    assert!(
        modules.contains_key("room::table") && modules.contains_key("store"),
        "{:?}",
        modules.keys()
    );
    if let Some(found) = cycle(&modules, &aliases) {
        panic!("the server has a module cycle: {found}");
    }
}

#[test]
fn no_file_is_too_long_to_read_at_a_glance() {
    let long = |dir: &Path, most: usize| -> Vec<String> {
        sources(dir)
            .into_iter()
            .filter_map(|p| {
                let lines = std::fs::read_to_string(&p).unwrap().lines().count();
                (lines > most).then(|| format!("{} ({lines})", p.display()))
            })
            .collect()
    };
    let dir = crate_dir();
    assert_eq!(long(&dir.join("src"), 600), Vec::<String>::new());
    assert_eq!(long(&dir.join("src/room"), 400), Vec::<String>::new());
    assert_eq!(long(&dir.join("tests"), 1000), Vec::<String>::new());
}
