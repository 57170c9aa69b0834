//! Warcraft III placed objects: `war3mapUnits.doo` (units, items, start
//! locations) and `war3map.doo` (doodads and destructables, then the special
//! doodads placed by tile).
//!
//! Checked against the corpus (`../corpus/w3x`: the ladder maps, War3Net's
//! test maps and the map folder) and two public readers: mdx-m3-viewer
//! (`src/parsers/w3x/unitsdoo/unit.ts`, `doo/doodad.ts`, `doo/file.ts`,
//! `doo/terraindoodad.ts`) and War3Net (`War3Net.Build.Core/Serialization/
//! Binary/Widget/`: `MapUnits.cs`, `UnitData.cs`, `MapDoodads.cs`,
//! `DoodadData.cs`, `SpecialDoodadData.cs`, `RandomUnitAny.cs`).
//!
//! ```text
//! header   "W3do"  i32 version  i32 subversion  i32 count
//! unit     [4]u8 id  i32 variation  f32 x y z  f32 angle (radians)  f32 scale x y z
//!          [4]u8 skin (game 1.32+)  u8 flags  i32 owner  u8 u8 unknown
//!          i32 hit points  i32 mana  i32 item table (subversion >= 11)
//!          item sets: i32 count, each i32 count + ([4]u8 id, i32 chance) each
//!          i32 gold  f32 target acquisition  i32 hero level
//!          i32 strength agility intelligence (subversion >= 10)
//!          i32 inventory count, each i32 slot + [4]u8 id
//!          i32 ability count, each [4]u8 id + i32 autocast + i32 level
//!          i32 random flag: -1 -> nothing; 0 -> u8[3] level + u8 class; 1 -> i32 group + i32 position;
//!                           2 -> i32 count, each [4]u8 id + i32 chance
//!          i32 custom colour  i32 waygate  i32 creation number (version > 6, subversion > 7)
//! doodad   [4]u8 id  i32 variation  f32 x y z  f32 angle  f32 scale x y z  [4]u8 skin (1.32+)
//!          u8 flags (version > 6)  u8 life percent
//!          i32 item table + item sets as above (version >= 8)  i32 editor id
//! special  i32 version (0)  i32 count, each [4]u8 id  i32 variation  i32 x  i32 y (tiles)
//! ```
//!
//! Whether records carry a skin ID is not in the file: it depends on the game
//! version that saved the map (w3i version 28+). With `skins: None` both
//! layouts are tried and the one that reads exactly to the end is kept.

use crate::formats::error::{DecodeError, Format};
use crate::formats::reader::Reader;
use crate::store::warcraft::{Doodad, SpecialDoodad, Unit};

pub const MAGIC: &[u8; 4] = b"W3do";
pub const UNITS_FILE: &str = "war3mapUnits.doo";
pub const DOODADS_FILE: &str = "war3map.doo";

/// The smallest unit record of a layout, in bytes (random flag -1, which
/// carries nothing).
fn unit_min_size(l: &Layout) -> u64 {
    let mut size = 91;
    if l.skins {
        size += 4;
    }
    if l.unit_item_table() {
        size += 4;
    }
    if l.unit_hero_stats() {
        size += 12;
    }
    if !l.unit_tail() {
        size -= 12;
    }
    size
}

/// The smallest doodad record of a layout, in bytes (no item sets).
fn doodad_min_size(l: &Layout) -> u64 {
    let mut size = 41;
    if l.skins {
        size += 4;
    }
    if l.doodad_flags() {
        size += 1;
    }
    if l.doodad_items() {
        size += 8;
    }
    size
}

/// What the header says plus whether records have skin IDs.
#[derive(Debug, Clone, Copy)]
struct Layout {
    version: i32,
    subversion: i32,
    skins: bool,
}

impl Layout {
    fn unit_item_table(&self) -> bool {
        self.subversion >= 11
    }
    /// mdx-m3-viewer reads these from subversion 11, War3Net from 10 too.
    fn unit_hero_stats(&self) -> bool {
        self.subversion >= 10
    }
    fn unit_tail(&self) -> bool {
        self.version > 6 && self.subversion > 7
    }
    fn doodad_flags(&self) -> bool {
        self.version > 6
    }
    fn doodad_items(&self) -> bool {
        self.version >= 8
    }
}

struct Header {
    version: i32,
    subversion: i32,
    count: usize,
    /// Where the count was read.
    count_at: usize,
}

/// What one layout made of a file.
struct Parsed<T> {
    value: T,
    /// Where reading stopped.
    end: usize,
    /// Whether the layout read exactly to the end of the file.
    exact: bool,
    /// Where each record lies, `[start, end)`, in file order.
    spans: Vec<[u64; 2]>,
    skins: bool,
    warnings: Vec<String>,
}

