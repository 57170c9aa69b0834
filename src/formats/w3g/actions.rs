//! The actions inside a command block, one player's input in a time slot.
//!
//! Layouts follow the ids of 1.14b on; older ids are renumbered on reading
//! (before 1.14b, 0x1A-0x1D were one lower and 0x19 was one byte; before
//! 1.07, 0x65-0x69 were one lower). 2.0 dropped an action at or below
//! 0x77: in its replays (and any with 2.0.2's 0x38 records) ids from 0x77
//! on are one lower than before. The replays show it: their 0x77 is the
//! earlier sync action 0x78 (two strings and a u32), their 0x7A takes the
//! 16 bytes of the earlier 0x7B. w3gjs renumbers from 0x78, and only with
//! 0x38 records, so it misreads those actions.
//!
//! ```text
//! 0x10 ability:  flags (u16; u8 before 1.13)  u32 order id
//!                u32 u32 unknown (1.07 on)
//! 0x11 + f32 x  f32 y          0x12 + x y + u32 u32 target object
//! 0x13 + x y + target object + item object
//! 0x14 + x y + u32 order id 2  u32 flags  u32 category  u8 owner  f32 x2  f32 y2
//! 0x15 as 0x14 + target object
//! 0x16 select / 0x17 assign group: u8 mode or group  u16 n  n x (u32 u32)
//! 0x68 minimap ping: f32 x  f32 y  f32 duration
//! ```
//!
//! The rest are fixed sizes or NUL-terminated strings; see [`fixed_size`].

use super::cursor::Cursor;
use super::error::ReplayError;

/// What decides an action's layout.
#[derive(Debug, Clone, Copy)]
pub struct Layout {
    /// Minor patch: 18 for 1.18, 32 for 1.32, 100 for 2.0.
    pub patch: u32,
    /// 2.0's renumbering of the ids from 0x77 on (see the module notes).
    pub renumbered: bool,
}

/// The second target of action 0x14 (and 0x15).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SecondTarget {
    pub order_id: u32,
    pub x: f32,
    pub y: f32,
}

/// An action as the rest of the decoder needs it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Action {
    /// 0x10: an ability with no target.
    Ability { flags: u16, order_id: u32 },
    /// 0x11-0x15: an order with a target point.
    Order {
        id: u8,
        flags: u16,
        order_id: u32,
        x: f32,
        y: f32,
        object: Option<(u32, u32)>,
        second: Option<SecondTarget>,
    },
    /// 0x16: a selection change (mode 1 add, 2 remove).
    Select { mode: u8 },
    /// 0x68: a minimap ping.
    Ping { x: f32, y: f32, duration: f32 },
    /// Any other action, by its (renumbered) id.
    Other(u8),
}

/// The id an action has in 1.14b-2.0.1 terms.
pub fn normalise(raw: u8, layout: Layout) -> u8 {
    let p = layout.patch;
    match raw {
        0x77..=0xFE if layout.renumbered => raw + 1,
        0x1A..=0x1D if p < 14 => raw + 1,
        0x65..=0x69 if p < 7 => raw + 1,
        _ => raw,
    }
}

/// Bytes after the id of the actions with a fixed size, `None` for the
/// others (variable or unknown).
pub fn fixed_size(id: u8, patch: u32) -> Option<usize> {
    Some(match id {
        0x01 | 0x02 | 0x04 | 0x05 => 0,
        0x03 => 1,
        0x07 => 4,
        0x18 => 2,
        0x19 if patch < 14 => 1,
        0x19 => 12,
        0x1A => 0,
        0x1B | 0x1C => 9,
        0x1D => 8,
        0x1E | 0x1F => 5,
        // Single-player cheats.
        0x20 | 0x22..=0x26 | 0x29..=0x2C | 0x2F => 0,
        0x21 => 8,
        0x27 | 0x28 | 0x2D => 5,
        0x2E => 4,
        0x50 => 5,
        0x51 => 9,
        0x61 | 0x66 | 0x67 => 0,
        0x62 if patch < 7 => 8,
        0x62 => 12,
        0x63..=0x65 => 8,
        0x69 | 0x6A => 16,
        0x75 => 1,
        0x76 => 10,
        0x7A => 20,
        0x7B => 16,
        0xA0 => 14,
        0xA1 => 9,
        _ => return None,
    })
}

