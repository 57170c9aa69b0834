//! A map's name as players say it, read from a file name: the replay's
//! stored path (`Maps\FrozenThrone\(4)TwistedMeadows.w3x`,
//! `1075_w3c_251104_0950_Springtime_v1.3.w3x`) or a map file's
//! (`1v1_Springtime_v1.3@1075.w3x`), so that the two are matched by the
//! map they name, whatever ladder or host renamed them.
//!
//! What is taken off, in order: the folders and extension; a host's
//! prefix (`w3c_`, `w3arena__`, and W3Champions' map id and date stamp:
//! `1075_w3c_251104_0950_`); the player count `(4)`; the ladder's modes
//! (`1v1_2v2_`); bracketed notes (`[Unforged 0.5 RoC]`); the map id after
//! `@`; a version (`_v1.3`, `-1.3`, `_v2-0`, `__v3`); tags that name no
//! other map (`_LV`, `_anon`). What is left, lower case letters and digits,
//! is the name.

/// A map's name, version and ladder id, read from its file name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MapName {
    /// Lower case letters and digits: `twistedmeadows`.
    pub name: String,
    /// As written, without its `v`: `1.3` (`v2-0` reads `2.0`).
    pub version: Option<String>,
    /// W3Champions' map id (`@1075`, `1075_w3c_`), which names one
    /// version of one map.
    pub id: Option<u32>,
}

/// Reads `path` (a stored replay path or a file's path, either slash).
pub fn parse(path: &str) -> MapName {
    let file = path.rsplit(['/', '\\']).next().unwrap_or(path);
    let mut s = strip_extension(file).to_string();
    let mut id = None;
    if let Some(at) = s.rfind('@') {
        id = s[at + 1..].parse().ok();
        s.truncate(at);
    }
    let lower = s.to_ascii_lowercase();
    // W3Champions: "1075_w3c_251104_0950_Springtime_v1.3".
    if let Some(w3c) = lower.find("w3c_") {
        let lead = &lower[..w3c];
        if let Some(n) = lead.strip_suffix('_').and_then(|n| n.parse().ok()) {
            id = id.or(Some(n));
        }
        s = s[w3c + 4..].to_string();
        s = strip_date_stamp(&s).to_string();
    }
    if let Some(rest) = s.strip_prefix("w3arena__") {
        s = rest.to_string();
    }
    s = strip_player_count(&s).to_string();
    s = strip_brackets(&s);
    s = strip_modes(&s).to_string();
    let (rest, version) = split_version(&s);
    s = rest;
    let mut name: String = s.chars().filter(char::is_ascii_alphanumeric).collect();
    name.make_ascii_lowercase();
    for tag in ["lv", "anon"] {
        if name.len() > tag.len() && name.ends_with(tag) && ends_with_tag(&s, tag) {
            name.truncate(name.len() - tag.len());
        }
    }
    MapName { name, version, id }
}

fn strip_extension(file: &str) -> &str {
    let lower = file.to_ascii_lowercase();
    match [".w3x", ".w3m"].iter().any(|e| lower.ends_with(e)) {
        true => &file[..file.len() - 4],
        false => file,
    }
}

/// "251104_0950_" (W3Champions' date and time of the map's upload).
fn strip_date_stamp(s: &str) -> &str {
    let b = s.as_bytes();
    let digits =
        |r: std::ops::Range<usize>| b.get(r).is_some_and(|d| d.iter().all(u8::is_ascii_digit));
    if digits(0..6) && b.get(6) == Some(&b'_') && digits(7..11) && b.get(11) == Some(&b'_') {
        &s[12..]
    } else {
        s
    }
}

/// "(4)" before the name.
fn strip_player_count(s: &str) -> &str {
    let Some(rest) = s.strip_prefix('(') else {
        return s;
    };
    match rest.find(')') {
        Some(end) if rest[..end].bytes().all(|b| b.is_ascii_digit()) => &rest[end + 1..],
        _ => s,
    }
}

/// "[Unforged 0.5 RoC]" anywhere.
fn strip_brackets(s: &str) -> String {
    let mut out = String::new();
    let mut depth = 0;
    for c in s.chars() {
        match c {
            '[' => depth += 1,
            ']' if depth > 0 => depth -= 1,
            _ if depth == 0 => out.push(c),
            _ => {}
        }
    }
    out.trim().to_string()
}

/// "1v1_2v2_", "FFA_" before the name.
fn strip_modes(mut s: &str) -> &str {
    loop {
        let lower = s.to_ascii_lowercase();
        let b = lower.as_bytes();
        let mode = b.len() > 4
            && b[0].is_ascii_digit()
            && b[1] == b'v'
            && b[2].is_ascii_digit()
            && b[3] == b'_';
        if mode || (lower.starts_with("ffa_") && s.len() > 4) {
            s = &s[4..];
        } else {
            return s;
        }
    }
}

