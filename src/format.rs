//! The names of the map file formats mapscope reads: what detection finds,
//! what a decoded map records it was read from, and what errors name. The
//! codecs themselves are in `formats`; this tag is all the rest of the
//! program needs to know of them.

use std::fmt;

/// Which file format an error or a map belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
pub enum Format {
    /// Ace of Spades VXL: no header, column data only.
    #[serde(rename = "aos-vxl")]
    AosVxl,
    /// Voxlap VXL: the 108-byte header (magic 0x09072000), then column data.
    #[serde(rename = "voxlap-vxl")]
    VoxlapVxl,
    /// The proposed AoS 0.8 VMF voxel format.
    #[serde(rename = "vmf")]
    Vmf,
    /// Alithia Engine world.
    #[serde(rename = "alw")]
    Alw,
    /// Warcraft III `war3map.w3e` terrain.
    #[serde(rename = "w3e")]
    W3e,
    /// A Warcraft III map: a `.w3m`/`.w3x` MPQ archive or a map folder.
    #[serde(rename = "w3x")]
    W3x,
}

impl Format {
    pub const ALL: [Format; 6] = [
        Format::AosVxl,
        Format::VoxlapVxl,
        Format::Vmf,
        Format::Alw,
        Format::W3e,
        Format::W3x,
    ];

    /// The short id used by `info --json` and `convert --format`.
    pub fn id(self) -> &'static str {
        match self {
            Format::AosVxl => "aos-vxl",
            Format::VoxlapVxl => "voxlap-vxl",
            Format::Vmf => "vmf",
            Format::Alw => "alw",
            Format::W3e => "w3e",
            Format::W3x => "w3x",
        }
    }

    /// The name used at the start of error messages.
    pub fn label(self) -> &'static str {
        match self {
            Format::AosVxl => "AoS VXL",
            Format::VoxlapVxl => "Voxlap VXL",
            Format::Vmf => "VMF",
            Format::Alw => "ALW",
            Format::W3e => "W3E",
            Format::W3x => "W3X",
        }
    }

    pub fn from_id(id: &str) -> Option<Format> {
        Format::ALL.into_iter().find(|f| f.id() == id)
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.label())
    }
}
