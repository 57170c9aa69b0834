//! The Analysis window (View → Analysis, G): the open map's fairness table
//! as `mapscope analyze` prints it, and the start location to draw ground
//! distances from; on a voxel map, where each team can go, the tints'
//! legend and the witnesses to play back. What it shows is worked out in `analysis.rs`.

use super::analysis::Analysis;
use crate::analysis::reach::report::floor_text;
use crate::analysis::report::GROUND_NOTE;
use crate::store::Map;
use std::sync::Arc;

/// The window's width, in points: the table's.
const WIDTH: f32 = 400.0;

/// Spreads over 5 % stand out.
const FLAGGED: egui::Color32 = egui::Color32::from_rgb(255, 140, 60);

/// Shows the window while `open`; returns the start location chosen to
/// measure from (`Some(None)`: the overlay taken off) when it changes.
pub(super) fn show(
    ctx: &egui::Context,
    open: &mut bool,
    a: &Analysis,
    map: &Arc<Map>,
    area: egui::Rect,
) -> (Option<Option<u32>>, Option<crate::walk::Script>) {
    let mut chosen = None;
    let mut play = None;
    // The window's content at most this tall, the title bar and margins
    // beside it inside the 3D view: a long witness list or a 24-player
    // table ran off the bottom of the window, out of reach.
    let tallest = (area.height() - 72.0).max(120.0);
    egui::Window::new("Analysis")
        .open(open)
        // At the 3D view's top right, clear of the side panels: placed by
        // its left edge (egui sizes a new window after placing it), and as
        // wide from the start as with the table in it.
        .default_pos(area.right_top() + egui::vec2(-WIDTH - 24.0, 8.0))
        .min_width(WIDTH)
        .resizable(false)
        .constrain_to(area)
        // Room for it all (egui's default leaves a window's content 420
        // points at most); the scroll area below shrinks to the content.
        .default_height(tallest + 48.0)
        .show(ctx, |ui| {
            // As tall as what it shows, up to `tallest`, then scrolled.
            egui::ScrollArea::vertical()
                .id_salt("analysis")
                .max_height(tallest)
                .show(ui, |ui| (chosen, play) = contents(ui, a, map));
        });
    (chosen, play)
}

/// What the window shows: the table and the start to measure from, or the
/// reach report and its walks; what was chosen in it.
fn contents(
    ui: &mut egui::Ui,
    a: &Analysis,
    map: &Arc<Map>,
) -> (Option<Option<u32>>, Option<crate::walk::Script>) {
    let (mut chosen, mut play) = (None, None);
    // The last answer for this map, even while another start is
    // measured from: the table does not change with it.
    let Some(done) = a.done.as_ref().filter(|d| d.is_of(map)) else {
        ui.horizontal(|ui| {
            ui.spinner();
            ui.label("computing…");
        });
        return (chosen, play);
    };
    match &done.figures {
        Err(why) => {
            ui.label(why);
        }
        Ok(lines) if done.reach.is_some() => {
            play = reach(ui, lines, done.reach.as_ref());
        }
        Ok(lines) => {
            ui.label(format!("Ground distances in game units: {GROUND_NOTE}."));
            table(ui, lines);
            ui.separator();
            chosen = from(ui, a, &done.players);
            if a.from.is_some() && a.busy() {
                ui.horizontal(|ui| {
                    ui.spinner();
                    ui.label("computing…");
                });
            } else if let Some(Err(why)) = &done.overlay {
                ui.label(why);
            }
        }
    }
    (chosen, play)
}

