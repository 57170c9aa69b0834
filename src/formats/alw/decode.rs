//! The ALW decoder: tries each layout, keeps the first that fits exactly.

use super::LayoutShape;
use super::{
    parse_texture_table, TextureTable, MAGIC, MAX_ATTRIBUTES, MAX_ATTRIBUTE_LEN, MAX_ENTITIES,
    MAX_LIGHTS,
};
use crate::formats::error::{DecodeError, Format};
use crate::formats::reader::Reader;
use crate::store::cells::{AlwLayout, AlwWorld, Cell, Entity, Light, TEXTURE_SLOTS};

/// How far a layout got before failing, for choosing the most plausible error.
/// The header's counts are checked against the file size in this order, so a
/// misread layout whose dimensions do not fit ranks below the right layout
/// with one corrupted count.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Stage {
    Header,
    Dimensions,
    CellsFit,
    LightLimit,
    LightsFit,
    EntityLimit,
    EntitiesFit,
    Entities,
    TextureTable,
    TextureRefs,
}

struct Failure {
    /// Whether the cells fit and none of their texture references points past
    /// the end of file: a layout read at the wrong cell size rarely passes.
    refs_in_file: bool,
    stage: Stage,
    error: DecodeError,
}

impl Failure {
    /// Larger is more plausible.
    fn rank(&self) -> (bool, Stage, u64) {
        (self.refs_in_file, self.stage, self.error.offset)
    }
}

fn fail(stage: Stage) -> impl FnOnce(DecodeError) -> Failure {
    move |error| Failure {
        refs_in_file: false,
        stage,
        error,
    }
}

/// Decodes a world in whichever layout fits (see the module docs).
pub fn decode_world(bytes: &[u8]) -> Result<AlwWorld, DecodeError> {
    if !bytes.starts_with(MAGIC) {
        return Err(DecodeError::new(
            Format::Alw,
            "magic",
            0,
            "the file does not start with \"ALW\\0\"",
        ));
    }
    let mut best: Option<(AlwLayout, Failure)> = None;
    for layout in AlwLayout::ALL {
        match decode_as(bytes, layout) {
            Ok(world) => return Ok(world),
            Err(f) => {
                let better = match &best {
                    None => true,
                    Some((_, b)) => f.rank() > b.rank(),
                };
                if better {
                    best = Some((layout, f));
                }
            }
        }
    }
    // `best` is always set here: ALL is not empty.
    let (layout, f) = best.ok_or_else(|| DecodeError::new(Format::Alw, "file", 0, "no layout"))?;
    let mut e = f.error;
    e.problem = format!(
        "{} (read as the {} layout, the one that got furthest; no layout fits)",
        e.problem,
        layout.id()
    );
    Err(e)
}

/// Decodes a world in one given layout.
pub fn decode_layout(bytes: &[u8], layout: AlwLayout) -> Result<AlwWorld, DecodeError> {
    if !bytes.starts_with(MAGIC) {
        return Err(DecodeError::new(
            Format::Alw,
            "magic",
            0,
            "the file does not start with \"ALW\\0\"",
        ));
    }
    decode_as(bytes, layout).map_err(|f| f.error)
}

/// Takes `n` bytes, naming the field only if the file ends first.
fn take<'a>(
    r: &mut Reader<'a>,
    n: usize,
    field: impl FnOnce() -> String,
) -> Result<&'a [u8], DecodeError> {
    if n > r.remaining() {
        return r.bytes(n, &field());
    }
    r.bytes(n, "")
}

fn take_u32(r: &mut Reader<'_>, field: impl FnOnce() -> String) -> Result<u32, DecodeError> {
    let b = take(r, 4, field)?;
    Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
}

#[inline]
fn le32(b: &[u8], at: usize) -> u32 {
    u32::from_le_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]])
}

#[inline]
fn f32s<const N: usize>(b: &[u8], at: usize) -> [f32; N] {
    std::array::from_fn(|i| f32::from_bits(le32(b, at + 4 * i)))
}

