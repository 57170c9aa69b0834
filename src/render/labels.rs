//! Text labels over the 3D picture (ALW entity classes, lights): projected
//! to the screen here, painted with egui, in the window and headless alike.

use super::Camera;
use crate::mesh::cells::Marker;
use glam::Vec3;

/// A label at a point of the picture, in pixels from the top left.
#[derive(Debug, Clone, PartialEq)]
pub struct Label {
    pub pos: [f32; 2],
    pub text: String,
    /// The colour of the marker it names, sRGB 0..1.
    pub color: [f32; 3],
}

/// Labels for the markers in front of `camera`, placed over each marker's
/// top (z is down, so its smallest z), in a `width` x `height` picture.
pub fn project(camera: &Camera, width: u32, height: u32, markers: &[Marker]) -> Vec<Label> {
    markers
        .iter()
        .filter(|m| m.kind.labelled())
        .filter_map(|m| {
            let top = Vec3::new(
                (m.min[0] + m.max[0]) * 0.5,
                (m.min[1] + m.max[1]) * 0.5,
                m.min[2],
            );
            Some(Label {
                pos: to_screen(camera, width, height, top)?,
                text: m.label.clone(),
                color: [m.color[0], m.color[1], m.color[2]],
            })
        })
        .collect()
}

/// Where `point` lies in a `width` x `height` picture, in pixels from its
/// top left; `None` behind the camera or outside the picture.
pub fn to_screen(camera: &Camera, width: u32, height: u32, point: Vec3) -> Option<[f32; 2]> {
    let (w, h) = (width as f32, height.max(1) as f32);
    let clip = camera.view_proj(w / h) * point.extend(1.0);
    if clip.w <= 1e-6 {
        return None; // behind the camera
    }
    let ndc = clip.truncate() / clip.w;
    if ndc.x.abs() > 1.0 || ndc.y.abs() > 1.0 || !(0.0..=1.0).contains(&ndc.z) {
        return None;
    }
    Some([(ndc.x + 1.0) * 0.5 * w, (1.0 - ndc.y) * 0.5 * h])
}

/// Paints `labels` with `painter`: the text on a dark plate, just above its
/// point, so it reads on any background.
pub fn paint(painter: &egui::Painter, labels: &[Label]) {
    for l in labels {
        let at = egui::pos2(l.pos[0], l.pos[1] - 4.0);
        let [r, g, b] = l.color.map(|c| (c.clamp(0.0, 1.0) * 255.0) as u8);
        let accent = egui::Color32::from_rgb(r, g, b);
        let galley = painter.layout_no_wrap(
            l.text.clone(),
            egui::FontId::proportional(13.0),
            egui::Color32::WHITE,
        );
        let rect =
            egui::Align2::CENTER_BOTTOM.anchor_size(at, galley.size() + egui::vec2(8.0, 4.0));
        painter.rect_filled(rect, 3.0, egui::Color32::from_black_alpha(170));
        painter.line_segment(
            [rect.left_bottom(), rect.right_bottom()],
            egui::Stroke::new(2.0, accent),
        );
        painter.galley(
            rect.min + egui::vec2(4.0, 2.0),
            galley,
            egui::Color32::WHITE,
        );
    }
}

/// Paints `notes` a line each on one dark plate at the picture's top left.
fn paint_notes(painter: &egui::Painter, notes: &[String]) {
    if notes.is_empty() {
        return;
    }
    let galley = painter.layout_no_wrap(
        notes.join("\n"),
        egui::FontId::proportional(14.0),
        egui::Color32::WHITE,
    );
    let rect =
        egui::Rect::from_min_size(egui::pos2(8.0, 8.0), galley.size() + egui::vec2(12.0, 8.0));
    painter.rect_filled(rect, 3.0, egui::Color32::from_black_alpha(190));
    painter.galley(
        rect.min + egui::vec2(6.0, 4.0),
        galley,
        egui::Color32::WHITE,
    );
}

/// Paints labels (and `notes`) over a finished picture in `view` (format `format`), with a
/// one-off egui context: for headless pictures.
pub fn paint_offscreen(
    device: &wgpu::Device,
    queue: &wgpu::Queue,
    view: &wgpu::TextureView,
    format: wgpu::TextureFormat,
    (width, height): (u32, u32),
    (labels, notes): (&[Label], &[String]),
) {
    if labels.is_empty() && notes.is_empty() {
        return;
    }
    let ctx = egui::Context::default();
    let input = egui::RawInput {
        screen_rect: Some(egui::Rect::from_min_size(
            egui::Pos2::ZERO,
            egui::vec2(width as f32, height as f32),
        )),
        ..Default::default()
    };
    let out = ctx.run_ui(input, |ui| {
        let painter = ui.ctx().layer_painter(egui::LayerId::background());
        paint(&painter, labels);
        paint_notes(&painter, notes);
    });
    let egui::FullOutput {
        shapes,
        pixels_per_point,
        mut textures_delta,
        ..
    } = out;
    let mut renderer = egui_wgpu::Renderer::new(device, format, Default::default());
    for (id, deltas) in &textures_delta.set {
        for delta in deltas {
            renderer.update_texture(device, queue, *id, delta);
        }
    }
    // Every delta is applied; egui checks that none is dropped unseen.
    textures_delta.clear();
    let jobs = ctx.tessellate(shapes, pixels_per_point);
    let screen = egui_wgpu::ScreenDescriptor {
        size_in_pixels: [width, height],
        pixels_per_point,
    };
    super::egui_pass::paint_over(device, queue, &mut renderer, view, &jobs, &screen);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mesh::cells::MarkerKind;

    fn marker(kind: MarkerKind, label: &str, at: [f32; 3]) -> Marker {
        Marker {
            kind,
            min: [at[0] - 0.5, at[1] - 0.5, at[2] - 0.5],
            max: [at[0] + 0.5, at[1] + 0.5, at[2] + 0.5],
            color: [1.0, 0.5, 0.0, 1.0],
            label: label.into(),
        }
    }

    #[test]
    fn labels_follow_markers_in_view_and_skip_the_rest() {
        // Looking east along +x from the origin, level.
        let cam = Camera::perspective(Vec3::ZERO, 0.0, 0.0, 60.0);
        let ahead = marker(MarkerKind::Light, "lamp", [10.0, 0.0, 0.5]);
        let right = marker(MarkerKind::Entity, "door", [10.0, 3.0, 0.5]);
        let behind = marker(MarkerKind::Entity, "ghost", [-10.0, 0.0, 0.0]);
        let radius = marker(MarkerKind::LightReach, "light radius", [10.0, 0.0, 0.0]);
        let labels = project(&cam, 200, 100, &[ahead, right, behind, radius]);
        let names: Vec<&str> = labels.iter().map(|l| l.text.as_str()).collect();
        assert_eq!(names, ["lamp", "door"]);
        // Straight ahead is the middle; +y (south) is to the right when
        // facing east; the label sits at the marker's top, on the horizon.
        assert!((labels[0].pos[0] - 100.0).abs() < 0.5, "{:?}", labels[0]);
        assert!((labels[0].pos[1] - 50.0).abs() < 0.5, "{:?}", labels[0]);
        assert!(labels[1].pos[0] > 110.0, "{:?}", labels[1]);
    }
}
