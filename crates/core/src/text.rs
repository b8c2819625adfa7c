//! Quoting what people typed back to them, briefly: an error about a 100,000-character
//! input says what is wrong in one line, not by repeating the input; and listing what
//! would have been right.

/// At most 40 characters of `text`, with `…` when cut.
pub fn excerpt(text: &str) -> String {
    const MAX: usize = 40;
    match text.char_indices().nth(MAX) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text.to_owned(),
    }
}

/// A message of at most about `max` characters: its start and its end (where the reason
/// usually is), joined by `…`.
pub fn shorten(message: &str, max: usize) -> String {
    let chars = message.chars().count();
    if chars <= max {
        return message.to_owned();
    }
    let half = max / 2;
    let head: String = message.chars().take(half).collect();
    let tail: String = message.chars().skip(chars - half).collect();
    format!("{head} … {tail}")
}

/// Items as a sentence lists alternatives: `a`, `a or b`, `a, b or c`.
pub fn or_list<S: AsRef<str>>(items: &[S]) -> String {
    match items {
        [] => String::new(),
        [only] => only.as_ref().to_owned(),
        [rest @ .., last] => {
            let rest: Vec<&str> = rest.iter().map(AsRef::as_ref).collect();
            format!("{} or {}", rest.join(", "), last.as_ref())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_texts_are_cut() {
        assert_eq!(excerpt("short"), "short");
        assert_eq!(excerpt(&"é".repeat(100)).chars().count(), 41);
        assert_eq!(shorten("abc", 10), "abc");
        let long = format!("bad \"{}\": rank 9", "x".repeat(10_000));
        let short = shorten(&long, 100);
        assert!(short.len() < 120 && short.starts_with("bad") && short.ends_with("rank 9"));
        assert_eq!(or_list(&["a"]), "a");
        assert_eq!(or_list(&["a", "b", "c"]), "a, b or c");
    }
}
