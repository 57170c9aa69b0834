//! VMF, the proposed AoS 0.8 voxel format: a 91-byte header, then X*Y*Z
//! 8-byte voxel records in `map[x][y][z]` order, z pointing up.
//!
//! The store keeps VXL's compact form: filled intervals plus the colours of
//! surface voxels (those next to air, or at the top of the map). Hidden voxels'
//! colours are not kept, as in VXL. Water and indestructible voxels are kept as
//! runs. See FORMAT-NOTES.md for the decisions the spec leaves open.

use super::error::{DecodeError, EncodeError, Format};
use super::reader::{PutLe, Reader};
use crate::store::voxels::{FourthByte, Slab, VoxelStore, MAX_DEPTH, MAX_SIDE};
use crate::store::{Map, Metadata, Spawn};

pub const HEADER_LEN: usize = 91;
pub const RECORD_LEN: usize = 8;
const FORMAT: Format = Format::Vmf;

/// Voxel types of the record's fifth byte.
pub const AIR: u8 = 0;
pub const SOLID: u8 = 1;
pub const WATER: u8 = 2;

/// Where the header's team 1 spawn says it came from.
pub const SPAWN_ORIGIN: &str = "VMF header";

/// The header's game mode, by name.
pub fn game_mode_name(mode: u8) -> String {
    match mode {
        0 => "CTF".into(),
        1 => "TC".into(),
        2 => "Babel".into(),
        3 => "Arena".into(),
        n => format!("unknown ({n})"),
    }
}

/// The header as stored.
#[derive(Debug, Clone, PartialEq)]
pub struct Header {
    pub name: String,
    pub author: String,
    pub game_mode: u8,
    pub size: [u32; 3],
    /// x start, x end, y start, y end.
    pub team1_spawn: [u32; 4],
}

/// `Ok` if the file starts like a VMF header: a name and an author of
/// printable text, each ended by NUL and padded with NULs to 32 bytes. Sizes
/// are not checked here, so a cut or inconsistent VMF gets the VMF
/// decoder's error (naming the field) rather than being read as AoS.
pub fn sniff(bytes: &[u8]) -> Result<(), String> {
    if bytes.is_empty() {
        return Err("the file is empty".into());
    }
    for (field, start) in [("name", 0usize), ("author", 32)] {
        let Some(b) = bytes.get(start..(start + 32).min(bytes.len())) else {
            break;
        };
        let text = b.iter().take_while(|&&c| c != 0).count();
        if !b[..text].iter().all(|c| (0x20..0x7F).contains(c)) {
            return Err(format!("the {field} field is not printable text"));
        }
        if text == b.len() && b.len() == 32 {
            return Err(format!("the {field} field has no NUL in its 32 bytes"));
        }
        // A short text file is not a cut VMF: a real name ends early, so
        // even a VMF cut inside its header has the name's NUL.
        if text == b.len() && field == "name" {
            return Err(format!(
                "the name field has no NUL in the file's {} bytes",
                b.len()
            ));
        }
        if b[text..].iter().any(|&c| c != 0) {
            return Err(format!("the {field} field is not padded with NULs"));
        }
    }
    Ok(())
}

/// `Ok` if a file of `len` bytes starting with `head` (its first bytes, at
/// least the 91-byte header) is a whole VMF: [`sniff`]'s text fields, then
/// sizes in range that account for exactly `len` bytes (91 + X*Y*Z*8). For
/// labelling files without reading them whole; [`detect`](super::detect)
/// keeps the laxer [`sniff`], so a cut VMF still gets the decoder's error.
pub fn sniff_whole(head: &[u8], len: u64) -> Result<(), String> {
    sniff(head)?;
    let Some(h) = head.get(..HEADER_LEN) else {
        return Err(format!(
            "{len} bytes is shorter than the {HEADER_LEN}-byte header"
        ));
    };
    let u32_at = |at: usize| u32::from_le_bytes([h[at], h[at + 1], h[at + 2], h[at + 3]]);
    let (x, y, z) = (
        u32_at(65),
        u32_at(69),
        u16::from_le_bytes([h[73], h[74]]) as u32,
    );
    for (v, field, max) in [(x, "X", MAX_SIDE), (y, "Y", MAX_SIDE), (z, "Z", MAX_DEPTH)] {
        if v == 0 || v > max {
            return Err(format!("header {field} size {v} is outside 1..={max}"));
        }
    }
    let expected = HEADER_LEN as u64 + x as u64 * y as u64 * z as u64 * RECORD_LEN as u64;
    if expected != len {
        return Err(format!(
            "a {x}x{y}x{z} map has {expected} bytes, but the file has {len}"
        ));
    }
    Ok(())
}

