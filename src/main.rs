//! The `mapscope` command line.

use anyhow::{bail, Context, Result};
use clap::{Parser, Subcommand};
use mapscope::formats::{self, Format, LoadOptions};
use std::path::{Path, PathBuf};
use std::time::Instant;

#[derive(Parser)]
#[command(
    name = "mapscope",
    version,
    about = "A fast viewer for classic game maps: AoS/Voxlap VXL, VMF, Alithia ALW, Warcraft III W3E"
)]
#[command(args_conflicts_with_subcommands = true)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    /// The map to open in the viewer (the built-in demo map when left out).
    file: Option<PathBuf>,
    #[command(flatten)]
    load: LoadArgs,
}

#[derive(clap::Args, Clone, Default)]
struct LoadArgs {
    /// VXL size as WIDTHxLENGTHxHEIGHT, e.g. 512x512x64, overriding what the
    /// data and sidecars suggest.
    #[arg(long, value_parser = parse_size, global = true)]
    size: Option<[u32; 3]>,
}

#[derive(Subcommand)]
enum Command {
    /// Print a summary of a map: format, size, metadata, counts, warnings.
    Info {
        file: PathBuf,
        /// Print one JSON object instead.
        #[arg(long)]
        json: bool,
    },
    /// Write a map in another format (chosen by OUT's extension, or --format).
    Convert {
        input: PathBuf,
        output: PathBuf,
        /// aos-vxl, voxlap-vxl, vmf, alw or w3e.
        #[arg(long)]
        format: Option<String>,
        /// Overwrite OUT if it exists.
        #[arg(long)]
        force: bool,
    },
    /// Measure decoding speed and store size for a map file.
    Bench {
        file: PathBuf,
        /// How many times to decode.
        #[arg(long, default_value_t = 20)]
        iterations: u32,
    },
}

fn parse_size(s: &str) -> Result<[u32; 3], String> {
    let parts: Vec<&str> = s.split(['x', 'X']).collect();
    let nums: Vec<u32> = parts
        .iter()
        .map(|p| p.trim().parse::<u32>())
        .collect::<Result<_, _>>()
        .map_err(|_| format!("{s:?} is not WIDTHxLENGTHxHEIGHT"))?;
    match nums[..] {
        [w, l, h] if w > 0 && l > 0 && h > 0 => Ok([w, l, h]),
        _ => Err(format!(
            "{s:?} is not WIDTHxLENGTHxHEIGHT with three positive numbers"
        )),
    }
}

fn main() {
    let cli = Cli::parse();
    if let Err(e) = run(cli) {
        eprintln!("mapscope: {e:#}");
        std::process::exit(1);
    }
}

fn run(cli: Cli) -> Result<()> {
    let options = LoadOptions {
        vxl_size: cli.load.size,
    };
    match cli.command {
        Some(Command::Info { file, json }) => {
            let map = formats::load_path(&file, &options)?;
            if json {
                println!("{}", mapscope::info::summary_json(&map));
            } else {
                print!("{}", mapscope::info::summary_text(&map));
            }
            Ok(())
        }
        Some(Command::Convert {
            input,
            output,
            format,
            force,
        }) => convert(&input, &output, format.as_deref(), force, &options),
        Some(Command::Bench { file, iterations }) => bench(&file, iterations, &options),
        None => {
            let _ = cli.file;
            bail!("the viewer is not built yet; try `mapscope info FILE` or `mapscope --help`")
        }
    }
}

fn convert(
    input: &Path,
    output: &Path,
    format: Option<&str>,
    force: bool,
    options: &LoadOptions,
) -> Result<()> {
    let format = match format {
        Some(f) => Format::from_id(f).with_context(|| {
            format!("unknown format {f:?}; use aos-vxl, voxlap-vxl, vmf, alw or w3e")
        })?,
        None => match output
            .extension()
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase)
            .as_deref()
        {
            Some("vxl") => Format::AosVxl,
            Some("vmf") => Format::Vmf,
            Some("alw") => Format::Alw,
            Some("w3e") => Format::W3e,
            _ => bail!(
                "cannot tell the format from {}; give --format",
                output.display()
            ),
        },
    };
    if output.exists() && !force {
        bail!("{} exists; give --force to overwrite it", output.display());
    }
    let map = formats::load_path(input, options)?;
    let bytes = formats::encode(&map, format)?;
    std::fs::write(output, &bytes).with_context(|| format!("cannot write {}", output.display()))?;
    println!(
        "wrote {} ({}, {} bytes)",
        output.display(),
        format.label(),
        bytes.len()
    );
    Ok(())
}

fn bench(file: &Path, iterations: u32, options: &LoadOptions) -> Result<()> {
    let bytes = std::fs::read(file).with_context(|| format!("cannot read {}", file.display()))?;
    let mut times = Vec::new();
    let mut map = None;
    for _ in 0..iterations.max(1) {
        // Free the last map first, so every decode allocates the same way.
        drop(map.take());
        let t = Instant::now();
        let m = formats::decode(&bytes, options)?;
        times.push(t.elapsed().as_secs_f64());
        map = Some(m);
    }
    times.sort_by(f64::total_cmp);
    let map = map.expect("decoded at least once");
    let median = times[times.len() / 2];
    let mb = bytes.len() as f64 / 1e6;
    println!(
        "file        {} ({} bytes, {})",
        file.display(),
        bytes.len(),
        map.format.label()
    );
    let p90 = times[times.len() * 9 / 10];
    println!(
        "decode      median {:.2} ms, best {:.2} ms, 90th percentile {:.2} ms: {:.0} MB/s median, {:.0} MB/s best (one core)",
        median * 1e3,
        times[0] * 1e3,
        p90 * 1e3,
        mb / median,
        mb / times[0]
    );
    if let Some(v) = map.voxels() {
        let [w, l, d] = v.dims();
        let store = v.heap_bytes() as f64;
        println!(
            "store       {:.2} MiB: {:.3} bytes a voxel, {:.2} bytes a file byte, {:.2} bytes a coloured voxel",
            store / 1048576.0,
            store / (w as f64 * l as f64 * d as f64),
            store / bytes.len() as f64,
            store / v.colored_voxels().max(1) as f64
        );
    }
    Ok(())
}

// mimalloc keeps freed pages for reuse: reloading a map does not fault every
// page in again, which costs more than the decode itself on some machines.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;
