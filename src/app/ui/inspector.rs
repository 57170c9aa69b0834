//! The Inspector panel: what the file says about the element pinned by a
//! click (see `selection`), a line for what is under the pointer, and the
//! map's spawn areas (click one to fly there).

use super::{side_panel, wrapped, Inspector, MapView, Side};

/// The panel at the right, collapsed while `open` is false. Sets `clicked`
/// to the spawn area clicked, if any; returns whether `open` changed.
pub fn panel(
    ui: &mut egui::Ui,
    v: &MapView<'_>,
    open: &mut bool,
    clicked: &mut Option<usize>,
) -> bool {
    let side = Side {
        panel: egui::Panel::right("inspector"),
        name: "Inspector",
        left: false,
    };
    side_panel(ui, side, open, 0.2, 320.0, |ui| {
        ui.heading("Inspector");
        lines(ui, v.inspector);
        if !v.spawns.is_empty() {
            ui.separator();
            // The same units as the Map panel's player starts.
            ui.heading("Spawns").on_hover_text(v.positions);
            let [x, y, _] = v.area_axes;
            ui.label(egui::RichText::new(format!("{x}, {y} in {}", v.area_units)).weak());
            *clicked = spawns(ui, &v.spawns);
        }
    })
}

/// With a pin: the pin's lines, then the pointer's element on one line.
/// Without: the pointer's element in full.
fn lines(ui: &mut egui::Ui, inspector: Inspector<'_>) {
    let mono = |text: &str| egui::RichText::new(text).monospace();
    let Some(pinned) = inspector.pinned else {
        if inspector.hover.is_empty() {
            wrapped(ui, "Point at the map to see what the file says there.");
        } else {
            wrapped(ui, egui::RichText::new("Click to pin it here").weak());
        }
        for line in inspector.hover {
            wrapped(ui, mono(line));
        }
        return;
    };
    wrapped(ui, egui::RichText::new("Pinned (Esc lets go)").strong())
        .on_hover_text("A click on the map pins another");
    for line in pinned {
        wrapped(ui, mono(line));
    }
    // Below the pin, so that the pin's lines stay where they are.
    ui.separator();
    let pointer = inspector.hover.first().map_or("nothing", String::as_str);
    wrapped(
        ui,
        egui::RichText::new(format!("Pointer: {pointer}")).weak(),
    );
}

/// The spawn areas as links; the one clicked.
fn spawns(ui: &mut egui::Ui, spawns: &[String]) -> Option<usize> {
    let mut clicked = None;
    for (i, s) in spawns.iter().enumerate() {
        let text = egui::RichText::new(s).color(ui.visuals().hyperlink_color);
        let link = egui::Label::new(text).wrap().sense(egui::Sense::click());
        let link = ui.add(link).on_hover_cursor(egui::CursorIcon::PointingHand);
        if link.on_hover_text("Fly there").clicked() {
            clicked = Some(i);
        }
    }
    clicked
}
