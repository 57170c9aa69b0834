//! What mapscope agrees to open: a regular file no larger than the largest
//! map it reads, or a folder. A device (`/dev/zero`), a FIFO or a socket is
//! refused before it is opened (opening a FIFO with no writer waits
//! forever, and reading a device never ends), so every command's memory
//! stays bounded by the file's own size.

use super::error::LoadError;
use std::io::Read;
use std::path::Path;

/// The largest file opened as a map: 2 GiB. The largest maps in use are
/// far smaller (Voxlap's 1024 x 1024 x 256 VXL maps run to 20-60 MB, a
/// Warcraft III archive holds files of at most `mpq::MAX_FILE`, 256 MiB);
/// a larger file is refused with its size and this limit named.
pub const LARGEST_MAP: u64 = 2 << 30;

/// The largest text file beside a map read whole (a sidecar, a walk
/// script): 64 MiB, far past any real one.
pub const LARGEST_TEXT: u64 = 64 << 20;

/// What a path is, where it is not a regular file or a folder.
fn not_a_file(kind: std::fs::FileType) -> Option<&'static str> {
    use std::os::unix::fs::FileTypeExt;
    if kind.is_char_device() {
        Some("a character device")
    } else if kind.is_block_device() {
        Some("a block device")
    } else if kind.is_fifo() {
        Some("a FIFO (named pipe)")
    } else if kind.is_socket() {
        Some("a socket")
    } else if kind.is_file() || kind.is_dir() {
        None
    } else {
        Some("not a regular file")
    }
}

/// Checks that `path` is a folder, or a regular file of at most `limit`
/// bytes, before anything opens it; its length where it is a file. The
/// error says what the path is, for a message that names it ("cannot read
/// /dev/zero: it is a character device, not a map file").
pub fn check_io(path: &Path, limit: u64) -> std::io::Result<Option<u64>> {
    let meta = std::fs::metadata(path)?;
    if let Some(what) = not_a_file(meta.file_type()) {
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            format!("it is {what}, not a map file"),
        ));
    }
    match meta.is_dir() {
        true => Ok(None),
        false => within(meta.len(), limit).map(Some),
    }
}

/// `len`, where it is at most `limit`.
fn within(len: u64, limit: u64) -> std::io::Result<u64> {
    match len > limit {
        true => Err(std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            format!("it is {len} bytes, more than the largest file mapscope reads there ({limit} bytes)"),
        )),
        false => Ok(len),
    }
}

/// Reads the file at `path` whole, after [`check_io`]: never more than
/// `limit` bytes, even from a file that grows while it is read.
pub fn read_io(path: &Path, limit: u64) -> std::io::Result<Vec<u8>> {
    let Some(len) = check_io(path, limit)? else {
        return Err(std::io::Error::new(
            std::io::ErrorKind::IsADirectory,
            "it is a folder",
        ));
    };
    let file = std::fs::File::open(path)?;
    let mut bytes = Vec::with_capacity(len as usize);
    file.take(limit + 1).read_to_end(&mut bytes)?;
    within(bytes.len() as u64, limit)?;
    Ok(bytes)
}

/// The path's error as a [`LoadError`] naming it.
fn named(path: &Path) -> impl Fn(std::io::Error) -> LoadError + '_ {
    move |reason| LoadError::Io {
        path: path.display().to_string(),
        reason,
    }
}

/// [`check_io`], its error naming the path.
pub fn check(path: &Path, limit: u64) -> Result<Option<u64>, LoadError> {
    check_io(path, limit).map_err(named(path))
}

/// [`read_io`], its error naming the path.
pub fn read(path: &Path, limit: u64) -> Result<Vec<u8>, LoadError> {
    read_io(path, limit).map_err(named(path))
}

/// [`read`] as text (a sidecar, a script), refusing bytes that are not
/// UTF-8 as `std::fs::read_to_string` does.
pub fn read_text(path: &Path, limit: u64) -> Result<String, LoadError> {
    String::from_utf8(read(path, limit)?).map_err(|_| {
        named(path)(std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            "stream did not contain valid UTF-8",
        ))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn devices_and_fifos_are_refused_before_they_are_opened() {
        let err = check(Path::new("/dev/zero"), LARGEST_MAP).unwrap_err();
        assert!(err.to_string().contains("character device"), "{err}");
        let dir = std::env::temp_dir().join(format!("mapscope-fifo-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let fifo = dir.join("map.vxl");
        let name = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
        // SAFETY: a plain libc call on a path string that lives across it.
        assert_eq!(unsafe { libc::mkfifo(name.as_ptr(), 0o600) }, 0);
        // Opening it would wait for a writer forever: refused first.
        let err = read(&fifo, LARGEST_MAP).unwrap_err();
        assert!(err.to_string().contains("FIFO"), "{err}");
        let big = dir.join("big.vxl");
        std::fs::write(&big, vec![0u8; 100]).unwrap();
        let err = read(&big, 99).unwrap_err();
        assert!(err.to_string().contains("100 bytes, more than"), "{err}");
        assert_eq!(read(&big, 100).unwrap().len(), 100);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
