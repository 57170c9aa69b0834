//! Compare mode (`mapscope OLD --compare NEW`, File → Compare with…): the
//! second map loads, is meshed and compared on a thread of its own; then
//! the new map is shown with its changes marked, the old one a key (X)
//! away in place, and the Changes panel lists the differences, each a
//! click from the camera flying there.

use super::loader::{Loaded, Source};
use super::wake::Wake;
use super::{App, Current};
use crate::diff::{MapDiff, Mark};
use crate::formats::LoadOptions;
use crate::kinds::views;
use crate::store::Map;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, Receiver};
use std::sync::Arc;
use std::time::Instant;

/// The second map and the diff, made on the compare thread.
pub struct Compared {
    pub loaded: Loaded,
    pub diff: MapDiff,
}

/// A comparison in flight.
pub struct CompareLoad {
    pub source: Source,
    rx: Receiver<Result<Box<Compared>, String>>,
    cancelled: Arc<AtomicBool>,
}

impl Drop for CompareLoad {
    fn drop(&mut self) {
        self.cancelled.store(true, Ordering::Relaxed);
    }
}

/// Loads `new` and compares it with `old` (from `old_source`) off the UI
/// thread: decode, mesh, the kinds' diff, and the files' bytes.
pub fn start(
    old: Arc<Map>,
    old_source: Source,
    new: Source,
    options: LoadOptions,
    wake: Wake,
) -> CompareLoad {
    let (tx, rx) = channel();
    let cancelled = Arc::new(AtomicBool::new(false));
    let stop = cancelled.clone();
    let source = new.clone();
    std::thread::spawn(move || {
        let result = (|| {
            let t = Instant::now();
            let map = Arc::new(new.read(&options)?);
            let decode = t.elapsed();
            let t = Instant::now();
            let meshes = crate::kinds::mesh_until(&map, &stop).ok_or("cancelled")?;
            let mesh = t.elapsed();
            let mut diff = crate::kinds::diff(&old, &map).map_err(|e| e.to_string())?;
            // The files' bytes, where both sides are on disk.
            if let (Some(a), Some(b)) = (old_source.path(), new.path()) {
                use crate::diff::files::Source as Bytes;
                if let (Ok(a), Ok(b)) = (Bytes::read(a), Bytes::read(b)) {
                    crate::open_diff::add_files(&mut diff, &a, &b);
                }
            }
            let loaded = Loaded {
                source: new,
                map,
                meshes,
                decode,
                mesh,
                game: None,
                season: None,
            };
            Ok(Box::new(Compared { loaded, diff }))
        })();
        if !stop.load(Ordering::Relaxed) {
            let _ = tx.send(result);
            wake.wake();
        }
    });
    CompareLoad {
        source,
        rx,
        cancelled,
    }
}

/// Two maps being compared: the one not shown, the diff and its marks.
pub struct Comparing {
    /// The side not on screen (the old map while the new one is shown).
    pub other: Current,
    pub diff: MapDiff,
    pub marks: Vec<Mark>,
    pub showing_new: bool,
    pub old_name: String,
    pub new_name: String,
    /// The change clicked last, highlighted.
    pub selected: Option<usize>,
    /// Dim what did not change (the Changes panel's check box).
    pub dim: bool,
}

/// What the Changes panel shows.
pub struct ChangesView<'a> {
    pub title: String,
    pub dim: bool,
    pub showing: &'static str,
    pub summary: Vec<String>,
    pub marks: &'a [Mark],
    pub selected: Option<usize>,
    pub files: Vec<String>,
}

impl Comparing {
    pub fn view(&self) -> ChangesView<'_> {
        let d = &self.diff;
        let mut summary = Vec::new();
        if d.same() {
            summary.push("The same: not a byte differs.".to_string());
        }
        summary.extend(d.notes.iter().cloned());
        summary.extend(
            d.metadata
                .iter()
                .map(|f| format!("{}: {} -> {}", f.field, short(&f.old), short(&f.new))),
        );
        summary.extend(
            d.fairness
                .iter()
                .map(|f| format!("plays, {}: {} -> {}", f.field, short(&f.old), short(&f.new))),
        );
        if !d.objects.is_empty() {
            use crate::diff::Change::*;
            let n = |c| d.count(c);
            summary.push(format!(
                "objects: {} added, {} removed, {} moved, {} changed",
                n(Added),
                n(Removed),
                n(Moved),
                n(Changed)
            ));
        }
        summary.extend(d.parts().filter_map(|p| p.summary()));
        ChangesView {
            title: format!("{} -> {}", self.old_name, self.new_name),
            dim: self.dim,
            showing: if self.showing_new { "new" } else { "old" },
            summary,
            marks: &self.marks,
            selected: self.selected,
            files: d
                .files
                .iter()
                .map(|f| format!("{} {}", f.change.id(), f.name))
                .collect(),
        }
    }
}

