//! Warcraft III replays (`.w3g`), from 1.07 to Reforged 2.0 (header
//! version 0, before 1.07, is read; its actions are renumbered as far as
//! the published notes go).
//!
//! A replay is a header ([`header`]), zlib blocks ([`blocks`]) and, inflated,
//! the lobby ([`setup`], [`settings`], [`reforged`]) followed by the game's
//! records ([`records`]): time slots holding each player's actions
//! ([`actions`]), chat and leaves. A replay is not a map: it has its own
//! error ([`ReplayError`]) and is not one of [`crate::formats::Format`].
//!
//! Refused (errors): a missing magic, an unknown header version, a header
//! size that is not the version's, a declared inflated size over
//! [`blocks::MAX_DATA_SIZE`] or a block's over what the header's total
//! leaves, and a lobby that does not read to its game start record.
//! Warnings (the replay keeps what came before): a file cut short, a
//! block that does not inflate to its size, an unknown record (ends the
//! data) or action (ends its command block).

pub mod actions;
pub mod apm;
pub mod blocks;
mod cursor;
pub mod error;
pub mod header;
pub mod records;
pub mod reforged;
pub mod settings;
pub mod setup;
pub mod types;
#[cfg(feature = "samples")]
pub mod write;

pub use actions::SecondTarget;
pub use error::{Place, ReplayError};
pub use header::{sniff, Header};
pub use setup::Slot;
pub use types::{rawcode, Chat, Leave, Order, Ping, Player, Race, Replay};

use actions::Layout;
use apm::Apm;
use error::Warnings;
use setup::Setup;

/// Slot status of a used slot.
const SLOT_USED: u8 = 2;

/// Decodes a replay from its bytes.
pub fn decode(bytes: &[u8]) -> Result<Replay, ReplayError> {
    let header = header::read(bytes)?;
    let mut early = Vec::new();
    let data = blocks::inflate(bytes, &header, &mut early)?;
    let patch = header.patch();
    let setup = setup::read(&data, patch, &mut early)?;
    let mut warnings = Warnings::default();
    for w in early {
        warnings.push(w);
    }
    let (timeline, apm, game_warnings) = game(&data, &setup, patch);
    warnings.extend(game_warnings);
    let players = players(&setup, patch, &apm, &timeline.race_played);
    Ok(Replay {
        host_id: setup.host.id,
        host_name: setup.host.name,
        game_name: setup.game_name,
        map_path: setup.settings.map_path.clone(),
        map_checksum: setup.settings.map_checksum,
        settings: setup.settings,
        player_count: setup.player_count,
        game_type: setup.game_type,
        language_id: setup.language_id,
        slots: setup.slots,
        players,
        random_seed: setup.random_seed,
        select_mode: setup.select_mode,
        start_spot_count: setup.start_spot_count,
        orders: timeline.orders,
        pings: timeline.pings,
        chat: timeline.chat,
        leaves: timeline.leaves,
        duration_ms: timeline.duration_ms,
        header,
        warnings: warnings.finish(),
    })
}

/// The map path a replay stores, read from its lobby alone (inflating its
/// first blocks, where the lobby is), so that its map can be found and
/// opened while the rest decodes. `None` where that does not read.
pub fn map_path(bytes: &[u8]) -> Option<String> {
    let mut header = header::read(bytes).ok()?;
    header.block_count = header.block_count.min(LOBBY_BLOCKS);
    let data = blocks::inflate(bytes, &header, &mut Vec::new()).ok()?;
    let setup = setup::read(&data, header.patch(), &mut Vec::new()).ok()?;
    Some(setup.settings.map_path)
}

/// A lobby fits in a block or two of 8 KiB (24 slots, long names).
const LOBBY_BLOCKS: u32 = 4;

/// Reads the game's records. 2.0 replays come with either action
/// numbering (see actions.rs) and only those with 0x38 records say which:
/// the others are read with the old numbering and, if some of their
/// actions do not read, with the new, keeping the reading with fewer
/// warnings.
fn game(data: &[u8], setup: &Setup, patch: u32) -> (records::Timeline, Apm, Warnings) {
    let read = |renumbered| {
        let layout = Layout { patch, renumbered };
        let ids = setup
            .slots
            .iter()
            .filter(|s| s.status == SLOT_USED)
            .map(|s| s.player_id);
        let mut apm = Apm::new(ids);
        let mut warnings = Warnings::default();
        let timeline = records::read(data, setup.end, layout, &mut apm, &mut warnings);
        (timeline, apm, warnings)
    };
    if setup.reforged.format_202 {
        return read(true);
    }
    let old = read(false);
    if patch < 100 || old.2.is_empty() {
        return old;
    }
    let new = read(true);
    if new.2.len() < old.2.len() {
        new
    } else {
        old
    }
}

/// The used slots as players, named from the player records (and
/// Reforged's battle tags where there are some).
fn players(setup: &Setup, patch: u32, apm: &Apm, race_played: &[Option<Race>]) -> Vec<Player> {
    let observer_team = if patch >= 29 { 24 } else { 12 };
    let mut out = Vec::new();
    for (slot, s) in setup.slots.iter().enumerate() {
        if s.status != SLOT_USED {
            continue;
        }
        let id = s.player_id;
        let record = setup.records.iter().find(|r| r.id == id);
        let reforged = setup
            .reforged
            .players
            .iter()
            .find(|p| p.id == u32::from(id));
        let name = match (reforged, record) {
            _ if s.computer => "Computer".to_string(),
            (Some(p), Some(_)) if !p.battle_tag.is_empty() => p.battle_tag.clone(),
            (_, Some(r)) => r.name.clone(),
            _ => String::new(),
        };
        let (apm, apm_actions) = apm.result(id);
        out.push(Player {
            id,
            name,
            clan: reforged.map(|p| p.clan.clone()).filter(|c| !c.is_empty()),
            race: Race::from_flags(s.race_flags),
            race_played: race_played.get(usize::from(id)).copied().flatten(),
            team: s.team,
            colour: s.colour,
            is_computer: s.computer,
            is_observer: s.team == observer_team,
            ai_strength: s.ai_strength,
            handicap: s.handicap,
            slot,
            apm,
            apm_actions,
        });
    }
    out
}
