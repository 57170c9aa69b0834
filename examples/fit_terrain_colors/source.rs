//! A fit printed, and written as the Rust source of
//! `src/mesh/terrain/fitted.rs`.

use crate::model::Fit;

pub(crate) fn id(i: &[u8; 4]) -> String {
    String::from_utf8_lossy(i).into_owned()
}

pub(crate) fn print_fit(fit: &Fit) {
    for (tileset, bands) in &fit.water {
        let bands: Vec<String> = bands
            .iter()
            .map(|(a, c)| format!("a {:.2} {c:?}", *a as f64 / 255.0))
            .collect();
        println!("water {}: {}", *tileset as char, bands.join(", "));
    }
    for (tileset, c) in &fit.forests {
        println!("forest {}: {c:?}", *tileset as char);
    }
    println!("betas' trees: {:.2} of the later colours", fit.beta_trees);
    println!("Frozen Throne betas' trees: {:?}", fit.tft_beta_trees);
    println!("betas' ground: {:.3} of the later colours", fit.beta_ground);
}

pub(crate) fn rgb(c: [u8; 3]) -> String {
    format!("[{}, {}, {}]", c[0], c[1], c[2])
}

/// The table as Rust source.
pub(crate) fn source(fit: &Fit, summary: &str) -> String {
    let mut s = String::new();
    s.push_str("//! Terrain colours fitted to the game's own minimaps: written by\n");
    s.push_str("//! `cargo run --release --example fit_terrain_colors -- --write`; do not\n");
    s.push_str("//! edit by hand. Read through `super::game_colors`.\n\n");
    s.push_str("use super::bands::Bands;\n\n");
    s.push_str(&format!(
        "/// The fit: {summary}.\npub const FIT: &str = \"{summary}\";\n\n"
    ));
    let table = |s: &mut String, name: &str, doc: &str, rows: &[([u8; 4], [u8; 3])]| {
        let mut rows: Vec<(String, String)> = rows.iter().map(|(i, c)| (id(i), rgb(*c))).collect();
        rows.sort();
        s.push_str(&format!(
            "/// {doc}, sorted by ID.\npub const {name}: [(&[u8; 4], [u8; 3]); {}] = [\n",
            rows.len()
        ));
        for (i, c) in rows {
            s.push_str(&format!("    (b\"{i}\", {c}),\n"));
        }
        s.push_str("];\n\n");
    };
    table(
        &mut s,
        "GROUND",
        "Ground texture IDs and their colour on the minimap",
        &fit.ground,
    );
    table(
        &mut s,
        "CLIFF",
        "Cliff texture IDs and the colour of a cliff tile on the minimap",
        &fit.cliff,
    );
    s.push_str(&format!(
        "/// Water by tileset letter: by depth band (see `water_band`), opacity\n/// (0-255) and colour.\npub const WATER: [(u8, Bands); {}] = [\n",
        fit.water.len()
    ));
    for (t, bands) in &fit.water {
        let b: Vec<String> = bands
            .iter()
            .map(|(a, c)| format!("({a}, {})", rgb(*c)))
            .collect();
        s.push_str(&format!("    (b'{}', [{}]),\n", *t as char, b.join(", ")));
    }
    s.push_str("];\n\n");
    table(
        &mut s,
        "TREES",
        "Tree IDs and the colour of their canopies on the minimap",
        &fit.trees,
    );
    s.push_str(&format!(
        "/// Forests by tileset letter: the canopies of its maps' trees, whatever\n/// their IDs, on the minimap.\npub const FORESTS: [(u8, [u8; 3]); {}] = [\n",
        fit.forests.len()
    ));
    for (t, c) in &fit.forests {
        s.push_str(&format!("    (b'{}', {}),\n", *t as char, rgb(*c)));
    }
    s.push_str("];\n\n");
    s.push_str(&format!(
        "/// Tree colours on the 2002 betas' minimaps, as a share of the later ones.\npub const BETA_TREES: f32 = {:.3};\n",
        fit.beta_trees
    ));
    s.push_str(&format!(
        "\n/// Every tree's colour on the Frozen Throne betas' minimaps.\npub const TFT_BETA_TREES: [u8; 3] = {};\n",
        rgb(fit.tft_beta_trees)
    ));
    s.push_str(&format!(
        "\n/// Ground and cliff colours on the betas' minimaps (2002 and 2003), as a\n/// share of the later ones.\npub const BETA_GROUND: f32 = {:.3};\n",
        fit.beta_ground
    ));
    s
}
