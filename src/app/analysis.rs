//! The Analysis panel's work: the open map's fairness table and, where a
//! start location is chosen, its ground-distance overlay, worked out on a
//! worker thread (never the UI thread) and put in the scene when done. The
//! window itself is `analysis_window.rs`.

use super::wake::Wake;
use super::App;
use crate::analysis::report::{self, Lines};
use crate::analysis::routes::GroundView;
use crate::mesh::ground_view::GroundOverlay;
use crate::render::boxes::BoxVertex;
use crate::store::Map;
use std::sync::mpsc::{channel, Receiver, TryRecvError};
use std::sync::{Arc, Weak};

/// What the panel shows of one map, and the overlay for the scene.
pub(super) struct Done {
    map: Weak<Map>,
    pub from: Option<u32>,
    /// The table's lines, or why the map has none.
    pub figures: Result<Lines, String>,
    /// The start locations' players, to measure from.
    pub players: Vec<u32>,
    /// The overlay's legend ends (world units), where it is drawn, or why
    /// it cannot be.
    pub overlay: Option<Result<[f32; 2], String>>,
    /// A voxel map's reachability tints.
    vertices: Vec<BoxVertex>,
    /// A ground-distance overlay (tint and walks).
    ground: GroundOverlay,
    /// A voxel map's reachability (its figures are in `figures`), with its
    /// witnesses to play back.
    pub reach: Option<crate::analysis::reach::ReachReport>,
}

/// The panel's state: asked for, in flight, done.
#[derive(Default)]
pub(super) struct Analysis {
    /// The player whose start location the distances are measured from;
    /// `None`: no overlay.
    pub from: Option<u32>,
    job: Option<(Weak<Map>, Option<u32>, Receiver<Done>)>,
    pub done: Option<Done>,
}

fn same(w: &Weak<Map>, map: &Arc<Map>) -> bool {
    std::ptr::eq(w.as_ptr(), Arc::as_ptr(map))
}

impl Done {
    /// Whether this is `map`'s answer (a load since leaves it stale).
    pub fn is_of(&self, map: &Arc<Map>) -> bool {
        same(&self.map, map)
    }
}

impl Analysis {
    /// Measuring from `from`'s start location once a map is open.
    pub fn measuring(from: Option<u32>) -> Analysis {
        Analysis {
            from,
            ..Default::default()
        }
    }

    /// Whether a worker is at it (a scripted picture waits for it).
    pub fn busy(&self) -> bool {
        self.job.is_some()
    }

    /// The answer for `map` as now asked, if there is one.
    pub fn current(&self, map: &Arc<Map>) -> Option<&Done> {
        self.done
            .as_ref()
            .filter(|d| same(&d.map, map) && d.from == self.from)
    }
}

/// The figures and overlay of `map`, measured from `from`'s start.
pub(super) fn compute(map: &Arc<Map>, from: Option<u32>) -> Done {
    let kind = crate::kinds::of(map);
    let ground = match crate::kinds::play_map(map) {
        Ok(crate::analysis::PlayMap::Ground(g)) => Ok(g),
        Ok(crate::analysis::PlayMap::Reach(m)) => {
            let r = crate::analysis::reach::analyze(&m);
            let text = crate::analysis::reach::report::text(&r);
            return Done {
                map: Arc::downgrade(map),
                from,
                figures: Ok(Lines {
                    statements: text
                        .lines()
                        .filter(|l| !l.trim().is_empty())
                        .map(str::to_string)
                        .collect(),
                    ..Lines::default()
                }),
                players: Vec::new(),
                overlay: None,
                vertices: crate::kinds::views::reach_overlay(map, &r),
                ground: GroundOverlay::default(),
                reach: Some(r),
            };
        }
        Err(why) => Err(why),
    };
    let figures = ground.as_ref().map_err(Clone::clone).map(|g| {
        let r = crate::analysis::analyze(g);
        report::lines(&r, g.mines.len())
    });
    let players = ground.as_ref().map_or(Vec::new(), GroundView::players);
    let mut drawn = GroundOverlay::default();
    let overlay = from.map(|p| {
        let view = GroundView::new(ground.as_ref().map_err(Clone::clone)?, p)?;
        drawn = kind.ground_overlay(&view);
        Ok(view.range)
    });
    Done {
        map: Arc::downgrade(map),
        from,
        figures,
        players,
        overlay,
        vertices: Vec::new(),
        ground: drawn,
        reach: None,
    }
}

impl App {
    /// Starts the worker when the panel or the overlay wants an answer for
    /// the open map that it does not have; puts a finished overlay in the
    /// scene.
    pub(super) fn poll_analysis(&mut self) {
        let Some(c) = &mut self.current else {
            return;
        };
        let a = &mut self.analysis;
        if let Some((_, _, rx)) = &a.job {
            match rx.try_recv() {
                Ok(done) => {
                    // An overlay asked for before another start was chosen
                    // (or the overlay taken off) is not drawn.
                    let wanted = same(&done.map, &c.map) && done.from == a.from;
                    if let (true, Some(g)) = (wanted, &self.gfx) {
                        c.scene.set_analysis(&g.gpu.device, &done.vertices);
                        c.scene.set_ground_overlay(&g.gpu.device, &done.ground);
                        self.scene_edits += 1;
                        // A few frames for egui to fade the legend in
                        // before a scripted picture.
                        self.clock.since_load = 0;
                    }
                    a.done = Some(done);
                    a.job = None;
                }
                Err(TryRecvError::Disconnected) => a.job = None,
                Err(TryRecvError::Empty) => return,
            }
        }
        let wanted = self.panels.analysis || a.from.is_some();
        let asked = a
            .job
            .as_ref()
            .is_some_and(|(m, f, _)| same(m, &c.map) && *f == a.from);
        if wanted && a.current(&c.map).is_none() && !asked {
            a.job = Some(start(c.map.clone(), a.from, self.wake.clone()));
        }
    }

