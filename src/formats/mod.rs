//! Format detection, decoding and encoding. Decoders are pure functions from
//! bytes to a [`Map`] or a typed error; they never touch the file system.

pub mod alw;
pub mod error;
pub mod file;
pub mod mpq;
pub mod reader;
pub mod sidecar;
pub mod vmf;
pub mod vxl;
pub mod w3e;
pub mod w3g;
pub mod w3x;

pub use error::{DecodeError, EncodeError, Format, LoadError};

use crate::store::Map;
use std::path::Path;

/// What the caller knows beyond the file's bytes.
#[derive(Debug, Clone, Default)]
pub struct LoadOptions {
    /// VXL only: `[width, length, depth]`, overriding what the data suggests.
    pub vxl_size: Option<[u32; 3]>,
    /// Warcraft III archives only: read only what ground distances need
    /// (the terrain, the map info, the units and the pathing map), leaving
    /// out the doodads and the pictures (`analyze`: a sixth of its time on
    /// the largest 4v4 map went to unpacking and decoding those).
    pub ground_only: bool,
}

/// Says whether bytes look like one format, or why not.
type Sniffer = fn(&[u8]) -> Result<(), String>;

const WESTWOOD_MAGIC: &[u8] = b"Voxel Animation\0";

/// Finds the format from the content, never from the extension.
pub fn detect(bytes: &[u8]) -> Result<Format, LoadError> {
    if bytes.starts_with(WESTWOOD_MAGIC) {
        return Err(LoadError::NotAMap {
            what: "this is a Westwood voxel model",
            signature: "\"Voxel Animation\"".into(),
        });
    }
    let mut tried = Vec::new();
    let sniffers: [(Format, Sniffer); 6] = [
        (Format::W3x, mpq::sniff),
        (Format::W3e, w3e::sniff),
        (Format::Alw, alw::sniff),
        (Format::VoxlapVxl, vxl::sniff_voxlap),
        (Format::Vmf, vmf::sniff),
        (Format::AosVxl, vxl::sniff_aos),
    ];
    for (format, sniff) in sniffers {
        match sniff(bytes) {
            Ok(()) => return Ok(format),
            Err(why) => tried.push((format, why)),
        }
    }
    Err(LoadError::Unknown { tried })
}

/// The format a file of `len` bytes would open as, from its first bytes
/// (`head`, at most the whole file): [`detect`]'s choice, confirmed where
/// its signal is weak. AoS VXL has no header, and VMF's starts with two
/// text fields that a run of zeros satisfies, so many files that are not
/// maps (Warcraft III's `war3map.doo`, `.mmp`, `.shd`, `.w3c`) pass detect's
/// first guess and then fail to decode. Here AoS columns are checked
/// throughout `head` (and, when it is the whole file, to its end) and a VMF
/// header must account for exactly `len` bytes. `vxl_size_known`: a size
/// comes from beside the file (a sidecar), so an AoS map's column count
/// need not be a square. For labelling files without decoding them (the
/// file browser); decoders keep [`detect`], so that a damaged map gets its
/// format's error naming the byte.
pub fn identify(head: &[u8], len: u64, vxl_size_known: bool) -> Result<Format, String> {
    let format = detect(head).map_err(|e| e.to_string())?;
    let confirmed = match format {
        Format::AosVxl => vxl::sniff_aos_whole(head, len, vxl_size_known),
        Format::Vmf => vmf::sniff_whole(head, len),
        _ => Ok(()),
    };
    confirmed
        .map(|()| format)
        .map_err(|why| format!("starts like {} but is not one: {why}", format.label()))
}

/// Why a whole file that [`identify`] called `format` would still not
/// open: cheap checks of what its start cannot show. VXL columns must
/// reach the file's end (a map cut in half fails), an archive's tables
/// and terrain must lie inside the file (a download cut short fails), and
/// the small formats (W3E, ALW) are decoded. VMF's length was checked by
/// [`identify`]. Pure, and nothing allocated but by those small decoders.
pub fn check_whole(format: Format, bytes: &[u8], vxl_size_known: bool) -> Result<(), String> {
    match format {
        Format::AosVxl | Format::VoxlapVxl => vxl::check_whole(bytes, vxl_size_known),
        Format::W3x => w3x::check_archive(bytes),
        Format::W3e => w3e::decode(bytes).map(drop).map_err(|e| e.to_string()),
        Format::Alw => alw::decode(bytes).map(drop).map_err(|e| e.to_string()),
        Format::Vmf => Ok(()),
    }
}

/// [`check_whole`] on the file at `path`, mapped rather than read (its
/// pages come from the page cache, and nothing is copied).
pub fn check_file(path: &Path, format: Format, vxl_size_known: bool) -> Result<(), String> {
    file::check(path, file::LARGEST_MAP).map_err(|e| e.to_string())?;
    let file = std::fs::File::open(path).map_err(|e| e.to_string())?;
    match mapped(&file) {
        Some(bytes) => check_whole(format, &bytes, vxl_size_known),
        None => Err("the file is empty or cannot be mapped".into()),
    }
}

/// Told by a decoder that it will not read the bytes before this offset
/// again (only a hint: reading them later still works).
pub type DoneWith<'a> = &'a dyn Fn(usize);

/// Whether `dir` is a Warcraft III map folder: it holds the terrain,
/// `war3map.w3e`, and that starts like one (what opening it needs).
pub fn is_map_folder(dir: &Path) -> bool {
    use std::io::Read;
    let terrain = dir.join(w3x::TERRAIN);
    if !matches!(file::check(&terrain, file::LARGEST_MAP), Ok(Some(_))) {
        return false;
    }
    let Ok(file) = std::fs::File::open(terrain) else {
        return false;
    };
    let mut head = Vec::with_capacity(8);
    file.take(8).read_to_end(&mut head).is_ok() && w3e::sniff(&head).is_ok()
}

