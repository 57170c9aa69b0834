//! Bad replays: thousands of truncated, bit-flipped and lying files made
//! from the synthetic replays of every layout and from the real replays
//! the test finds (`tests/replays/`, `$MAPSCOPE_REPLAYS`). Each must decode
//! or fail with an error naming a field and a byte: never panic, never
//! hang, and never allocate more than a small multiple of what the file
//! and its header declare.
//!
//! One test per binary on purpose: the allocation counter is process-wide.

mod common;

use common::mutation::{apply, Mutation};

use common::counting::{LIVE, PEAK};
use common::Rng;
use mapscope::formats::w3g::{self, write};
use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering::Relaxed;
use std::time::{Duration, Instant};

#[global_allocator]
static COUNTING: common::counting::Counting = common::counting::Counting;

/// The most a decode may allocate: a small multiple of the file and of
/// the inflated size its header declares (zlib's state and the typed
/// output on top of the data).
fn allowance(bytes: &[u8]) -> usize {
    let declared = bytes
        .get(40..44)
        .map_or(0, |b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]));
    let declared = (declared as usize).min(w3g::blocks::MAX_DATA_SIZE as usize);
    8 * bytes.len() + 8 * declared + (1 << 20)
}

fn samples() -> Vec<(String, write::Sample)> {
    let mut out: Vec<(String, write::Sample)> = [
        (6, 4656),
        (18, 6051),
        (26, 6059),
        (31, 6072),
        (10032, 6105),
        (10100, 6115),
    ]
    .map(|(v, b)| (format!("sample {v}"), write::Sample::new(v, b)))
    .into();
    let mut s202 = write::Sample::new(10100, 6116);
    s202.format_202 = true;
    out.push(("sample 2.0.2".into(), s202));
    out
}

