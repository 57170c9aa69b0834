//! The MIME types of the formats mapscope reads, as a freedesktop
//! shared-mime-info package (`mime/packages/mapscope.xml`).
//!
//! Formats with a signature (W3E, ALW, Voxlap, Warcraft III archives) are
//! known by it as well as by their extension. AoS VXL has no signature and
//! shares `.vxl` with Voxlap and with Westwood's voxel models; VMF shares
//! `.vmf` with Valve's Hammer maps. shared-mime-info has no negative match
//! ("a .vxl that is not a Westwood model"), so the other programs' formats
//! are declared here too, with their signatures: where several types claim
//! a file's extension, file managers look at its content, and the
//! signature's type wins (GIO and Qt look at magic where globs conflict;
//! File::MimeInfo, behind `xdg-mime`, looks at magic of priority 80 and
//! above before globs). A file with no signature falls to the glob of the
//! highest weight: mapscope's own type. mapscope neither opens nor
//! thumbnails the other programs' types ([`Type::opens`]).

use crate::format::Format;

/// One MIME type.
#[derive(Debug, Clone, Copy)]
pub struct Type {
    pub name: &'static str,
    pub comment: &'static str,
    /// Lower case, without the dot: each is the glob `*.ext`.
    pub extensions: &'static [&'static str],
    /// The globs' weight: 50 is the spec's default; mapscope's own types
    /// of an extension others share weigh more, so that a file with no
    /// signature is mapscope's.
    pub glob_weight: u32,
    /// Signatures, any of which names the type.
    pub magic: &'static [Magic],
    /// 80 and above is checked before globs by File::MimeInfo.
    pub magic_priority: u32,
    pub sub_class_of: Option<&'static str>,
    /// Whether mapscope opens (and thumbnails) files of this type.
    pub opens: bool,
}

/// A `<match>`: a shared-mime-info type (`string`, `little32`, `big32`),
/// an offset (or range `a:b`) and a value in the spec's notation.
#[derive(Debug, Clone, Copy)]
pub struct Magic {
    pub kind: &'static str,
    pub offset: &'static str,
    pub value: &'static str,
}

const fn string(offset: &'static str, value: &'static str) -> Magic {
    Magic {
        kind: "string",
        offset,
        value,
    }
}

/// A format mapscope opens, named, described and globbed as `format.rs`'s
/// table says.
const fn ours(format: Format, glob_weight: u32, magic: &'static [Magic], priority: u32) -> Type {
    let t = format.file_type();
    Type {
        name: t.mime,
        comment: t.description,
        extensions: t.extensions,
        glob_weight,
        magic,
        magic_priority: priority,
        sub_class_of: None,
        opens: true,
    }
}

/// Every type mapscope declares.
pub const TYPES: [Type; 9] = [
    ours(Format::AosVxl, 60, &[], 0),
    // 0x09072000 in either byte order.
    ours(
        Format::VoxlapVxl,
        50,
        &[
            Magic {
                kind: "little32",
                offset: "0",
                value: "0x09072000",
            },
            Magic {
                kind: "big32",
                offset: "0",
                value: "0x09072000",
            },
        ],
        80,
    ),
    Type {
        name: "application/x-westwood-vxl",
        comment: "Westwood voxel model",
        extensions: &["vxl"],
        glob_weight: 50,
        magic: &[string("0", "Voxel Animation\\0")],
        magic_priority: 80,
        sub_class_of: None,
        opens: false,
    },
    ours(Format::Vmf, 60, &[], 0),
    Type {
        name: "text/x-valve-vmf",
        comment: "Valve Hammer map",
        extensions: &["vmf"],
        glob_weight: 50,
        // Hammer's files begin with the versioninfo block (after a BOM).
        magic: &[string("0:3", "versioninfo")],
        magic_priority: 80,
        sub_class_of: Some("text/plain"),
        opens: false,
    },
    ours(Format::Alw, 50, &[string("0", "ALW\\0")], 60),
    ours(Format::W3e, 50, &[string("0", "W3E!")], 60),
    // The map header, or the MPQ archive itself where the header was left
    // out (most ladder maps).
    ours(
        Format::W3x,
        50,
        &[string("0", "HM3W"), string("0", "MPQ\\x1a")],
        60,
    ),
    // A replay is no map, but mapscope opens it on its map (and draws its
    // game for a thumbnail).
    Type {
        name: "application/x-warcraft3-replay",
        comment: "Warcraft III replay",
        extensions: &["w3g"],
        glob_weight: 50,
        magic: &[string("0", "Warcraft III recorded game")],
        magic_priority: 60,
        sub_class_of: None,
        opens: true,
    },
];

