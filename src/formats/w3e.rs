//! Warcraft III `war3map.w3e` terrain, versions 11 and 12.
//!
//! Layout (little-endian; FORMAT-NOTES, checked against the corpus):
//!
//! ```text
//! header   "W3E!"  i32 version  u8 tileset  i32 custom
//!          i32 ground count, [4]u8 each   i32 cliff count, [4]u8 each
//!          i32 width  i32 height (tilepoints)  f32 offset x  f32 offset y
//! tilepoint (width * height, bottom row first, x fastest)
//!          u16 ground height  u16 water (bits 0-13 level, 14 map edge)
//!          v11: u8  texture+flags: bits 0-3 texture, 4 ramp, 5 blight, 6 water, 7 boundary
//!          v12: u16 texture+flags: bits 0-5 texture, 6 ramp, 7 blight, 8 water, 9 boundary
//!          u8 variation: bits 0-4 ground, 5-7 cliff
//!          u8 bits 0-3 layer, 4-7 cliff texture
//! ```
//!
//! Limits (errors): width and height 2..=[`MAX_DIM`] tilepoints (real maps reach
//! 481); at most [`MAX_TEXTURE_LIST`] ground or cliff texture IDs (real maps list
//! up to 14). A list longer than a tilepoint can address (16 in v11, 64 in v12) is
//! only a warning. Also warnings: bytes after the tilepoints (dropped), texture
//! indices past the lists, v12 bits 10-15 set (kept), unknown tileset letters.

use super::error::{DecodeError, EncodeError, Format};
use super::reader::{PutLe, Reader};
use crate::store::terrain::{tileset_name, Tilepoint, W3eTerrain};
use crate::store::{Map, Metadata};

pub const MAGIC: &[u8; 4] = b"W3E!";
/// Largest width or height, in tilepoints, that the decoder and writer accept.
pub const MAX_DIM: u32 = 2048;
/// Smallest width or height in tilepoints (one tile).
pub const MIN_DIM: u32 = 2;
/// Most ground or cliff texture IDs a header may list.
pub const MAX_TEXTURE_LIST: u32 = 256;

/// Bytes a tilepoint takes in `version`, `None` for unknown versions.
pub fn tilepoint_size(version: u32) -> Option<usize> {
    match version {
        11 => Some(7),
        12 => Some(8),
        _ => None,
    }
}

/// Ground textures a tilepoint of `version` can address.
fn addressable_textures(version: u32) -> usize {
    if version == 11 {
        16
    } else {
        64
    }
}

/// `Ok` if the bytes look like a W3E file; otherwise why not.
pub fn sniff(bytes: &[u8]) -> Result<(), String> {
    if !bytes.starts_with(MAGIC) {
        return Err("no \"W3E!\" magic".into());
    }
    let Some(v) = bytes.get(4..8) else {
        return Err("\"W3E!\" magic but the file ends before the version".into());
    };
    let v = i32::from_le_bytes([v[0], v[1], v[2], v[3]]);
    match v {
        11 | 12 => Ok(()),
        _ => Err(format!(
            "\"W3E!\" magic but unknown version {v} (known: 11, 12)"
        )),
    }
}

/// Decodes a W3E file into a [`Map`]; warnings go to `map.meta.warnings`.
pub fn decode(bytes: &[u8]) -> Result<Map, DecodeError> {
    let (terrain, warnings) = decode_terrain(bytes)?;
    Ok(Map {
        format: Format::W3e,
        meta: Metadata {
            warnings,
            ..Metadata::default()
        },
        content: terrain.into(),
    })
}

/// Reads a header i32 count or size that must lie in `lo..=hi`; `what` names the
/// limit in the error.
fn bounded(r: &mut Reader, field: &str, lo: u32, hi: u32, what: &str) -> Result<u32, DecodeError> {
    let at = r.pos();
    let v = r.i32(field)?;
    if v < lo as i32 || v > hi as i32 {
        return Err(r.error_at(
            at,
            field,
            format!("is {v}, outside the {what} limit of {lo}..={hi}"),
        ));
    }
    Ok(v as u32)
}