fn prefixed(mut e: DecodeError, prefix: &str) -> DecodeError {
    e.field = format!("{prefix} {}", e.field);
    e
}

fn read_header(r: &mut Reader, file: &str) -> Result<Header, DecodeError> {
    let magic = r.array::<4>(&format!("{file} header magic"))?;
    if &magic != MAGIC {
        return Err(r.error_at(
            0,
            format!("{file} header magic"),
            format!(
                "is {:?}, expected \"W3do\"",
                String::from_utf8_lossy(&magic)
            ),
        ));
    }
    let at = r.pos();
    let version = r.i32(&format!("{file} header version"))?;
    if !(6..=8).contains(&version) {
        return Err(r.error_at(
            at,
            format!("{file} header version"),
            format!("unknown version {version} (known: 6 ROC beta, 7 ROC, 8 TFT)"),
        ));
    }
    let subversion = r.i32(&format!("{file} header subversion"))?;
    let count_at = r.pos();
    let count = count(r, &format!("{file} header count"))?;
    Ok(Header {
        version,
        subversion,
        count,
        count_at,
    })
}

/// A count that must not be negative.
fn count(r: &mut Reader, field: &str) -> Result<usize, DecodeError> {
    let at = r.pos();
    let n = r.i32(field)?;
    usize::try_from(n).map_err(|_| r.error_at(at, field, format!("is negative ({n})")))
}

/// Skips `count` entries of `size` bytes, checking they are there.
fn skip(r: &mut Reader, n: usize, size: u64, field: &str) -> Result<(), DecodeError> {
    r.check_fits(n as u64, size, field)?;
    r.bytes(n * size as usize, field)?;
    Ok(())
}

/// Dropped item sets: a count, then per set a count of (id, chance) pairs.
fn skip_item_sets(r: &mut Reader) -> Result<(), DecodeError> {
    let sets = count(r, "item set count")?;
    r.check_fits(sets as u64, 4, "item sets")?;
    for s in 0..sets {
        let field = || format!("item set {s} items");
        let n = count(r, &format!("item set {s} item count"))?;
        skip(r, n, 8, &field())?;
    }
    Ok(())
}

struct Common {
    id: [u8; 4],
    variation: i32,
    position: [f32; 3],
    angle: f32,
    scale: [f32; 3],
    skin: Option<[u8; 4]>,
}

fn read_common(r: &mut Reader, skins: bool) -> Result<Common, DecodeError> {
    Ok(Common {
        id: r.array("id")?,
        variation: r.i32("variation")?,
        position: [r.f32("x")?, r.f32("y")?, r.f32("z")?],
        angle: r.f32("angle")?,
        scale: [r.f32("scale x")?, r.f32("scale y")?, r.f32("scale z")?],
        skin: if skins { Some(r.array("skin")?) } else { None },
    })
}

fn read_unit(r: &mut Reader, l: &Layout) -> Result<Unit, DecodeError> {
    let c = read_common(r, l.skins)?;
    let flags = r.u8("flags")?;
    let owner = r.i32("owner")?;
    r.bytes(2, "unknown bytes")?;
    let hit_points = r.i32("hit points")?;
    let mana = r.i32("mana")?;
    if l.unit_item_table() {
        r.i32("item table")?;
    }
    skip_item_sets(r)?;
    let gold = r.i32("gold")?;
    r.f32("target acquisition")?;
    let hero_level = r.i32("hero level")?;
    if l.unit_hero_stats() {
        r.bytes(12, "hero attributes")?;
    }
    let n = count(r, "inventory count")?;
    skip(r, n, 8, "inventory")?;
    let n = count(r, "ability count")?;
    skip(r, n, 12, "abilities")?;
    let at = r.pos();
    match r.i32("random flag")? {
        // Not random (most placed units in the corpus).
        -1 => {}
        0 => {
            r.bytes(4, "random level and class")?;
        }
        1 => {
            r.bytes(8, "random group and position")?;
        }
        2 => {
            let n = count(r, "random table count")?;
            skip(r, n, 8, "random table")?;
        }
        f => {
            return Err(r.error_at(at, "random flag", format!("is {f}, not -1, 0, 1 or 2")));
        }
    }
    let mut editor_id = 0;
    if l.unit_tail() {
        r.i32("custom colour")?;
        r.i32("waygate")?;
        editor_id = r.i32("creation number")?;
    }
    Ok(Unit {
        id: c.id,
        variation: c.variation,
        position: c.position,
        angle: c.angle,
        scale: c.scale,
        skin: c.skin,
        flags,
        owner,
        hit_points,
        mana,
        gold,
        hero_level,
        editor_id,
    })
}

