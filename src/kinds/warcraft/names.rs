//! Warcraft III's names for what a map's files number: the common unit,
//! building, item and doodad IDs, as the World Editor lists them, so that
//! a diff says "gold mine" rather than only `ngol` (anything not here is
//! shown by its ID alone); the few that `info` and the Inspector name
//! ([`MELEE`]); races and who plays a slot, as the w3i numbers them.

/// The editor's name for `id`, where mapscope knows it.
pub fn of(id: &[u8; 4]) -> Option<&'static str> {
    NAMES.iter().find(|(k, _)| *k == id).map(|(_, n)| *n)
}

/// The editor's names, for diffs.
const NAMES: &[(&[u8; 4], &str)] = &[
    (b"sloc", "start location"),
    (b"ngol", "gold mine"),
    (b"ntav", "tavern"),
    (b"nmrk", "marketplace"),
    (b"ngme", "goblin merchant"),
    (b"ngad", "goblin laboratory"),
    (b"nmer", "mercenary camp"),
    (b"nfoh", "fountain of health"),
    (b"nmoo", "fountain of mana"),
    (b"nshe", "sheep"),
    (b"npng", "penguin"),
    (b"nfro", "frog"),
    (b"nrac", "raccoon"),
    (b"nrat", "rat"),
    (b"ndog", "dog"),
    (b"nder", "stag"),
    (b"nech", "chicken"),
    (b"hpea", "peasant"),
    (b"hfoo", "footman"),
    (b"htow", "town hall"),
    (b"opeo", "peon"),
    (b"ogru", "grunt"),
    (b"ogre", "great hall"),
    (b"uaco", "acolyte"),
    (b"ugho", "ghoul"),
    (b"unpl", "necropolis"),
    (b"ewsp", "wisp"),
    (b"earc", "archer"),
    (b"etol", "tree of life"),
    (b"LTlt", "summer tree wall"),
    (b"ATtr", "Ashenvale tree wall"),
    (b"BTtw", "Barrens tree wall"),
    (b"FTtw", "fall tree wall"),
    (b"WTtw", "winter tree wall"),
    (b"NTtw", "Northrend tree wall"),
    (b"CTtr", "Felwood tree wall"),
    (b"LTbr", "barricade"),
    (b"LTcr", "crates"),
];

/// Names of the IDs that matter most on a melee map: start locations and
/// the neutral buildings. Other IDs show as their four letters.
pub const MELEE: [(&[u8; 4], &str); 11] = [
    (b"sloc", "start location"),
    (b"ngol", "gold mine"),
    (b"ntav", "tavern"),
    (b"ngme", "goblin merchant"),
    (b"ngad", "goblin laboratory"),
    (b"nmrk", "marketplace"),
    (b"nmer", "mercenary camp"),
    (b"nfoh", "fountain of health"),
    (b"nmoo", "fountain of mana"),
    (b"nshp", "goblin shipyard"),
    (b"nwgt", "way gate"),
];

/// An object's name, or its ID.
pub fn object_name(id: &[u8; 4]) -> String {
    match MELEE.iter().find(|(i, _)| *i == id) {
        Some((_, name)) => name.to_string(),
        None => crate::store::terrain::id_string(id),
    }
}

/// A race as the w3i numbers it.
pub fn race_name(race: i32) -> &'static str {
    match race {
        0 => "selectable",
        1 => "human",
        2 => "orc",
        3 => "undead",
        4 => "night elf",
        _ => "unknown",
    }
}

/// Who plays a slot, as the w3i numbers it.
pub fn controller_name(controller: i32) -> &'static str {
    match controller {
        1 => "user",
        2 => "computer",
        3 => "neutral",
        4 => "rescuable",
        _ => "unknown",
    }
}