fn id_list(r: &mut Reader, what: &str) -> Result<Vec<[u8; 4]>, DecodeError> {
    let count_field = format!("header {what} texture count");
    let n = bounded(r, &count_field, 0, MAX_TEXTURE_LIST, "texture list")?;
    r.check_fits(n as u64, 4, &format!("header {what} texture IDs"))?;
    let mut v = Vec::with_capacity(n as usize);
    for i in 0..n {
        v.push(r.array::<4>(&format!("header {what} texture ID {i}"))?);
    }
    Ok(v)
}

/// Decodes a W3E file into its terrain and the warnings it raised.
pub fn decode_terrain(bytes: &[u8]) -> Result<(W3eTerrain, Vec<String>), DecodeError> {
    let mut warnings = Vec::new();
    let mut r = Reader::new(bytes, Format::W3e);
    let version = magic_and_version(&mut r)?;
    let tileset = r.u8("header main tileset")?;
    if tileset_name(tileset).is_none() {
        warnings.push(format!(
            "unknown main tileset letter {:?} (byte 8)",
            tileset as char
        ));
    }
    let custom_tileset = r.u32("header custom tileset flag")?;
    let ground_textures = id_list(&mut r, "ground")?;
    let cliff_textures = id_list(&mut r, "cliff")?;
    if ground_textures.len() > addressable_textures(version) {
        warnings.push(format!(
            "the header lists {} ground textures; version {version} tilepoints can only use the first {}",
            ground_textures.len(),
            addressable_textures(version)
        ));
    }
    if cliff_textures.len() > 15 {
        warnings.push(format!(
            "the header lists {} cliff textures; tilepoints can only use the first 15",
            cliff_textures.len()
        ));
    }
    let width = bounded(&mut r, "header width", MIN_DIM, MAX_DIM, "map size")?;
    let height = bounded(&mut r, "header height", MIN_DIM, MAX_DIM, "map size")?;
    let offset = [r.f32("header offset x")?, r.f32("header offset y")?];
    let start = r.pos();
    let tilepoints = read_tilepoints(&mut r, version, [width, height])?;
    let textures = [ground_textures.len(), cliff_textures.len()];
    let size = tilepoint_size(version).unwrap_or(8);
    warn_tilepoints(&tilepoints, textures, width, (start, size), &mut warnings);
    if r.remaining() > 0 {
        warnings.push(format!(
            "{} bytes after the tilepoints, from byte {} (ignored, not written back)",
            r.remaining(),
            r.pos()
        ));
    }
    let terrain = W3eTerrain {
        version,
        tileset,
        custom_tileset,
        ground_textures,
        cliff_textures,
        width,
        height,
        offset,
        tilepoints,
    };
    Ok((terrain, warnings))
}

/// The magic, then the version: 11 or 12.
fn magic_and_version(r: &mut Reader) -> Result<u32, DecodeError> {
    let magic = r.array::<4>("header magic")?;
    if &magic != MAGIC {
        return Err(r.error_at(
            0,
            "header magic",
            format!(
                "is {:?}, expected \"W3E!\"",
                String::from_utf8_lossy(&magic)
            ),
        ));
    }
    let at = r.pos();
    match r.i32("header version")? {
        v @ (11 | 12) => Ok(v as u32),
        v => Err(r.error_at(
            at,
            "header version",
            format!("unknown version {v} (known: 11, 12)"),
        )),
    }
}

/// The `width x height` tilepoints of a file of `version`, all checked to
/// be there before anything is allocated for them.
fn read_tilepoints(
    r: &mut Reader,
    version: u32,
    [width, height]: [u32; 2],
) -> Result<Vec<Tilepoint>, DecodeError> {
    let size = tilepoint_size(version).unwrap_or(8);
    let count = width as usize * height as usize;
    let start = r.pos();
    let needed = (count as u64).checked_mul(size as u64);
    if needed.is_none_or(|n| n > r.remaining() as u64) {
        let have = r.remaining() / size;
        let (x, y) = (have % width as usize, have / width as usize);
        return Err(r.error_at(
            start + have * size,
            format!("tilepoint ({x}, {y})"),
            format!(
                "the file ends here, inside the {width} x {height} tilepoints \
                 ({count} of {size} bytes from byte {start}; {} bytes are there)",
                r.remaining()
            ),
        ));
    }
    let data = r.bytes(count * size, "tilepoints")?;
    let mut tilepoints = Vec::with_capacity(count);
    if version == 11 {
        tilepoints.extend(data.chunks_exact(7).map(|c| {
            let tf = c[4] as u16;
            Tilepoint {
                height: u16::from_le_bytes([c[0], c[1]]),
                water: u16::from_le_bytes([c[2], c[3]]),
                texflags: (tf & 0x0F) | ((tf & 0xF0) << 2),
                variation: c[5],
                cliff: c[6],
            }
        }));
    } else {
        tilepoints.extend(data.chunks_exact(8).map(|c| Tilepoint {
            height: u16::from_le_bytes([c[0], c[1]]),
            water: u16::from_le_bytes([c[2], c[3]]),
            texflags: u16::from_le_bytes([c[4], c[5]]),
            variation: c[6],
            cliff: c[7],
        }));
    }
    Ok(tilepoints)
}