/// The types mapscope opens: the `.desktop` and `.thumbnailer` list these.
pub fn opened() -> impl Iterator<Item = &'static Type> {
    TYPES.iter().filter(|t| t.opens)
}

/// `MimeType=`'s value: the opened types, each followed by `;`.
pub fn mime_type_list() -> String {
    opened().map(|t| format!("{};", t.name)).collect()
}

/// The shared-mime-info package.
pub fn package_xml() -> String {
    let mut x = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
         <!-- Written by mapscope install-desktop; its uninstall option removes it. -->\n\
         <mime-info xmlns=\"http://www.freedesktop.org/standards/shared-mime-info\">\n",
    );
    for t in &TYPES {
        x += &format!("  <mime-type type=\"{}\">\n", t.name);
        x += &format!("    <comment>{}</comment>\n", t.comment);
        if let Some(parent) = t.sub_class_of {
            x += &format!("    <sub-class-of type=\"{parent}\"/>\n");
        }
        if t.opens {
            x += "    <icon name=\"mapscope\"/>\n";
        }
        for e in t.extensions {
            x += &format!(
                "    <glob pattern=\"*.{e}\" weight=\"{}\"/>\n",
                t.glob_weight
            );
        }
        if !t.magic.is_empty() {
            x += &format!("    <magic priority=\"{}\">\n", t.magic_priority);
            for m in t.magic {
                x += &format!(
                    "      <match type=\"{}\" offset=\"{}\" value=\"{}\"/>\n",
                    m.kind, m.offset, m.value
                );
            }
            x += "    </magic>\n";
        }
        x += "  </mime-type>\n";
    }
    x + "</mime-info>\n"
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_format_mapscope_reads_has_a_type_it_opens() {
        for ext in ["vxl", "vmf", "alw", "w3e", "w3x", "w3m"] {
            let ours: Vec<_> = opened().filter(|t| t.extensions.contains(&ext)).collect();
            assert!(!ours.is_empty(), "no type for .{ext}");
            // Where others share the extension, mapscope's signature-less
            // type weighs most.
            let most = TYPES
                .iter()
                .filter(|t| t.extensions.contains(&ext))
                .max_by_key(|t| t.glob_weight)
                .unwrap();
            assert!(most.opens, ".{ext} falls to {}", most.name);
        }
    }

    #[test]
    fn the_other_programs_types_are_told_by_magic_checked_before_globs() {
        for t in TYPES.iter().filter(|t| !t.opens) {
            assert!(!t.magic.is_empty() && t.magic_priority >= 80, "{}", t.name);
        }
        assert!(!mime_type_list().contains("westwood"));
    }

    #[test]
    fn the_package_names_every_type_once() {
        let xml = package_xml();
        for t in &TYPES {
            assert_eq!(xml.matches(&format!("type=\"{}\"", t.name)).count(), 1);
        }
        assert!(xml.contains("value=\"Voxel Animation\\0\""));
        // XML forbids "--" in a comment; update-mime-database then skips the
        // whole package and still exits 0.
        assert_eq!(xml.matches("--").count(), 2, "{xml}");
    }
}
