//! The start of the inflated data: the lobby as the game began.
//!
//! ```text
//! u32 unknown (0x110)
//! host record: u8 0x00  u8 player id  name (NUL-terminated)
//!              u8 n  n bytes (1: custom game; 8: ladder, u32 runtime, u32 race)
//! game name (NUL-terminated)  private string (NUL-terminated, mostly empty)
//! settings string (encoded, NUL-terminated; see settings.rs)
//! u32 player count  u32 game type  u32 language id
//! player records while the next byte is 0x16: as the host's, then u32 0
//! Reforged records while the next byte is 0x39 or 0x38 (see reforged.rs)
//! game start record: u8 0x19  u16 bytes that follow  u8 slot count
//!   slots, 9 bytes each (8 before 1.07, 7 before 1.03): u8 player id
//!   u8 download %  u8 status (0 empty, 1 closed, 2 used)  u8 computer
//!   u8 team  u8 colour  u8 race flags  u8 AI strength  u8 handicap
//!   u32 random seed  u8 select mode  u8 start spot count
//! ```

use super::cursor::Cursor;
use super::error::ReplayError;
use super::reforged::{self, Records};
use super::settings::{self, GameSettings};

const HOST_RECORD: u8 = 0x00;
const PLAYER_RECORD: u8 = 0x16;
const GAME_START_RECORD: u8 = 0x19;

/// A player record of the lobby (a human who joined; computers have none).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerRecord {
    pub id: u8,
    pub name: String,
}

/// One lobby slot as the game start record lists it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Slot {
    pub player_id: u8,
    /// 0-100; 255 for computers and maps the host had.
    pub download_percent: u8,
    /// 0 empty, 1 closed, 2 used.
    pub status: u8,
    pub computer: bool,
    pub team: u8,
    pub colour: u8,
    /// 0x01 human, 0x02 orc, 0x04 night elf, 0x08 undead, 0x20 random;
    /// 0x40 the race was selectable.
    pub race_flags: u8,
    /// 0 easy, 1 normal, 2 insane (computers).
    pub ai_strength: u8,
    /// 50-100.
    pub handicap: u8,
}

/// Everything before the game's own records.
#[derive(Debug, Clone)]
pub struct Setup {
    pub host: PlayerRecord,
    pub game_name: String,
    pub settings: GameSettings,
    pub player_count: u32,
    pub game_type: u32,
    pub language_id: u32,
    /// The host first, then the others in file order.
    pub records: Vec<PlayerRecord>,
    pub reforged: Records,
    pub slots: Vec<Slot>,
    pub random_seed: u32,
    pub select_mode: u8,
    pub start_spot_count: u8,
    /// Where the game's records start.
    pub end: usize,
}

pub fn read(data: &[u8], patch: u32, warnings: &mut Vec<String>) -> Result<Setup, ReplayError> {
    let mut c = Cursor::new(data, super::error::Place::Data);
    c.skip(4, "data header")?;
    let at = c.pos();
    let id = c.u8("host record id")?;
    if id != HOST_RECORD {
        return Err(c.error_at(at, "host record id", format!("{id:#04x}, expected 0x00")));
    }
    let host = player_record(&mut c, "host")?;
    let game_name = c.c_string("game name")?;
    c.c_bytes("private string")?;
    let settings_at = c.pos();
    let encoded = c.c_bytes("settings string")?;
    let settings = settings::read(&settings::decode_string(encoded), settings_at)?;
    let player_count = c.u32("player count")?;
    let game_type = c.u32("game type")?;
    let language_id = c.u32("language id")?;
    let mut records = vec![host.clone()];
    while c.peek() == Some(PLAYER_RECORD) {
        c.u8("player record id")?;
        let what = format!("player record {}", records.len());
        records.push(player_record(&mut c, &what)?);
        c.skip(4, &format!("{what} trailer"))?;
    }
    let reforged = reforged::read(&mut c)?;
    let (slots, random_seed, select_mode, start_spot_count) = game_start(&mut c, patch, warnings)?;
    Ok(Setup {
        host,
        game_name,
        settings,
        player_count,
        game_type,
        language_id,
        records,
        reforged,
        slots,
        random_seed,
        select_mode,
        start_spot_count,
        end: c.pos(),
    })
}

fn player_record(c: &mut Cursor, what: &str) -> Result<PlayerRecord, ReplayError> {
    let id = c.u8(&format!("{what} player id"))?;
    let name = c.c_string(&format!("{what} name"))?;
    let n = c.u8(&format!("{what} extra size"))?;
    c.skip(n.into(), &format!("{what} extra data"))?;
    Ok(PlayerRecord { id, name })
}

/// Bytes a slot record takes in `patch`.
fn slot_size(patch: u32) -> usize {
    match patch {
        0..=2 => 7,
        3..=6 => 8,
        _ => 9,
    }
}

type GameStart = (Vec<Slot>, u32, u8, u8);

fn game_start(
    c: &mut Cursor,
    patch: u32,
    warnings: &mut Vec<String>,
) -> Result<GameStart, ReplayError> {
    let at = c.pos();
    let id = c.u8("game start record id")?;
    if id != GAME_START_RECORD {
        return Err(c.error_at(
            at,
            "game start record id",
            format!("{id:#04x}, expected 0x19 (or a player record 0x16, or Reforged's 0x39)"),
        ));
    }
    let declared = c.u16("game start record size")?;
    let count = c.u8("slot count")?;
    let size = slot_size(patch);
    let needed = 1 + usize::from(count) * size + 6;
    if usize::from(declared) != needed {
        warnings.push(
            c.error_at(
                at + 1,
                "game start record size",
                format!("{declared} bytes, but {count} slots of {size} bytes need {needed}"),
            )
            .as_warning(),
        );
    }
    let mut slots = Vec::with_capacity(count.into());
    for i in 0..count {
        let raw = c.bytes(size, &format!("slot {i}"))?;
        let get = |k: usize, default: u8| raw.get(k).copied().unwrap_or(default);
        slots.push(Slot {
            player_id: raw[0],
            download_percent: raw[1],
            status: raw[2],
            computer: raw[3] == 1,
            team: raw[4],
            colour: raw[5],
            race_flags: raw[6],
            ai_strength: get(7, 1),
            handicap: get(8, 100),
        });
    }
    let seed = c.u32("random seed")?;
    let mode = c.u8("select mode")?;
    let spots = c.u8("start spot count")?;
    Ok((slots, seed, mode, spots))
}