/// The fixed entity fields after the class name, with their sizes.
fn entity_fields(layout: AlwLayout) -> &'static [(&'static str, usize)] {
    const ENGINE: &[(&str, usize)] = &[
        ("position", 12),
        ("offset", 12),
        ("yrot", 4),
        ("matrix", 64),
        ("bounding box min", 12),
        ("bounding box max", 12),
        ("frame", 4),
        ("animation state", 4),
        ("event mask", 4),
        ("reserved bytes", 32),
        ("attribute count", 4),
    ];
    const SPEC: &[(&str, usize)] = &[
        ("position", 12),
        ("offset", 12),
        ("matrix", 64),
        ("bounding box min", 12),
        ("bounding box max", 12),
        ("frame", 4),
        ("animation state", 4),
        ("event mask", 4),
        ("attribute count", 4),
    ];
    if layout.has_entity_extras() {
        ENGINE
    } else {
        SPEC
    }
}

fn decode_as(bytes: &[u8], layout: AlwLayout) -> Result<AlwWorld, Failure> {
    let mut refs_in_file = false;
    decode_sections(bytes, layout, &mut refs_in_file).map_err(|mut f| {
        f.refs_in_file = refs_in_file;
        f
    })
}

/// Whether every texture reference in the cells is below `limit`.
fn refs_below(layout: AlwLayout, cell_bytes: &[u8], limit: u64) -> bool {
    let cs = layout.cell_size();
    let refs_at = if layout.has_corner_offsets() { 20 } else { 12 };
    let n_refs = if layout.has_trims() { 6 } else { 4 };
    cell_bytes
        .chunks_exact(cs)
        .all(|b| (0..n_refs).all(|k| (le32(b, refs_at + 4 * k) as u64) < limit.max(1)))
}

fn decode_sections(
    bytes: &[u8],
    layout: AlwLayout,
    refs_in_file: &mut bool,
) -> Result<AlwWorld, Failure> {
    let mut r = Reader::new(bytes, Format::Alw);
    let h = read_header(&mut r, layout)?;
    let (width, height) = (h.width, h.height);

    // Cells: only located here; decoded last, once the table is known.
    let cells_at = r.pos();
    let cell_count = width as u64 * height as u64;
    let cs = layout.cell_size();
    r.check_fits(
        cell_count,
        cs as u64,
        &format!("cells ({width} x {height}, {cs} bytes each)"),
    )
    .map_err(fail(Stage::CellsFit))?;
    let cell_bytes = r
        .bytes(cell_count as usize * cs, "cells")
        .map_err(fail(Stage::CellsFit))?;
    *refs_in_file = refs_below(layout, cell_bytes, r.remaining() as u64);

    let lights = read_lights(&mut r, h.light_count)?;
    let (entity_count, entity_count_at) = h.entity_count;
    if entity_count > MAX_ENTITIES {
        return Err(fail(Stage::EntityLimit)(r.error_at(
            entity_count_at,
            "entity count",
            format!("{entity_count} exceeds the limit of {MAX_ENTITIES} entities"),
        )));
    }
    let entities = decode_entities(&mut r, layout, entity_count)?;

    // Texture table: the rest of the file.
    let table_at = r.pos();
    let table_bytes = r
        .bytes(r.remaining(), "texture table")
        .map_err(fail(Stage::TextureTable))?;
    let table = parse_texture_table(layout, table_bytes).map_err(|(off, field, problem)| {
        fail(Stage::TextureTable)(r.error_at(table_at + off, field, problem))
    })?;

    let cells = decode_cells(&r, layout, width, cell_bytes, cells_at, &table)
        .map_err(fail(Stage::TextureRefs))?;

    Ok(AlwWorld {
        layout,
        subversion: h.subversion,
        width,
        height,
        player_entity: h.player_entity,
        camera_yaw: h.camera[0],
        camera_pitch: h.camera[1],
        reserved: h.reserved,
        cells,
        lights,
        entities,
        texture_table: table_bytes.to_vec(),
        textures: table.names,
    })
}

/// The header's fields; the counts with where they lie, for errors.
struct Header {
    subversion: u8,
    width: u16,
    height: u16,
    entity_count: (u32, usize),
    light_count: (u32, usize),
    player_entity: u32,
    /// Yaw, then pitch.
    camera: [f32; 2],
    reserved: Box<[u8; 256]>,
}

