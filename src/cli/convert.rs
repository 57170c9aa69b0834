//! `mapscope convert`: a map written in another format.

use super::{refuse_existing, Usage};
use anyhow::{Context, Result};
use mapscope::formats::{self, Format, LoadOptions};
use std::path::Path;

/// Writes `input` as `format` (or the format `output`'s extension names).
pub fn convert(
    input: &Path,
    output: &Path,
    format: Option<&str>,
    force: bool,
    options: &LoadOptions,
) -> Result<()> {
    let format = match format {
        Some(f) => Format::from_id(f).ok_or_else(|| {
            Usage(format!(
                "unknown format {f:?}; use aos-vxl, voxlap-vxl, vmf, alw or w3e"
            ))
        })?,
        None => output
            .extension()
            .and_then(|e| e.to_str())
            .and_then(Format::from_extension)
            .ok_or_else(|| {
                Usage(format!(
                    "cannot tell the format from {}; give --format",
                    output.display()
                ))
            })?,
    };
    refuse_existing(output, force)?;
    let map = formats::load_path(input, options)?;
    let bytes = mapscope::kinds::encode(&map, format)?;
    std::fs::write(output, &bytes).with_context(|| format!("cannot write {}", output.display()))?;
    println!(
        "wrote {} ({}, {} bytes)",
        output.display(),
        format.label(),
        bytes.len()
    );
    Ok(())
}
