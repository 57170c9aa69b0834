//! A notice over the 3D view: where a screenshot went, that a load was
//! cancelled or failed. It fades out after a few seconds (errors, in red,
//! stay longer), and a click puts it away.

use std::time::{Duration, Instant};

pub struct Notice {
    pub text: String,
    pub error: bool,
    shown: Instant,
}

/// How long the notice fades out for, at the end of its life.
const FADE: Duration = Duration::from_millis(1500);

impl Notice {
    pub fn info(text: impl Into<String>) -> Notice {
        Notice {
            text: text.into(),
            error: false,
            shown: Instant::now(),
        }
    }

    pub fn error(text: impl Into<String>) -> Notice {
        Notice {
            error: true,
            ..Notice::info(text)
        }
    }

    fn lifetime(&self) -> Duration {
        if self.error {
            Duration::from_secs(20)
        } else {
            Duration::from_secs(6)
        }
    }

    pub fn alive(&self) -> bool {
        self.shown.elapsed() < self.lifetime()
    }

    /// 1 until the fade starts, then down to 0.
    fn opacity(&self) -> f32 {
        let left = self.lifetime().saturating_sub(self.shown.elapsed());
        (left.as_secs_f32() / FADE.as_secs_f32()).clamp(0.0, 1.0)
    }

    /// When the window must be drawn again for the notice: every frame
    /// while it fades, else when the fade starts.
    pub fn wake_at(&self) -> Option<Instant> {
        let fade_start = self.shown + self.lifetime().saturating_sub(FADE);
        self.alive()
            .then(|| fade_start.max(Instant::now() + Duration::from_millis(16)))
    }

    /// Draws the notice at the top of `area` (the 3D view), or where it
    /// covers none of the dialogs' rectangles (`dialogs`): the bottom of
    /// `area`, else of the window; under them where it fits nowhere.
    /// Returns whether it was clicked away.
    pub fn draw(&self, ctx: &egui::Context, area: egui::Rect, dialogs: &[egui::Rect]) -> bool {
        let id = egui::Id::unique("notice");
        let opacity = self.opacity();
        let window = ctx.content_rect();
        // Its size at the last frame; about one line before it was drawn.
        let size = ctx
            .memory(|m| m.area_rect(id))
            .map_or(egui::vec2(area.width().min(480.0), 40.0), |r| r.size());
        let (at, pivot, order) = match place(area, window, size, dialogs) {
            Some((at, pivot)) => (at, pivot, egui::Order::Foreground),
            None => (
                area.center_top() + egui::vec2(0.0, 12.0),
                egui::Align2::CENTER_TOP,
                egui::Order::Background,
            ),
        };
        let response = egui::Area::new(id)
            .fixed_pos(at)
            .pivot(pivot)
            .order(order)
            // The area itself takes the click: a second `interact` on its
            // response would use its id twice.
            .sense(egui::Sense::click())
            .show(ctx, |ui| {
                ui.set_opacity(opacity);
                ui.set_max_width((area.width() - 24.0).max(120.0));
                let frame = egui::Frame::popup(ui.style());
                let frame = if self.error {
                    frame.stroke(egui::Stroke::new(1.5, egui::Color32::from_rgb(220, 60, 60)))
                } else {
                    frame
                };
                frame.show(ui, |ui| {
                    let color = if self.error {
                        egui::Color32::from_rgb(255, 110, 110)
                    } else {
                        ui.visuals().strong_text_color()
                    };
                    let text = egui::RichText::new(&self.text).color(color).strong();
                    // Not selectable: a click dismisses it rather than
                    // starting a selection of its text.
                    ui.add(egui::Label::new(text).wrap().selectable(false));
                })
            });
        response
            .response
            .on_hover_text("Click to dismiss")
            .clicked()
    }
}

/// Where a notice of `size` goes so that it covers no dialog: the top
/// middle of `area` (the 3D view), its bottom middle, or the bottom middle
/// of the `window`; the point and what of the notice it pins there.
/// `None` when every place covers one.
pub fn place(
    area: egui::Rect,
    window: egui::Rect,
    size: egui::Vec2,
    dialogs: &[egui::Rect],
) -> Option<(egui::Pos2, egui::Align2)> {
    let margin = egui::vec2(0.0, 12.0);
    let places = [
        (area.center_top() + margin, egui::Align2::CENTER_TOP),
        (area.center_bottom() - margin, egui::Align2::CENTER_BOTTOM),
        (window.center_bottom() - margin, egui::Align2::CENTER_BOTTOM),
    ];
    places.into_iter().find(|(at, pivot)| {
        let rect = pivot.anchor_size(*at, size);
        !dialogs.iter().any(|d| d.intersects(rect))
    })
}

#[cfg(test)]
mod tests {
    use super::place;
    use egui::{pos2, vec2, Align2, Rect};

    #[test]
    fn a_notice_goes_where_it_covers_no_dialog() {
        let window = Rect::from_min_max(pos2(0.0, 0.0), pos2(800.0, 500.0));
        let view = Rect::from_min_max(pos2(180.0, 24.0), pos2(640.0, 450.0));
        let size = vec2(300.0, 40.0);
        // No dialog: the top of the 3D view, as always.
        let (at, pivot) = place(view, window, size, &[]).unwrap();
        assert_eq!((at, pivot), (pos2(410.0, 36.0), Align2::CENTER_TOP));
        // A dialog at the top: the bottom of the view.
        let top = Rect::from_min_max(pos2(200.0, 20.0), pos2(600.0, 200.0));
        let (_, pivot) = place(view, window, size, &[top]).unwrap();
        assert_eq!(pivot, Align2::CENTER_BOTTOM);
        // The browser over nearly all of it: below it, over the status line.
        let browser = Rect::from_min_max(pos2(16.0, 16.0), pos2(636.0, 440.0));
        let (at, _) = place(view, window, size, &[browser]).unwrap();
        assert!(!browser.intersects(Align2::CENTER_BOTTOM.anchor_size(at, size)));
        // Nowhere free: none (it is then drawn under the dialogs).
        assert!(place(view, window, size, &[window]).is_none());
    }
}