pub fn read_header(bytes: &[u8]) -> Result<Header, DecodeError> {
    let mut r = Reader::new(bytes, FORMAT);
    let name = nul_string(r.bytes(32, "header name")?, "header name", 0)?;
    let author = nul_string(r.bytes(32, "header author")?, "header author", 32)?;
    let game_mode = r.u8("header game mode")?;
    let x = r.u32("header X size")?;
    let y = r.u32("header Y size")?;
    let z = r.u16("header Z size")? as u32;
    let mut team1_spawn = [0u32; 4];
    for (i, v) in team1_spawn.iter_mut().enumerate() {
        *v = r.u32(
            [
                "team 1 spawn x start",
                "team 1 spawn x end",
                "team 1 spawn y start",
                "team 1 spawn y end",
            ][i],
        )?;
    }
    for (v, field, off, max) in [
        (x, "header X size", 65, MAX_SIDE),
        (y, "header Y size", 69, MAX_SIDE),
        (z, "header Z size", 73, MAX_DEPTH),
    ] {
        if v == 0 || v > max {
            return Err(DecodeError::new(
                FORMAT,
                field,
                off,
                format!("{v} is outside 1..={max}, the largest map mapscope holds"),
            ));
        }
    }
    let expected = (x as u64)
        .checked_mul(y as u64)
        .and_then(|n| n.checked_mul(z as u64))
        .and_then(|n| n.checked_mul(RECORD_LEN as u64))
        .and_then(|n| n.checked_add(HEADER_LEN as u64));
    if expected != Some(bytes.len() as u64) {
        return Err(DecodeError::new(
            FORMAT,
            "voxel records",
            HEADER_LEN,
            format!(
                "a {x}x{y}x{z} map needs 91 + {x}*{y}*{z}*8 = {} bytes, but the file has {}",
                expected.map_or("too many".to_string(), |n| n.to_string()),
                bytes.len()
            ),
        ));
    }
    Ok(Header {
        name,
        author,
        game_mode,
        size: [x, y, z],
        team1_spawn,
    })
}

fn nul_string(b: &[u8], field: &str, offset: usize) -> Result<String, DecodeError> {
    let Some(end) = b.iter().position(|&c| c == 0) else {
        return Err(DecodeError::new(
            FORMAT,
            field,
            offset,
            "has no NUL within its 32 bytes; the spec says such a file must be refused",
        ));
    };
    Ok(String::from_utf8_lossy(&b[..end]).into_owned())
}

/// One column's filled voxels as a bitmask over store z (0 = top).
struct Masks {
    words: usize,
    bits: Vec<u64>,
}

impl Masks {
    fn column(&self, i: usize) -> &[u64] {
        &self.bits[i * self.words..(i + 1) * self.words]
    }
}