/// Reads one action at the cursor (its id included).
pub fn read(c: &mut Cursor, layout: Layout) -> Result<Action, ReplayError> {
    let at = c.pos();
    let raw = c.u8("action id")?;
    let id = normalise(raw, layout);
    let field = |what: &str| format!("action {raw:#04x} {what}");
    if let Some(n) = fixed_size(id, layout.patch) {
        c.skip(n, &field("data"))?;
        return Ok(Action::Other(id));
    }
    match id {
        0x10..=0x15 => order(c, id, layout.patch, &field),
        0x16 | 0x17 => {
            let mode = c.u8(&field("mode"))?;
            let n = c.u16(&field("unit count"))?;
            c.skip(usize::from(n) * 8, &field("units"))?;
            Ok(if id == 0x16 {
                Action::Select { mode }
            } else {
                Action::Other(id)
            })
        }
        0x68 => Ok(Action::Ping {
            x: c.f32(&field("x"))?,
            y: c.f32(&field("y"))?,
            duration: c.f32(&field("duration"))?,
        }),
        0x06 => strings(c, id, 1, 0, &field),
        0x60 => {
            c.skip(8, &field("data"))?;
            strings(c, id, 1, 0, &field)
        }
        0x6B | 0x6C => strings(c, id, 3, 4, &field),
        0x6D => strings(c, id, 3, 1, &field),
        0x6E => {
            strings(c, id, 3, 0, &field)?;
            cached_unit(c, &field)?;
            Ok(Action::Other(id))
        }
        0x70..=0x73 => strings(c, id, 3, 0, &field),
        0x77 => {
            c.skip(8, &field("data"))?;
            let n = c.u32(&field("buffer length"))? as usize;
            c.skip(n, &field("buffer"))?;
            Ok(Action::Other(id))
        }
        0x78 => strings(c, id, 2, 4, &field),
        0x79 => {
            c.skip(16, &field("data"))?;
            strings(c, id, 1, 0, &field)
        }
        _ => Err(c.error_at(at, "action id", format!("unknown action {raw:#04x}"))),
    }
}

/// `n` NUL-terminated strings, then `tail` bytes.
fn strings(
    c: &mut Cursor,
    id: u8,
    n: usize,
    tail: usize,
    field: &dyn Fn(&str) -> String,
) -> Result<Action, ReplayError> {
    for _ in 0..n {
        c.c_bytes(&field("string"))?;
    }
    c.skip(tail, &field("data"))?;
    Ok(Action::Other(id))
}

fn order(
    c: &mut Cursor,
    id: u8,
    patch: u32,
    field: &dyn Fn(&str) -> String,
) -> Result<Action, ReplayError> {
    let flags = if patch < 13 {
        u16::from(c.u8(&field("ability flags"))?)
    } else {
        c.u16(&field("ability flags"))?
    };
    let order_id = c.u32(&field("order id"))?;
    if patch >= 7 {
        c.skip(8, &field("unknown ids"))?;
    }
    if id == 0x10 {
        return Ok(Action::Ability { flags, order_id });
    }
    let x = c.f32(&field("x"))?;
    let y = c.f32(&field("y"))?;
    let mut object = None;
    let mut second = None;
    match id {
        0x12 | 0x13 => {
            object = Some((c.u32(&field("object"))?, c.u32(&field("object"))?));
            if id == 0x13 {
                c.skip(8, &field("item"))?;
            }
        }
        0x14 | 0x15 => {
            let order_id = c.u32(&field("second order id"))?;
            c.skip(9, &field("second target flags"))?;
            second = Some(SecondTarget {
                order_id,
                x: c.f32(&field("second x"))?,
                y: c.f32(&field("second y"))?,
            });
            if id == 0x15 {
                object = Some((c.u32(&field("object"))?, c.u32(&field("object"))?));
            }
        }
        _ => {}
    }
    Ok(Action::Order {
        id,
        flags,
        order_id,
        x,
        y,
        object,
        second,
    })
}

/// A unit stored in a game cache (0x6E): its items, hero data and
/// abilities, every count checked against what is left.
fn cached_unit(c: &mut Cursor, field: &dyn Fn(&str) -> String) -> Result<(), ReplayError> {
    c.skip(4, &field("unit id"))?;
    let items = c.u32(&field("item count"))? as usize;
    c.skip(items.saturating_mul(12), &field("items"))?;
    c.skip(48, &field("hero data"))?;
    let abilities = c.u32(&field("ability count"))? as usize;
    c.skip(abilities.saturating_mul(8), &field("abilities"))?;
    c.skip(12, &field("hero life, mana and sight"))?;
    let damage = c.u32(&field("damage count"))? as usize;
    c.skip(damage.saturating_mul(4), &field("damage"))?;
    c.skip(6, &field("defense and control groups"))
}
