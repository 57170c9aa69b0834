//! Synthetic replays for tests, benchmarks and fuzz seeds (`samples`
//! feature): a short two-player game with an observer where the version
//! has one, written the way the game writes them (see the other modules'
//! notes), so that every layout the decoder knows can be tested without
//! a real replay.

use super::header::MAGIC;
use super::settings::encode_string;
use crate::formats::reader::PutLe;
use flate2::{write::ZlibEncoder, Compression};
use std::io::Write;

/// What to write.
#[derive(Debug, Clone, Copy)]
pub struct Sample {
    /// As the header writes it: 6 (header version 0), 18, 26, 10032, 10100.
    pub version: u32,
    pub build: u16,
    /// Write Reforged's player records as 0x38 (2.0.2's renumbering).
    pub format_202: bool,
}

impl Sample {
    pub const fn new(version: u32, build: u16) -> Sample {
        Sample {
            version,
            build,
            format_202: false,
        }
    }
}

/// The orders [`replay`] writes, in order: (ms, player, action, order id,
/// x, y). Action 0x14's second point is (x + 1, y + 1), order "0x0d000f".
pub const ORDERS: [(u32, u8, u8, u32, f32, f32); 4] = [
    (100, 1, 0x11, u32::from_be_bytes(*b"hhou"), 512.0, -256.0),
    (100, 2, 0x12, 0x000D_0003, -1024.5, 768.25),
    (350, 1, 0x13, 0x000D_0021, 64.0, 64.0),
    (350, 2, 0x14, 0x000D_0012, 10.0, 20.0),
];
/// The ping [`replay`] writes: (ms, player, x, y).
pub const PING: (u32, u8, f32, f32) = (350, 1, -300.0, 400.0);
/// The time slots' increments.
pub const INCREMENTS: [u16; 3] = [100, 250, 65535];
pub const MAP_PATH: &str = "Maps\\FrozenThrone\\(2)EchoIsles.w3x";
pub const NAMES: [&str; 3] = ["Alice", "Bob", "Watcher"];

/// A whole replay file.
pub fn replay(s: Sample) -> Vec<u8> {
    pack(&inflated_data(s), s)
}

/// `data` (the inflated data of a replay of `s`'s version) in 8192-byte
/// blocks behind a header, as the game writes a replay file.
pub fn pack(data: &[u8], s: Sample) -> Vec<u8> {
    let mut blocks = Vec::new();
    let chunks: Vec<&[u8]> = data.chunks(8192).collect();
    for chunk in &chunks {
        let mut block = chunk.to_vec();
        block.resize(8192, 0);
        let mut z = ZlibEncoder::new(Vec::new(), Compression::default());
        z.write_all(&block).expect("writes to a Vec");
        let packed = z.finish().expect("writes to a Vec");
        if s.version >= 10000 {
            blocks.put_u32(packed.len() as u32);
            blocks.put_u32(8192);
        } else {
            blocks.put_u16(packed.len() as u16);
            blocks.put_u16(8192);
        }
        blocks.put_u32(0);
        blocks.extend_from_slice(&packed);
    }
    let v0 = s.version < 7;
    let header_size: u32 = if v0 { 0x40 } else { 0x44 };
    let mut out = MAGIC.to_vec();
    out.put_u32(header_size);
    out.put_u32(header_size + blocks.len() as u32);
    out.put_u32(u32::from(!v0));
    out.put_u32(data.len() as u32);
    out.put_u32(chunks.len() as u32);
    let length: u32 = INCREMENTS.iter().map(|&i| u32::from(i)).sum();
    if v0 {
        out.put_u16(0);
        out.put_u16(s.version as u16);
    } else {
        out.extend_from_slice(b"PX3W");
        out.put_u32(s.version);
    }
    out.put_u16(s.build);
    out.put_u16(0x8000);
    out.put_u32(length);
    out.put_u32(0);
    out.extend_from_slice(&blocks);
    out
}

fn patch(s: Sample) -> u32 {
    s.version.checked_sub(10000).unwrap_or(s.version)
}