/// One pass for the checks that only warn: texture indices past the
/// header's `[ground, cliff]` lists and reserved bits. `(start, size)`:
/// where the records start and each one's size, for naming a byte.
fn warn_tilepoints(
    tilepoints: &[Tilepoint],
    [ng, nc]: [usize; 2],
    width: u32,
    (start, size): (usize, usize),
    warnings: &mut Vec<String>,
) {
    let (mut bad_ground, mut bad_cliff, mut reserved) = (0usize, 0usize, 0usize);
    let mut first_bad_ground = None;
    for (i, t) in tilepoints.iter().enumerate() {
        let bg = t.texture() as usize >= ng;
        if bg && first_bad_ground.is_none() {
            first_bad_ground = Some(i);
        }
        bad_ground += bg as usize;
        let ct = t.cliff_texture();
        bad_cliff += (ct != Tilepoint::NO_CLIFF_TEXTURE && ct as usize >= nc) as usize;
        reserved += (t.texflags & Tilepoint::RESERVED_MASK != 0) as usize;
    }
    // The counts as the file's lists have them (a u8 in the message).
    let (ng, nc) = (ng as u8, nc as u8);
    if let Some(i) = first_bad_ground {
        let (x, y) = (i % width as usize, i / width as usize);
        warnings.push(format!(
            "{bad_ground} tilepoints use a ground texture index past the {ng} listed \
             (first at tilepoint ({x}, {y}), byte {})",
            start + i * size
        ));
    }
    if bad_cliff > 0 {
        warnings.push(format!(
            "{bad_cliff} tilepoints use a cliff texture index past the {nc} listed (other than 15, none)"
        ));
    }
    if reserved > 0 {
        warnings.push(format!(
            "{reserved} tilepoints set texture field bits 10-15, which the game does not use (kept)"
        ));
    }
}

