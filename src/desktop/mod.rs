//! mapscope on the desktop: the MIME types of the formats it reads
//! ([`mime`]), its `.desktop` and `.thumbnailer` entries ([`entries`]),
//! its icon, and `mapscope install-desktop`, which puts them in the XDG
//! data directories ([`install`]).

pub mod entries;
pub mod install;
pub mod mime;

/// The icon, drawn by hand (`assets/mapscope.svg`).
pub const ICON_SVG: &str = include_str!("../../assets/mapscope.svg");
