//! Reading VMF's voxel records into the store's compact form, in three
//! passes: which voxels are filled, which are on the surface, then the store.

use super::{read_header, AIR, FORMAT, HEADER_LEN, RECORD_LEN, SPAWN_ORIGIN, WATER};
use crate::formats::error::DecodeError;
use crate::store::voxels::{FourthByte, Slab, VoxelStore};
use crate::store::{Map, Metadata, Spawn};

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

/// Decodes a VMF file.
pub fn decode(bytes: &[u8]) -> Result<Map, DecodeError> {
    let header = read_header(bytes)?;
    let [xs, ys, zs] = header.size;
    let records = Records {
        bytes: &bytes[HEADER_LEN..],
        dims: [xs as usize, ys as usize, zs as usize],
    };
    let (filled, opaque) = filled(&records)?;
    let surfaces = surfaces(&records, &filled.masks, opaque);
    let store = store(&records, &filled, surfaces);
    let mut warnings = Vec::new();
    if filled.reserved_set > 0 {
        warnings.push(format!(
            "{} voxels have non-zero reserved bits (ignored)",
            filled.reserved_set
        ));
    }
    if filled.air_indestructible > 0 {
        warnings.push(format!(
            "{} air voxels are marked indestructible (ignored)",
            filled.air_indestructible
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

/// The voxel records after the header, of a map `dims` in size.
struct Records<'a> {
    bytes: &'a [u8],
    dims: [usize; 3],
}

impl Records<'_> {
    /// Where column (x, y)'s records start.
    fn start(&self, x: usize, y: usize) -> usize {
        let [_, l, d] = self.dims;
        (x * l + y) * d * RECORD_LEN
    }

    /// Column (x, y)'s records, from the bottom up.
    fn column(&self, x: usize, y: usize) -> &[u8] {
        let start = self.start(x, y);
        &self.bytes[start..start + self.dims[2] * RECORD_LEN]
    }
}

/// What the first pass over the records found.
struct Filled {
    /// Water or solid.
    masks: Masks,
    reserved_set: u64,
    air_indestructible: u64,
    /// Runs of water or indestructible voxels, at most: for sizing the store.
    material_runs: usize,
}

/// Pass 1: validates every record and notes which voxels are filled, and
/// which are opaque: solid, not water, what hides a voxel behind it. Water
/// does not, so ground under water keeps its colours for the translucent view.
fn filled(records: &Records) -> Result<(Filled, Masks), DecodeError> {
    let [w, l, d] = records.dims;
    let words = d.div_ceil(64);
    let masks = || Masks {
        words,
        bits: vec![0u64; w * l * words],
    };
    let mut f = Filled {
        masks: masks(),
        reserved_set: 0,
        air_indestructible: 0,
        material_runs: 0,
    };
    let mut opaque = masks();
    for x in 0..w {
        for y in 0..l {
            let range = (y * w + x) * words..(y * w + x + 1) * words;
            let m = &mut f.masks.bits[range.clone()];
            let o = &mut opaque.bits[range];
            let mut last = (AIR, 0u8);
            for (vz, rec) in records.column(x, y).chunks_exact(RECORD_LEN).enumerate() {
                let (kind, hard) = (rec[4], rec[5]);
                if (kind, hard) != last {
                    f.material_runs += (kind == WATER || hard == 1) as usize;
                    last = (kind, hard);
                }
                if kind > WATER || hard > 1 {
                    let off = HEADER_LEN + records.start(x, y) + vz * RECORD_LEN;
                    return Err(bad_record([x, y, vz], off, kind, hard));
                }
                f.reserved_set += (rec[6] | rec[7] != 0) as u64;
                if kind != AIR {
                    let sz = d - 1 - vz;
                    m[sz / 64] |= 1 << (sz % 64);
                    if kind != WATER {
                        o[sz / 64] |= 1 << (sz % 64);
                    }
                } else {
                    f.air_indestructible += hard as u64;
                }
            }
        }
    }
    Ok((f, opaque))
}

/// The error for voxel `at`'s record at byte `off`, whose type or
/// indestructible flag is out of range.
#[cold]
fn bad_record([x, y, vz]: [usize; 3], off: usize, kind: u8, hard: u8) -> DecodeError {
    let (field, off, problem) = if kind > WATER {
        (
            "type",
            off + 4,
            format!("{kind} is not 0 (air), 1 (solid) or 2 (water)"),
        )
    } else {
        ("indestructible", off + 5, format!("{hard} is not 0 or 1"))
    };
    DecodeError::new(
        FORMAT,
        format!("voxel ({x}, {y}, {vz}) {field}"),
        off,
        problem,
    )
}

/// Pass 2: the surface voxels of every column, so the store can be sized
/// once (growing it would briefly hold two copies: this file can be
/// 134 MB, and memory must stay near file + store). A solid voxel is on
/// the surface next to air or water, a water voxel next to air. `opaque`
/// is let go of here.
fn surfaces(records: &Records, masks: &Masks, opaque: Masks) -> Vec<u64> {
    let [w, l, d] = records.dims;
    let words = masks.words;
    let mut surfaces = vec![0u64; w * l * words];
    for y in 0..l {
        for x in 0..w {
            let i = y * w + x;
            let (filled, solid) = (masks.column(i), opaque.column(i));
            for k in 0..words {
                let water = filled[k] & !solid[k];
                surfaces[i * words + k] = solid[k] & !hidden_by(&opaque, x, y, w, l, k, d)
                    | water & !hidden_by(masks, x, y, w, l, k, d);
            }
        }
    }
    surfaces
}

/// Pass 3: in store order, slabs, colours, materials.
fn store(records: &Records, filled: &Filled, surfaces: Vec<u64>) -> VoxelStore {
    let [w, l, d] = records.dims;
    let words = filled.masks.words;
    let colors: usize = surfaces.iter().map(|m| m.count_ones() as usize).sum();
    let [xs, ys, zs] = records.dims.map(|n| n as u32);
    let mut store = VoxelStore::new(xs, ys, zs, FourthByte::Light);
    store.reserve_exact(w * l + w * l / 8, colors);
    store.reserve_materials(filled.material_runs);
    for y in 0..l {
        for x in 0..w {
            let i = y * w + x;
            let surface = &surfaces[i * words..(i + 1) * words];
            let column = records.column(x, y);
            push_column(&mut store, filled.masks.column(i), surface, column, d);
        }
    }
    drop(surfaces);
    store.finish();
    store
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
