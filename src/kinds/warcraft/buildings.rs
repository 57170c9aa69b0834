//! The melee buildings a worker can be ordered to place, by the rawcode a
//! replay's order carries (`hhou`), with the names the game gives them:
//! what tells a building placement from any other order with a point, and
//! which placements are town halls (an expansion, away from home).

use crate::formats::w3g::Race;

/// A building players place.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Building {
    pub code: [u8; 4],
    pub name: &'static str,
    pub race: Race,
    /// Gold is brought to it or mined through it: a town hall of any race,
    /// and the undead's haunted gold mine (placed on the mine itself).
    pub town_hall: bool,
}

/// The building an order's id names, where it is one.
pub fn of(order_id: u32) -> Option<Building> {
    let code = order_id.to_be_bytes();
    TABLE
        .iter()
        .find(|(c, ..)| **c == code)
        .map(|&(c, name, race, town_hall)| Building {
            code: *c,
            name,
            race,
            town_hall,
        })
}

type Entry = (&'static [u8; 4], &'static str, Race, bool);

const TABLE: &[Entry] = &[
    (b"htow", "town hall", Race::Human, true),
    (b"hkee", "keep", Race::Human, true),
    (b"hcas", "castle", Race::Human, true),
    (b"hhou", "farm", Race::Human, false),
    (b"halt", "altar of kings", Race::Human, false),
    (b"hbar", "barracks", Race::Human, false),
    (b"hbla", "blacksmith", Race::Human, false),
    (b"hlum", "lumber mill", Race::Human, false),
    (b"hwtw", "scout tower", Race::Human, false),
    (b"hgtw", "guard tower", Race::Human, false),
    (b"hctw", "cannon tower", Race::Human, false),
    (b"hatw", "arcane tower", Race::Human, false),
    (b"harm", "workshop", Race::Human, false),
    (b"hars", "arcane sanctum", Race::Human, false),
    (b"hgra", "gryphon aviary", Race::Human, false),
    (b"hvlt", "arcane vault", Race::Human, false),
    (b"ogre", "great hall", Race::Orc, true),
    (b"ostr", "stronghold", Race::Orc, true),
    (b"ofrt", "fortress", Race::Orc, true),
    (b"otrb", "orc burrow", Race::Orc, false),
    (b"oalt", "altar of storms", Race::Orc, false),
    (b"obar", "barracks", Race::Orc, false),
    (b"ofor", "war mill", Race::Orc, false),
    (b"obea", "beastiary", Race::Orc, false),
    (b"osld", "spirit lodge", Race::Orc, false),
    (b"otto", "tauren totem", Race::Orc, false),
    (b"owtw", "watch tower", Race::Orc, false),
    (b"ovln", "voodoo lounge", Race::Orc, false),
    (b"etol", "tree of life", Race::NightElf, true),
    (b"etoa", "tree of ages", Race::NightElf, true),
    (b"etoe", "tree of eternity", Race::NightElf, true),
    (b"emow", "moon well", Race::NightElf, false),
    (b"eate", "altar of elders", Race::NightElf, false),
    (b"eaom", "ancient of war", Race::NightElf, false),
    (b"eaoe", "ancient of lore", Race::NightElf, false),
    (b"eaow", "ancient of wind", Race::NightElf, false),
    (b"edob", "hunter's hall", Race::NightElf, false),
    (b"etrp", "ancient protector", Race::NightElf, false),
    (b"edos", "chimaera roost", Race::NightElf, false),
    (b"eden", "ancient of wonders", Race::NightElf, false),
    (b"unpl", "necropolis", Race::Undead, true),
    (b"unp1", "halls of the dead", Race::Undead, true),
    (b"unp2", "black citadel", Race::Undead, true),
    (b"ugol", "haunted gold mine", Race::Undead, true),
    (b"uzig", "ziggurat", Race::Undead, false),
    (b"uzg1", "spirit tower", Race::Undead, false),
    (b"uzg2", "nerubian tower", Race::Undead, false),
    (b"uaod", "altar of darkness", Race::Undead, false),
    (b"usep", "crypt", Race::Undead, false),
    (b"ugrv", "graveyard", Race::Undead, false),
    (b"utod", "temple of the damned", Race::Undead, false),
    (b"uslh", "slaughterhouse", Race::Undead, false),
    (b"ubon", "boneyard", Race::Undead, false),
    (b"utom", "tomb of relics", Race::Undead, false),
    (b"usap", "sacrificial pit", Race::Undead, false),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buildings_are_known_by_their_order_ids_and_nothing_else_is() {
        let id = |c: &[u8; 4]| u32::from_be_bytes(*c);
        let farm = of(id(b"hhou")).expect("a farm is a building");
        assert_eq!(
            (farm.name, farm.race, farm.town_hall),
            ("farm", Race::Human, false)
        );
        assert!(of(id(b"ugol")).unwrap().town_hall);
        assert!(
            of(id(b"hpea")).is_none(),
            "a peasant is trained, not placed"
        );
        assert!(of(0x000D_0003).is_none(), "an order number is no building");
        for (i, a) in TABLE.iter().enumerate() {
            assert!(!TABLE[..i].iter().any(|b| b.0 == a.0), "{:?} twice", a.0);
            let letter = Race::from_rawcode_letter(a.0[0]);
            assert_eq!(letter, Some(a.2), "{:?}'s race is its first letter's", a.0);
        }
    }
}
