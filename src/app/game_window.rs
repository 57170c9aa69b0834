//! A replay's game over the 3D view: the timeline at the bottom (play,
//! pause, speed, the scrubber), the Game window (players to show or hide,
//! the build order that scrolls with the time, an entry clicked jumps
//! there) and the marks on the map: buildings in their player's colour
//! from when they were placed, expansions ringed, order targets and
//! pings fading in and out.

use super::game_view::{GameView, SPEEDS};
use crate::render::labels::to_screen;
use crate::replays::report::clock;

/// Order targets stay this long (game time), fading.
const ORDER_MS: f64 = 8_000.0;
/// Pings stay this long, fading.
const PING_MS: f64 = 5_000.0;
/// A new building is ringed this long.
const NEW_MS: f64 = 6_000.0;

fn colour(c: [u8; 3], alpha: f32) -> egui::Color32 {
    egui::Color32::from_rgba_unmultiplied(c[0], c[1], c[2], (alpha.clamp(0.0, 1.0) * 255.0) as u8)
}

/// The timeline, across the bottom of the 3D view.
pub(super) fn timeline(ctx: &egui::Context, v: &mut GameView, area: egui::Rect) {
    let width = (area.width() - 32.0).max(200.0);
    egui::Window::new("Timeline")
        .title_bar(false)
        .resizable(false)
        .fixed_pos(egui::pos2(area.min.x + 16.0, area.max.y - 56.0))
        .fixed_size(egui::vec2(width, 32.0))
        .show(ctx, |ui| {
            ui.horizontal(|ui| {
                let label = if v.playing { "Pause" } else { "Play" };
                if ui.button(label).clicked() {
                    if !v.playing && v.ms >= v.duration() {
                        v.seek(0.0);
                    }
                    v.playing = !v.playing;
                }
                egui::ComboBox::from_id_salt("game speed")
                    .selected_text(format!("{}x", v.speed))
                    .width(56.0)
                    .show_ui(ui, |ui| {
                        for s in SPEEDS {
                            ui.selectable_value(&mut v.speed, s, format!("{s}x"));
                        }
                    });
                let duration = v.duration();
                ui.label(format!(
                    "{} / {}",
                    clock(v.ms as u32),
                    clock(duration as u32)
                ));
                ui.spacing_mut().slider_width = (ui.available_width() - 8.0).max(60.0);
                let mut ms = v.ms;
                let slider = egui::Slider::new(&mut ms, 0.0..=duration.max(1.0)).show_value(false);
                if ui.add(slider).changed() {
                    v.seek(ms);
                }
            });
        });
}

/// The Game window: the map used, the players (a click shows or hides
/// one), the build order up to now and after (greyed), an entry clicked
/// jumping there.
pub(super) fn window(ctx: &egui::Context, v: &mut GameView, area: egui::Rect) {
    egui::Window::new("Game")
        // At the window's right edge, over the Inspector more than over
        // the map.
        .default_pos(egui::pos2(
            ctx.content_rect().right() - 336.0,
            area.top() + 8.0,
        ))
        .default_width(320.0)
        .max_height((area.height() - 90.0).max(160.0))
        .show(ctx, |ui| {
            let f = &v.file;
            ui.label(format!(
                "{} on {} ({})",
                f.replay.header.version_label(),
                file_name(&f.found.path),
                f.found.how.as_str()
            ));
            let mut toggled = None;
            egui::Grid::new("game players")
                .striped(true)
                .show(ui, |ui| {
                    for p in f.replay.players.iter().filter(|p| !p.is_observer) {
                        let mut shown = v.shown(p.id);
                        let name = if p.name.is_empty() {
                            "(no name)"
                        } else {
                            &p.name
                        };
                        ui.horizontal(|ui| {
                            swatch(ui, v.colour(p.id));
                            if ui.checkbox(&mut shown, name).changed() {
                                toggled = Some(p.id);
                            }
                        });
                        ui.label(p.race_played.unwrap_or(p.race).name());
                        ui.label(format!("{} apm", p.apm));
                        let start = f
                            .game
                            .start_of(p.id)
                            .map(|s| format!("start {}", f.game.start_locations[s].1 + 1));
                        ui.label(start.unwrap_or_else(|| "start ?".into()));
                        ui.end_row();
                    }
                });
            ui.separator();
            let mut jump = None;
            let follow = std::mem::take(&mut v.follow);
            egui::ScrollArea::vertical()
                .max_height(280.0)
                .show(ui, |ui| {
                    let mut last_done = None;
                    for b in f
                        .game
                        .builds
                        .iter()
                        .filter(|b| !v.hidden.contains(&b.player))
                    {
                        let done = f64::from(b.ms) <= v.ms;
                        let text = format!(
                            "{} {} {}",
                            clock(b.ms),
                            b.building.name,
                            f.game.place(b.at, b.player, b.building.town_hall)
                        );
                        // Later ones greyed: what is placed by now stands out.
                        let ink = match done {
                            true => egui::Color32::from_gray(230),
                            false => egui::Color32::from_gray(120),
                        };
                        let r = ui
                            .horizontal(|ui| {
                                swatch(ui, v.colour(b.player));
                                let text = egui::RichText::new(text).color(ink);
                                ui.add(egui::Button::new(text).frame(false))
                            })
                            .inner;
                        if r.clicked() {
                            jump = Some(f64::from(b.ms));
                        }
                        if done {
                            last_done = Some(r.rect);
                        }
                    }
                    if let (true, Some(rect)) = (follow, last_done) {
                        ui.scroll_to_rect(rect, Some(egui::Align::Center));
                    }
                });
            if let Some(p) = toggled {
                v.toggle(p);
            }
            if let Some(ms) = jump {
                v.seek(ms);
                v.playing = false;
            }
        });
}

