//! Running the real viewer under Xvfb, driving it with xdotool and reading
//! what it drew: the window tests' tools.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

pub fn xvfb() -> bool {
    let found = Command::new("sh")
        .args(["-c", "command -v xvfb-run"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !found {
        super::cannot_run("window tests", "xvfb-run is not installed");
    }
    found
}

/// A config folder of the tests' own, where the key list has been shown
/// once already (it would cover the view) and recent files do not reach
/// the user's list.
pub fn config_home() -> PathBuf {
    let dir = scratch("config").with_extension("d");
    std::fs::create_dir_all(dir.join("mapscope")).unwrap();
    std::fs::write(dir.join("mapscope/keys-shown"), "").unwrap();
    dir
}

pub fn viewer(args: &[&std::ffi::OsStr]) -> Output {
    Command::new("timeout")
        .env("XDG_CONFIG_HOME", config_home())
        .arg("120")
        .arg("xvfb-run")
        .arg("-a")
        .arg(env!("CARGO_BIN_EXE_mapscope"))
        .args(args)
        .output()
        .expect("runs the viewer")
}

/// A file's place in this test process's folder for window tests' files
/// (screenshots, maps written for a test). The viewer runs as another
/// process, so the folder cannot go when a test ends; instead the first
/// call sweeps away the folders of test processes that have ended.
pub fn scratch(name: &str) -> PathBuf {
    static SWEPT: std::sync::Once = std::sync::Once::new();
    SWEPT.call_once(|| sweep_ended("mapscope-app-"));
    let dir = std::env::temp_dir().join(format!("mapscope-app-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    let _ = std::fs::remove_file(&p);
    p
}

/// Removes the temporary folders `PREFIX<pid>` of processes that are no
/// longer running (where /proc says which are).
fn sweep_ended(prefix: &str) {
    let proc = Path::new("/proc");
    let Ok(entries) = std::fs::read_dir(std::env::temp_dir()) else {
        return;
    };
    if !proc.join("self").exists() {
        return;
    }
    for e in entries.flatten() {
        let name = e.file_name().to_string_lossy().into_owned();
        let Some(pid) = name
            .strip_prefix(prefix)
            .and_then(|p| p.parse::<u32>().ok())
        else {
            continue;
        };
        if pid != std::process::id() && !proc.join(pid.to_string()).exists() {
            let _ = std::fs::remove_dir_all(e.path());
        }
    }
}

/// (width, height, distinct colours among sampled pixels).
pub fn look_at(png: &Path) -> (u32, u32, usize) {
    let (px, w, h) = rgb_pixels(png);
    let mut colours: Vec<[u8; 3]> = px.into_iter().step_by(97).collect();
    colours.sort();
    colours.dedup();
    (w, h, colours.len())
}

/// A PNG's pixels as RGB, with its width and height.
pub fn rgb_pixels(png: &Path) -> (Vec<[u8; 3]>, u32, u32) {
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(png).unwrap()));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    let n = info.color_type.samples();
    let px = buf[..info.buffer_size()]
        .chunks(n)
        .map(|p| [p[0], p[1], p[2]])
        .collect();
    (px, info.width, info.height)
}

/// Pixels that differ between two grabs (`w` wide) inside `[x0, y0, x1,
/// y1]`.
pub fn changed_in(w: u32, a: &[u32], b: &[u32], [x0, y0, x1, y1]: [u32; 4]) -> usize {
    (y0..y1)
        .flat_map(|y| (x0..x1).map(move |x| (y * w + x) as usize))
        .filter(|&i| a[i] != b[i])
        .count()
}

/// Whether a command is on the PATH.
pub fn tool(name: &str) -> bool {
    Command::new("sh")
        .args(["-c", &format!("command -v {name}")])
        .output()
        .is_ok_and(|o| o.status.success())
}

/// An XWD screen grab's pixels, 32 bits a pixel as `xwd` writes a 24-bit
/// screen: (width, height, pixels).
pub fn read_xwd(path: &Path) -> (u32, u32, Vec<u32>) {
    let b = std::fs::read(path).unwrap();
    let field = |i: usize| u32::from_be_bytes(b[i * 4..i * 4 + 4].try_into().unwrap());
    let (header, width, height) = (field(0) as usize, field(4), field(5));
    let (bits, line, colours) = (field(11), field(12) as usize, field(19) as usize);
    assert_eq!(bits, 32, "a 24-bit screen");
    let start = header + colours * 12;
    let mut px = Vec::with_capacity((width * height) as usize);
    for y in 0..height as usize {
        let row = &b[start + y * line..start + y * line + width as usize * 4];
        px.extend(
            row.chunks(4)
                .map(|p| u32::from_le_bytes([p[0], p[1], p[2], p[3]])),
        );
    }
    (width, height, px)
}

/// Runs the viewer (on `args`: a map and options; none for the demo map)
/// in an 800 x 500 Xvfb screen: `first` (xdotool commands), a screen grab,
/// `then`, another grab. Both grabs' pixels, or `None` (a loud skip, or a
/// failure in CI) without the tools.
pub fn grab_with(
    what: &str,
    args: &[&str],
    first: &str,
    then: &str,
) -> Option<(u32, Vec<u32>, Vec<u32>)> {
    grab_in(what, &config_home(), args, first, then)
}

/// A config folder of one test's own (with the key list shown once), for
/// a test that changes what the viewer remembers.
pub fn own_config_home(name: &str) -> PathBuf {
    let dir = scratch(name).with_extension("d");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("mapscope")).unwrap();
    std::fs::write(dir.join("mapscope/keys-shown"), "").unwrap();
    dir
}

/// [`grab_with`], the viewer's config in `config` (`XDG_CONFIG_HOME`).
pub fn grab_in(
    what: &str,
    config: &Path,
    args: &[&str],
    first: &str,
    then: &str,
) -> Option<(u32, Vec<u32>, Vec<u32>)> {
    if !xvfb() {
        return None;
    }
    for t in ["xdotool", "xwd"] {
        if !tool(t) {
            super::cannot_run(what, &format!("{t} is not installed"));
            return None;
        }
    }
    let name = what.replace(' ', "-");
    let before = scratch(&format!("{name}-1.xwd"));
    let after = scratch(&format!("{name}-2.xwd"));
    let quoted: Vec<String> = args.iter().map(|a| format!("'{a}'")).collect();
    let script = format!(
        "XDG_CONFIG_HOME={config} {bin} {args} --size 800x500 & pid=$!; \
         xdotool search --sync --onlyvisible --name mapscope >/dev/null; sleep 8; \
         {first}; xwd -root -silent > {before}; {then}; xwd -root -silent > {after}; kill $pid",
        bin = env!("CARGO_BIN_EXE_mapscope"),
        args = quoted.join(" "),
        config = config.display(),
        before = before.display(),
        after = after.display(),
    );
    let run = in_xvfb(&script, 120);
    assert!(
        after.exists(),
        "{what}: no screen grab: {}",
        String::from_utf8_lossy(&run.stderr)
    );
    let (w, h, a) = read_xwd(&before);
    let (_, _, b) = read_xwd(&after);
    // Kept as pictures too, to look at when a test fails.
    save_png(&before.with_extension("png"), w, h, &a);
    save_png(&after.with_extension("png"), w, h, &b);
    Some((w, a, b))
}

/// Runs a shell script in an 800 x 500 Xvfb screen, for at most `seconds`.
pub fn in_xvfb(script: &str, seconds: u32) -> Output {
    Command::new("timeout")
        .args([
            &seconds.to_string(),
            "xvfb-run",
            "-a",
            "-s",
            "-screen 0 800x500x24",
            "sh",
            "-c",
            script,
        ])
        .output()
        .expect("runs the viewer")
}

/// Writes a screen grab's pixels ([`read_xwd`]'s) as an RGB PNG.
pub fn save_png(path: &Path, width: u32, height: u32, pixels: &[u32]) {
    let file = std::io::BufWriter::new(std::fs::File::create(path).unwrap());
    let mut encoder = png::Encoder::new(file, width, height);
    encoder.set_color(png::ColorType::Rgb);
    let rgb: Vec<u8> = pixels
        .iter()
        .flat_map(|p| [(p >> 16) as u8, (p >> 8) as u8, *p as u8])
        .collect();
    let mut writer = encoder.write_header().unwrap();
    writer.write_image_data(&rgb).unwrap();
}

/// An xdotool command line that gives the viewer's window the keyboard,
/// as a click on it would.
pub const FOCUS_WINDOW: &str = "xdotool windowfocus $(xdotool search --name mapscope | head -1)";

/// A shell command that writes the viewer window's title to `file`, for
/// [`grab_with`]'s command lines.
pub fn title_into(file: &Path) -> String {
    format!(
        "xdotool getwindowname $(xdotool search --name mapscope | head -1) > '{}'",
        file.display()
    )
}

/// [`grab_with`] on the demo map.
pub fn grab_around(what: &str, first: &str, then: &str) -> Option<(u32, Vec<u32>, Vec<u32>)> {
    grab_with(what, &[], first, then)
}