fn short(v: &serde_json::Value) -> String {
    let s = match v {
        serde_json::Value::String(s) => s.clone(),
        other => other.to_string(),
    };
    match s.chars().count() > 40 {
        true => s.chars().take(40).collect::<String>() + "…",
        false => s,
    }
}

/// A mark's box, grown to at least `min` across, for the highlight and for
/// framing it.
fn grown(b: crate::render::boxes::Box3, min: f32) -> crate::render::boxes::Box3 {
    let c = (b.min + b.max) / 2.0;
    let half = ((b.max - b.min) / 2.0).max(glam::Vec3::splat(min / 2.0));
    crate::render::boxes::Box3 {
        min: c - half,
        max: c + half,
        color: b.color,
    }
}

/// The least a mark measures, as a share of the map's longer side.
const MARK_SHARE: f32 = 1.0 / 96.0;

/// Puts the marks into both maps' scenes, in place of spawn areas: the
/// marks lie where the new map (`new`, shown) has its changes.
fn mark_scenes(device: &wgpu::Device, new: &mut Current, k: &mut Comparing) {
    let (boxes, lines) = views::mark_boxes(&new.map, &k.marks, MARK_SHARE);
    new.scene.set_marks(device, &boxes, &lines);
    k.other.scene.set_marks(device, &boxes, &lines);
}

impl App {
    /// Starts comparing the open map with the map at `new`.
    pub(super) fn start_compare(&mut self, new: Source) {
        // Comparing again starts from the old map.
        if self.comparing.as_ref().is_some_and(|k| k.showing_new) {
            self.flip_compare();
        }
        let Some(c) = &self.current else {
            self.notice = Some(super::notice::Notice::error(
                "Open a map first, then compare it with another",
            ));
            return;
        };
        let (map, source) = (c.map.clone(), c.source.clone());
        self.comparing = None;
        self.compare_load = Some(start(
            map,
            source,
            new,
            self.load_options.clone(),
            self.wake.clone(),
        ));
    }

    /// Takes the compare thread's answer: the new map shown, marked.
    pub(super) fn poll_compare(&mut self) {
        let Some(load) = &self.compare_load else {
            return;
        };
        let answer = match load.rx.try_recv() {
            Ok(a) => a,
            Err(std::sync::mpsc::TryRecvError::Empty) => return,
            Err(_) => Err("the comparison stopped".into()),
        };
        let new_name = load.source.name();
        self.compare_load = None;
        let compared = match answer {
            Ok(c) => c,
            Err(why) => {
                self.notice = Some(super::notice::Notice::error(format!(
                    "could not compare with {new_name}: {why}"
                )));
                return;
            }
        };
        let (Some(g), Some(old)) = (&self.gfx, self.current.take()) else {
            return;
        };
        let Compared { loaded, diff } = *compared;
        let marks = crate::kinds::diff_marks(&loaded.map, &diff);
        let mut new = super::loaded::shown(g, loaded, None);
        let old_name = old.name();
        let mut comparing = Comparing {
            other: old,
            diff,
            marks,
            showing_new: true,
            old_name,
            new_name,
            selected: None,
            dim: true,
        };
        mark_scenes(&g.gpu.device, &mut new, &mut comparing);
        self.current = Some(new);
        self.comparing = Some(comparing);
        self.scene_edits += 1;
        self.clock.since_load = 0;
        if let (Some(c), Some(g)) = (&self.current, &self.gfx) {
            g.window
                .set_title(&format!("{} (compared) — mapscope", c.name()));
        }
    }

    /// X: the other side of the comparison, in place (the camera stays).
    pub(super) fn flip_compare(&mut self) {
        let (Some(k), Some(c)) = (&mut self.comparing, &mut self.current) else {
            return;
        };
        std::mem::swap(&mut k.other, c);
        k.showing_new = !k.showing_new;
        // The walker walks the map it was made from.
        self.leave_walk();
        self.pointer.picked = None;
        self.pointer.picked_from = None;
        self.scene_edits += 1;
        self.describe_pinned_again();
    }

    /// A change clicked in the Changes panel: the camera flies to see it,
    /// and it is highlighted.
    pub(super) fn fly_to_change(&mut self, i: usize) {
        let (Some(k), Some(c), Some(g)) = (&mut self.comparing, &mut self.current, &self.gfx)
        else {
            return;
        };
        let Some(mark) = k.marks.get(i) else { return };
        let (boxes, _) = views::mark_boxes(&c.map, std::slice::from_ref(mark), MARK_SHARE);
        let Some(b) = boxes.first().copied() else {
            return;
        };
        let b = grown(b, 6.0);
        k.selected = Some(i);
        let hi = crate::render::boxes::Box3 {
            color: super::HOVER_COLOR,
            ..b
        };
        c.scene.set_highlight(&g.gpu.device, &[hi]);
        k.other.scene.set_highlight(&g.gpu.device, &[hi]);
        self.scene_edits += 1;
        self.view_box(&b);
    }
}