fn read_doodad(r: &mut Reader, l: &Layout) -> Result<Doodad, DecodeError> {
    let c = read_common(r, l.skins)?;
    // ROC beta (version 6) has one byte here, and it is the flags, not the
    // life: in Lost Temple's beta 103 it holds only 2 and 3, and beta 110
    // (version 7) gives the same doodads those flags and life 100.
    let (flags, life) = match l.doodad_flags() {
        true => (r.u8("flags")?, r.u8("life")?),
        false => (r.u8("flags")?, 100),
    };
    if l.doodad_items() {
        r.i32("item table")?;
        skip_item_sets(r)?;
    }
    let editor_id = r.i32("editor id")?;
    Ok(Doodad {
        id: c.id,
        variation: c.variation,
        position: c.position,
        angle: c.angle,
        scale: c.scale,
        skin: c.skin,
        flags,
        life,
        editor_id,
    })
}

/// The records of a doo file as `layout` has them: `count` of them from
/// byte 16, each read by `read`, the count first checked against the bytes
/// there are (each record is at least `min` bytes).
fn records<'a, T>(
    bytes: &'a [u8],
    h: &Header,
    (file, what, min): (&str, &str, u64),
    mut read: impl FnMut(&mut Reader<'a>) -> Result<T, DecodeError>,
) -> Result<(Vec<T>, Spans, Reader<'a>), DecodeError> {
    let mut r = Reader::new(bytes, Format::W3x);
    r.bytes(16, "header")?;
    if h.count as u64 * min > r.remaining() as u64 {
        return Err(r.error_at(
            h.count_at,
            format!("{file} header count"),
            format!(
                "declares {} {what}s of at least {min} bytes, but only {} bytes follow",
                h.count,
                r.remaining()
            ),
        ));
    }
    let mut out = Vec::with_capacity(h.count);
    let mut spans = Vec::with_capacity(h.count);
    for i in 0..h.count {
        let start = r.pos() as u64;
        out.push(read(&mut r).map_err(|e| prefixed(e, &format!("{file} {what} {i}")))?);
        spans.push([start, r.pos() as u64]);
    }
    Ok((out, spans, r))
}

fn layout(h: &Header, skins: bool) -> Layout {
    Layout {
        version: h.version,
        subversion: h.subversion,
        skins,
    }
}

fn units_with(bytes: &[u8], h: &Header, skins: bool) -> Result<Parsed<Vec<Unit>>, DecodeError> {
    let l = layout(h, skins);
    let shape = (UNITS_FILE, "unit", unit_min_size(&l));
    let (units, spans, r) = records(bytes, h, shape, |r| read_unit(r, &l))?;
    Ok(Parsed {
        value: units,
        spans,
        end: r.pos(),
        exact: r.remaining() == 0,
        skins,
        warnings: Vec::new(),
    })
}

type DoodadLists = (Vec<Doodad>, Vec<SpecialDoodad>);

fn doodads_with(bytes: &[u8], h: &Header, skins: bool) -> Result<Parsed<DoodadLists>, DecodeError> {
    let l = layout(h, skins);
    let shape = (DOODADS_FILE, "doodad", doodad_min_size(&l));
    let (doodads, mut spans, mut r) = records(bytes, h, shape, |r| read_doodad(r, &l))?;
    let mut warnings = Vec::new();
    let at = r.pos();
    let version = r.i32(&format!("{DOODADS_FILE} special doodads version"))?;
    if version != 0 {
        warnings.push(format!(
            "{DOODADS_FILE}: special doodads version {version} at byte {at} (only 0 is known); read as 0"
        ));
    }
    let n = count(&mut r, &format!("{DOODADS_FILE} special doodads count"))?;
    r.check_fits(n as u64, 16, &format!("{DOODADS_FILE} special doodads"))?;
    let mut special = Vec::with_capacity(n);
    for i in 0..n {
        let e = |e| prefixed(e, &format!("{DOODADS_FILE} special doodad {i}"));
        let start = r.pos() as u64;
        let id = r.array("id").map_err(e)?;
        r.i32("variation").map_err(e)?;
        let x = r.i32("x").map_err(e)?;
        let y = r.i32("y").map_err(e)?;
        special.push(SpecialDoodad { id, x, y });
        spans.push([start, r.pos() as u64]);
    }
    Ok(Parsed {
        value: (doodads, special),
        spans,
        end: r.pos(),
        exact: r.remaining() == 0,
        skins,
        warnings,
    })
}

