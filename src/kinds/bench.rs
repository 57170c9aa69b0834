//! What `mapscope bench` measures of a kind beside decoding and drawing,
//! which every kind shares: each kind's `MapKind::bench` times its own
//! meshing (and a Warcraft III map its whole open) with [`time`].

use crate::formats::LoadOptions;
use std::time::Instant;

/// What a kind's figures are measured from.
pub struct BenchInput<'a> {
    /// How many times to repeat each measurement (kinds cap it where one
    /// run is slow).
    pub iterations: u32,
    /// The file the map was decoded from, for figures by file byte and for
    /// timing a whole open again.
    pub bytes: &'a [u8],
    pub load: &'a LoadOptions,
}

/// The median and the best of some timings, in seconds.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Timing {
    pub median: f64,
    pub best: f64,
}

/// Runs `f` `runs` times (at least once): its timing, and what its last run
/// gave (the figures a line counts).
pub fn time<T>(runs: u32, mut f: impl FnMut() -> T) -> (Timing, T) {
    let mut times = Vec::new();
    let mut last = None;
    for _ in 0..runs.max(1) {
        // The last result is dropped before the next run, so every run
        // allocates the same way.
        drop(last.take());
        let t = Instant::now();
        let out = f();
        times.push(t.elapsed().as_secs_f64());
        last = Some(out);
    }
    times.sort_by(f64::total_cmp);
    let timing = Timing {
        median: times[times.len() / 2],
        best: times[0],
    };
    (timing, last.expect("ran at least once"))
}

#[cfg(test)]
mod tests {
    use super::time;

    #[test]
    fn time_runs_as_often_as_asked_and_keeps_the_last_result() {
        let mut runs = 0;
        let (t, last) = time(5, || {
            runs += 1;
            runs
        });
        assert_eq!((runs, last), (5, 5));
        assert!(t.best <= t.median);
        let (_, last) = time(0, || 7);
        assert_eq!(last, 7, "zero runs still runs once");
    }
}
