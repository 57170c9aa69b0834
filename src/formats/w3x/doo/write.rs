//! Writing `war3mapUnits.doo` and `war3map.doo` (version 8, subversion 11,
//! the layout of every ladder map), `war3map.wpm` and `war3map.mmp`: for
//! synthetic maps in tests and fuzz seeds. Fields mapscope does not keep
//! are written as the editor writes them for a plain placed object.

use crate::store::warcraft::{Doodad, MinimapIcon, Pathing, SpecialDoodad, Unit};

fn put_i32(out: &mut Vec<u8>, v: i32) {
    out.extend_from_slice(&v.to_le_bytes());
}

fn put_f32(out: &mut Vec<u8>, v: f32) {
    out.extend_from_slice(&v.to_le_bytes());
}

fn header(out: &mut Vec<u8>, count: usize) {
    out.extend_from_slice(super::MAGIC);
    put_i32(out, 8);
    put_i32(out, 11);
    put_i32(out, count as i32);
}

/// What every record starts with: id, variation, position, angle, scale
/// and skin.
type Placement<'a> = (&'a [u8; 4], i32, [f32; 3], f32, [f32; 3], Option<[u8; 4]>);

/// A record's [`Placement`] (the skin with `skins` only; it defaults to the
/// id, as the editor writes it).
fn common(out: &mut Vec<u8>, c: Placement<'_>, skins: bool) {
    let (id, variation, position, angle, scale, skin) = c;
    out.extend_from_slice(id);
    put_i32(out, variation);
    for v in position.into_iter().chain([angle]).chain(scale) {
        put_f32(out, v);
    }
    if skins {
        out.extend_from_slice(&skin.unwrap_or(*id));
    }
}

pub fn encode_units(units: &[Unit], skins: bool) -> Vec<u8> {
    let mut out = Vec::new();
    header(&mut out, units.len());
    for u in units {
        common(
            &mut out,
            (&u.id, u.variation, u.position, u.angle, u.scale, u.skin),
            skins,
        );
        out.push(u.flags);
        put_i32(&mut out, u.owner);
        out.extend_from_slice(&[0, 0]);
        put_i32(&mut out, u.hit_points);
        put_i32(&mut out, u.mana);
        put_i32(&mut out, -1); // item table
        put_i32(&mut out, 0); // item sets
        put_i32(&mut out, u.gold);
        put_f32(&mut out, -1.0); // target acquisition: default
        put_i32(&mut out, u.hero_level);
        for _ in 0..3 {
            put_i32(&mut out, 0); // hero attributes
        }
        put_i32(&mut out, 0); // inventory
        put_i32(&mut out, 0); // abilities
        put_i32(&mut out, -1); // not random
        put_i32(&mut out, -1); // custom colour
        put_i32(&mut out, -1); // waygate
        put_i32(&mut out, u.editor_id);
    }
    out
}

pub fn encode_doodads(doodads: &[Doodad], special: &[SpecialDoodad], skins: bool) -> Vec<u8> {
    let mut out = Vec::new();
    header(&mut out, doodads.len());
    for d in doodads {
        common(
            &mut out,
            (&d.id, d.variation, d.position, d.angle, d.scale, d.skin),
            skins,
        );
        out.push(d.flags);
        out.push(d.life);
        put_i32(&mut out, -1); // item table
        put_i32(&mut out, 0); // item sets
        put_i32(&mut out, d.editor_id);
    }
    put_i32(&mut out, 0);
    put_i32(&mut out, special.len() as i32);
    for s in special {
        out.extend_from_slice(&s.id);
        put_i32(&mut out, 0);
        put_i32(&mut out, s.x);
        put_i32(&mut out, s.y);
    }
    out
}

pub fn encode_pathing(p: &Pathing) -> Vec<u8> {
    let mut out = b"MP3W".to_vec();
    put_i32(&mut out, 0);
    put_i32(&mut out, p.width as i32);
    put_i32(&mut out, p.height as i32);
    out.extend_from_slice(&p.cells);
    out
}

pub fn encode_icons(icons: &[MinimapIcon]) -> Vec<u8> {
    let mut out = Vec::new();
    put_i32(&mut out, 0);
    put_i32(&mut out, icons.len() as i32);
    for i in icons {
        put_i32(&mut out, i.kind as i32);
        put_i32(&mut out, i.x as i32);
        put_i32(&mut out, i.y as i32);
        let [r, g, b, a] = i.color;
        out.extend_from_slice(&[b, g, r, a]);
    }
    out
}
