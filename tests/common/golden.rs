//! Pictures in tests: one GPU a test binary (Mesa's llvmpipe or lavapipe in
//! CI), pixels, and golden pictures compared with a tolerance. A golden
//! that fails leaves the picture drawn and a difference picture to look
//! at; `MAPSCOPE_UPDATE_GOLDEN=1` rewrites the goldens and records which
//! rasterizer drew each in `tests/golden/RASTERIZERS.txt`.

use mapscope::kinds::views;
use mapscope::render::headless::{write_png, Headless};
use mapscope::render::{Camera, RenderOptions};
use mapscope::store::Map;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard, OnceLock};

/// One GPU for the whole test binary, shared by its threads. Where there
/// is none: a failure naming the packages to install, or `None` (a skip,
/// said on the output) with `MAPSCOPE_ALLOW_SKIP=1`.
pub fn gpu() -> Option<MutexGuard<'static, Headless>> {
    shared()
        .as_ref()
        .map(|(m, _)| m.lock().unwrap_or_else(|e| e.into_inner()))
}

/// The GPU and its adapter's name, made once.
fn shared() -> &'static Option<(Mutex<Headless>, String)> {
    static GPU: OnceLock<Option<(Mutex<Headless>, String)>> = OnceLock::new();
    GPU.get_or_init(|| match Headless::new() {
        Ok(h) => {
            let name = h.gpu.describe();
            Some((Mutex::new(h), name))
        }
        Err(e) => {
            super::cannot_run("rendering tests", &e.to_string());
            None
        }
    })
}

/// The adapter the tests draw with, as `mapscope render` names it (without
/// taking the GPU, which the caller may hold).
pub fn rasterizer() -> Option<String> {
    shared().as_ref().map(|(_, name)| name.clone())
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
    let mut gpu = gpu()?;
    let scene = views::scene(map, &gpu.renderer, &gpu.gpu.device, options.show_spawns);
    Some(gpu.picture(&scene, camera, w, h, options).unwrap())
}

/// Whether a picture shows more than one flat colour over a tenth of it.
pub fn not_flat(rgba: &[u8], w: u32, h: u32) -> bool {
    let first = &rgba[..4];
    rgba.chunks(4).filter(|p| p != &first).count() > (w * h / 10) as usize
}

fn golden_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden")
}

/// Where each golden's rasterizer is recorded: `NAME.png<TAB>adapter`.
const RASTERIZERS: &str = "RASTERIZERS.txt";

pub fn read_png(path: &Path) -> Option<(u32, u32, Vec<u8>)> {
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(path).ok()?));
    let mut reader = decoder.read_info().ok()?;
    let mut buf = vec![0; reader.output_buffer_size()?];
    let info = reader.next_frame(&mut buf).ok()?;
    buf.truncate(info.buffer_size());
    Some((info.width, info.height, buf))
}

/// The rasterizer recorded for golden `file`, if any.
fn recorded_rasterizer(file: &str) -> Option<String> {
    let text = std::fs::read_to_string(golden_dir().join(RASTERIZERS)).ok()?;
    text.lines()
        .filter_map(|l| l.split_once('\t'))
        .find(|(name, _)| *name == file)
        .map(|(_, r)| r.to_string())
}

/// Records that `rasterizer` drew golden `file`. Tests run in parallel, so
/// the record is rewritten under a lock.
fn record_rasterizer(file: &str, rasterizer: &str) {
    static LOCK: Mutex<()> = Mutex::new(());
    let _held = LOCK.lock().unwrap_or_else(|e| e.into_inner());
    let path = golden_dir().join(RASTERIZERS);
    let text = std::fs::read_to_string(&path).unwrap_or_default();
    let mut lines: Vec<String> = text
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with(&format!("{file}\t")))
        .map(str::to_string)
        .collect();
    lines.push(format!("{file}\t{rasterizer}"));
    lines.sort();
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
}

