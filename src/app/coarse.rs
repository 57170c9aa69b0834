//! The open map's coarse levels (levels of detail for its far parts, see
//! `mesh::lod`), made on a worker once the map is shown, so that they never
//! delay its first picture, and added to its scene when they arrive. Until
//! then a moving view draws the full detail, as it did before.

use super::wake::Wake;
use super::App;
use crate::mesh::coarse::Coarse;
use crate::store::Map;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::mpsc::{channel, Receiver, TryRecvError};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Coarse levels being made for the open map.
pub(super) struct CoarseLoad {
    rx: Receiver<(Coarse, Duration)>,
    stop: Arc<AtomicBool>,
}

/// A map let go of stops its worker at its next step.
impl Drop for CoarseLoad {
    fn drop(&mut self) {
        self.stop.store(true, Relaxed);
    }
}

/// Starts making `map`'s coarse levels; the worker wakes the window when
/// they are ready (or when the kind has none).
pub(super) fn start(map: Arc<Map>, wake: Wake) -> CoarseLoad {
    let (tx, rx) = channel();
    let stop = Arc::new(AtomicBool::new(false));
    let flag = stop.clone();
    std::thread::spawn(move || {
        let t = Instant::now();
        if let Some(levels) = crate::kinds::coarse_until(&map, &flag) {
            let _ = tx.send((levels, t.elapsed()));
        }
        drop(tx);
        wake.wake();
    });
    CoarseLoad { rx, stop }
}

impl App {
    /// Adds the open map's coarse levels to its scene once they are made.
    pub(super) fn poll_coarse(&mut self) {
        let (Some(c), Some(g)) = (&mut self.current, &self.gfx) else {
            return;
        };
        let Some(load) = &c.coarse else {
            return;
        };
        match load.rx.try_recv() {
            Ok((levels, took)) => {
                let device = &g.gpu.device;
                crate::kinds::views::upload_coarse(
                    &c.map,
                    &mut c.scene,
                    &levels,
                    &g.renderer,
                    device,
                );
                let bytes = levels.bytes();
                if bytes > 0 {
                    c.timings += &format!(
                        ", coarse levels {:.0} ms ({:.1} MiB)",
                        took.as_secs_f64() * 1e3,
                        bytes as f64 / (1 << 20) as f64
                    );
                }
                c.coarse = None;
            }
            Err(TryRecvError::Disconnected) => c.coarse = None,
            Err(TryRecvError::Empty) => {}
        }
    }
}
