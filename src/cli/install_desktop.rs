//! `mapscope install-desktop [--user | --prefix DIR] [--uninstall]`: see
//! [`mapscope::desktop::install`].

use anyhow::{Context, Result};
use mapscope::desktop::install::{self, Target};
use std::path::PathBuf;

/// Installs (or removes) the desktop files for this binary, under the
/// user's data directory or `prefix`'s, printing what it did.
pub fn install_desktop(prefix: Option<PathBuf>, uninstall: bool) -> Result<()> {
    let target = prefix.map_or(Target::User, Target::Prefix);
    let data = target.data_dir().map_err(anyhow::Error::msg)?;
    let done = if uninstall {
        install::uninstall(&data)
    } else {
        // The entries name this binary by its path: file managers do not
        // search the PATH of the shell that ran cargo install.
        let exe = std::env::current_exe()
            .and_then(|p| p.canonicalize())
            .context("cannot find the path of the mapscope binary")?;
        install::install(&data, &exe)
    }
    .map_err(anyhow::Error::msg)?;
    for line in done {
        println!("{line}");
    }
    Ok(())
}
