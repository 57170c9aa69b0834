//! What the overlay remembers and reports: the actions asked for this
//! frame, which panels are shown, the status line.

use crate::app::browser_window::Answer;
use crate::app::camera_mode::ModeKind;

/// What the user asked for this frame through menus and buttons.
#[derive(Default)]
pub struct Actions {
    /// The W3E overlays as the Tile flags menu left them.
    pub overlays: crate::mesh::terrain::Overlays,
    pub open: bool,
    /// File → Open folder… (a Warcraft III map folder).
    pub open_folder: bool,
    pub browse: bool,
    pub reload: bool,
    pub screenshot: bool,
    pub screenshot_settings: bool,
    /// File → Export… (glTF or OBJ).
    pub export: bool,
    pub mode: Option<ModeKind>,
    /// View → Minimap.
    pub minimap: bool,
    /// View → File's camera.
    pub file_camera: bool,
    /// File → Recent.
    pub open_recent: Option<std::path::PathBuf>,
    /// The error screen's "Open the demo map".
    pub open_demo: bool,
    /// The notice was clicked away.
    pub dismiss_notice: bool,
    pub quit: bool,
    /// From the screenshot settings window.
    pub choose_shot_folder: bool,
    pub settings_changed: bool,
    /// The in-app browser closed with this.
    pub browser_answer: Option<Answer>,
    /// A spawn area clicked in the Spawns list.
    pub spawn: Option<usize>,
    /// File → Compare with….
    pub compare: bool,
    /// A change clicked in the Changes panel.
    pub change: Option<usize>,
    /// The Changes panel's button to show the other map.
    pub flip: bool,
    /// The Changes panel's "Dim what did not change", when clicked.
    pub dim: Option<bool>,
    /// View → Spawn areas changed (it is remembered).
    pub view_prefs_changed: bool,
    /// From the export window.
    pub export_asked: crate::app::export_form::Asked,
}

/// Which panels are shown; the View menu changes them.
#[derive(Debug, Clone, Copy)]
pub struct Panels {
    pub info: bool,
    pub help: bool,
    /// The first start's corner hint, until a key or a click.
    pub hint: bool,
    /// Text labels over ALW entities and lights.
    pub labels: bool,
    /// Tint VMF indestructible voxels.
    pub indestructible: bool,
    /// The groups of Warcraft III objects drawn.
    pub objects: crate::mesh::objects::Shown,
    /// Spawn areas drawn (remembered: `view.toml`).
    pub spawn_areas: bool,
    /// The left panel (Map, or Changes while comparing) open, not
    /// collapsed (remembered).
    pub map_open: bool,
    /// The Inspector open, not collapsed (remembered).
    pub inspector_open: bool,
    /// What the left panel shows while comparing.
    pub compare_tab: CompareTab,
    /// The Analysis window (G).
    pub analysis: bool,
}

/// The left panel's tabs while comparing: the Changes panel takes the Map
/// panel's place, the Map panel a tab beside it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum CompareTab {
    #[default]
    Changes,
    Map,
}

/// The status line's contents.
pub struct Status {
    pub loading: Option<(String, &'static str)>,
    /// The camera's position and heading, as its mode describes it.
    pub camera: String,
}