pub fn decode(bytes: &[u8]) -> Result<Map, DecodeError> {
    let header = read_header(bytes)?;
    let [xs, ys, zs] = header.size;
    let (w, l, d) = (xs as usize, ys as usize, zs as usize);
    let records = &bytes[HEADER_LEN..];
    let col_bytes = d * RECORD_LEN;
    let record_at = |x: usize, y: usize| (x * l + y) * col_bytes;

    // Pass 1: validate every record and note which voxels are filled.
    let words = d.div_ceil(64);
    let mut masks = Masks {
        words,
        bits: vec![0u64; w * l * words],
    };
    // Solid, not water: what hides a voxel behind it. Water does not, so
    // ground under water keeps its colours for the translucent view.
    let mut opaque = Masks {
        words,
        bits: vec![0u64; w * l * words],
    };
    let mut reserved_set = 0u64;
    let mut air_indestructible = 0u64;
    // Runs of water or indestructible voxels, at most: for sizing the store.
    let mut material_runs = 0usize;
    for x in 0..w {
        for y in 0..l {
            let start = record_at(x, y);
            let col = &records[start..start + col_bytes];
            let range = (y * w + x) * words..(y * w + x + 1) * words;
            let m = &mut masks.bits[range.clone()];
            let o = &mut opaque.bits[range];
            let mut last = (AIR, 0u8);
            for (vz, rec) in col.chunks_exact(RECORD_LEN).enumerate() {
                if (rec[4], rec[5]) != last {
                    material_runs += (rec[4] == WATER || rec[5] == 1) as usize;
                    last = (rec[4], rec[5]);
                }
                let (kind, hard) = (rec[4], rec[5]);
                if kind > WATER || hard > 1 {
                    let off = HEADER_LEN + start + vz * RECORD_LEN;
                    let (field, off, problem) = if kind > WATER {
                        (
                            "type",
                            off + 4,
                            format!("{kind} is not 0 (air), 1 (solid) or 2 (water)"),
                        )
                    } else {
                        ("indestructible", off + 5, format!("{hard} is not 0 or 1"))
                    };
                    return Err(DecodeError::new(
                        FORMAT,
                        format!("voxel ({x}, {y}, {vz}) {field}"),
                        off,
                        problem,
                    ));
                }
                reserved_set += (rec[6] | rec[7] != 0) as u64;
                if kind != AIR {
                    let sz = d - 1 - vz;
                    m[sz / 64] |= 1 << (sz % 64);
                    if kind != WATER {
                        o[sz / 64] |= 1 << (sz % 64);
                    }
                } else {
                    air_indestructible += hard as u64;
                }
            }
        }
    }

    // Pass 2: the surface voxels of every column, counted so the store can
    // be sized once (growing it would briefly hold two copies: this file
    // can be 134 MB, and memory must stay near file + store). A solid voxel
    // is on the surface next to air or water, a water voxel next to air.
    let mut surfaces = vec![0u64; w * l * words];
    for y in 0..l {
        for x in 0..w {
            let i = y * w + x;
            let (filled, solid) = (masks.column(i), opaque.column(i));
            for k in 0..words {
                let water = filled[k] & !solid[k];
                surfaces[i * words + k] = solid[k] & !hidden_by(&opaque, x, y, w, l, k, d)
                    | water & !hidden_by(&masks, x, y, w, l, k, d);
            }
        }
    }
    drop(opaque);
    let colors: usize = surfaces.iter().map(|m| m.count_ones() as usize).sum();

    // Pass 3: in store order, slabs, colours, materials.
    let mut store = VoxelStore::new(xs, ys, zs, FourthByte::Light);
    store.reserve_exact(w * l + w * l / 8, colors);
    store.reserve_materials(material_runs);
    for y in 0..l {
        for x in 0..w {
            let i = y * w + x;
            let column = &records[record_at(x, y)..record_at(x, y) + col_bytes];
            let surface = &surfaces[i * words..(i + 1) * words];
            push_column(&mut store, masks.column(i), surface, column, d);
        }
    }
    drop(surfaces);
    store.finish();

    let mut warnings = Vec::new();
    if reserved_set > 0 {
        warnings.push(format!(
            "{reserved_set} voxels have non-zero reserved bits (ignored)"
        ));
    }
    if air_indestructible > 0 {
        warnings.push(format!(
            "{air_indestructible} air voxels are marked indestructible (ignored)"
        ));
    }
    let [x0, x1, y0, y1] = header.team1_spawn;
    if x0 > x1 || y0 > y1 || x1 > xs || y1 > ys {
        warnings.push(format!(
            "team 1 spawn x {x0}..{x1}, y {y0}..{y1} is reversed or outside the {xs}x{ys} map"
        ));
    }
    let spawns = vec![Spawn {
        label: "team 1".into(),
        origin: SPAWN_ORIGIN.into(),
        min: [x0.min(x1) as f32, y0.min(y1) as f32],
        max: [x0.max(x1) as f32, y0.max(y1) as f32],
        z: None,
        team: Some(0),
    }];
    Ok(Map {
        format: FORMAT,
        meta: Metadata {
            name: Some(header.name),
            author: Some(header.author),
            game_mode: Some(header.game_mode),
            spawns,
            warnings,
            ..Default::default()
        },
        content: store.into(),
    })
}

