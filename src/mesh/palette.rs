//! Colours for textures the viewer has no images of: a table of known
//! Warcraft III ground and cliff IDs by what they show, and a stable colour
//! hashed from the name for anything else (ALW texture names too).

/// Ground kinds: the three letters after the tileset letter (`Lgrs` is
/// grass), as the game's TerrainArt names them.
const GROUND: [(&str, [u8; 3]); 45] = [
    ("drt", [125, 95, 60]),
    ("dro", [115, 90, 62]),
    ("drr", [115, 90, 62]),
    ("drg", [110, 112, 58]),
    ("drd", [100, 78, 52]),
    ("drh", [135, 105, 70]),
    ("dtr", [135, 110, 75]),
    ("dsr", [190, 160, 110]),
    ("dsd", [200, 175, 120]),
    ("san", [205, 185, 130]),
    ("grs", [80, 135, 55]),
    ("grr", [85, 125, 55]),
    ("grd", [60, 105, 40]),
    ("grt", [90, 140, 60]),
    ("gsb", [105, 125, 85]),
    ("sng", [170, 195, 170]),
    ("vin", [60, 90, 40]),
    ("hdg", [50, 90, 40]),
    ("flr", [150, 125, 80]),
    ("crp", [130, 140, 60]),
    ("lvd", [140, 100, 45]),
    ("lvg", [120, 95, 45]),
    ("rok", [125, 125, 120]),
    ("rck", [120, 118, 112]),
    ("sqd", [155, 150, 140]),
    ("cbp", [140, 130, 115]),
    ("stp", [150, 145, 130]),
    ("rtl", [165, 155, 140]),
    ("btl", [150, 95, 75]),
    ("til", [160, 155, 145]),
    ("bks", [150, 90, 70]),
    ("bkl", [140, 85, 65]),
    ("blm", [60, 60, 72]),
    ("wmb", [215, 215, 215]),
    ("snw", [235, 238, 245]),
    ("snr", [222, 228, 235]),
    ("ice", [170, 210, 235]),
    ("lav", [200, 70, 20]),
    ("ash", [105, 100, 95]),
    ("mud", [95, 75, 50]),
    ("sqr", [155, 150, 140]),
    ("brk", [150, 90, 70]),
    ("cob", [140, 130, 115]),
    ("wat", [60, 100, 160]),
    ("bon", [220, 210, 180]),
];

/// Cliff kinds: the two letters after `C` and the tileset letter (`CLgr`).
const CLIFF: [(&str, [u8; 3]); 7] = [
    ("di", [120, 95, 65]),
    ("gr", [80, 120, 55]),
    ("de", [190, 160, 110]),
    ("sn", [225, 230, 238]),
    ("sq", [150, 145, 135]),
    ("lb", [140, 95, 75]),
    ("ro", [120, 118, 112]),
];

/// A stable, fairly saturated colour from a name (FNV-1a hash).
pub fn hashed(name: &str) -> [u8; 3] {
    let mut h: u32 = 0x811C_9DC5;
    for b in name.bytes() {
        h = (h ^ b as u32).wrapping_mul(0x0100_0193);
    }
    // Hue from the hash, fixed saturation and value: readable on any sky.
    hsv((h % 360) as f64, 0.55, 0.75).map(|c| c as u8)
}

/// A colour from hue (degrees), saturation and value (0..1), as 0..255.
pub fn hsv(h: f64, s: f64, v: f64) -> [f64; 3] {
    let c = v * s;
    let x = c * (1.0 - ((h / 60.0) % 2.0 - 1.0).abs());
    let (r, g, b) = match (h / 60.0) as u32 {
        0 => (c, x, 0.0),
        1 => (x, c, 0.0),
        2 => (0.0, c, x),
        3 => (0.0, x, c),
        4 => (x, 0.0, c),
        _ => (c, 0.0, x),
    };
    let m = v - c;
    [r, g, b].map(|u| (u + m) * 255.0)
}

/// The colour of a W3E ground or cliff texture ID such as `Ldrt` or `CLgr`:
/// by what its name says it shows, else hashed. Cliff tiles used as ground
/// (`cLc1`) are rock.
pub fn texture_color(id: &[u8; 4]) -> [u8; 3] {
    let name = String::from_utf8_lossy(id).to_lowercase();
    let known = if name.starts_with('c') && id[0] == b'C' {
        CLIFF.iter().find(|(k, _)| name.get(2..) == Some(*k))
    } else if name.starts_with('c') {
        return [120, 115, 110];
    } else {
        GROUND.iter().find(|(k, _)| name.get(1..) == Some(*k))
    };
    known.map(|&(_, c)| c).unwrap_or_else(|| hashed(&name))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_ids_get_what_they_show_and_others_a_stable_hash() {
        let green = texture_color(b"Lgrs");
        assert!(green[1] > green[0] && green[1] > green[2]);
        let dirt = texture_color(b"Ldrt");
        assert!(dirt[0] > dirt[2]);
        assert_eq!(texture_color(b"Wsnw"), [235, 238, 245]);
        let cliff = texture_color(b"CLgr");
        assert!(
            cliff[1] > cliff[0] && cliff[1] > cliff[2],
            "grass cliffs are green"
        );
        assert_eq!(texture_color(b"Zqqq"), texture_color(b"Zqqq"));
        assert_ne!(hashed("stone floor"), hashed("wood floor"));
    }
}
