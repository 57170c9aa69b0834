//! The ALW writer, and conversion between layouts.

use super::LayoutShape;
use super::{
    parse_texture_table, MAGIC, MAX_ATTRIBUTES, MAX_ATTRIBUTE_LEN, MAX_ENTITIES, MAX_LIGHTS,
};
use crate::formats::error::{EncodeError, Format};
use crate::formats::reader::PutLe;
use crate::store::cells::{AlwLayout, AlwWorld, TEXTURE_SLOTS};

fn refuse(problem: impl Into<String>) -> EncodeError {
    EncodeError::new(Format::Alw, problem)
}

/// Checks that `world` can be written in its layout and read back equal.
fn validate(w: &AlwWorld) -> Result<(), EncodeError> {
    let layout = w.layout;
    if w.subversion != 0 {
        return Err(refuse(format!(
            "subversion {} (the engine reads only 0, and the spec layout has none)",
            w.subversion
        )));
    }
    if w.width == 0 || w.height == 0 {
        return Err(refuse(format!(
            "a {} x {} world has no cells",
            w.width, w.height
        )));
    }
    let n = w.width as usize * w.height as usize;
    if w.cells.len() != n {
        return Err(refuse(format!(
            "{} cells for a {} x {} grid ({n} expected)",
            w.cells.len(),
            w.width,
            w.height
        )));
    }
    if w.entities.len() > MAX_ENTITIES as usize {
        return Err(refuse(format!(
            "{} entities exceed the limit of {MAX_ENTITIES}",
            w.entities.len()
        )));
    }
    if w.lights.len() > MAX_LIGHTS as usize {
        return Err(refuse(format!(
            "{} lights exceed the limit of {MAX_LIGHTS}",
            w.lights.len()
        )));
    }
    let table =
        parse_texture_table(layout, &w.texture_table).map_err(|(off, field, problem)| {
            refuse(format!("{field} at table offset {off}: {problem}"))
        })?;
    if table.names != w.textures {
        return Err(refuse(
            "the texture list does not match the raw texture table (use AlwWorld::add_texture)",
        ));
    }
    for (i, c) in w.cells.iter().enumerate() {
        let (x, y) = (i % w.width as usize, i / w.width as usize);
        if !layout.has_corner_offsets() && c.is_sloped() {
            return Err(refuse(format!(
                "cell ({x}, {y}) has corner offsets, which the spec layout cannot hold"
            )));
        }
        if !layout.has_trims() && (c.upper_trim != 0 || c.lower_trim != 0) {
            return Err(refuse(format!(
                "cell ({x}, {y}) has trim textures, which the engine-2010-08 layout cannot hold"
            )));
        }
        for (k, r) in c.texture_refs().into_iter().enumerate() {
            if !table.valid_ref(r) {
                return Err(refuse(format!(
                    "cell ({x}, {y}) {} is offset {r}, not the start of a texture name ({})",
                    TEXTURE_SLOTS[k],
                    table.describe()
                )));
            }
        }
    }
    for (i, e) in w.entities.iter().enumerate() {
        if layout.has_entity_extras() {
            if e.class.len() > 255 {
                return Err(refuse(format!(
                    "entity {i} class name is {} bytes (at most 255)",
                    e.class.len()
                )));
            }
        } else if !e.class.is_empty() || e.yrot.to_bits() != 0 || e.reserved != [0; 32] {
            return Err(refuse(format!(
                "entity {i} has a class name, yrot or reserved bytes, which the spec layout cannot hold"
            )));
        }
        if e.attributes.len() > MAX_ATTRIBUTES as usize {
            return Err(refuse(format!(
                "entity {i} has {} attributes (limit {MAX_ATTRIBUTES})",
                e.attributes.len()
            )));
        }
        for (j, (name, value)) in e.attributes.iter().enumerate() {
            if name.len() > MAX_ATTRIBUTE_LEN as usize || value.len() > MAX_ATTRIBUTE_LEN as usize {
                return Err(refuse(format!(
                    "entity {i} attribute {j} name or value exceeds {MAX_ATTRIBUTE_LEN} bytes"
                )));
            }
        }
    }
    Ok(())
}