fn c_str(out: &mut Vec<u8>, s: &str) {
    out.extend_from_slice(s.as_bytes());
    out.push(0);
}

/// The inflated data of the sample game.
pub fn inflated_data(s: Sample) -> Vec<u8> {
    let mut d = lobby(s, MAP_PATH);
    game_start(&mut d, patch(s));
    game_records(&mut d, s);
    d
}

/// A placement or other order with a point: (ms, player, order, x, y).
pub type PointOrder = (u32, u8, [u8; 4], f32, f32);

/// A replay of the sample lobby on the map at `map_path` whose game is
/// `orders` (0x11 orders, in time order; the order's rawcode as written,
/// `hhou`), each player's first with a selection before it, then a leave
/// saying player 2 won.
pub fn game(s: Sample, map_path: &str, orders: &[PointOrder]) -> Vec<u8> {
    let mut d = lobby(s, map_path);
    game_start(&mut d, patch(s));
    d.extend_from_slice(&[0x1A, 1, 0, 0, 0, 0x1B, 1, 0, 0, 0, 0x1C, 1, 0, 0, 0]);
    let mut now = 0u32;
    for &(ms, player, code, x, y) in orders {
        // Time slots of at most 60 s until the order's time.
        while now + 60_000 < ms {
            time_slot(&mut d, 60_000, &[]);
            now += 60_000;
        }
        let mut a = Vec::new();
        point_order(&mut a, patch(s), 0x11, u32::from_be_bytes(code), x, y);
        let mut block = vec![player];
        block.put_u16(a.len() as u16);
        block.extend_from_slice(&a);
        time_slot(&mut d, (ms - now) as u16, &block);
        now = ms;
    }
    d.put_u8(0x17);
    d.put_u32(0x01);
    d.put_u8(2);
    d.put_u32(0x09);
    d.put_u32(0);
    pack(&d, s)
}

fn time_slot(d: &mut Vec<u8>, increment: u16, blocks: &[u8]) {
    d.put_u8(0x1F);
    d.put_u16(2 + blocks.len() as u16);
    d.put_u16(increment);
    d.extend_from_slice(blocks);
}

/// An ability action's id, flags and order as patch `p` lays them.
fn ability(a: &mut Vec<u8>, p: u32, id: u8, order: u32) {
    a.put_u8(id);
    if p < 13 {
        a.put_u8(0x40);
    } else {
        a.put_u16(0x40);
    }
    a.put_u32(order);
    if p >= 7 {
        a.put_u32(u32::MAX);
        a.put_u32(u32::MAX);
    }
}

/// An ability action with a target point (0x11 as the version lays it).
fn point_order(a: &mut Vec<u8>, p: u32, id: u8, order: u32, x: f32, y: f32) {
    ability(a, p, id, order);
    a.put_f32(x);
    a.put_f32(y);
}

/// The lobby: host, game name, settings naming `map_path`, players and
/// (Reforged) their records, up to the game start record.
fn lobby(s: Sample, map_path: &str) -> Vec<u8> {
    let mut d = Vec::new();
    d.put_u32(0x110);
    d.put_u8(0);
    d.put_u8(1);
    c_str(&mut d, NAMES[0]);
    d.extend_from_slice(&[1, 0]);
    c_str(&mut d, "mapscope sample");
    d.put_u8(0);
    let mut settings = vec![2, 0x30, 0x06, 0, 0];
    settings.put_u16(116);
    settings.put_u16(84);
    settings.put_u32(0xDEAD_BEEF);
    c_str(&mut settings, map_path);
    c_str(&mut settings, NAMES[0]);
    d.extend_from_slice(&encode_string(&settings));
    d.put_u8(0);
    d.put_u32(3);
    d.put_u32(1);
    d.put_u32(0);
    for (id, name) in [(2u8, NAMES[1]), (3, NAMES[2])] {
        d.put_u8(0x16);
        d.put_u8(id);
        c_str(&mut d, name);
        d.extend_from_slice(&[1, 0]);
        d.put_u32(0);
    }
    if s.version >= 10000 {
        let mut msg = vec![0x08, 2, 0x12, 9];
        msg.extend_from_slice(b"Bob#12345");
        d.put_u8(if s.format_202 { 0x38 } else { 0x39 });
        d.put_u8(3);
        d.put_u32(msg.len() as u32);
        d.extend_from_slice(&msg);
        d.extend_from_slice(&[0x39, 4, 2, 0, 0, 0, 0x08, 1]);
    }
    d
}

