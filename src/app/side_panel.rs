//! The side panels' frame (Map or Changes at the left, the Inspector at
//! the right): resizable, scrolling, and collapsible to a narrow strip that
//! names the panel, so that the 3D view can have the window's width. Whether
//! each is open is remembered (`view_prefs`).

/// A side panel: its place and name.
pub struct Side<'a> {
    /// The panel when open (its id keeps the width the user gave it).
    pub panel: egui::Panel,
    /// "Map", "Changes", "Inspector": on the strip when collapsed.
    pub name: &'a str,
    /// Whether it is at the window's left.
    pub left: bool,
}

/// How wide the strip of a collapsed panel is, in points.
const STRIP: f32 = 22.0;

/// A side panel of `share` of the window (at most `most` points wide),
/// resizable, its `contents` scrolling; or, while `open` is false, a strip
/// with its name that opens it when clicked. A button at its top corner
/// beside the 3D view (or a drag of its edge past the narrowest) collapses
/// it. Returns whether
/// `open` changed.
pub fn side_panel(
    ui: &mut egui::Ui,
    side: Side<'_>,
    open: &mut bool,
    share: f32,
    most: f32,
    contents: impl FnOnce(&mut egui::Ui),
) -> bool {
    let was = *open;
    let (width, range) = side_width(ui, share, most);
    let Side { panel, name, left } = side;
    let strip_id = format!("{name} collapsed");
    let strip = if left {
        egui::Panel::left(strip_id)
    } else {
        egui::Panel::right(strip_id)
    };
    let expanded = panel.resizable(true).default_size(width).size_range(range);
    let mut toggle = false;
    egui::Panel::show_switched(
        ui,
        open,
        strip.resizable(false).exact_size(STRIP),
        expanded,
        |ui, expanded| {
            if expanded {
                toggle = collapse_button(ui, name, left);
                panel_scroll().show(ui, contents);
            } else {
                toggle = strip_contents(ui, name, left);
            }
        },
    );
    if toggle {
        *open = !*open;
    }
    *open != was
}

/// The button at the open panel's top corner beside the 3D view; whether
/// it was clicked.
fn collapse_button(ui: &mut egui::Ui, name: &str, left: bool) -> bool {
    let r = ui.max_rect();
    let size = egui::vec2(18.0, 18.0);
    let corner = if left {
        r.right_top() - egui::vec2(size.x, 0.0)
    } else {
        r.left_top()
    };
    let arrow = if left { "«" } else { "»" };
    let button = egui::Button::new(arrow).small().frame(false);
    ui.put(egui::Rect::from_min_size(corner, size), button)
        .on_hover_text(format!("Collapse the {} panel (remembered)", name))
        .clicked()
}

/// A collapsed panel: an arrow and its name, a letter a line, all one
/// button; whether it was clicked.
fn strip_contents(ui: &mut egui::Ui, name: &str, left: bool) -> bool {
    let arrow = if left { "»" } else { "«" };
    let letters: Vec<String> = name.chars().map(String::from).collect();
    let text = format!("{arrow}\n{}", letters.join("\n"));
    let response = ui.add_sized(
        [ui.available_width(), ui.available_height().min(200.0)],
        egui::Button::new(text).frame(false),
    );
    response
        .on_hover_text(format!("Show the {} panel", name))
        .clicked()
}

/// A side panel's width at first: `share` of the window, within reason;
/// the user can drag it from a quarter of that to 45 % of the window.
fn side_width(ui: &egui::Ui, share: f32, most: f32) -> (f32, std::ops::RangeInclusive<f32>) {
    let window = ui.ctx().content_rect().width();
    let width = (window * share).clamp(130.0, most);
    (width, 100.0..=(window * 0.45).max(130.0))
}

/// A side panel's scrolling: egui widens a vertical-only scroll area to fit
/// content wider than it (and the panel with it, narrowing the 3D view as
/// the pointer moves); scrolling both ways keeps the width the user gave.
fn panel_scroll() -> egui::ScrollArea {
    egui::ScrollArea::both().auto_shrink([false, true])
}