/// The header, up to the cells; a world of no cells is refused.
fn read_header(r: &mut Reader, layout: AlwLayout) -> Result<Header, Failure> {
    let h = Stage::Header;
    r.bytes(4, "magic").map_err(fail(h))?;
    let mut subversion = 0;
    if layout.has_subversion() {
        let at = r.pos();
        subversion = r.u8("subversion").map_err(fail(h))?;
        if subversion != 0 {
            return Err(fail(h)(r.error_at(
                at,
                "subversion",
                format!("is {subversion}, but the engine reads only subversion 0"),
            )));
        }
    }
    let width_at = r.pos();
    let width = r.u16("width").map_err(fail(h))?;
    let height_at = r.pos();
    let height = r.u16("height").map_err(fail(h))?;
    let entity_count_at = r.pos();
    let entity_count = r.u32("entity count").map_err(fail(h))?;
    let light_count_at = r.pos();
    let light_count = r.u32("light count").map_err(fail(h))?;
    let player_entity = r.u32("player entity index").map_err(fail(h))?;
    let camera_yaw = r.f32("camera yaw").map_err(fail(h))?;
    let camera_pitch = r.f32("camera pitch").map_err(fail(h))?;
    let reserved: Box<[u8; 256]> = Box::new(r.array("reserved header bytes").map_err(fail(h))?);
    for (v, at, name) in [(width, width_at, "width"), (height, height_at, "height")] {
        if v == 0 {
            return Err(fail(Stage::Dimensions)(r.error_at(
                at,
                name,
                "is 0; a world needs at least one cell",
            )));
        }
    }
    Ok(Header {
        subversion,
        width,
        height,
        entity_count: (entity_count, entity_count_at),
        light_count: (light_count, light_count_at),
        player_entity,
        camera: [camera_yaw, camera_pitch],
        reserved,
    })
}

/// The `count` lights (the header's count, at its offset).
fn read_lights(r: &mut Reader, (count, count_at): (u32, usize)) -> Result<Vec<Light>, Failure> {
    if count > MAX_LIGHTS {
        return Err(fail(Stage::LightLimit)(r.error_at(
            count_at,
            "light count",
            format!("{count} exceeds the limit of {MAX_LIGHTS} lights"),
        )));
    }
    let st = Stage::LightsFit;
    r.check_fits(
        count as u64,
        28,
        &format!("lights ({count} declared, 28 bytes each)"),
    )
    .map_err(fail(st))?;
    let light_bytes = r.bytes(count as usize * 28, "lights").map_err(fail(st))?;
    Ok(light_bytes
        .chunks_exact(28)
        .map(|b| Light {
            position: f32s(b, 0),
            color: f32s(b, 12),
            radius: f32::from_bits(le32(b, 24)),
        })
        .collect())
}

fn decode_cells(
    r: &Reader<'_>,
    layout: AlwLayout,
    width: u16,
    bytes: &[u8],
    base: usize,
    table: &TextureTable,
) -> Result<Vec<Cell>, DecodeError> {
    let cs = layout.cell_size();
    let offsets = layout.has_corner_offsets();
    let refs_at = if offsets { 20 } else { 12 };
    let n_refs = if layout.has_trims() { 6 } else { 4 };
    let mut cells = Vec::with_capacity(bytes.len() / cs);
    for (i, b) in bytes.chunks_exact(cs).enumerate() {
        let mut refs = [0u32; 6];
        for (k, slot) in refs.iter_mut().enumerate().take(n_refs) {
            *slot = le32(b, refs_at + 4 * k);
        }
        if !refs.iter().all(|&t| table.valid_ref(t)) {
            let k = refs.iter().position(|&t| !table.valid_ref(t)).unwrap_or(0);
            let (x, y) = (i % width as usize, i / width as usize);
            return Err(r.error_at(
                base + i * cs + refs_at + 4 * k,
                format!("cell ({x}, {y}) {}", TEXTURE_SLOTS[k]),
                format!(
                    "offset {} is not the start of a texture name ({})",
                    refs[k],
                    table.describe()
                ),
            ));
        }
        let (floor_offsets, ceiling_offsets) = if offsets {
            (
                [b[12], b[13], b[14], b[15]].map(|v| v as i8),
                [b[16], b[17], b[18], b[19]].map(|v| v as i8),
            )
        } else {
            ([0; 4], [0; 4])
        };
        cells.push(Cell {
            floor: le32(b, 0) as i32,
            ceiling: le32(b, 4) as i32,
            flags: le32(b, 8),
            floor_offsets,
            ceiling_offsets,
            ceiling_tex: refs[0],
            floor_tex: refs[1],
            upper_tex: refs[2],
            lower_tex: refs[3],
            upper_trim: refs[4],
            lower_trim: refs[5],
        });
    }
    Ok(cells)
}

