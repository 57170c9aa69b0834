//! Names for the common unit, building, item and doodad IDs, as the
//! World Editor lists them, so that a diff says "gold mine" rather than
//! only `ngol`. Anything not here is shown by its ID alone.

/// The editor's name for `id`, where mapscope knows it.
pub fn of(id: &[u8; 4]) -> Option<&'static str> {
    NAMES.iter().find(|(k, _)| *k == id).map(|(_, n)| *n)
}

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