/// Bit z set where every neighbour of voxel (x, y, z) is set in `m` (word
/// `k` of the column). Outside the map in x and y counts as set, above the
/// top as clear; the map's floor hides the bottom.
#[inline]
fn hidden_by(m: &Masks, x: usize, y: usize, w: usize, l: usize, k: usize, d: usize) -> u64 {
    let words = m.words;
    let col = m.column(y * w + x);
    let side = |dx: isize, dy: isize| -> u64 {
        let (nx, ny) = (x as isize + dx, y as isize + dy);
        if nx < 0 || ny < 0 || nx >= w as isize || ny >= l as isize {
            !0
        } else {
            m.column(ny as usize * w + nx as usize)[k]
        }
    };
    // Bit z of `above` is m(z - 1); z = 0 has air above it.
    let above = (col[k] << 1) | if k > 0 { col[k - 1] >> 63 } else { 0 };
    let mut below = (col[k] >> 1) | if k + 1 < words { col[k + 1] << 63 } else { 0 };
    if k == (d - 1) / 64 {
        below |= 1 << ((d - 1) % 64);
    }
    above & below & side(-1, 0) & side(1, 0) & side(0, -1) & side(0, 1)
}

#[inline]
fn bit(m: &[u64], z: usize) -> bool {
    m[z / 64] >> (z % 64) & 1 != 0
}

/// Splits one column into VXL-style slabs, as the spec's writer does: top
/// colours, hidden solid, then bottom colours only where air follows them.
fn push_column(chunk: &mut VoxelStore, filled: &[u64], surface: &[u64], records: &[u8], d: usize) {
    let color = |sz: usize| {
        let r = &records[(d - 1 - sz) * RECORD_LEN..];
        u32::from_le_bytes([r[2], r[1], r[0], r[3]])
    };
    let mut k = 0usize;
    while k < d {
        while k < d && !bit(filled, k) {
            k += 1;
        }
        if k == d {
            break;
        }
        let top = k;
        while k < d && bit(surface, k) {
            k += 1;
        }
        let top_len = k - top;
        while k < d && bit(filled, k) && !bit(surface, k) {
            k += 1;
        }
        let mut bottom_len = 0;
        if k < d && bit(surface, k) {
            let mut z = k;
            while z < d && bit(surface, z) {
                z += 1;
            }
            if z < d && !bit(filled, z) {
                bottom_len = z - k;
                k = z;
            }
        }
        chunk.push_slab(Slab {
            top: top as u16,
            top_len: top_len as u16,
            bottom: k as u16,
            bottom_len: bottom_len as u16,
        });
        chunk.push_colors((top..top + top_len).chain(k - bottom_len..k).map(color));
        // Water and indestructible voxels of this slab, as runs.
        let mut z = top;
        while z < k {
            let r = &records[(d - 1 - z) * RECORD_LEN..];
            let (water, hard) = (r[4] == WATER, r[5] == 1);
            let start = z;
            while z < k && {
                let r = &records[(d - 1 - z) * RECORD_LEN..];
                (r[4] == WATER, r[5] == 1) == (water, hard)
            } {
                z += 1;
            }
            if water || hard {
                chunk.push_material(start as u16, z as u16, water, hard);
            }
        }
    }
    chunk.end_column();
}

