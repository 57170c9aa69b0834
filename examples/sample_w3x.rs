//! Writes mapscope's sample Warcraft III melee map (`samples::w3x_archive`)
//! with as many trees as asked, for looking at and for benchmarks:
//! `cargo run --example sample_w3x -- OUT.w3x [TREES]`.
use mapscope::formats::mpq::write::FileOptions;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let out = args.get(1).expect("an output path");
    let trees = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1000);
    let bytes = mapscope::samples::w3x_archive(trees, FileOptions::default());
    std::fs::write(out, bytes).expect("written");
}
