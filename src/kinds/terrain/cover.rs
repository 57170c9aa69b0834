//! Which differing bytes of `war3map.w3e` the terrain diff names: each
//! header field whose bytes differ must be a header change the report
//! names; each tilepoint record (of the tilepoints both have) whose bytes
//! differ must be a tilepoint the report counts as changed (its decoded
//! fields differ), or re-encoded by a change of version, or renumbered by
//! a change of the texture lists; the tilepoints only one side has are the
//! change of size. The rest is left to be listed by its bytes.

use super::diff::fields;
use crate::diff::cover::Coverage;
use crate::diff::MapDiff;
use crate::formats::w3e::{decode_terrain_spans, TerrainSpans};
use crate::store::terrain::W3eTerrain;

/// The note the report gives a terrain saved in another version.
pub fn reencoded_note(old: u32, new: u32) -> String {
    format!("terrain version {old} -> {new}: every tilepoint record re-encoded")
}

fn bytes(file: &[u8], r: [u64; 2]) -> &[u8] {
    file.get(r[0] as usize..r[1] as usize).unwrap_or_default()
}

/// The header fields: a field whose bytes differ is covered by its change.
fn header(old: (&[u8], &TerrainSpans), new: (&[u8], &TerrainSpans), d: &MapDiff, c: &mut Coverage) {
    let named = |k: &str| {
        d.terrain
            .as_ref()
            .is_some_and(|t| t.header.iter().any(|h| h.field == k))
    };
    for (k, r) in &new.1.header {
        let was = old.1.header.iter().find(|h| h.0 == *k).map(|h| h.1);
        if was.is_some_and(|w| bytes(old.0, w) == bytes(new.0, *r)) {
            continue;
        }
        match named(k) {
            true => c.name(&format!("terrain {k}"), true, *r),
            false => c.leave(true, *r),
        }
    }
}

/// `Coverage` of the w3e's differing bytes; `None` where a side cannot be
/// decoded.
pub fn cover(old: &[u8], new: &[u8], d: &MapDiff) -> Option<Coverage> {
    let (a, sa) = decode_terrain_spans(old).ok()?;
    let (b, sb) = decode_terrain_spans(new).ok()?;
    let mut c = Coverage::default();
    header((old, &sa), (new, &sb), d, &mut c);
    let t = d.terrain.as_ref();
    let changed = t.map(|t| t.head());
    let reencoded = (a.version != b.version).then(|| reencoded_note(a.version, b.version));
    let noted = |n: &Option<String>| n.clone().filter(|n| d.notes.contains(n));
    let reencoded = noted(&reencoded);
    let lists = |t: &W3eTerrain| (t.ground_textures.clone(), t.cliff_textures.clone());
    let renumbered = (lists(&a) != lists(&b))
        .then_some(["terrain ground textures", "terrain cliff textures"])
        .and_then(|k| k.into_iter().find(|k| c.named.iter().any(|n| n.what == *k)));
    for y in 0..b.height {
        for x in 0..b.width {
            let j = (y * b.width + x) as usize;
            let r = sb.tilepoint(j);
            if x >= a.width || y >= a.height {
                match t.is_some_and(|t| t.header.iter().any(|h| h.field == "tilepoints")) {
                    true => c.name("terrain tilepoints", true, r),
                    false => c.leave(true, r),
                }
                continue;
            }
            let i = (y * a.width + x) as usize;
            if bytes(old, sa.tilepoint(i)) == bytes(new, r) {
                continue;
            }
            let (p, q) = (a.tilepoints.get(i)?, b.tilepoints.get(j)?);
            let why = if fields(&a, p) != fields(&b, q) {
                changed.clone()
            } else if p != q {
                renumbered.map(str::to_string)
            } else {
                reencoded.clone()
            };
            match why {
                Some(w) => c.name(&w, true, r),
                None => c.leave(true, r),
            }
        }
    }
    old_only((old, &a, &sa), (new, &b, &sb), d, &mut c);
    Some(c.finish())
}

/// The tilepoints only the old terrain has (it was larger), covered by
/// the change of size; and the bytes after the tilepoints, which no
/// change names.
fn old_only(
    (old, a, sa): (&[u8], &W3eTerrain, &TerrainSpans),
    (new, b, sb): (&[u8], &W3eTerrain, &TerrainSpans),
    d: &MapDiff,
    c: &mut Coverage,
) {
    let sized = d
        .terrain
        .as_ref()
        .is_some_and(|t| t.header.iter().any(|h| h.field == "tilepoints"));
    for y in 0..a.height {
        for x in 0..a.width {
            if x < b.width && y < b.height {
                continue;
            }
            let r = sa.tilepoint((y * a.width + x) as usize);
            match sized {
                true => c.name("terrain tilepoints", false, r),
                false => c.leave(false, r),
            }
        }
    }
    let (oe, ne) = (
        sa.tilepoint(a.tilepoints.len())[0],
        sb.tilepoint(b.tilepoints.len())[0],
    );
    let ot = old.get(oe as usize..).unwrap_or_default();
    let nt = new.get(ne as usize..).unwrap_or_default();
    if ot != nt {
        if !nt.is_empty() {
            c.leave(true, [ne, new.len() as u64]);
        }
        if !ot.is_empty() {
            c.leave(false, [oe, old.len() as u64]);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::w3e::encode_terrain;

    fn diff(a: &W3eTerrain, b: &W3eTerrain) -> MapDiff {
        let mut d = MapDiff {
            terrain: Some(super::super::diff::compare(a, b)),
            ..MapDiff::default()
        };
        if a.version != b.version {
            d.notes.push(reencoded_note(a.version, b.version));
        }
        d
    }

    /// A re-save in version 12 is named by its note, a tilepoint edited by
    /// the count of changed tilepoints; a byte no field reads is left.
    #[test]
    fn reencoded_records_and_changed_tilepoints_are_named() {
        let old = W3eTerrain::flat(8, 6, 11);
        let mut new = old.clone();
        new.version = 12;
        new.tilepoints[9].height += 5;
        let (a, b) = (encode_terrain(&old).unwrap(), encode_terrain(&new).unwrap());
        let c = cover(&a, &b, &diff(&old, &new)).unwrap();
        assert!(c.complete(), "{c:?}");
        let what: Vec<&str> = c.named.iter().map(|n| n.what.as_str()).collect();
        assert_eq!(
            what,
            [
                "terrain version",
                "terrain version 11 -> 12: every tilepoint record re-encoded",
                // As the report heads the terrain's lines.
                "terrain: 1 tilepoint changed",
            ]
        );
        // Without the note, the re-encoded records are listed.
        let mut quiet = diff(&old, &new);
        quiet.notes.clear();
        let c = cover(&a, &b, &quiet).unwrap();
        assert_eq!(c.left.len(), 2, "{c:?}");
        // Bits of a record no field reads: listed, not named.
        let old = W3eTerrain::flat(8, 6, 12);
        let mut same = old.clone();
        same.tilepoints[3].texflags |= 0x400;
        let (a, s) = (
            encode_terrain(&old).unwrap(),
            encode_terrain(&same).unwrap(),
        );
        let c = cover(&a, &s, &diff(&old, &same)).unwrap();
        assert!(c.named.is_empty() && c.left.len() == 1, "{c:?}");
    }
}