/// Writes a voxel store as VMF, with the name, author, game mode and team 1's
/// area from `meta`. From a VXL map, the bottom layer becomes water and the
/// one above it indestructible (the AoS rules), and light is 0.
pub fn encode(store: &VoxelStore, meta: &Metadata) -> Result<Vec<u8>, EncodeError> {
    let [w, l, d] = store.dims();
    let mut out = Vec::with_capacity(HEADER_LEN + (w * l) as usize * d as usize * RECORD_LEN);
    for (field, value) in [("name", &meta.name), ("author", &meta.author)] {
        let s = value.as_deref().unwrap_or("");
        if s.len() > 31 || s.contains('\0') {
            return Err(EncodeError::new(
                FORMAT,
                format!("the {field} {s:?} must be at most 31 bytes without NUL"),
            ));
        }
        let mut b = [0u8; 32];
        b[..s.len()].copy_from_slice(s.as_bytes());
        out.extend_from_slice(&b);
    }
    out.put_u8(meta.game_mode.unwrap_or(0));
    out.put_u32(w);
    out.put_u32(l);
    out.put_u16(d as u16);
    let team1 = meta
        .spawns
        .iter()
        .find(|s| s.team == Some(0))
        .or(crate::formats::vxl::implicit_aos_spawns(w, l).first())
        .map(|s| [s.min[0], s.max[0], s.min[1], s.max[1]].map(|v| v.max(0.0) as u32))
        .unwrap_or_default();
    for v in team1 {
        out.put_u32(v);
    }
    let from_vxl = store.fourth_byte == FourthByte::Shade;
    let mut column = vec![[0u8; RECORD_LEN]; d as usize];
    for x in 0..w {
        for y in 0..l {
            column.fill([0; RECORD_LEN]);
            let col = store.column(x, y);
            let mut c = 0usize;
            for slab in col.slabs {
                let colors = &col.colors[c..c + slab.colors()];
                c += slab.colors();
                let (top, bottom) = (slab.top as u32, slab.bottom as u32);
                let hidden_from = top + slab.top_len as u32;
                let bottom_from = bottom - slab.bottom_len as u32;
                // Hidden voxels take the last top colour, so a cut looks right.
                let fill = colors
                    .get(slab.top_len.max(1) as usize - 1)
                    .copied()
                    .unwrap_or(0x0080_8080);
                for sz in top..bottom {
                    let color = if sz < hidden_from {
                        colors[(sz - top) as usize]
                    } else if sz >= bottom_from {
                        colors[slab.top_len as usize + (sz - bottom_from) as usize]
                    } else {
                        fill
                    };
                    let light = if from_vxl { 0 } else { (color >> 24) as u8 };
                    let mut kind = SOLID;
                    let mut hard = 0u8;
                    if from_vxl {
                        kind = if sz + 1 == d { WATER } else { SOLID };
                        hard = (sz + 2 == d) as u8;
                    }
                    column[sz as usize] = [
                        (color >> 16) as u8,
                        (color >> 8) as u8,
                        color as u8,
                        light,
                        kind,
                        hard,
                        0,
                        0,
                    ];
                }
            }
            for m in col.materials {
                for sz in m.z0..m.z1 {
                    let r = &mut column[sz as usize];
                    r[4] = if m.water { WATER } else { SOLID };
                    r[5] = m.indestructible as u8;
                }
            }
            // Store z grows downward; VMF z grows upward.
            for rec in column.iter().rev() {
                out.extend_from_slice(rec);
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn header(x: u32, y: u32, z: u16) -> Vec<u8> {
        let mut v = Vec::new();
        let mut name = [0u8; 32];
        name[..4].copy_from_slice(b"Test");
        v.extend_from_slice(&name);
        let mut author = [0u8; 32];
        author[..2].copy_from_slice(b"me");
        v.extend_from_slice(&author);
        v.put_u8(3);
        v.put_u32(x);
        v.put_u32(y);
        v.put_u16(z);
        for s in [0, 1, 0, 1] {
            v.put_u32(s);
        }
        v
    }

    #[test]
    fn z_points_up_and_only_surface_colours_are_kept_ground_under_water_too() {
        // 1x1x4: vz 0 and 1 solid, vz 2 water, vz 3 air.
        let mut f = header(1, 1, 4);
        for (r, kind) in [(10u8, SOLID), (20, SOLID), (30, WATER), (0, AIR)] {
            f.extend_from_slice(&[r, 0, 0, 5, kind, 0, 0, 0]);
        }
        let map = decode(&f).unwrap();
        assert_eq!(map.meta.name.as_deref(), Some("Test"));
        assert_eq!(map.meta.game_mode, Some(3));
        let s = map.voxels().unwrap();
        // store z = 3 - vz: air at 0, water at 1, solid at 2 and 3.
        assert!(!s.solid(0, 0, 0));
        assert!(s.solid(0, 0, 1) && s.solid(0, 0, 3));
        assert_eq!(s.water_voxels(), 1);
        // 1x1 map: sides are the map edge, so the surfaces are the top-most
        // voxel (water, under air) and the ground under the water; the
        // bottom one is hidden.
        assert_eq!(s.color(0, 0, 1), Some(0x051E_0000));
        assert_eq!(s.color(0, 0, 2), Some(0x0514_0000));
        assert_eq!(s.color(0, 0, 3), None);
        assert_eq!(s.colored_voxels(), 2);
        let again = decode(&encode(map.voxels().unwrap(), &map.meta).unwrap()).unwrap();
        assert_eq!(again.content, map.content);
    }

    #[test]
    fn header_checks_name_fields_and_offsets() {
        let mut f = header(1, 1, 1);
        f.extend_from_slice(&[0; 8]);
        f[..32].fill(b'x');
        let e = decode(&f).unwrap_err();
        assert_eq!((e.field.as_str(), e.offset), ("header name", 0));
        let mut f = header(u32::MAX, u32::MAX, u16::MAX);
        f.extend_from_slice(&[0; 8]);
        let e = decode(&f).unwrap_err();
        assert_eq!(e.field, "header X size");
        let mut f = header(2, 2, 2);
        f.extend_from_slice(&[0; 8]);
        let e = decode(&f).unwrap_err();
        assert!(e.problem.contains("needs 91 + 2*2*2*8 = 155 bytes"), "{e}");
    }

    #[test]
    fn bad_voxel_type_names_the_voxel() {
        let mut f = header(1, 1, 2);
        f.extend_from_slice(&[0, 0, 0, 0, 1, 0, 0, 0]);
        f.extend_from_slice(&[0, 0, 0, 0, 7, 0, 0, 0]);
        let e = decode(&f).unwrap_err();
        assert_eq!(e.field, "voxel (0, 0, 1) type");
        assert_eq!(e.offset, 91 + 8 + 4);
    }

    #[test]
    fn a_whole_vmf_has_the_length_its_header_says() {
        let mut f = header(2, 3, 4);
        f.resize(HEADER_LEN + 2 * 3 * 4 * RECORD_LEN, 0);
        assert_eq!(sniff_whole(&f, f.len() as u64), Ok(()));
        // Only the head is needed, with the length.
        assert_eq!(sniff_whole(&f[..HEADER_LEN], f.len() as u64), Ok(()));
        assert!(sniff_whole(&f, f.len() as u64 + 8).is_err());
        assert!(sniff_whole(&f[..HEADER_LEN - 1], f.len() as u64).is_err());
        // Zeros pass `sniff` (an empty name and author) but are no VMF: a
        // Warcraft III shadow map (war3map.shd) or camera list (war3map.w3c).
        for zeros in [vec![0u8; 8], vec![0u8; 256 * 256 * 4]] {
            assert!(sniff(&zeros).is_ok());
            let why = sniff_whole(&zeros, zeros.len() as u64).unwrap_err();
            assert!(why.contains("header") || why.contains("shorter"), "{why}");
        }
    }

    #[test]
    fn a_short_text_file_is_not_taken_for_a_cut_vmf() {
        assert!(sniff(b"hello").is_err());
        assert!(sniff(b"junkjunkjunk").is_err());
        // Cut inside the header, after the name's NUL: still a VMF, so
        // the VMF decoder names the missing field.
        assert!(sniff(b"Hallway\0\0\0\0\0").is_ok());
        assert!(
            crate::formats::decode(b"Hallway\0\0\0\0\0", &Default::default())
                .unwrap_err()
                .to_string()
                .starts_with("VMF")
        );
    }
}
