//! The egui overlay's own parts: what the user asked for and which panels
//! are shown (`state.rs`), the menu bar and toolbar (`menu.rs`, a function
//! a menu), the status line, the side panels and the error screen
//! (`panels.rs`, with the Map panel's contents in `map_panel.rs`), what
//! they show of the open map (`map_view.rs`), and the key list and first
//! hint (`keys.rs`); the legends (`legend.rs`), the Inspector
//! (`inspector.rs`) and the Changes panel (`changes_panel.rs`). The notice
//! is `app/notice.rs`.

mod changes_panel;
mod inspector;
mod keys;
pub mod legend;
mod map_panel;
mod map_view;
mod menu;
mod panels;
mod state;
mod widgets;

pub use super::side_panel::{side_panel, Side};
pub use keys::{hint, keys};
pub use map_view::{Inspector, MapView};
pub use menu::{menu, Showing};
pub use panels::{draw, error_screen};
pub use state::{Actions, CompareTab, Panels, Status};
pub use widgets::{swatch, wrapped};
