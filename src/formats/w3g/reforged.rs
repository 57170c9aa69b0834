//! Reforged's extra records between the player list and the game start
//! record (1.32 on): `u8 0x39` (or `0x38`, 2.0.2 on), `u8 subtype`,
//! `u32 length`, then `length` bytes. Subtype 3 is a protobuf message
//! with a player's id (field 1), battle tag (2) and clan (3); the others
//! (skins, 4; and more) are skipped by their length.

use super::cursor::Cursor;
use super::error::ReplayError;

pub const RECORD: u8 = 0x39;
/// The same records in 2.0.2's replays, which also renumber actions.
pub const RECORD_202: u8 = 0x38;
const PLAYER_SUBTYPE: u8 = 3;

/// A player's Reforged identity.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ReforgedPlayer {
    pub id: u32,
    pub battle_tag: String,
    pub clan: String,
}

/// What the records say: the players, and whether any record was 0x38.
#[derive(Debug, Clone, Default)]
pub struct Records {
    pub players: Vec<ReforgedPlayer>,
    pub format_202: bool,
}

/// Reads the records while the next byte starts one.
pub fn read(c: &mut Cursor) -> Result<Records, ReplayError> {
    let mut out = Records::default();
    while let Some(id @ (RECORD | RECORD_202)) = c.peek() {
        let at = c.pos();
        c.u8("Reforged record id")?;
        out.format_202 |= id == RECORD_202;
        let subtype = c.u8("Reforged record subtype")?;
        let len = c.u32("Reforged record length")? as usize;
        let body = c.bytes(len, &format!("Reforged record {subtype} (from byte {at})"))?;
        if subtype == PLAYER_SUBTYPE {
            // A message that does not read is skipped: it only renames.
            if let Some(p) = player(body) {
                out.players.push(p);
            }
        }
    }
    Ok(out)
}

/// Decodes the player message's fields 1-3, skipping any others.
fn player(mut b: &[u8]) -> Option<ReforgedPlayer> {
    let mut p = ReforgedPlayer::default();
    while !b.is_empty() {
        let key = varint(&mut b)?;
        match (key >> 3, key & 7) {
            (1, 0) => p.id = varint(&mut b)? as u32,
            (field, 2) => {
                let n = usize::try_from(varint(&mut b)?).ok()?;
                let s = b.get(..n)?;
                b = &b[n..];
                let text = String::from_utf8_lossy(s).into_owned();
                match field {
                    2 => p.battle_tag = text,
                    3 => p.clan = text,
                    _ => {}
                }
            }
            (_, 0) => {
                varint(&mut b)?;
            }
            (_, 1) => b = b.get(8..)?,
            (_, 5) => b = b.get(4..)?,
            _ => return None,
        }
    }
    Some(p)
}

fn varint(b: &mut &[u8]) -> Option<u64> {
    let mut v = 0u64;
    for shift in (0..64).step_by(7) {
        let (&byte, rest) = b.split_first()?;
        *b = rest;
        v |= u64::from(byte & 0x7F) << shift;
        if byte & 0x80 == 0 {
            return Some(v);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_a_player_message_and_skips_unknown_fields() {
        let mut m = vec![0x08, 0x96, 0x01, 0x12, 3, b'a', b'#', b'1', 0x1A, 1, b'C'];
        m.extend_from_slice(&[0x25, 1, 2, 3, 4, 0x30, 5]);
        let p = player(&m).unwrap();
        assert_eq!(
            (p.id, p.battle_tag.as_str(), p.clan.as_str()),
            (150, "a#1", "C")
        );
        assert!(player(&[0x12, 9, b'x']).is_none());
    }
}
