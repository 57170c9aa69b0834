//! A unit test's own folder under the system's temporary folder, removed
//! when the test is done with it (the integration tests' `Scratch` does
//! the same for them).

use std::path::PathBuf;

pub(crate) struct TempDir(pub(crate) PathBuf);

impl TempDir {
    /// An empty folder named for `name` and this process.
    pub(crate) fn new(name: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!("mapscope-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }
}

impl std::ops::Deref for TempDir {
    type Target = PathBuf;
    fn deref(&self) -> &PathBuf {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
