//! What the overlay shows of the open map, gathered before drawing it.

use crate::app::Current;
use crate::render::Gpu;

/// What the overlay shows of the open map, gathered before drawing it.
pub struct MapView<'a> {
    pub name: String,
    /// The map's own name and description, when it has them.
    pub title: Option<&'a str>,
    pub description: Option<&'a str>,
    pub pictures: &'a [(String, egui::TextureHandle)],
    pub players: &'a [([u8; 3], String)],
    pub summary: &'a str,
    pub timings: &'a str,
    pub stats: String,
    pub inspector: Inspector<'a>,
    pub spawns: Vec<String>,
    /// How the kind counts positions, said on hovering the Players and
    /// Spawns headings.
    pub positions: &'static str,
    /// The units of the Spawns list and the players' starts, said under
    /// the Spawns heading.
    pub area_units: &'static str,
    /// Their axes' names ([`crate::kinds::MapKind::area_axes`]).
    pub area_axes: [&'static str; 3],
}

impl<'a> MapView<'a> {
    pub fn of(
        c: &'a Current,
        stats: &crate::render::DrawStats,
        frame_ms: f32,
        scale: f32,
        gpu: &Gpu,
        inspector: Inspector<'a>,
    ) -> Self {
        let kind = crate::kinds::of(&c.map);
        let mut line = format!(
            "{frame_ms:.1} ms a frame, {} {} drawn",
            group_digits(stats.faces_drawn),
            kind.drawn_unit()
        );
        // Only voxel maps are cut into chunks.
        if stats.chunks_total > 0 {
            line += &format!(
                ", {} of {} chunks visible",
                stats.chunks_visible, stats.chunks_total
            );
            if stats.chunks_coarse > 0 {
                line += &format!(" ({} coarser)", stats.chunks_coarse);
            }
            if stats.chunks_left_out > 0 {
                line += &format!(", {} far chunks left out", stats.chunks_left_out);
            }
        }
        if scale < 1.0 {
            line += ", 3D view reduced while moving";
        }
        line += &format!(", {} draw calls", stats.draw_calls);
        if let Some(bytes) = kind.store_bytes() {
            line += &format!(", voxel store {:.1} MiB", bytes as f64 / 1048576.0);
        }
        line += &format!(
            ", GPU buffers {:.1} MiB, {}",
            c.scene.gpu_bytes() as f64 / 1048576.0,
            gpu.describe()
        );
        MapView {
            name: c.name(),
            title: c.map.meta.name.as_deref(),
            description: c.map.meta.description.as_deref(),
            pictures: &c.pictures,
            players: &c.players,
            summary: &c.summary,
            timings: &c.timings,
            stats: line,
            inspector,
            spawns: c
                .map
                .meta
                .spawns
                .iter()
                .map(|s| crate::kinds::spawn_text(&*kind, s))
                .collect(),
            positions: kind.positions(),
            area_units: kind.area_units(),
            area_axes: kind.area_axes(),
        }
    }
}

/// 1234567 as "1,234,567".
fn group_digits(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// What the Inspector shows of the pointer and the pin.
#[derive(Clone, Copy)]
pub struct Inspector<'a> {
    /// The pinned element's lines, while one is pinned.
    pub pinned: Option<&'a [String]>,
    /// The element under the pointer.
    pub hover: &'a [String],
}
