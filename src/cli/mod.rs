//! The subcommands of the `mapscope` binary, one a file.

pub mod args;
pub mod bench;
pub mod convert;
pub mod diff;
pub mod export;
pub mod gallery;
pub mod install_desktop;
pub mod render;
pub mod thumbnail;
pub mod walk;
