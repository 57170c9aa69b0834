//! Pictures in tests: one GPU a test binary (Mesa's llvmpipe or lavapipe in
//! CI), pixels, and golden pictures compared with a tolerance.

use mapscope::render::headless::Headless;
use mapscope::render::{Camera, RenderOptions};
use mapscope::store::Map;
use std::path::PathBuf;
use std::sync::OnceLock;

/// One GPU for the whole test binary; `None` (and a loud message) without one.
pub fn gpu() -> Option<&'static Headless> {
    static GPU: OnceLock<Option<Headless>> = OnceLock::new();
    GPU.get_or_init(|| match Headless::new() {
        Ok(h) => Some(h),
        Err(e) => {
            eprintln!("SKIPPING rendering tests: {e}");
            None
        }
    })
    .as_ref()
}

pub fn pixel(rgba: &[u8], width: u32, x: u32, y: u32) -> [u8; 3] {
    let i = ((y * width + x) * 4) as usize;
    [rgba[i], rgba[i + 1], rgba[i + 2]]
}

pub fn draw(map: &Map, camera: &Camera, w: u32, h: u32) -> Option<Vec<u8>> {
    let options = RenderOptions {
        show_spawns: false,
        ..Default::default()
    };
    draw_with(map, camera, w, h, &options)
}

/// Draws `map` with `options` (spawns as given there).
pub fn draw_with(
    map: &Map,
    camera: &Camera,
    w: u32,
    h: u32,
    options: &RenderOptions,
) -> Option<Vec<u8>> {
    let gpu = gpu()?;
    let scene = gpu.scene(map, options).unwrap();
    Some(gpu.picture(&scene, camera, w, h, options))
}

/// Whether a picture shows more than one flat colour over a tenth of it.
pub fn not_flat(rgba: &[u8], w: u32, h: u32) -> bool {
    let first = &rgba[..4];
    rgba.chunks(4).filter(|p| p != &first).count() > (w * h / 10) as usize
}

fn golden_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden")
}

fn read_png(path: &std::path::Path) -> Option<(u32, u32, Vec<u8>)> {
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(path).ok()?));
    let mut reader = decoder.read_info().ok()?;
    let mut buf = vec![0; reader.output_buffer_size()?];
    let info = reader.next_frame(&mut buf).ok()?;
    buf.truncate(info.buffer_size());
    Some((info.width, info.height, buf))
}

/// Compares with the stored picture; `MAPSCOPE_UPDATE_GOLDEN=1` rewrites it.
pub fn check_golden(name: &str, rgba: &[u8], w: u32, h: u32) {
    let path = golden_dir().join(format!("{name}.png"));
    if std::env::var_os("MAPSCOPE_UPDATE_GOLDEN").is_some() {
        std::fs::create_dir_all(golden_dir()).unwrap();
        mapscope::render::headless::write_png(&path, rgba, w, h, true).unwrap();
        return;
    }
    let (gw, gh, golden) = read_png(&path).unwrap_or_else(|| panic!("{} missing", path.display()));
    assert_eq!((gw, gh), (w, h));
    let diffs: Vec<u32> = rgba
        .iter()
        .zip(&golden)
        .map(|(&a, &b)| (a as i32 - b as i32).unsigned_abs())
        .collect();
    let mean = diffs.iter().sum::<u32>() as f64 / diffs.len() as f64;
    let far = diffs.iter().filter(|&&d| d > 40).count() as f64 / diffs.len() as f64;
    // Rasterizers differ by a pixel on edges; a wrong picture differs everywhere.
    assert!(
        mean < 4.0 && far < 0.02,
        "{name}: mean difference {mean:.2}, {:.1}% far off",
        far * 100.0
    );
}
