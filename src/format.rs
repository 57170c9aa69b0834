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

    /// Its row of [`FILE_TYPES`].
    pub const fn file_type(self) -> &'static FileType {
        &FILE_TYPES[self as usize]
    }

    /// The format an extension (any case, no dot) names on its own: the
    /// first row of [`FILE_TYPES`] that has it (`vxl` is AoS VXL).
    pub fn from_extension(ext: &str) -> Option<Format> {
        FILE_TYPES
            .iter()
            .find(|t| t.extensions.iter().any(|e| e.eq_ignore_ascii_case(ext)))
            .map(|t| t.format)
    }
}

/// What people and other programs are told of a format beside its bytes.
/// The one table that `convert`, the file browser and dialogs and the
/// desktop's MIME types read.
#[derive(Debug, Clone, Copy)]
pub struct FileType {
    pub format: Format,
    /// The extensions its files usually have, lower case, without the dot.
    pub extensions: &'static [&'static str],
    /// Its freedesktop MIME type.
    pub mime: &'static str,
    /// What a file manager calls it.
    pub description: &'static str,
}

/// Every format's file type, in [`Format::ALL`]'s order (checked below,
/// when compiled). Detection never reads this: files are told by content.
pub const FILE_TYPES: [FileType; 6] = [
    row(
        Format::AosVxl,
        &["vxl"],
        "application/x-aos-vxl",
        "Ace of Spades map",
    ),
    row(
        Format::VoxlapVxl,
        &["vxl"],
        "application/x-voxlap-vxl",
        "Voxlap world",
    ),
    row(
        Format::Vmf,
        &["vmf"],
        "application/x-aos-vmf",
        "VMF voxel map",
    ),
    row(
        Format::Alw,
        &["alw"],
        "application/x-alithia-alw",
        "Alithia Engine world",
    ),
    row(
        Format::W3e,
        &["w3e"],
        "application/x-warcraft3-w3e",
        "Warcraft III terrain",
    ),
    row(
        Format::W3x,
        &["w3x", "w3m"],
        "application/x-warcraft3-map",
        "Warcraft III map",
    ),
];

const fn row(
    format: Format,
    extensions: &'static [&'static str],
    mime: &'static str,
    description: &'static str,
) -> FileType {
    FileType {
        format,
        extensions,
        mime,
        description,
    }
}

// `Format::file_type` indexes the table by the format's number.
const _: () = {
    let mut i = 0;
    while i < FILE_TYPES.len() {
        assert!(FILE_TYPES[i].format as usize == i);
        i += 1;
    }
};

/// Every extension of [`FILE_TYPES`], once each, in its order: a first
/// hint for files whose content is not recognised, and the open dialogs'
/// filter.
pub const MAP_EXTENSIONS: [&str; 6] = extensions();

const fn extensions() -> [&'static str; 6] {
    let mut out = [""; 6];
    let (mut n, mut i) = (0, 0);
    while i < FILE_TYPES.len() {
        let exts = FILE_TYPES[i].extensions;
        let mut j = 0;
        while j < exts.len() {
            if !listed(&out, n, exts[j]) {
                // Past the array's end fails the build: the count is wrong.
                out[n] = exts[j];
                n += 1;
            }
            j += 1;
        }
        i += 1;
    }
    assert!(n == out.len());
    out
}

/// Whether `ext` is among the first `n` of `out` (`==` on `str` is not `const`).
const fn listed(out: &[&str], n: usize, ext: &str) -> bool {
    let mut k = 0;
    while k < n {
        let (a, b) = (out[k].as_bytes(), ext.as_bytes());
        if a.len() == b.len() {
            let mut c = 0;
            while c < a.len() && a[c] == b[c] {
                c += 1;
            }
            if c == a.len() {
                return true;
            }
        }
        k += 1;
    }
    false
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.label())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn extensions_name_the_formats_people_expect() {
        assert_eq!(MAP_EXTENSIONS, ["vxl", "vmf", "alw", "w3e", "w3x", "w3m"]);
        let expected = [
            ("VXL", Format::AosVxl),
            ("vmf", Format::Vmf),
            ("alw", Format::Alw),
            ("W3E", Format::W3e),
            ("w3m", Format::W3x),
        ];
        for (ext, format) in expected {
            assert_eq!(Format::from_extension(ext), Some(format), "{ext}");
        }
        assert_eq!(Format::from_extension("png"), None);
        assert_eq!(Format::Vmf.file_type().mime, "application/x-aos-vmf");
    }
}
