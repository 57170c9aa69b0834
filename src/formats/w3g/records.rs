//! The game's records after the setup, in file order:
//!
//! ```text
//! 0x17 leave:       u32 reason  u8 player  u32 result  u32 unknown
//! 0x1A 0x1B 0x1C    u32 unknown (start of game)
//! 0x1E 0x1F time slot: u16 n  u16 time increment, then n - 2 bytes of
//!                   command blocks: u8 player  u16 length  actions
//! 0x20 chat:        u8 player  u16 n, then n bytes: u8 flags
//!                   (0x20: u32 mode)  text (NUL-terminated)
//! 0x22 checksum:    u8 n  n bytes      0x23: 10 bytes   0x2F: 8 bytes
//! 0x00              padding to the end of the last block
//! ```
//!
//! An unknown record has no length to skip by, so it ends the data with a
//! warning; so does a record the data ends inside. An unknown action ends
//! its command block (whose length says where the next starts).

use super::actions::{self, Action, Layout};
use super::apm::Apm;
use super::cursor::Cursor;
use super::error::{Place, ReplayError, Warnings};
use super::types::{Chat, Leave, Order, Ping, Race};

/// What the records say, in file order.
#[derive(Debug, Default)]
pub struct Timeline {
    pub orders: Vec<Order>,
    pub pings: Vec<Ping>,
    pub chat: Vec<Chat>,
    pub leaves: Vec<Leave>,
    pub duration_ms: u32,
    /// By player id: the race of the first unit or building ordered.
    pub race_played: Vec<Option<Race>>,
}

pub fn read(
    data: &[u8],
    start: usize,
    layout: Layout,
    apm: &mut Apm,
    warnings: &mut Warnings,
) -> Timeline {
    let mut t = Timeline {
        race_played: vec![None; 256],
        ..Timeline::default()
    };
    let mut c = Cursor::new(data, Place::Data);
    c.set_pos(start);
    while let Some(id) = c.peek() {
        if id == 0 {
            let rest = &data[c.pos()..];
            if let Some(n) = rest.iter().position(|&b| b != 0) {
                warnings.error(&c.error_at(
                    c.pos() + n,
                    "record id",
                    "data after the zero padding is ignored",
                ));
            }
            break;
        }
        if let Err(e) = record(&mut c, layout, apm, &mut t, warnings) {
            warnings.error(&e);
            break;
        }
    }
    t
}

fn record(
    c: &mut Cursor,
    layout: Layout,
    apm: &mut Apm,
    t: &mut Timeline,
    warnings: &mut Warnings,
) -> Result<(), ReplayError> {
    let at = c.pos();
    let id = c.u8("record id")?;
    match id {
        0x17 => {
            let reason = c.u32("leave reason")?;
            let player = c.u8("leave player")?;
            let result = c.u32("leave result")?;
            c.skip(4, "leave unknown")?;
            t.leaves.push(Leave {
                ms: t.duration_ms,
                player,
                reason,
                result,
            });
        }
        0x1A..=0x1C => c.skip(4, "game start record")?,
        0x1E | 0x1F => time_slot(c, layout, apm, t, warnings)?,
        0x20 => t.chat.push(chat(c, t.duration_ms)?),
        0x22 => {
            let n = c.u8("checksum size")?;
            c.skip(n.into(), "checksum")?;
        }
        0x23 => c.skip(10, "record 0x23")?,
        0x2F => c.skip(8, "game end countdown")?,
        _ => {
            return Err(c.error_at(
                at,
                "record id",
                format!(
                    "unknown record {id:#04x}; the {} bytes from here are not read",
                    c.remaining() + 1
                ),
            ))
        }
    }
    Ok(())
}

fn chat(c: &mut Cursor, ms: u32) -> Result<Chat, ReplayError> {
    let player = c.u8("chat player")?;
    let n = usize::from(c.u16("chat size")?);
    let body = c.bytes(n, "chat message")?;
    let mut m = Cursor::new(body, Place::Data);
    let wrap = |e: ReplayError| ReplayError {
        offset: (c.pos() - n) as u64 + e.offset,
        ..e
    };
    let flags = m.u8("chat flags").map_err(wrap)?;
    let mode = if flags == 0x20 {
        Some(m.u32("chat mode").map_err(wrap)?)
    } else {
        None
    };
    let text = m.c_string("chat text").map_err(wrap)?;
    Ok(Chat {
        ms,
        player,
        flags,
        mode,
        text,
    })
}

fn time_slot(
    c: &mut Cursor,
    layout: Layout,
    apm: &mut Apm,
    t: &mut Timeline,
    warnings: &mut Warnings,
) -> Result<(), ReplayError> {
    let n_at = c.pos();
    let n = usize::from(c.u16("time slot size")?);
    let increment = c.u16("time increment")?;
    if n < 2 {
        return Err(c.error_at(
            n_at,
            "time slot size",
            format!("{n} bytes, less than its time increment"),
        ));
    }
    let end = c.pos() + n - 2;
    if end > c.pos() + c.remaining() {
        return Err(c.error_at(
            n_at,
            "time slot size",
            format!("{n} bytes, past the data's end"),
        ));
    }
    t.duration_ms = t.duration_ms.saturating_add(increment.into());
    apm.time_slot(increment);
    while c.pos() < end {
        let block_at = c.pos();
        let player = c.u8("command block player")?;
        let len = usize::from(c.u16("command block size")?);
        let block_end = c.pos() + len;
        if block_end > end {
            warnings.error(&c.error_at(
                block_at,
                "command block size",
                format!("{len} bytes, past its time slot's end (byte {end})"),
            ));
            break;
        }
        apm.command_block(player, t.duration_ms);
        command_block(c, block_end, player, layout, apm, t, warnings);
        c.set_pos(block_end);
    }
    c.set_pos(end);
    Ok(())
}

fn command_block(
    c: &Cursor,
    end: usize,
    player: u8,
    layout: Layout,
    apm: &mut Apm,
    t: &mut Timeline,
    warnings: &mut Warnings,
) {
    let mut a = Cursor::window(c.data(), c.pos(), end, Place::Data);
    while !a.at_end() {
        let action = match actions::read(&mut a, layout) {
            Ok(action) => action,
            Err(e) => {
                warnings.push(format!(
                    "{}; player {player}'s command block stops there",
                    e.as_warning()
                ));
                return;
            }
        };
        apm.action(player, &action);
        let ms = t.duration_ms;
        match action {
            Action::Order {
                id,
                flags,
                order_id,
                x,
                y,
                object,
                second,
            } => t.orders.push(Order {
                ms,
                player,
                action: id,
                ability_flags: flags,
                order_id,
                x,
                y,
                object,
                second,
            }),
            Action::Ping { x, y, duration } => t.pings.push(Ping {
                ms,
                player,
                x,
                y,
                duration,
            }),
            Action::Ability { order_id, .. } => {
                let slot = &mut t.race_played[usize::from(player)];
                if slot.is_none() {
                    let first = order_id.to_be_bytes()[0];
                    *slot = Race::from_rawcode_letter(first);
                }
            }
            _ => {}
        }
    }
}