fn real_replays() -> Vec<PathBuf> {
    let mut dirs = vec![Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/replays")];
    dirs.extend(std::env::var_os("MAPSCOPE_REPLAYS").map(PathBuf::from));
    let mut files: Vec<PathBuf> = dirs
        .iter()
        .flat_map(|d| common::replays::w3g_files(d))
        .collect();
    // The small ones: mutation rounds are many.
    files.sort_by_key(|p| std::fs::metadata(p).map_or(0, |m| m.len()));
    files.truncate(12);
    files
}

/// Seeds: whole files, and the samples' inflated data with the lobby's
/// slot count set to zero (a game with no players).
fn seeds() -> Vec<(String, Vec<u8>)> {
    let mut out = Vec::new();
    for (name, s) in samples() {
        out.push((name.clone(), write::replay(s)));
        let mut data = write::inflated_data(s);
        // The game start record: 0x19, u16 size, u8 slot count.
        if let Some(at) = data.windows(4).position(|w| w[0] == 0x19 && w[3] == 4) {
            data[at + 3] = 0;
            out.push((format!("{name} with no slots"), write::pack(&data, s)));
        }
    }
    for p in real_replays() {
        out.push((p.display().to_string(), std::fs::read(&p).unwrap()));
    }
    out
}

/// Where the header's fields and the first blocks' headers are.
fn size_fields(seed: &[u8]) -> Vec<usize> {
    let mut at = vec![28, 32, 36, 40, 44, 52, 56, 60];
    let wide = seed
        .get(52..56)
        .is_some_and(|v| u32::from_le_bytes([v[0], v[1], v[2], v[3]]) >= 10000);
    let mut pos = 68;
    for _ in 0..4 {
        if pos + 12 > seed.len() {
            break;
        }
        at.extend([pos, pos + 2, pos + 4]);
        let packed = if wide {
            u32::from_le_bytes(seed[pos..pos + 4].try_into().unwrap()) as usize + 12
        } else {
            usize::from(u16::from_le_bytes([seed[pos], seed[pos + 1]])) + 8
        };
        pos += packed;
    }
    at
}

fn mutation(rng: &mut Rng, seed: &[u8]) -> Mutation {
    let len = seed.len();
    match rng.below(4) {
        0 => Mutation::Truncate(rng.below(len)),
        1 => Mutation::flips(rng, len),
        2 => {
            let fields = size_fields(seed);
            let v = [
                u32::MAX,
                0x7FFF_FFFF,
                0x8000_0000,
                0x0001_0000,
                0xFFFF,
                0,
                1,
                8193,
            ][rng.below(8)];
            Mutation::Lie(fields[rng.below(fields.len())], v)
        }
        // An unknown version number (patch and build).
        _ => Mutation::Lie(52 + 4 * rng.below(2), rng.next() as u32),
    }
}

#[test]
fn mutated_replays_fail_cleanly_in_bounded_time_and_memory() {
    let seeds = seeds();
    // Each replay that decodes is put on a map, as `replay` puts it.
    let map =
        mapscope::formats::w3x::decode(&mapscope::samples::w3x_archive(0, Default::default()))
            .expect("the sample map decodes");
    let map = mapscope::kinds::replay_map(&map).expect("a Warcraft III map");
    let mut rng = Rng(0x7733_6721_6d61_7073);
    let (mut runs, mut errors, mut warned) = (0usize, 0usize, 0usize);
    for (name, seed) in &seeds {
        let rounds = if seed.len() > 50_000 { 80 } else { 400 };
        let mut cases: Vec<Mutation> = (0..rounds).map(|_| mutation(&mut rng, seed)).collect();
        let step = (seed.len() / 50).max(1);
        cases.extend((0..seed.len()).step_by(step).map(Mutation::Truncate));
        cases.extend([0, 27, 28, 47, 48, 63, 64, 67, 68, 75, 80].map(Mutation::Truncate));
        for case in &cases {
            let bytes = apply(seed, case);
            let base = LIVE.load(Relaxed);
            PEAK.store(base, Relaxed);
            let start = Instant::now();
            let result = std::panic::catch_unwind(|| w3g::decode(&bytes));
            let took = start.elapsed();
            let used = PEAK.load(Relaxed) - base;
            let what = match case {
                Mutation::Truncate(n) => format!("cut at {n}"),
                Mutation::Flip(b) => format!("bits {b:?}"),
                Mutation::Lie(at, v) => format!("{v:#x} at {at}"),
            };
            let Ok(result) = result else {
                panic!("{name}, {what}: the decoder panicked");
            };
            match &result {
                Err(e) => {
                    errors += 1;
                    let text = e.to_string();
                    assert!(
                        !text.contains('\n') && !e.field.is_empty(),
                        "{name}, {what}: {text}"
                    );
                    assert!(
                        text.starts_with(&format!("W3G {} at byte {}", e.field, e.offset)),
                        "{text}"
                    );
                }
                Ok(r) => {
                    let joined = std::panic::catch_unwind(|| {
                        let g = mapscope::kinds::game::join(r, map, None);
                        let text = mapscope::replays::report::text(r, None, Some(&g));
                        (g.builds.len(), text.len())
                    });
                    assert!(
                        joined.is_ok(),
                        "{name}, {what}: joining the game with its map panicked"
                    );
                    warned += usize::from(!r.warnings.is_empty());
                    assert!(
                        r.warnings.len() <= w3g::error::Warnings::LIMIT + 1,
                        "{name}, {what}"
                    );
                    assert!(
                        r.warnings
                            .iter()
                            .all(|w| w.contains("at byte") || w.contains("more warnings")),
                        "{name}, {what}: {:?}",
                        r.warnings
                    );
                }
            }
            assert!(
                used <= allowance(&bytes),
                "{name}, {what}: {used} bytes allocated for {} input bytes",
                bytes.len()
            );
            assert!(
                took < Duration::from_secs(5),
                "{name}, {what}: took {took:?}"
            );
            runs += 1;
        }
    }
    eprintln!(
        "{runs} mutated replays from {} seeds: {errors} refused, {warned} decoded with warnings",
        seeds.len()
    );
    assert!(runs >= 3000, "only {runs} mutated replays");
    assert!(
        errors > runs / 10,
        "suspiciously few errors: {errors} of {runs}"
    );
}