    /// Measures from `from` now (`None`: takes the overlay off).
    pub(super) fn measure_from(&mut self, from: Option<u32>) {
        self.analysis.from = from;
        if from.is_none() {
            if let (Some(c), Some(g)) = (&mut self.current, &self.gfx) {
                c.scene.set_analysis(&g.gpu.device, &[]);
                c.scene
                    .set_ground_overlay(&g.gpu.device, &GroundOverlay::default());
                self.scene_edits += 1;
            }
        }
        self.poll_analysis();
    }
}

fn start(map: Arc<Map>, from: Option<u32>, wake: Wake) -> (Weak<Map>, Option<u32>, Receiver<Done>) {
    let (tx, rx) = channel();
    let weak = Arc::downgrade(&map);
    std::thread::spawn(move || {
        let _ = tx.send(compute(&map, from));
        drop(map);
        wake.wake();
    });
    (weak, from, rx)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::{self, LoadOptions};

    /// What the map lacks is said in the panel, never a panic: no
    /// pathing map, no start locations, no gold mines.
    #[test]
    fn maps_it_cannot_measure_get_a_statement_in_the_panel() {
        let bytes = crate::samples::w3x_archive(0, Default::default());
        let whole = formats::decode(&bytes, &LoadOptions::default()).unwrap();
        // The sample's files less a file or some units, as a map folder
        // would hold them: the map is built as a user's would be.
        let lacking = |file: &str, keep: fn(&crate::store::warcraft::Unit) -> bool| {
            use crate::formats::w3x::{decode_files, doo, FolderFiles};
            let mut files = FolderFiles::default();
            for (name, mut bytes) in crate::samples::w3x_files(0) {
                if name == "war3mapUnits.doo" {
                    let (mut units, _) = doo::decode_units(&bytes, Some(true)).unwrap();
                    units.retain(keep);
                    bytes = doo::write::encode_units(&units, true);
                }
                if name != file {
                    files.files.push((name.to_string(), bytes));
                }
            }
            compute(&Arc::new(decode_files(&files).unwrap()), Some(1))
        };
        let ok = compute(&Arc::new(whole.clone()), Some(1));
        assert!(ok.figures.unwrap().statements.is_empty());
        assert!(matches!(ok.overlay, Some(Ok(_))));
        // Nothing left out: the same map as the archive's, measured alike.
        let all = lacking("", |_| true);
        assert!(all.figures.unwrap().statements.is_empty());
        let no_pathing = lacking("war3map.wpm", |_| true);
        assert!(no_pathing.figures.unwrap_err().contains("no pathing map"));
        assert!(no_pathing.overlay.unwrap().is_err());
        assert!(no_pathing.vertices.is_empty() && no_pathing.players.is_empty());
        let no_starts = lacking("", |u| &u.id != b"sloc");
        let said = no_starts.figures.unwrap().statements.join(" ");
        assert!(said.contains("no start locations"), "{said}");
        let why = no_starts.overlay.unwrap().unwrap_err();
        assert!(why.contains("no start location for player 1"), "{why}");
        let no_mines = lacking("", |u| &u.id != b"ngol");
        let lines = no_mines.figures.unwrap();
        assert!(lines.statements.join(" ").contains("no gold mines"));
        // No mine columns where there are no mines.
        assert_eq!(lines.heading, ["player", "nearest opponent"]);
        assert_eq!(lines.table[0].len(), 2);
    }

    /// The panel's table is `analyze --json`'s figures (the JSON as the
    /// command prints it), on a corpus 4v4 map.
    #[test]
    fn the_panels_figures_are_analyze_jsons() {
        let Some(dir) = crate::test_corpus::corpus_dir() else {
            return;
        };
        let path = dir.join("w3x/ladder/4v4_Nightopia@86.w3x");
        let map = Arc::new(formats::load_path(&path, &LoadOptions::default()).unwrap());
        let done = compute(&map, Some(3));
        let lines = done.figures.unwrap();
        let ground = crate::kinds::of(&map).ground_map().unwrap();
        let json = report::json(&crate::analysis::analyze(&ground));
        let rows = json["fairness"]["rows"].as_array().unwrap();
        assert_eq!(lines.table.len(), 8);
        assert_eq!(rows.len(), 8);
        let whole = |v: &serde_json::Value| format!("{:.0}", v.as_f64().unwrap());
        // The table pads numbers to line up; compared word by word.
        let words = |s: &String| s.split_whitespace().collect::<Vec<_>>().join(" ");
        for (shown, row) in lines.table.iter().zip(rows) {
            let shown: Vec<String> = shown.iter().map(words).collect();
            assert_eq!(shown[0], row["player"].to_string());
            let mine = |d: &str, n: &str| format!("{} (mine {})", whole(&row[d]), row[n]);
            assert_eq!(shown[1], mine("main_mine", "main_mine_number"));
            assert_eq!(shown[2], mine("natural", "natural_number"));
            let o = &row["nearest_opponent"];
            let opponent = format!("{} (player {})", whole(&o["distance"]), o["player"]);
            assert_eq!(shown[3], opponent);
        }
        assert_eq!(done.players, (1..=8).collect::<Vec<_>>());
        let [lo, hi] = done.overlay.unwrap().unwrap();
        assert!(lo == 0.0 && hi > 10_000.0, "{lo}..{hi}");
        // The field tints the ground and the walks lie on it.
        assert!(done.ground.tint.is_some() && !done.ground.routes.is_empty());
    }
}
