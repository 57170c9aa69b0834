//! What a decoded replay holds. Times are game time in milliseconds, as
//! the game runs them: the sum of the time slots' increments, each added
//! before the slot's actions.

use super::header::Header;
use super::settings::GameSettings;
use super::setup::Slot;

/// A race as a slot's flags say it was chosen in the lobby.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Race {
    Human,
    Orc,
    NightElf,
    Undead,
    Random,
    /// Flags that name no single race (kept as stored).
    Other(u8),
}

impl Race {
    /// From a slot's race flags; bit 0x40 (the race was selectable) is
    /// ignored.
    pub fn from_flags(flags: u8) -> Race {
        match flags & !0x40 {
            0x01 => Race::Human,
            0x02 => Race::Orc,
            0x04 => Race::NightElf,
            0x08 => Race::Undead,
            0x20 => Race::Random,
            _ => Race::Other(flags),
        }
    }

    /// From a rawcode's first letter: h, o, e, u (buildings and units).
    pub fn from_rawcode_letter(letter: u8) -> Option<Race> {
        match letter {
            b'h' => Some(Race::Human),
            b'o' => Some(Race::Orc),
            b'e' => Some(Race::NightElf),
            b'u' => Some(Race::Undead),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Race::Human => "human",
            Race::Orc => "orc",
            Race::NightElf => "nightelf",
            Race::Undead => "undead",
            Race::Random => "random",
            Race::Other(_) => "other",
        }
    }
}

/// A player of the game: a used slot, with its name where it has one.
#[derive(Debug, Clone, PartialEq)]
pub struct Player {
    pub id: u8,
    /// The lobby name; for Reforged, the battle tag where the replay has
    /// one; "Computer" for computers.
    pub name: String,
    /// Reforged's clan, where the replay says.
    pub clan: Option<String>,
    /// As chosen in the lobby.
    pub race: Race,
    /// Told from the first unit or building the player ordered with no
    /// target (action 0x10 with a rawcode starting h, o, e or u), as
    /// w3gjs does; `None` where there was none. Random players show here
    /// what they got.
    pub race_played: Option<Race>,
    pub team: u8,
    pub colour: u8,
    pub is_computer: bool,
    /// On the observers' team: 24 from 1.29 on, 12 before.
    pub is_observer: bool,
    pub ai_strength: u8,
    pub handicap: u8,
    /// Index in [`Replay::slots`].
    pub slot: usize,
    /// Actions per minute, counted as w3gjs counts them (see apm.rs).
    pub apm: u32,
    /// The actions that count toward [`Player::apm`].
    pub apm_actions: u32,
}

/// An order with a target point (actions 0x11-0x15).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Order {
    pub ms: u32,
    pub player: u8,
    /// 0x11 point, 0x12 point and object, 0x13 give or drop an item,
    /// 0x14 two points, 0x15 two points and an object.
    pub action: u8,
    pub ability_flags: u16,
    /// The ability or order: a rawcode (`hhou`) or an order number
    /// (`0x000D0003`); see [`rawcode`].
    pub order_id: u32,
    pub x: f32,
    pub y: f32,
    /// The target object's two ids (0x12, 0x13, 0x15).
    pub object: Option<(u32, u32)>,
    /// 0x14 and 0x15: the second order and its point, kept on the same
    /// order (one click, two targets).
    pub second: Option<super::actions::SecondTarget>,
}

impl Order {
    pub fn rawcode(&self) -> String {
        rawcode(self.order_id)
    }
}

/// `order_id` as a rawcode ("hhou") when its four bytes are letters or
/// digits, else as hex ("0x000d0003").
pub fn rawcode(order_id: u32) -> String {
    let b = order_id.to_be_bytes();
    if b.iter().all(u8::is_ascii_alphanumeric) {
        b.iter().map(|&c| c as char).collect()
    } else {
        format!("{order_id:#010x}")
    }
}

/// A minimap ping (action 0x68).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Ping {
    pub ms: u32,
    pub player: u8,
    pub x: f32,
    pub y: f32,
    pub duration: f32,
}

/// A chat message (record 0x20).
#[derive(Debug, Clone, PartialEq)]
pub struct Chat {
    pub ms: u32,
    pub player: u8,
    /// 0x10 a lobby message, 0x20 in game.
    pub flags: u8,
    /// In game: 0 all, 1 allies, 2 observers, 3+ one player (slot + 3).
    pub mode: Option<u32>,
    pub text: String,
}

/// A player leaving (record 0x17).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Leave {
    pub ms: u32,
    pub player: u8,
    /// 0x01 connection closed by the remote, 0x0C by the local game, ...
    pub reason: u32,
    /// 0x07 left, 0x08 lost, 0x09 won, 0x0A draw, 0x0B observer left.
    pub result: u32,
}

/// A decoded replay.
#[derive(Debug, Clone)]
pub struct Replay {
    pub header: Header,
    pub host_id: u8,
    pub host_name: String,
    pub game_name: String,
    pub settings: GameSettings,
    /// As stored: `Maps\FrozenThrone\(4)TwistedMeadows.w3x`.
    pub map_path: String,
    pub map_checksum: u32,
    pub player_count: u32,
    pub game_type: u32,
    pub language_id: u32,
    pub slots: Vec<Slot>,
    /// Used slots, in slot order.
    pub players: Vec<Player>,
    pub random_seed: u32,
    pub select_mode: u8,
    pub start_spot_count: u8,
    pub orders: Vec<Order>,
    pub pings: Vec<Ping>,
    pub chat: Vec<Chat>,
    pub leaves: Vec<Leave>,
    /// The sum of the time slots' increments (the header's own value is
    /// [`Header::duration_ms`]).
    pub duration_ms: u32,
    /// What was damaged or unknown and skipped, each naming its byte.
    pub warnings: Vec<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn order_ids_show_as_rawcodes_or_hex() {
        assert_eq!(rawcode(u32::from_le_bytes(*b"uohh")), "hhou");
        assert_eq!(rawcode(0x000D_0003), "0x000d0003");
        assert_eq!(Race::from_flags(0x44), Race::NightElf);
        assert_eq!(Race::from_flags(0x60), Race::Random);
    }
}