/// Reads with the given layout, or with both when it is unknown, keeping the
/// one that reads exactly to the end of the file.
fn choose<T>(
    file: &str,
    bytes: &[u8],
    h: &Header,
    skins: Option<bool>,
    parse: impl Fn(bool) -> Result<Parsed<T>, DecodeError>,
) -> Result<(T, Vec<String>, Spans), DecodeError> {
    let name = |s: bool| {
        if s {
            "with skin IDs"
        } else {
            "without skin IDs"
        }
    };
    let mut notes = Vec::new();
    let mut p = match skins {
        Some(s) => parse(s)?,
        // No records: the layouts are the same.
        None if h.count == 0 => parse(false)?,
        None => match (parse(true), parse(false)) {
            (Ok(a), Ok(b)) if a.exact != b.exact => {
                if a.exact {
                    a
                } else {
                    b
                }
            }
            (Ok(a), Ok(b)) => {
                // The one that reads further wins; ties go to the older layout.
                let with = a.end > b.end;
                let chosen = if with { a } else { b };
                let why = if chosen.exact {
                    "both layouts read exactly to the end"
                } else {
                    "neither layout reads exactly to the end"
                };
                notes.push(format!("{file}: {why}; read {}", name(with)));
                chosen
            }
            (Ok(a), Err(e)) | (Err(e), Ok(a)) => {
                if !a.exact {
                    notes.push(format!(
                        "{file}: neither layout reads exactly to the end (the one {} fails: {e}); read {}",
                        name(!a.skins),
                        name(a.skins)
                    ));
                }
                a
            }
            (Err(a), Err(b)) => {
                // Report the layout that got further.
                let (mut worse, other, with) = if a.offset >= b.offset {
                    (a, b, true)
                } else {
                    (b, a, false)
                };
                worse.problem = format!(
                    "{} (read {}; {} it fails at byte {}: {})",
                    worse.problem,
                    name(with),
                    name(!with),
                    other.offset,
                    other.field
                );
                return Err(worse);
            }
        },
    };
    if !p.exact {
        p.warnings.push(format!(
            "{file}: {} bytes after the last record (from byte {}) ignored",
            bytes.len() - p.end,
            p.end
        ));
    }
    notes.append(&mut p.warnings);
    Ok((p.value, notes, p.spans))
}

/// Decodes `war3mapUnits.doo`: its records and the warnings it raised.
/// `skins` says whether records carry a skin ID (game 1.32 and later);
/// `None` tries both.
pub fn decode_units(
    bytes: &[u8],
    skins: Option<bool>,
) -> Result<(Vec<Unit>, Vec<String>), DecodeError> {
    decode_units_spans(bytes, skins).map(|(units, warnings, _)| (units, warnings))
}

/// Where each record of a doo file lies, `[start, end)`, in file order
/// (a `war3map.doo`'s special doodads after its doodads).
pub type Spans = Vec<[u64; 2]>;

/// [`decode_units`], with where each record lies.
pub fn decode_units_spans(
    bytes: &[u8],
    skins: Option<bool>,
) -> Result<(Vec<Unit>, Vec<String>, Spans), DecodeError> {
    let mut r = Reader::new(bytes, Format::W3x);
    let h = read_header(&mut r, UNITS_FILE)?;
    let mut warnings = Vec::new();
    if (h.version, h.subversion) != (8, 11) && (h.version, h.subversion) != (7, 9) {
        warnings.push(format!(
            "{UNITS_FILE}: version {} subversion {} is not one the corpus has (8/11, 7/9)",
            h.version, h.subversion
        ));
    }
    let (units, mut w, spans) = choose(UNITS_FILE, bytes, &h, skins, |s| units_with(bytes, &h, s))?;
    warnings.append(&mut w);
    Ok((units, warnings, spans))
}

/// What [`decode_doodads`] returns: the doodads, the special doodads and
/// the warnings.
pub type DecodedDoodads = (Vec<Doodad>, Vec<SpecialDoodad>, Vec<String>);

/// Decodes `war3map.doo`: its doodads, its special doodads and the warnings
/// it raised. `skins` as for [`decode_units`].
pub fn decode_doodads(bytes: &[u8], skins: Option<bool>) -> Result<DecodedDoodads, DecodeError> {
    decode_doodads_spans(bytes, skins).map(|(d, _)| d)
}

/// [`decode_doodads`], with where each record lies.
pub fn decode_doodads_spans(
    bytes: &[u8],
    skins: Option<bool>,
) -> Result<(DecodedDoodads, Spans), DecodeError> {
    let mut r = Reader::new(bytes, Format::W3x);
    let h = read_header(&mut r, DOODADS_FILE)?;
    let mut warnings = Vec::new();
    if !matches!(h.version, 7 | 8) || !matches!(h.subversion, 9 | 11) {
        warnings.push(format!(
            "{DOODADS_FILE}: version {} subversion {} is not one the corpus has (7 or 8, 9 or 11)",
            h.version, h.subversion
        ));
    }
    let ((doodads, special), mut w, spans) = choose(DOODADS_FILE, bytes, &h, skins, |s| {
        doodads_with(bytes, &h, s)
    })?;
    warnings.append(&mut w);
    Ok(((doodads, special, warnings), spans))
}

#[cfg(test)]
mod tests;
/// Writing the object files: for tests and fuzz seeds, not the viewer.
#[cfg(any(test, feature = "samples"))]
pub mod write;
