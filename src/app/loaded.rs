//! A load's reports arriving from its thread: stages for the progress bar,
//! a failure that leaves the open map in place, or a map to upload and show.

use super::camera_mode::{CameraMode, ModeKind};
use super::loader::Progress;
use super::{recent, App, Current};
use crate::info;
use crate::kinds::views;

impl App {
    /// Takes what the loader thread has sent.
    pub(super) fn poll_load(&mut self) {
        let Some(load) = &mut self.load else {
            return;
        };
        if let Err(std::sync::mpsc::TryRecvError::Disconnected) = load.rx.try_recv().map(|p| {
            // Put it back in front: handled in the loop below.
            load.pending = Some(p);
        }) {
            let why = format!("could not open {}: the loader stopped", load.source.name());
            self.load_failed(why);
            if self.script.is_some() {
                self.exit_error = Some("the loader stopped".into());
            }
            self.load = None;
            return;
        }
        while let Some(p) = load.pending.take().or_else(|| load.rx.try_recv().ok()) {
            match p {
                Progress::Stage(s) => load.stage = s,
                // The message names the file; the map already open stays.
                Progress::Failed(why) => {
                    if self.script.is_some() {
                        self.exit_error = Some(why.clone());
                    }
                    self.load_failed(why);
                    self.load = None;
                    return;
                }
                Progress::Done(mut done) => {
                    let Some(g) = &self.gfx else { return };
                    // A replay's game comes with its map; another map ends it.
                    self.game = done.game.take().map(super::game_view::GameView::new);
                    self.season = done.season.take();
                    // The walker walked the map that goes.
                    if let Some(w) = self.walk.take() {
                        w.restore(&mut self.fly, &mut self.render_options);
                        self.mode = CameraMode::Fly;
                        g.window.set_cursor_visible(true);
                    }
                    if let Some(p) = done.source.path() {
                        recent::remember(p);
                        self.recent = recent::list();
                    }
                    let mut current = shown(g, *done, Some(load.started.elapsed()));
                    current.coarse =
                        Some(super::coarse::start(current.map.clone(), self.wake.clone()));
                    self.current = Some(current);
                    self.notice = None;
                    self.failed = None;
                    self.load = None;
                    // A map opened ends a comparison; `--compare` starts one.
                    self.comparing = None;
                    self.compare_load = None;
                    // What the pointer picked was in the old map.
                    self.pointer.picked = None;
                    self.pointer.picked_from = None;
                    self.pointer.lines.clear();
                    self.pointer.pinned = None;
                    self.clock.since_load = 0;
                    self.scene_edits += 1;
                    // A new map starts flying (or orbiting) over its overview.
                    if let CameraMode::Top { saved, orbit, .. } = self.mode {
                        self.fly = saved;
                        self.mode = orbit.map_or(CameraMode::Fly, CameraMode::Orbit);
                    }
                    // Overlays switched on stay on for the next W3E map.
                    if let Some(c) = &mut self.current {
                        views::apply_overlays(&c.map, &mut c.scene, &g.gpu.device, &self.overlays);
                    }
                    self.first_view();
                    // A game is read from above, as on the game's minimap.
                    if self.game.is_some() || self.season.is_some() {
                        self.set_mode(ModeKind::Top, false);
                    }
                    if let (Some(c), Some(g)) = (&self.current, &self.gfx) {
                        g.window.set_title(&format!("{} — mapscope", c.name()));
                    }
                    if std::mem::take(&mut self.start.orbit) {
                        self.set_mode(ModeKind::Orbit, false);
                    }
                    if std::mem::take(&mut self.start.walk) {
                        self.enter_walk(false);
                        if self.start.fly {
                            self.leave_walk();
                        }
                    }
                    if std::mem::take(&mut self.start.minimap) {
                        self.show_minimap();
                    }
                    if let Some(p) = self.compare_first.take() {
                        self.start_compare(super::loader::Source::at(p));
                    }
                    return;
                }
            }
        }
    }
}

impl App {
    /// A load that failed: the map already open stays, with a notice in
    /// red; with none open, the error screen says why.
    fn load_failed(&mut self, why: String) {
        if self.current.is_some() {
            self.notice = Some(super::notice::Notice::error(why));
        } else {
            self.failed = Some(why);
        }
    }
}

/// A loaded map uploaded and made ready to show: its scene, summary,
/// timings (with the whole load's, where known) and Map panel extras.
pub(super) fn shown(
    g: &super::gfx::Gfx,
    done: super::loader::Loaded,
    total: Option<std::time::Duration>,
) -> Current {
    // Spawn areas are always uploaded: View → Spawn areas only draws them.
    let scene = views::upload(&done.map, &done.meshes, &g.renderer, &g.gpu.device, true);
    // Top-down draws a map's plan where its kind has one.
    let plan = crate::kinds::of(&done.map)
        .plan()
        .map(|m| views::upload(&done.map, &m, &g.renderer, &g.gpu.device, true));
    let mut timings = format!(
        "decode {:.0} ms, mesh {:.0} ms",
        done.decode.as_secs_f64() * 1e3,
        done.mesh.as_secs_f64() * 1e3
    );
    if let Some(t) = total {
        timings += &format!(", total {:.0} ms", t.as_secs_f64() * 1e3);
    }
    let (pictures, players) = map_panel_parts(&g.egui_ctx, &done.map);
    Current {
        source: done.source,
        objects: done.meshes.objects,
        summary: info::summary_text(&done.map),
        map: done.map,
        scene,
        plan,
        timings,
        pictures,
        players,
        coarse: None,
    }
}

/// What the Map panel shows of a map beyond its summary, where its kind
/// has them (Warcraft III): its pictures (as textures, made once) and its
/// players in their colours.
fn map_panel_parts(
    ctx: &egui::Context,
    map: &crate::store::Map,
) -> (Vec<super::Captioned>, Vec<super::PlayerRow>) {
    let kind = crate::kinds::of(map);
    let mut pictures = Vec::new();
    for (caption, p) in kind.pictures() {
        let image = egui::ColorImage::from_rgba_unmultiplied(
            [p.width as usize, p.height as usize],
            &p.rgba,
        );
        let texture = ctx.load_texture(caption, image, egui::TextureOptions::LINEAR);
        pictures.push((caption.to_string(), texture));
    }
    (pictures, kind.player_rows())
}
