//! A folder of replays opened in the viewer: the season of the map most
//! of its games were played on, that map opened with the season laid on
//! it (order targets as heat by race, gold mines ringed by how often they
//! were taken) and the Season window beside it with `mapscope replays`'s
//! table for that map and the map's fairness table.

use crate::render::labels::to_screen;
use crate::replays::collect::{self, MapCache};
use crate::replays::find_map::Maps;
use crate::replays::season::{MapEntry, HEAT_CELL};
use crate::store::Map;
use std::path::PathBuf;

/// A season and where its marks lie in the scene.
pub struct SeasonFile {
    pub dir: PathBuf,
    pub map: PathBuf,
    pub entry: MapEntry,
    /// The season's text for that map, and what else the folder held.
    pub text: String,
    /// (scene position, race index, orders) of each heat cell.
    pub heat: Vec<([f32; 3], u8, u32)>,
    /// Scene positions of the map's gold mines.
    pub mines: Vec<[f32; 3]>,
}

/// The season of `folder` (the folder being opened, if any), and its
/// most-played map; `None` where it is no folder of replays (a map folder
/// is a map).
pub fn season_of(
    folder: Option<&std::path::Path>,
) -> Result<Option<(crate::replays::season::Season, PathBuf)>, String> {
    let Some(dir) = folder else {
        return Ok(None);
    };
    if dir.join("war3map.w3e").exists() {
        return Ok(None);
    }
    let files = collect::replay_files(dir);
    if files.is_empty() {
        return Ok(None);
    }
    let mut folders = vec![dir.to_path_buf()];
    folders.extend(super::recent::maps_folders());
    let season = collect::season(&files, &Maps::scan(&folders), &MapCache::default(), &|| {});
    let best = season
        .maps
        .iter()
        .max_by_key(|(_, e)| e.season.games)
        .map(|(p, _)| p.clone());
    match best {
        Some(map) => Ok(Some((season, map))),
        None => Err(format!(
            "{}: {} replays, but none of their maps was found in the folder or where maps were opened",
            dir.display(),
            files.len()
        )),
    }
}

impl SeasonFile {
    pub fn new(
        dir: PathBuf,
        season: crate::replays::season::Season,
        map_path: PathBuf,
        map: &Map,
    ) -> Option<SeasonFile> {
        let mut text = String::new();
        let entry = season.maps.get(&map_path)?.clone();
        crate::replays::season_report::map_text(&mut text, &map_path, &entry);
        text.push_str(&format!(
            "\n{} replays in the folder: {} on other maps, {} whose map was not found, {} unreadable.\n",
            season.replays,
            season.maps.iter().filter(|(p, _)| **p != map_path).map(|(_, e)| e.season.games).sum::<u32>(),
            season.unmatched.len(),
            season.unreadable.len()
        ));
        let w = crate::kinds::replay_map(map).ok()?;
        let point = |at: [f32; 2]| crate::kinds::game::scene_point(w, at);
        let heat = entry
            .season
            .heat
            .iter()
            .map(|(&(race, x, y), &n)| {
                let at = [(x as f32 + 0.5) * HEAT_CELL, (y as f32 + 0.5) * HEAT_CELL];
                (point(at), race, n)
            })
            .collect();
        let mines = entry.mines.iter().map(|&m| point(m)).collect();
        Some(SeasonFile {
            dir,
            map: map_path,
            entry,
            text,
            heat,
            mines,
        })
    }
}

/// Heat colours by race: human blue, orc red, night elf green, undead
/// purple (as `replays -o` draws them).
const RACE_COLOURS: [[u8; 3]; 4] = [[40, 120, 255], [255, 50, 30], [40, 230, 80], [190, 60, 255]];

/// The Season window.
pub(super) fn window(ctx: &egui::Context, s: &SeasonFile, area: egui::Rect) {
    egui::Window::new("Season")
        .default_pos(egui::pos2(
            ctx.content_rect().right() - 560.0,
            area.top() + 8.0,
        ))
        .default_width(540.0)
        .show(ctx, |ui| {
            ui.label(format!("{}", s.dir.display()));
            egui::ScrollArea::both().max_height(320.0).show(ui, |ui| {
                // A table: its lines as they are, never wrapped.
                ui.add(egui::Label::new(egui::RichText::new(&s.text).monospace()).extend());
            });
            ui.horizontal(|ui| {
                for (c, race) in RACE_COLOURS
                    .iter()
                    .zip(["human", "orc", "night elf", "undead"])
                {
                    let (r, _) =
                        ui.allocate_exact_size(egui::vec2(10.0, 10.0), egui::Sense::hover());
                    ui.painter()
                        .rect_filled(r, 2.0, egui::Color32::from_rgb(c[0], c[1], c[2]));
                    ui.label(race);
                }
            });
        });
}

/// The season's heat and taken mines over the 3D view.
pub(super) fn marks(
    painter: &egui::Painter,
    camera: &crate::render::Camera,
    area: egui::Rect,
    s: &SeasonFile,
) {
    let (w, h) = (area.width().round() as u32, area.height().round() as u32);
    let at = |p: [f32; 3]| {
        to_screen(camera, w, h, glam::Vec3::from(p)).map(|[x, y]| area.min + egui::vec2(x, y))
    };
    let most = s.heat.iter().map(|h| h.2).max().unwrap_or(1).max(1) as f32;
    for &(p, race, n) in &s.heat {
        let share = n as f32 / most;
        if share < 0.05 {
            continue;
        }
        let Some(c) = RACE_COLOURS.get(usize::from(race)) else {
            continue;
        };
        if let Some(pos) = at(p) {
            let alpha = (share.powf(0.6) * 150.0) as u8;
            painter.circle_filled(
                pos,
                6.0,
                egui::Color32::from_rgba_unmultiplied(c[0], c[1], c[2], alpha),
            );
        }
    }
    let taken = &s.entry.season.mines;
    let most = taken.iter().map(Vec::len).max().unwrap_or(0).max(1) as f32;
    for (m, &p) in s.mines.iter().enumerate() {
        let n = taken.get(m).map_or(0, Vec::len);
        if n == 0 {
            continue;
        }
        if let Some(pos) = at(p) {
            let r = 10.0 + 12.0 * n as f32 / most;
            painter.circle_stroke(pos, r, egui::Stroke::new(4.0, egui::Color32::BLACK));
            painter.circle_stroke(
                pos,
                r,
                egui::Stroke::new(2.5, egui::Color32::from_rgb(255, 215, 0)),
            );
        }
    }
}