/// Where a failing golden leaves its pictures: a folder of its own under
/// the system's temporary folder.
pub fn failure_dir() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("mapscope-golden-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Per pixel, how far `a` is from `b`: black where equal, red up to white
/// where far apart, so a wrong region stands out.
pub fn difference_picture(a: &[u8], b: &[u8]) -> Vec<u8> {
    a.chunks(4)
        .zip(b.chunks(4))
        .flat_map(|(p, q)| {
            let d = (0..3)
                .map(|i| (p[i] as i32 - q[i] as i32).unsigned_abs())
                .max()
                .unwrap_or(0);
            let v = (d * 4).min(255) as u8;
            [v, v / 3, v / 3, 255]
        })
        .collect()
}

/// How `rgba` differs from `golden` in colour: mean absolute difference
/// per colour channel, and the share of colour channels more than 40
/// apart. Alpha is left out: it is opaque in both, and counting it would
/// dilute the tolerance by a quarter.
pub fn difference(rgba: &[u8], golden: &[u8]) -> (f64, f64) {
    let diffs: Vec<u32> = rgba
        .chunks(4)
        .zip(golden.chunks(4))
        .flat_map(|(a, b)| (0..3).map(move |i| (a[i] as i32 - b[i] as i32).unsigned_abs()))
        .collect();
    let mean = diffs.iter().sum::<u32>() as f64 / diffs.len().max(1) as f64;
    let far = diffs.iter().filter(|&&d| d > 40).count() as f64 / diffs.len().max(1) as f64;
    (mean, far)
}

/// Whether `MAPSCOPE_UPDATE_GOLDEN=1` asks for the goldens to be redrawn
/// (any other value, `0` too, compares).
pub fn update_goldens() -> bool {
    update_asked(std::env::var("MAPSCOPE_UPDATE_GOLDEN").ok().as_deref())
}

/// Whether `MAPSCOPE_UPDATE_GOLDEN`'s value asks for redrawing.
pub fn update_asked(value: Option<&str>) -> bool {
    value == Some("1")
}

/// Compares with the stored picture; `MAPSCOPE_UPDATE_GOLDEN=1` rewrites it.
/// On a mismatch, writes `NAME-actual.png` and `NAME-diff.png` to
/// [`failure_dir`] and names them in the failure.
pub fn check_golden(name: &str, rgba: &[u8], w: u32, h: u32) {
    check_golden_in(&golden_dir(), name, rgba, w, h)
}

/// [`check_golden`] against the goldens in `dir`.
pub fn check_golden_in(dir: &Path, name: &str, rgba: &[u8], w: u32, h: u32) {
    let file = format!("{name}.png");
    let path = dir.join(&file);
    let drawn_by = rasterizer().unwrap_or_else(|| "unknown".into());
    if update_goldens() {
        std::fs::create_dir_all(dir).unwrap();
        write_png(&path, rgba, w, h, true).unwrap();
        if dir == golden_dir() {
            record_rasterizer(&file, &drawn_by);
        }
        return;
    }
    let (gw, gh, golden) = read_png(&path).unwrap_or_else(|| panic!("{} missing", path.display()));
    let (mean, far) = if (gw, gh) == (w, h) {
        difference(rgba, &golden)
    } else {
        (f64::INFINITY, 1.0)
    };
    // Rasterizers differ by a pixel on edges; a wrong picture differs everywhere.
    if mean < 4.0 && far < 0.02 {
        return;
    }
    let out = failure_dir();
    let actual = out.join(format!("{name}-actual.png"));
    let diff = out.join(format!("{name}-diff.png"));
    write_png(&actual, rgba, w, h, true).unwrap();
    if (gw, gh) == (w, h) {
        write_png(&diff, &difference_picture(rgba, &golden), w, h, true).unwrap();
    }
    let made_by = recorded_rasterizer(&file).unwrap_or_else(|| "not recorded".into());
    panic!(
        "{name}: mean difference {mean:.2}, {:.1}% far off ({w}x{h} drawn, {gw}x{gh} golden).\n\
         golden made by: {made_by}\n\
         drawn now by:   {drawn_by}\n\
         look at {} and {} (golden: {})",
        far * 100.0,
        actual.display(),
        diff.display(),
        path.display()
    );
}

/// Where world point `p` lands in a `w` x `h` picture from `camera`, in
/// pixels from the top left; `None` behind the camera or outside.
pub fn project(camera: &Camera, w: u32, h: u32, p: glam::Vec3) -> Option<[f32; 2]> {
    let clip = camera.view_proj(w as f32 / h as f32) * p.extend(1.0);
    if clip.w <= 0.0 {
        return None;
    }
    let ndc = clip.truncate() / clip.w;
    let (x, y) = (
        (ndc.x + 1.0) / 2.0 * w as f32,
        (1.0 - ndc.y) / 2.0 * h as f32,
    );
    ((0.0..w as f32).contains(&x) && (0.0..h as f32).contains(&y)).then_some([x, y])
}

/// Where `MAPSCOPE_PROBES=DIR` asks, writes `NAME-probes.png`: the picture
/// with each probed pixel ringed, green where the check held and red
/// where not, to see that the probes land on the features they check.
pub fn save_probes(name: &str, rgba: &[u8], w: u32, h: u32, probes: &[([u32; 2], bool)]) {
    let Some(dir) = std::env::var_os("MAPSCOPE_PROBES") else {
        return;
    };
    let mut out = rgba.to_vec();
    for &([x, y], held) in probes {
        let ring: [u8; 3] = if held { [0, 255, 0] } else { [255, 0, 0] };
        for (dx, dy) in (-2i32..=2).flat_map(|dx| (-2i32..=2).map(move |dy| (dx, dy))) {
            let (px, py) = (x as i32 + dx, y as i32 + dy);
            let edge = dx.abs() == 2 || dy.abs() == 2;
            if edge && (0..w as i32).contains(&px) && (0..h as i32).contains(&py) {
                let i = ((py as u32 * w + px as u32) * 4) as usize;
                out[i..i + 3].copy_from_slice(&ring);
            }
        }
    }
    std::fs::create_dir_all(&dir).unwrap();
    write_png(
        &Path::new(&dir).join(format!("{name}-probes.png")),
        &out,
        w,
        h,
        true,
    )
    .unwrap();
}