/// Decodes a map from its bytes alone.
pub fn decode(bytes: &[u8], options: &LoadOptions) -> Result<Map, LoadError> {
    decode_releasing(bytes, options, &|_| ())
}

/// [`decode`], telling `done_with` which bytes have been read for the last
/// time (VXL, the format whose files run to megabytes, does).
pub fn decode_releasing(
    bytes: &[u8],
    options: &LoadOptions,
    done_with: DoneWith,
) -> Result<Map, LoadError> {
    let map = match detect(bytes)? {
        Format::AosVxl | Format::VoxlapVxl => {
            vxl::decode_releasing(bytes, options.vxl_size, done_with)?
        }
        Format::Vmf => vmf::decode(bytes)?,
        Format::Alw => alw::decode(bytes)?,
        Format::W3e => w3e::decode(bytes)?,
        Format::W3x if options.ground_only => w3x::decode_parts(bytes, w3x::Parts::Ground)?,
        Format::W3x => w3x::decode(bytes)?,
    };
    Ok(map)
}

/// Reads a map file and the sidecars next to it (`.json`, `.toml`, `.txt`).
/// A folder is read as a Warcraft III map folder.
pub fn load_path(path: &Path, options: &LoadOptions) -> Result<Map, LoadError> {
    // A device or a FIFO is refused before it is opened: reading one may
    // never end (`mapscope info /dev/zero`).
    if file::check(path, file::LARGEST_MAP)?.is_none() {
        return load_folder(path);
    }
    let io = |source| LoadError::Io {
        path: path.display().to_string(),
        reason: source,
    };
    let file = std::fs::File::open(path).map_err(io)?;
    match mapped(&file) {
        Some(bytes) => {
            // Pages read for the last time are let go as the decode goes on,
            // so that the whole file is never resident beside the store
            // (3.7 MB less at the peak of `info` on a 3.7 MB map).
            let behind = crate::memory::ReleaseBehind::new(&bytes);
            load_bytes_releasing(path, &bytes, options, &|offset| behind.done_with(offset))
        }
        // An empty file, or one that cannot be mapped: read, bounded.
        None => load_bytes(path, &file::read(path, file::LARGEST_MAP)?, options),
    }
}

/// The file mapped into memory, where it can be: its pages come straight
/// from the page cache, with nothing copied into a buffer of our own (2 to
/// 4 MB less resident while a map decodes, and no copy). `None` for what
/// cannot be mapped (pipes, empty files), which is read instead.
fn mapped(file: &std::fs::File) -> Option<memmap2::Mmap> {
    let meta = file.metadata().ok()?;
    if !meta.is_file() || meta.len() == 0 {
        return None;
    }
    // SAFETY: the mapping is only read, and dropped when the decode ends.
    // A file truncated by another program meanwhile would fault; one
    // rewritten in place decodes as whatever bytes it then holds, which
    // every decoder already checks as it would any input.
    unsafe { memmap2::Mmap::map(file) }.ok()
}

/// Decodes the bytes of the file at `path`, already read, with what its
/// sidecars add.
pub fn load_bytes(path: &Path, bytes: &[u8], options: &LoadOptions) -> Result<Map, LoadError> {
    load_bytes_releasing(path, bytes, options, &|_| ())
}

fn load_bytes_releasing(
    path: &Path,
    bytes: &[u8],
    options: &LoadOptions,
    done_with: DoneWith,
) -> Result<Map, LoadError> {
    let side = sidecar::read_beside(path);
    let mut options = options.clone();
    if options.vxl_size.is_none() {
        options.vxl_size = side.map_size;
    }
    let mut map = decode_releasing(bytes, &options, done_with)?;
    side.apply(&mut map);
    Ok(map)
}

/// [`load_bytes`], keeping the files unpacked from a Warcraft III archive
/// (name and bytes; none for other formats): a diff compares them file by
/// file after, and need not unpack them again.
pub fn load_bytes_keeping(
    path: &Path,
    bytes: &[u8],
    options: &LoadOptions,
) -> Result<(Map, w3x::Unpacked), LoadError> {
    if detect(bytes)? != Format::W3x {
        return Ok((load_bytes(path, bytes, options)?, Vec::new()));
    }
    let side = sidecar::read_beside(path);
    let (mut map, kept) = w3x::decode_keeping(bytes)?;
    side.apply(&mut map);
    Ok((map, kept))
}

/// Reads a Warcraft III map folder: the files mapscope knows, then decodes
/// them as an archive's would be.
pub fn load_folder(dir: &Path) -> Result<Map, LoadError> {
    if !dir.join(w3x::TERRAIN).is_file() {
        // Named by extension only: reading every file to count maps would
        // make a mistaken `info ~/Downloads` slow.
        let maps = std::fs::read_dir(dir)
            .map(|rd| {
                rd.filter_map(Result::ok)
                    .filter(|e| {
                        let name = e.file_name().to_string_lossy().into_owned();
                        name.rsplit_once('.')
                            .is_some_and(|(_, ext)| Format::from_extension(ext).is_some())
                    })
                    .count()
            })
            .unwrap_or(0);
        return Err(LoadError::NotAMapFolder {
            path: dir.display().to_string(),
            maps,
        });
    }
    let mut files = w3x::FolderFiles::default();
    for name in w3x::KNOWN_FILES {
        let path = dir.join(name);
        match file::read(&path, mpq::MAX_FILE as u64) {
            Ok(bytes) => files.files.push((name.to_string(), bytes)),
            Err(LoadError::Io { reason, .. }) if reason.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => return Err(e),
        }
    }
    Ok(w3x::decode_files(&files)?)
}