/// Writes `world` in its own layout. Refuses (rather than writing a file that
/// would read back differently) anything the layout cannot hold.
pub fn encode_world(w: &AlwWorld) -> Result<Vec<u8>, EncodeError> {
    validate(w)?;
    let layout = w.layout;
    let extras = layout.has_entity_extras();
    let entity_bytes: usize = w
        .entities
        .iter()
        .map(|e| {
            let fixed = if extras { 165 + e.class.len() } else { 128 };
            fixed
                + e.attributes
                    .iter()
                    .map(|(n, v)| 8 + n.len() + v.len())
                    .sum::<usize>()
        })
        .sum();
    let size = layout.header_size()
        + w.cells.len() * layout.cell_size()
        + w.lights.len() * 28
        + entity_bytes
        + w.texture_table.len();
    let mut out = Vec::with_capacity(size);
    out.extend_from_slice(MAGIC);
    if layout.has_subversion() {
        out.put_u8(w.subversion);
    }
    out.put_u16(w.width);
    out.put_u16(w.height);
    out.put_u32(w.entities.len() as u32);
    out.put_u32(w.lights.len() as u32);
    out.put_u32(w.player_entity);
    out.put_f32(w.camera_yaw);
    out.put_f32(w.camera_pitch);
    out.extend_from_slice(&w.reserved[..]);
    let n_refs = if layout.has_trims() { 6 } else { 4 };
    for c in &w.cells {
        out.put_i32(c.floor);
        out.put_i32(c.ceiling);
        out.put_u32(c.flags);
        if layout.has_corner_offsets() {
            out.extend(c.floor_offsets.map(|v| v as u8));
            out.extend(c.ceiling_offsets.map(|v| v as u8));
        }
        for r in &c.texture_refs()[..n_refs] {
            out.put_u32(*r);
        }
    }
    for l in &w.lights {
        for v in l.position.iter().chain(&l.color) {
            out.put_f32(*v);
        }
        out.put_f32(l.radius);
    }
    for e in &w.entities {
        if extras {
            out.put_u8(e.class.len() as u8);
            out.extend_from_slice(&e.class);
        }
        for v in e.position.iter().chain(&e.offset) {
            out.put_f32(*v);
        }
        if extras {
            out.put_f32(e.yrot);
        }
        for v in e.matrix.iter().chain(&e.bbox_min).chain(&e.bbox_max) {
            out.put_f32(*v);
        }
        out.put_u32(e.frame);
        out.put_f32(e.anim_state);
        out.put_u32(e.event_mask);
        if extras {
            out.extend_from_slice(&e.reserved);
        }
        out.put_u32(e.attributes.len() as u32);
        for (name, value) in &e.attributes {
            out.put_u32(name.len() as u32);
            out.extend_from_slice(name);
            out.put_u32(value.len() as u32);
            out.extend_from_slice(value);
        }
    }
    out.extend_from_slice(&w.texture_table);
    debug_assert_eq!(out.len(), size);
    Ok(out)
}

/// The same world in another layout. Refuses what the target cannot hold:
/// corner offsets, class names, yrot or entity reserved bytes (to the spec
/// layout), trims (to engine-2010-08). Texture offsets are kept where the table
/// allows: toward 2010-08 the table is kept as is, its leading zero byte then
/// reading as an empty name at offset 0; from 2010-08 a table that does not
/// start with such an empty name gets a leading zero byte and all offsets
/// move up by one.
pub fn convert_layout(w: &AlwWorld, layout: AlwLayout) -> Result<AlwWorld, EncodeError> {
    let mut out = w.clone();
    out.layout = layout;
    if w.layout == layout {
        return Ok(out);
    }
    if !w.layout.table_has_leading_byte() && layout.table_has_leading_byte() {
        if w.texture_table.first() == Some(&0) {
            // An empty name at offset 0: it becomes the leading byte.
            out.textures.retain(|(o, _)| *o != 0);
        } else {
            out.texture_table.insert(0, 0);
            for (o, _) in &mut out.textures {
                *o += 1;
            }
            for c in &mut out.cells {
                for r in [
                    &mut c.ceiling_tex,
                    &mut c.floor_tex,
                    &mut c.upper_tex,
                    &mut c.lower_tex,
                ] {
                    if *r != 0 {
                        *r += 1;
                    }
                }
            }
        }
    } else if w.layout.table_has_leading_byte()
        && !layout.table_has_leading_byte()
        && !out.texture_table.is_empty()
    {
        out.textures.insert(0, (0, String::new()));
    }
    validate(&out).map_err(|e| {
        refuse(format!(
            "converting from the {} to the {} layout would lose data: {}",
            w.layout.id(),
            layout.id(),
            e.problem
        ))
    })?;
    Ok(out)
}
