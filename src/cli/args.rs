//! The command line's own value types and parsers: sizes, views,
//! overlays, the camera and field of view (a bad value is a usage error,
//! exit status 2, as clap reports it).

use mapscope::formats::LoadOptions;
use mapscope::kinds::views::View;

/// `--size`: three numbers for a VXL map, two for a picture.
#[derive(Clone, Copy, Debug)]
pub enum SizeArg {
    Map([u32; 3]),
    Picture([u32; 2]),
}

pub fn parse_size(s: &str) -> Result<SizeArg, String> {
    let nums: Vec<u32> = s
        .split(['x', 'X'])
        .map(|p| p.trim().parse::<u32>())
        .collect::<Result<_, _>>()
        .map_err(|_| format!("{s:?} is not WIDTHxLENGTHxHEIGHT or WIDTHxHEIGHT"))?;
    match nums[..] {
        [w, l, h] if w > 0 && l > 0 && h > 0 => Ok(SizeArg::Map([w, l, h])),
        [w, h] if (1..=16384).contains(&w) && (1..=16384).contains(&h) => {
            Ok(SizeArg::Picture([w, h]))
        }
        _ => Err(format!(
            "{s:?} is neither WIDTHxLENGTHxHEIGHT (a map) nor WIDTHxHEIGHT (a picture, 1 to 16384 each)"
        )),
    }
}

/// `--view`: a named view (a bad name is a usage error, exit status 2).
pub fn parse_view(s: &str) -> Result<View, String> {
    View::from_name(s).ok_or_else(|| format!("unknown view {s:?}; use {}", View::NAMES.join(", ")))
}

/// `diff --view`: the views that show a whole map.
pub fn parse_diff_view(s: &str) -> Result<View, String> {
    match View::from_name(s) {
        Some(v @ (View::Top | View::Overview | View::Minimap)) => Ok(v),
        _ => Err(format!(
            "unknown view {s:?} for a diff picture; use top, overview or minimap"
        )),
    }
}

/// One name of `--overlay`.
pub fn parse_overlay(s: &str) -> Result<String, String> {
    let names = mapscope::mesh::terrain::Overlays::NAMES;
    if names.contains(&s) {
        Ok(s.to_string())
    } else {
        Err(format!("unknown overlay {s:?}; use {}", names.join(", ")))
    }
}

/// `--size` where only a map's size makes sense.
pub fn parse_map_size(s: &str) -> Result<[u32; 3], String> {
    match parse_size(s)? {
        SizeArg::Map(m) => Ok(m),
        SizeArg::Picture(_) => Err(format!(
            "{s:?} is a picture's size; this command takes a map's WIDTHxLENGTHxHEIGHT"
        )),
    }
}

pub fn parse_fov(s: &str) -> Result<f32, String> {
    match s.trim().parse::<f32>() {
        Ok(v) if (1.0..=179.0).contains(&v) => Ok(v),
        _ => Err(format!(
            "{s:?} is not a field of view from 1 to 179 degrees"
        )),
    }
}

pub fn parse_camera(s: &str) -> Result<[f32; 5], String> {
    let nums: Vec<f32> = s
        .split(',')
        .map(|p| p.trim().parse::<f32>())
        .collect::<Result<_, _>>()
        .map_err(|_| format!("{s:?} is not x,y,z,yaw,pitch"))?;
    nums.try_into()
        .map_err(|_| format!("{s:?} is not five numbers x,y,z,yaw,pitch"))
}

/// The last `--size WxLxH` given: a VXL map's size.
pub fn load_options(sizes: &[SizeArg]) -> LoadOptions {
    LoadOptions {
        vxl_size: sizes.iter().rev().find_map(|s| match s {
            SizeArg::Map(m) => Some(*m),
            SizeArg::Picture(_) => None,
        }),
        ..Default::default()
    }
}

/// The last `--size WxH` given: a picture's size.
pub fn picture_size(sizes: &[SizeArg]) -> Option<[u32; 2]> {
    sizes.iter().rev().find_map(|s| match s {
        SizeArg::Picture(p) => Some(*p),
        SizeArg::Map(_) => None,
    })
}
