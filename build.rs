//! Link options for the `mapscope` binary.
//!
//! On glibc 2.36 and later, relative relocations are packed (DT_RELR): the
//! loader reads a few KiB at start-up instead of 450 KiB of `.rela.dyn`,
//! which every command held resident (`--help`: 4.9 MB resident against
//! 5.5). The linker makes such a binary need glibc 2.36's
//! DT_RELR support, so it is asked for only where the C library building it
//! has it; elsewhere the binary is linked as before.

use std::process::Command;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let var = |name: &str| std::env::var(name).unwrap_or_default();
    let native = var("TARGET") == var("HOST");
    if var("CARGO_CFG_TARGET_OS") == "linux"
        && var("CARGO_CFG_TARGET_ENV") == "gnu"
        && native
        && glibc_version().is_some_and(|v| v >= (2, 36))
    {
        println!("cargo:rustc-link-arg-bins=-Wl,-z,pack-relative-relocs");
    }
}

/// The glibc version `ldd --version` names on its first line ("ldd (Debian
/// GLIBC 2.36-9) 2.36").
fn glibc_version() -> Option<(u32, u32)> {
    let out = Command::new("ldd").arg("--version").output().ok()?;
    let text = String::from_utf8(out.stdout).ok()?;
    let last = text.lines().next()?.split_whitespace().last()?;
    let (major, minor) = last.split_once('.')?;
    Some((major.parse().ok()?, minor.parse().ok()?))
}
