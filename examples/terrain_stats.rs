//! Prints what the terrain mesher makes of a W3E file (for checking by eye).
fn main() {
    let path = std::env::args().nth(1).expect("a .w3e file");
    let bytes = std::fs::read(&path).unwrap();
    let map = mapscope::formats::decode(&bytes, &Default::default()).unwrap();
    let t = map.terrain().expect("a W3E map");
    let m = mapscope::mesh::terrain::mesh_terrain(t);
    let water = t.tilepoints.iter().filter(|p| p.water_flag()).count();
    let above = t
        .tilepoints
        .iter()
        .filter(|p| p.water_flag() && p.water_level() > p.final_height())
        .count();
    let tex: Vec<String> = t
        .ground_textures
        .iter()
        .map(|id| String::from_utf8_lossy(id).into_owned())
        .collect();
    println!(
        "{path}: {} opaque and {} water triangles; {water} water-flagged tilepoints, {above} with water above ground; textures {tex:?}",
        m.opaque.len() / 3,
        m.translucent.len() / 3
    );
}
