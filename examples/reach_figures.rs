//! The reachability search's figures on each corpus VXL map (through
//! `MAPSCOPE_CORPUS` or `../shared/corpus`): each team's reachable share,
//! the moves run through the physics and reused from kept shapes, and the
//! search's time without witnesses (best of three, one core), and how
//! many of every 23rd place's moves (from the kept shapes after both
//! teams' searches) differ from the same moves run in full. For measuring
//! a change to the search before and after:
//!
//! `cargo run --release --example reach_figures`

use mapscope::analysis::reach::{analyze_with, graph::Graph, search, ReachMap};
use mapscope::formats::{self, LoadOptions};
use std::path::PathBuf;
use std::time::Instant;

fn main() {
    let corpus = std::env::var_os("MAPSCOPE_CORPUS")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("../shared/corpus"));
    let mut files: Vec<PathBuf> = std::fs::read_dir(corpus.join("vxl"))
        .map(|d| d.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    files.retain(|p| p.extension().is_some_and(|e| e == "vxl"));
    files.sort();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap();
    for path in &files {
        let Ok(map) = formats::load_path(path, &LoadOptions::default()) else {
            continue;
        };
        let Ok(reach) = mapscope::kinds::of(&map).reach_map() else {
            continue;
        };
        let mut best = f64::MAX;
        let mut report = None;
        for _ in 0..3 {
            let t = Instant::now();
            let r = pool.install(|| analyze_with(&reach, 0));
            best = best.min(t.elapsed().as_secs_f64());
            report = Some(r);
        }
        let r = report.unwrap();
        let shares: Vec<String> = r
            .teams
            .iter()
            .map(|t| format!("{} {:.5} ({} columns)", t.area.number(), t.share, t.columns))
            .collect();
        let (differ, sampled) = kept_against_full(&reach);
        println!(
            "{}: shares [{}], moves run {}, reused {}, {:.3} s; kept moves differ from full runs at {differ} of {sampled} places",
            path.file_stem().unwrap().to_string_lossy(),
            shares.join(", "),
            r.moves_run,
            r.moves_reused,
            best
        );
    }
}

/// Of every 23rd place whose moves both teams' searches worked out, how
/// many have moves other than those run in full, and how many there are.
fn kept_against_full(reach: &ReachMap) -> (usize, usize) {
    let mut graph = Graph::new(&reach.solids);
    for team in &reach.teams {
        search::reach(&mut graph, team);
    }
    let (mut differ, mut sampled) = (0, 0);
    for i in (0..graph.places.len() as u32).step_by(23) {
        let Some(kept) = graph.known(i).map(<[_]>::to_vec) else {
            continue;
        };
        sampled += 1;
        differ += (kept != graph.edges_run_in_full(i)) as usize;
    }
    (differ, sampled)
}