fn game_start(d: &mut Vec<u8>, patch: u32) {
    let size = match patch {
        0..=2 => 7,
        3..=6 => 8,
        _ => 9,
    };
    let observers = if patch >= 29 { 24 } else { 12 };
    let slots: [[u8; 9]; 4] = [
        [1, 100, 2, 0, 0, 0, 0x41, 1, 100],
        [2, 100, 2, 0, 1, 1, 0x08, 1, 100],
        [3, 100, 2, 0, observers, 2, 0x60, 1, 100],
        [0, 100, 0, 0, 2, 3, 0x20, 1, 100],
    ];
    d.put_u8(0x19);
    d.put_u16((1 + slots.len() * size + 6) as u16);
    d.put_u8(slots.len() as u8);
    for slot in &slots {
        d.extend_from_slice(&slot[..size]);
    }
    d.put_u32(0x1234_5678);
    d.put_u8(0);
    d.put_u8(2);
}

/// The actions of player `player` in time slot `slot`.
fn actions(s: Sample, slot: usize, player: u8) -> Vec<u8> {
    let p = patch(s);
    let mut a = Vec::new();
    if slot == 0 && player == 1 {
        ability(&mut a, p, 0x10, u32::from_be_bytes(*b"ohun"));
    }
    for &(_, who, id, order, x, y) in ORDERS.iter().skip(slot * 2).take(2) {
        if who != player || slot > 1 {
            continue;
        }
        a.put_u8(0x16);
        a.put_u8(1);
        a.put_u16(1);
        a.put_u32(7);
        a.put_u32(8);
        point_order(&mut a, p, id, order, x, y);
        match id {
            0x12 => a.extend_from_slice(&[9; 8]),
            0x13 => a.extend_from_slice(&[9; 16]),
            0x14 => {
                a.put_u32(0x000D_000F);
                a.extend_from_slice(&[0; 9]);
                a.put_f32(x + 1.0);
                a.put_f32(y + 1.0);
            }
            _ => {}
        }
    }
    if slot == 1 && player == 1 {
        let ping = if p < 7 { 0x67 } else { 0x68 };
        a.put_u8(ping);
        a.put_f32(PING.2);
        a.put_f32(PING.3);
        a.put_f32(5.0);
    }
    a
}

fn game_records(d: &mut Vec<u8>, s: Sample) {
    d.extend_from_slice(&[0x1A, 1, 0, 0, 0, 0x1B, 1, 0, 0, 0, 0x1C, 1, 0, 0, 0]);
    for (slot, &increment) in INCREMENTS.iter().enumerate() {
        let mut blocks = Vec::new();
        for player in [1u8, 2] {
            let a = actions(s, slot, player);
            if a.is_empty() {
                continue;
            }
            blocks.put_u8(player);
            blocks.put_u16(a.len() as u16);
            blocks.extend_from_slice(&a);
        }
        d.put_u8(0x1F);
        d.put_u16(2 + blocks.len() as u16);
        d.put_u16(increment);
        d.extend_from_slice(&blocks);
        if slot == 0 {
            d.put_u8(0x20);
            d.put_u8(2);
            let text = b"glhf";
            d.put_u16((1 + 4 + text.len() + 1) as u16);
            d.put_u8(0x20);
            d.put_u32(0);
            d.extend_from_slice(text);
            d.put_u8(0);
        }
    }
    d.put_u8(0x17);
    d.put_u32(0x0C);
    d.put_u8(2);
    d.put_u32(0x09);
    d.put_u32(0);
}
