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

    /// Draws the notice at the top of `area` (the 3D view); returns
    /// whether it was clicked away.
    pub fn draw(&self, ctx: &egui::Context, area: egui::Rect) -> bool {
        let opacity = self.opacity();
        let response = egui::Area::new(egui::Id::unique("notice"))
            .fixed_pos(area.center_top() + egui::vec2(0.0, 12.0))
            .pivot(egui::Align2::CENTER_TOP)
            .order(egui::Order::Foreground)
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
                    ui.add(egui::Label::new(text).wrap());
                })
            });
        response
            .response
            .on_hover_text("Click to dismiss")
            .clicked()
    }
}