/// A voxel map's reachability: the report, the tints' legend, and each
/// witness with a button that plays it back in walk mode.
fn reach(
    ui: &mut egui::Ui,
    lines: &crate::analysis::report::Lines,
    r: Option<&crate::analysis::reach::ReachReport>,
) -> Option<crate::walk::Script> {
    use crate::mesh::reach_view::{MEANINGS, TINTS};
    let mut play = None;
    egui::ScrollArea::vertical()
        .max_height(260.0)
        .show(ui, |ui| {
            for s in lines.statements.iter().filter(|s| !s.contains("witness")) {
                ui.label(s);
            }
        });
    ui.separator();
    for (tint, meaning) in TINTS.iter().zip(MEANINGS) {
        let c = tint.map(|v| (v * 255.0) as u8);
        ui.horizontal(|ui| {
            let (swatch, _) = ui.allocate_exact_size(egui::vec2(12.0, 12.0), egui::Sense::hover());
            ui.painter()
                .rect_filled(swatch, 2.0, egui::Color32::from_rgb(c[0], c[1], c[2]));
            ui.label(meaning);
        });
    }
    ui.separator();
    // The fairness table's fastest walks, each to be walked.
    for w in r.map_or(&[][..], |r| &r.fairness) {
        for (to, way) in w.walks() {
            if let Some(way) = way {
                let secs = way.seconds();
                if ui
                    .button(format!("Team {}: walk {to} ({secs:.1} s)", w.team))
                    .clicked()
                {
                    play = Some(way.script.clone());
                }
            }
        }
    }
    let dims = r.map_or([0; 3], |r| r.dims);
    for t in r.map_or(&[][..], |r| &r.teams) {
        ui.collapsing(format!("{}: witnesses", t.area.name()), |ui| {
            for w in &t.witnesses {
                let [x, y, z] = w.place;
                // The button first, and the place's text cut short (whole
                // on hover) where the window is too narrow for it: a long
                // one does not push the button out of the window.
                ui.horizontal(|ui| {
                    if ui.button("Show me how to get there").clicked() {
                        play = Some(w.script.clone());
                    }
                    let place = format!("{} ({x}, {y}) {}", w.why, floor_text(dims, z));
                    ui.add(egui::Label::new(place).truncate());
                });
            }
        });
    }
    play
}

/// The statements, the table and its notes (flagged spreads stand out).
fn table(ui: &mut egui::Ui, lines: &crate::analysis::report::Lines) {
    for s in &lines.statements {
        ui.label(s);
    }
    if !lines.table.is_empty() {
        egui::Grid::new("fairness")
            .striped(true)
            .num_columns(lines.heading.len())
            .show(ui, |ui| {
                for h in &lines.heading {
                    ui.strong(*h);
                }
                ui.end_row();
                for row in &lines.table {
                    for cell in row {
                        ui.label(cell);
                    }
                    ui.end_row();
                }
            });
    }
    for (line, flagged) in &lines.notes {
        if *flagged {
            ui.colored_label(FLAGGED, line);
        } else {
            ui.label(line);
        }
    }
}

/// "Ground distance from: off / player N": a change, where there is one.
fn from(ui: &mut egui::Ui, a: &Analysis, players: &[u32]) -> Option<Option<u32>> {
    let name = |p: Option<u32>| p.map_or("off".to_string(), |p| format!("player {p}"));
    let mut choice = a.from;
    ui.add_enabled_ui(!players.is_empty(), |ui| {
        egui::ComboBox::from_label("Ground distance from")
            .selected_text(name(choice))
            .show_ui(ui, |ui| {
                ui.selectable_value(&mut choice, None, name(None));
                for &p in players {
                    ui.selectable_value(&mut choice, Some(p), name(Some(p)));
                }
            });
    });
    (choice != a.from).then_some(choice)
}

impl super::App {
    /// The Analysis window, where open, and the overlay's legend, where
    /// drawn: the start location chosen, when it changes.
    pub(super) fn analysis_ui(
        &mut self,
        ctx: &egui::Context,
        area: egui::Rect,
    ) -> Option<Option<u32>> {
        let map = self.current.as_ref().map(|c| &c.map);
        let a = &self.analysis;
        if let (Some(map), Some(player)) = (map, a.from) {
            if let Some(Some(Ok(range))) = a.current(map).map(|d| &d.overlay) {
                super::ui::legend::distance_legend(ctx, player, *range, area);
            }
        }
        // Not before a map is open: egui places a window where it first
        // shows, and the side panels come with the map.
        let map = map.filter(|_| self.panels.analysis)?.clone();
        let (chosen, play) = show(ctx, &mut self.panels.analysis, a, &map, area);
        if let Some(script) = play {
            // The walk takes the view: the window stood over the HUD's
            // progress line and half the route (G brings it back).
            self.panels.analysis = false;
            self.play_witness(script);
        }
        chosen
    }
}
