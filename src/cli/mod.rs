//! The subcommands of the `mapscope` binary, one a file.

pub mod analyze;
pub mod args;
pub mod bench;
pub mod convert;
pub mod diff;
pub mod export;
pub mod gallery;
pub mod install_desktop;
pub mod render;
pub mod replay;
pub mod replays;
pub mod thumbnail;
pub mod top_view;
pub mod walk;

use mapscope::formats::{self, LoadOptions};
use mapscope::store::Map;
use std::path::{Path, PathBuf};

/// A mistake in the arguments found after parsing (an output that exists
/// without `--force`): exit status 2, as clap's own mistakes.
#[derive(Debug, thiserror::Error)]
#[error("{} exists; {}", path.display(), self.hint())]
pub struct Exists {
    pub path: PathBuf,
    /// Whether the command has `--force` (the viewer's `--screenshot` has
    /// none).
    pub forcible: bool,
}

impl Exists {
    fn hint(&self) -> &'static str {
        match self.forcible {
            true => "add --force to replace it",
            false => "it is not replaced: remove it or name another file",
        }
    }
}

/// Any other mistake in the arguments found after parsing (an output
/// whose name tells no format, an unknown `--format`): exit status 2.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct Usage(pub String);

/// Whether `e` is a mistake in the arguments (exit status 2, as clap's
/// own) rather than a failure to do what they ask (1), as README says.
pub fn is_usage(e: &anyhow::Error) -> bool {
    use mapscope::export::ExportError;
    use mapscope::render::limits::PictureError;
    e.chain().any(|cause| {
        cause.is::<Exists>()
            || cause.is::<Usage>()
            || matches!(
                cause.downcast_ref::<ExportError>(),
                Some(ExportError::Exists { .. } | ExportError::UnknownFormat { .. })
            )
            || matches!(
                cause.downcast_ref::<PictureError>(),
                Some(PictureError::TooLarge { .. })
            )
    })
}

/// Refuses to write over `output` unless `force`.
pub fn refuse_existing(output: &Path, force: bool) -> Result<(), Exists> {
    match output.exists() && !force {
        true => Err(Exists {
            path: output.to_path_buf(),
            forcible: true,
        }),
        false => Ok(()),
    }
}

/// Loads `file`; an error names it as `diff` does ("cannot open FILE:
/// why"), where the error does not name it already.
pub fn open(file: &Path, load: &LoadOptions) -> anyhow::Result<Map> {
    use formats::LoadError;
    formats::load_path(file, load).map_err(|e| match e {
        LoadError::Io { .. } | LoadError::NotAMapFolder { .. } => anyhow::Error::new(e),
        e => anyhow::anyhow!("cannot open {}: {e}", file.display()),
    })
}

/// A reader that stops reading (`mapscope info MAP | head`) ends the
/// program quietly, as it ends other command-line tools, rather than with
/// a panic at the next line printed: the signal's default action, which
/// Rust's runtime replaces with "ignore".
pub fn quiet_broken_pipe() {
    #[cfg(unix)]
    // SAFETY: sets this process's action for one signal before any thread
    // starts; nothing else here handles SIGPIPE.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}
