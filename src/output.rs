//! Files mapscope writes (pictures, exports): an existing file is never
//! replaced unless the user asked for it.

use std::fs::File;
use std::path::Path;

/// Opens `path` for writing. Without `force` an existing file is left
/// alone and the error's kind is `AlreadyExists`.
pub fn create(path: &Path, force: bool) -> std::io::Result<File> {
    if force {
        File::create(path)
    } else {
        std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(path)
    }
}