fn decode_entities(
    r: &mut Reader<'_>,
    layout: AlwLayout,
    count: u32,
) -> Result<Vec<Entity>, Failure> {
    let extras = layout.has_entity_extras();
    let fields = entity_fields(layout);
    let fixed: usize = fields.iter().map(|(_, n)| n).sum();
    let min_size = fixed as u64 + extras as u64;
    r.check_fits(
        count as u64,
        min_size,
        &format!("entities ({count} declared, at least {min_size} bytes each)"),
    )
    .map_err(fail(Stage::EntitiesFit))?;
    decode_entity_records(r, layout, count).map_err(fail(Stage::Entities))
}

fn decode_entity_records(
    r: &mut Reader<'_>,
    layout: AlwLayout,
    count: u32,
) -> Result<Vec<Entity>, DecodeError> {
    let extras = layout.has_entity_extras();
    let fields = entity_fields(layout);
    let fixed: usize = fields.iter().map(|(_, n)| n).sum();
    let mut entities = Vec::with_capacity(count as usize);
    for i in 0..count as usize {
        let mut e = Entity::default();
        if extras {
            let len = take(r, 1, || format!("entity {i} class name length"))?[0];
            e.class = take(r, len as usize, || format!("entity {i} class name"))?.to_vec();
        }
        let start = r.pos();
        if r.remaining() < fixed {
            // Name the field where the file ends.
            let mut at = start;
            for (name, size) in fields {
                if at + size > r.len() {
                    return Err(r.error_at(
                        at,
                        format!("entity {i} {name}"),
                        crate::formats::reader::short_of(*size, r.len() - at, r.len()),
                    ));
                }
                at += size;
            }
        }
        let b = r.bytes(fixed, "entity")?;
        e.position = f32s(b, 0);
        e.offset = f32s(b, 12);
        let mut p = 24;
        if extras {
            e.yrot = f32::from_bits(le32(b, p));
            p += 4;
        }
        e.matrix = f32s(b, p);
        e.bbox_min = f32s(b, p + 64);
        e.bbox_max = f32s(b, p + 76);
        e.frame = le32(b, p + 88);
        e.anim_state = f32::from_bits(le32(b, p + 92));
        e.event_mask = le32(b, p + 96);
        p += 100;
        if extras {
            e.reserved.copy_from_slice(&b[p..p + 32]);
            p += 32;
        }
        let attr_count = le32(b, p);
        let attr_count_at = start + p;
        if attr_count > MAX_ATTRIBUTES {
            return Err(r.error_at(
                attr_count_at,
                format!("entity {i} attribute count"),
                format!("{attr_count} exceeds the limit of {MAX_ATTRIBUTES} attributes per entity"),
            ));
        }
        r.check_fits(
            attr_count as u64,
            8,
            &format!("entity {i} attributes ({attr_count} declared, at least 8 bytes each)"),
        )?;
        e.attributes = Vec::with_capacity(attr_count as usize);
        for j in 0..attr_count as usize {
            let name = take_string(r, || format!("entity {i} attribute {j} name"))?;
            let value = take_string(r, || format!("entity {i} attribute {j} value"))?;
            e.attributes.push((name, value));
        }
        entities.push(e);
    }
    Ok(entities)
}

/// A u32 length, checked against the limit and the bytes left, then the bytes.
fn take_string(r: &mut Reader<'_>, field: impl Fn() -> String) -> Result<Vec<u8>, DecodeError> {
    let at = r.pos();
    let len = take_u32(r, || format!("{} length", field()))?;
    if len > MAX_ATTRIBUTE_LEN {
        return Err(r.error_at(
            at,
            format!("{} length", field()),
            format!("{len} exceeds the limit of {MAX_ATTRIBUTE_LEN} bytes"),
        ));
    }
    Ok(take(r, len as usize, field)?.to_vec())
}