/// Where a W3E file's parts lie: each header field's byte range `[start,
/// end)` under the name the terrain diff gives its change, and the
/// tilepoints' records.
#[derive(Debug, Clone, PartialEq)]
pub struct TerrainSpans {
    pub header: Vec<(&'static str, [u64; 2])>,
    /// The first tilepoint record's offset and each record's size.
    pub tilepoints: u64,
    pub record: u64,
}

impl TerrainSpans {
    /// Tilepoint `i`'s record.
    pub fn tilepoint(&self, i: usize) -> [u64; 2] {
        let s = self.tilepoints + i as u64 * self.record;
        [s, s + self.record]
    }
}

/// Decodes a W3E file as [`decode_terrain`] does, with where its header
/// fields and tilepoint records lie.
pub fn decode_terrain_spans(bytes: &[u8]) -> Result<(W3eTerrain, TerrainSpans), DecodeError> {
    let (t, _) = decode_terrain(bytes)?;
    let lists = |n: usize| 4 + 4 * n as u64;
    let (g, c) = (
        lists(t.ground_textures.len()),
        lists(t.cliff_textures.len()),
    );
    let mut at = 0;
    let mut span = |len: u64| {
        at += len;
        [at - len, at]
    };
    let header = vec![
        ("magic", span(4)),
        ("version", span(4)),
        ("tileset", span(1)),
        ("custom tileset", span(4)),
        ("ground textures", span(g)),
        ("cliff textures", span(c)),
        ("tilepoints", span(8)),
        ("offset", span(8)),
    ];
    let record = tilepoint_size(t.version).unwrap_or(8) as u64;
    let spans = TerrainSpans {
        header,
        tilepoints: at,
        record,
    };
    Ok((t, spans))
}

/// Writes `t` in `t.version` (11 or 12); a decoded file comes back byte for byte.
pub fn encode_terrain(t: &W3eTerrain) -> Result<Vec<u8>, EncodeError> {
    let err = |p: String| EncodeError::new(Format::W3e, p);
    let Some(size) = tilepoint_size(t.version) else {
        return Err(err(format!(
            "unknown version {} (known: 11, 12)",
            t.version
        )));
    };
    for (what, v) in [("width", t.width), ("height", t.height)] {
        if !(MIN_DIM..=MAX_DIM).contains(&v) {
            return Err(err(format!(
                "{what} {v} is outside the map size limit of {MIN_DIM}..={MAX_DIM} tilepoints"
            )));
        }
    }
    let count = t.width as usize * t.height as usize;
    if t.tilepoints.len() != count {
        return Err(err(format!(
            "{} tilepoints for a {} x {} grid (needs {count})",
            t.tilepoints.len(),
            t.width,
            t.height
        )));
    }
    for (what, list) in [("ground", &t.ground_textures), ("cliff", &t.cliff_textures)] {
        if list.len() > MAX_TEXTURE_LIST as usize {
            return Err(err(format!(
                "{} {what} textures, over the limit of {MAX_TEXTURE_LIST}",
                list.len()
            )));
        }
    }
    if t.version == 11 {
        // Texture index 0-15 and the 4 flags, nothing else.
        let unfit = (Tilepoint::TEXTURE_MASK & !0x0F) | Tilepoint::RESERVED_MASK;
        if let Some(i) = t.tilepoints.iter().position(|p| p.texflags & unfit != 0) {
            let p = &t.tilepoints[i];
            let (x, y) = (i % t.width as usize, i / t.width as usize);
            return Err(err(if p.texture() >= 16 {
                format!(
                    "tilepoint ({x}, {y}) uses ground texture {}, but version 11 stores only 0-15",
                    p.texture()
                )
            } else {
                format!(
                    "tilepoint ({x}, {y}) sets texture field bits 10-15 ({:#06x}), which version 11 cannot store",
                    p.texflags
                )
            }));
        }
    }

    let header =
        4 + 4 + 1 + 4 + 4 + 4 * t.ground_textures.len() + 4 + 4 * t.cliff_textures.len() + 16;
    let mut out = Vec::with_capacity(header + count * size);
    out.extend_from_slice(MAGIC);
    out.put_u32(t.version);
    out.put_u8(t.tileset);
    out.put_u32(t.custom_tileset);
    for list in [&t.ground_textures, &t.cliff_textures] {
        out.put_u32(list.len() as u32);
        for id in list {
            out.extend_from_slice(id);
        }
    }
    out.put_u32(t.width);
    out.put_u32(t.height);
    out.put_f32(t.offset[0]);
    out.put_f32(t.offset[1]);
    for p in &t.tilepoints {
        out.extend_from_slice(&p.height.to_le_bytes());
        out.extend_from_slice(&p.water.to_le_bytes());
        if size == 7 {
            let tf = p.texflags;
            out.push(((tf & 0x0F) | ((tf >> 2) & 0xF0)) as u8);
        } else {
            out.extend_from_slice(&p.texflags.to_le_bytes());
        }
        out.push(p.variation);
        out.push(p.cliff);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 2 x 2 file of `version` whose tilepoints carry the given texture+flags
    /// field bytes, with known other fields.
    fn file(version: u32, texflags: [&[u8]; 4]) -> Vec<u8> {
        let mut v = Vec::new();
        v.extend_from_slice(b"W3E!");
        v.put_u32(version);
        v.push(b'L');
        v.put_u32(1);
        v.put_u32(2);
        v.extend_from_slice(b"LdrtLgrs");
        v.put_u32(1);
        v.extend_from_slice(b"CLdi");
        v.put_u32(2);
        v.put_u32(2);
        v.put_f32(-64.0);
        v.put_f32(-64.0);
        for tf in texflags {
            v.put_u16(0x2200);
            v.put_u16(0x6000);
            v.extend_from_slice(tf);
            v.push(0b101_10001); // cliff variation 5, ground variation 17
            v.push(0xF3); // cliff texture 15, layer 3
        }
        v
    }

    /// Each tilepoint's texture and its ramp, blight, water and boundary flags.
    fn textures_and_flags(p: &[Tilepoint]) -> Vec<(u8, [bool; 4])> {
        let flags = |t: &Tilepoint| [t.ramp(), t.blight(), t.water_flag(), t.boundary()];
        p.iter().map(|t| (t.texture(), flags(t))).collect()
    }

    /// What the bit-layout files hold: one flag a tilepoint, in order, and
    /// textures `first`, 0, 1, 0.
    fn one_flag_each(first: u8) -> Vec<(u8, [bool; 4])> {
        let flag = |i: usize| std::array::from_fn(|k| k == i);
        vec![(first, flag(0)), (0, flag(1)), (1, flag(2)), (0, flag(3))]
    }

    #[test]
    fn v11_bit_layout() {
        let b = file(11, [&[0x1F], &[0x20], &[0x41], &[0x80]]);
        let (t, w) = decode_terrain(&b).unwrap();
        // Texture 15 is past the 2 listed: a warning naming the count and place.
        assert_eq!(
            w,
            ["1 tilepoints use a ground texture index past the 2 listed \
              (first at tilepoint (0, 0), byte 49)"]
        );
        let p = &t.tilepoints;
        assert_eq!(textures_and_flags(p), one_flag_each(15));
        assert_eq!(p[0].ground_height(), 1.0);
        assert!(p[0].map_edge());
        assert_eq!((p[0].ground_variation(), p[0].cliff_variation()), (17, 5));
        assert_eq!((p[0].layer_height(), p[0].cliff_texture()), (3, 15));
        assert_eq!(encode_terrain(&t).unwrap(), b);
    }

    #[test]
    fn v12_bit_layout() {
        let b = file(
            12,
            [&[0x7F, 0x00], &[0x80, 0x00], &[0x01, 0x01], &[0x00, 0x02]],
        );
        let (t, w) = decode_terrain(&b).unwrap();
        let p = &t.tilepoints;
        assert_eq!(textures_and_flags(p), one_flag_each(63));
        assert_eq!((p[0].ground_variation(), p[0].cliff_variation()), (17, 5));
        // Texture 63 is past the 2 listed: a warning, not an error.
        assert_eq!(w.len(), 1, "{w:?}");
        assert!(
            w[0].starts_with("1 tilepoints use a ground texture"),
            "{w:?}"
        );
        assert_eq!(encode_terrain(&t).unwrap(), b);
        // The same flags written as version 11 land in the v11 bits.
        let mut t11 = t.clone();
        t11.version = 11;
        t11.tilepoints[0].set_texture(15);
        let b11 = encode_terrain(&t11).unwrap();
        let tp = b11.len() - 4 * 7;
        let v11_flags: Vec<u8> = (0..4).map(|i| b11[tp + i * 7 + 4]).collect();
        assert_eq!(v11_flags, [0x1F, 0x20, 0x41, 0x80]);
    }

    #[test]
    fn v12_reserved_bits_are_kept_and_refused_by_v11() {
        let b = file(12, [&[0, 0x04], &[0, 0x80], &[0, 0], &[0, 0]]);
        let (mut t, w) = decode_terrain(&b).unwrap();
        assert!(w
            .iter()
            .any(|w| w.starts_with("2 tilepoints set texture field bits 10-15")));
        assert_eq!(encode_terrain(&t).unwrap(), b);
        t.version = 11;
        let e = encode_terrain(&t).unwrap_err();
        assert!(e.problem.contains("tilepoint (0, 0)"), "{e}");
    }

    #[test]
    fn sniff_checks_magic_and_version() {
        assert!(sniff(&file(11, [&[0]; 4])).is_ok());
        assert!(sniff(&file(12, [&[0, 0]; 4])).is_ok());
        assert!(sniff(b"W3E!").unwrap_err().contains("version"));
        assert!(sniff(b"W3E!\x0d\0\0\0").unwrap_err().contains("13"));
        assert!(sniff(b"W3X!\x0b\0\0\0").unwrap_err().contains("magic"));
    }
}
