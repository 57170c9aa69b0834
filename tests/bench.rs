//! `mapscope bench`: frames drawn at the size asked, and the orbit of
//! moving frames saying which clock timed it (the GPU's, or, loudly, whole
//! frames). Drawing needs a rasterizer: without one the frame lines are
//! missing and this fails.

mod common;

use common::mapscope;
use std::path::Path;

/// The number after `label` in `line`.
fn figure(line: &str, label: &str) -> f64 {
    let rest = &line[line
        .find(label)
        .unwrap_or_else(|| panic!("{label:?} in {line}"))
        + label.len()..];
    let number: String = rest
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == '.')
        .collect();
    number
        .parse()
        .unwrap_or_else(|_| panic!("{label:?} in {line}"))
}

#[test]
fn bench_draws_frames_at_the_size_asked_and_names_the_orbits_clock() {
    let demo = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/demo.vxl");
    let run = mapscope(&[
        "bench".as_ref(),
        demo.as_os_str(),
        "--iterations".as_ref(),
        "1".as_ref(),
        "--size".as_ref(),
        "320x180".as_ref(),
        "--orbit".as_ref(),
        "6".as_ref(),
    ]);
    let text = String::from_utf8_lossy(&run.stdout);
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let line = |start: &str| {
        text.lines()
            .find(|l| l.starts_with(start))
            .unwrap_or_else(|| panic!("no {start:?} line (no rasterizer?): {text}"))
            .to_string()
    };
    let frame = line("frame ");
    assert!(frame.contains("320x180 overview: median "), "{frame}");
    let orbit = line("orbit ");
    assert!(
        orbit.starts_with("orbit       320x180, 6 moving frames around the map: median "),
        "{orbit}"
    );
    // One clock, named: the GPU's, or whole frames with why not.
    let gpu = orbit.contains("on the GPU's clock (timestamp queries)");
    let whole = orbit.contains("as whole frames")
        && (orbit.contains("NO GPU TIMESTAMPS") || orbit.contains("GPU TIMESTAMPS MISSING"));
    assert!(gpu != whole, "{orbit}");
    let (median, p95) = (
        figure(&orbit, "median "),
        figure(&orbit, "95th percentile "),
    );
    assert!(median > 0.0 && median <= p95, "{orbit}");
    // A picture too small to be one is a usage error.
    let bad = mapscope(&[
        "bench".as_ref(),
        demo.as_os_str(),
        "--size".as_ref(),
        "0x180".as_ref(),
    ]);
    assert_eq!(bad.status.code(), Some(2));
}
