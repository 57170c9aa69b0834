//! The key list and the first start's hint.

/// The first start's hint at the 3D view's bottom right: the keys to get
/// going and where the rest are, covering none of the map's middle.
pub fn hint(ctx: &egui::Context, area: egui::Rect) {
    super::legend::plate(ctx, "first hint", area, egui::Align2::RIGHT_BOTTOM, |ui| {
        ui.label(egui::RichText::new("Welcome to mapscope").strong());
        for line in [
            "W A S D and right drag: fly and look",
            "O orbit, T top-down, P walk as a player",
            "Ctrl+O or drop a file: open a map",
            "the View menu's Keys: every key",
        ] {
            ui.label(line);
        }
    });
}

/// The key list: a window that can be closed (View → Keys opens it again),
/// at the 3D view's top right corner, where it hides the least of the map
/// the first view frames in the middle.
pub fn keys(ctx: &egui::Context, open: &mut bool, area: egui::Rect) {
    egui::Window::new("Keys and mouse")
        .open(open)
        .collapsible(false)
        .resizable(false)
        .pivot(egui::Align2::RIGHT_TOP)
        .default_pos(area.right_top() + egui::vec2(-8.0, 8.0))
        .show(ctx, |ui| {
            // Neither column wraps, and a gap stands between them, so
            // that no key runs into what it does.
            let line = |text: egui::RichText| egui::Label::new(text).extend();
            egui::Grid::new("keys")
                .num_columns(2)
                .spacing([24.0, 4.0])
                .show(ui, |ui| {
                    for (keys, what) in HELP {
                        ui.add(line(egui::RichText::new(*keys).strong().monospace()));
                        ui.add(line(egui::RichText::new(*what)));
                        ui.end_row();
                    }
                });
        });
}

/// Keys and what they do, in the key list and the README.
pub const HELP: &[(&str, &str)] = &[
    ("W A S D", "fly (orbit, top-down: pan)"),
    ("Space, Q / E, C", "up / down"),
    ("Shift", "faster"),
    ("Right drag", "look around (orbit: circle the pivot)"),
    ("Left drag", "orbit: circle the pivot"),
    ("Wheel", "fly speed (orbit, top-down: zoom)"),
    ("O", "orbit mode: drag to circle the pivot"),
    ("T", "top-down view"),
    ("F", "fly to the point under the cursor"),
    (
        "P / Shift+P",
        "walk as a player: from a spawn / where you look",
    ),
    ("walking: W A S D", "move (mouse: look)"),
    ("walking: Space, Ctrl", "jump, crouch"),
    ("walking: Shift, V", "sprint, sneak"),
    ("walking: Esc or P", "fly on from where you stand"),
    ("Home", "overview"),
    ("End", "the file's own camera"),
    ("F5", "reload"),
    ("F12", "screenshot"),
    (
        "G",
        "Analysis: fairness table, ground distances; voxel maps: where teams can go",
    ),
    ("X", "comparing two maps: show the other one"),
    ("replay: K, J / L", "play or pause, 10 s back / on"),
    ("replay: , / .", "slower / faster (1x-64x)"),
    ("replay: 1-9", "show or hide the n-th player"),
    ("Ctrl+O", "open a map (or drop it on the window)"),
    ("Esc", "cancel a load"),
];