/// The version at the end: "_v1.3", "-1.3", "_v2-0", "__v3", " v1.12".
fn split_version(s: &str) -> (String, Option<String>) {
    let trimmed = s.trim_end_matches(['_', ' ', '-']);
    let b = trimmed.as_bytes();
    let mut start = b.len();
    while start > 0
        && (b[start - 1].is_ascii_digit() || b[start - 1] == b'.' || b[start - 1] == b'-')
    {
        start -= 1;
    }
    // "-1.3": the dash separates, it is no part of the number.
    while start < b.len() && !b[start].is_ascii_digit() {
        start += 1;
    }
    let digits = &trimmed[start..];
    if !digits.bytes().next().is_some_and(|d| d.is_ascii_digit()) {
        return (s.to_string(), None);
    }
    let before = &trimmed[..start];
    let (name, marked) = match before.strip_suffix(['v', 'V']) {
        Some(n) => (n, true),
        None => (before, false),
    };
    let separated = name.ends_with(['_', '-', ' ']);
    // "-1.3" is a version; "Concealed2" is a name with a digit in it.
    if !separated || (!marked && !digits.contains(['.', '-'])) {
        return (s.to_string(), None);
    }
    let version = digits.replace('-', ".");
    (
        name.trim_end_matches(['_', '-', ' ']).to_string(),
        Some(version),
    )
}

/// Whether `s` ends with `tag` as a word of its own ("TerenasStand_LV",
/// "concealedhill_anon", "lastrefuge.anon"), not inside a name.
fn ends_with_tag(s: &str, tag: &str) -> bool {
    let lower = s.to_ascii_lowercase();
    let Some(before) = lower.strip_suffix(tag) else {
        return false;
    };
    before.ends_with(['_', '.', ' ', '-'])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(path: &str) -> (String, Option<String>, Option<u32>) {
        let n = parse(path);
        (n.name, n.version, n.id)
    }

    fn v(s: &str) -> Option<String> {
        Some(s.to_string())
    }

    #[test]
    fn replay_paths_and_ladder_files_name_the_same_maps() {
        let cases = [
            (
                r"Maps\FrozenThrone\(4)TwistedMeadows.w3x",
                ("twistedmeadows", None, None),
            ),
            (
                "1v1_2v2_TwistedMeadows_v1.9@6.w3x",
                ("twistedmeadows", v("1.9"), Some(6)),
            ),
            (
                r"maps\W3Champions\1075_w3c_251104_0950_Springtime_v1.3.w3x",
                ("springtime", v("1.3"), Some(1075)),
            ),
            (
                "1v1_Springtime_v1.3@1075.w3x",
                ("springtime", v("1.3"), Some(1075)),
            ),
            (
                "maps/W3Champions/v5/w3c_1v1_concealedhill_anon.w3x",
                ("concealedhill", None, None),
            ),
            (
                "Maps/W3Champions/v11/w3c_LastRefuge_v1.4.w3x",
                ("lastrefuge", v("1.4"), None),
            ),
            (
                "Maps/Download/(2)LastRefuge-1.3.w3x",
                ("lastrefuge", v("1.3"), None),
            ),
            (
                r"Maps\w3arena\w3arena__lastrefuge__v3.w3x",
                ("lastrefuge", v("3"), None),
            ),
            (
                "Maps/W3Champions/v10/w3c_AutumnLeaves_v2-0.w3x",
                ("autumnleaves", v("2.0"), None),
            ),
            (
                "Maps/Download/abc/(2)TerenasStand_LV.w3x",
                ("terenasstand", None, None),
            ),
            (
                "1v1_2v2_LostTemple_LV@11.w3x",
                ("losttemple", None, Some(11)),
            ),
            (
                "Maps/#UNFORGED//(4)LostTemple [Unforged 0.5 RoC].w3x",
                ("losttemple", None, None),
            ),
            (
                "4v4_WellspringTemple_v1.2@49.w3x",
                ("wellspringtemple", v("1.2"), Some(49)),
            ),
            (
                "49_w3c_251104_0950_WellspringTemple_v1.2.w3x",
                ("wellspringtemple", v("1.2"), Some(49)),
            ),
            (
                "FFA_AnarchyCastle_v1.3@5169.w3x",
                ("anarchycastle", v("1.3"), Some(5169)),
            ),
            ("Maps/(2)bootybay.w3m", ("bootybay", None, None)),
            (
                "3v3_Feralas_3v3_LV@5280.w3x",
                ("feralas3v3", None, Some(5280)),
            ),
            (
                "Maps/FrozenThrone/(8)MarketSquare.w3x",
                ("marketsquare", None, None),
            ),
            (
                "Maps/Download/(4)HellfirePlateau_v1.12.w3x",
                ("hellfireplateau", v("1.12"), None),
            ),
        ];
        for (path, want) in cases {
            let (name, version, id) = want;
            assert_eq!(read(path), (name.to_string(), version, id), "{path}");
        }
    }
}