/// A player's colour as a small square.
fn swatch(ui: &mut egui::Ui, c: [u8; 3]) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(10.0, 10.0), egui::Sense::hover());
    ui.painter().rect_filled(rect, 2.0, colour(c, 1.0));
}

fn file_name(p: &std::path::Path) -> String {
    p.file_name().map_or_else(
        || p.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}

/// The game's marks at its time, over the 3D view (`area`, in points).
pub(super) fn marks(
    painter: &egui::Painter,
    camera: &crate::render::Camera,
    area: egui::Rect,
    v: &GameView,
) {
    let (w, h) = (area.width().round() as u32, area.height().round() as u32);
    let at = |p: [f32; 3]| {
        to_screen(camera, w, h, glam::Vec3::from(p)).map(|[x, y]| area.min + egui::vec2(x, y))
    };
    let f = &v.file;
    let now = v.ms;
    for (o, &p) in f.replay.orders.iter().zip(&f.order_points) {
        let age = now - f64::from(o.ms);
        if !(0.0..ORDER_MS).contains(&age) || !v.shown(o.player) {
            continue;
        }
        if let Some(s) = at(p) {
            let fade = 1.0 - (age / ORDER_MS) as f32;
            painter.circle_stroke(
                s,
                5.0,
                egui::Stroke::new(2.0, colour(v.colour(o.player), fade * 0.8)),
            );
        }
    }
    for (b, &p) in f.game.builds.iter().zip(&f.build_points) {
        let age = now - f64::from(b.ms);
        if age < 0.0 || !v.shown(b.player) {
            continue;
        }
        let Some(s) = at(p) else { continue };
        let half = if b.building.town_hall { 7.0 } else { 4.5 };
        let rect = egui::Rect::from_center_size(s, egui::vec2(2.0 * half, 2.0 * half));
        painter.rect_filled(rect.expand(1.5), 1.0, egui::Color32::BLACK);
        painter.rect_filled(rect, 1.0, colour(v.colour(b.player), 1.0));
        if age < NEW_MS {
            let fade = 1.0 - (age / NEW_MS) as f32;
            painter.circle_stroke(
                s,
                half + 6.0 + 10.0 * (1.0 - fade),
                egui::Stroke::new(2.0, colour([255, 255, 255], fade)),
            );
        }
    }
    for e in f
        .game
        .expansions
        .iter()
        .filter(|e| f64::from(e.ms) <= now && v.shown(e.player))
    {
        let Some(i) = f
            .game
            .builds
            .iter()
            .position(|b| b.ms == e.ms && b.player == e.player)
        else {
            continue;
        };
        if let Some(s) = at(f.build_points[i]) {
            painter.circle_stroke(s, 16.0, egui::Stroke::new(4.0, egui::Color32::BLACK));
            painter.circle_stroke(
                s,
                16.0,
                egui::Stroke::new(2.5, colour(v.colour(e.player), 1.0)),
            );
        }
    }
    for (g, &p) in f.replay.pings.iter().zip(&f.ping_points) {
        let age = now - f64::from(g.ms);
        if !(0.0..PING_MS).contains(&age) || !v.shown(g.player) {
            continue;
        }
        if let Some(s) = at(p) {
            let fade = 1.0 - (age / PING_MS) as f32;
            painter.circle_stroke(
                s,
                8.0 + 14.0 * (1.0 - fade),
                egui::Stroke::new(2.5, colour([255, 255, 255], fade)),
            );
        }
    }
}
