//! The pictures a map carries: `war3mapMap.blp`, the minimap the editor
//! saved (BLP1: a JPEG whose four channels are B, G, R, A with no colour
//! transform, or a 256-colour palette), and `war3mapPreview.tga`.

use crate::formats::error::{DecodeError, Format};
use crate::formats::reader::Reader;
use crate::store::warcraft::Picture;

/// The largest picture side read: maps use 256 (minimaps) to 512.
pub const MAX_SIDE: u32 = 4096;

fn err(file: &str, field: &str, offset: usize, problem: impl Into<String>) -> DecodeError {
    DecodeError::new(Format::W3x, format!("{file} {field}"), offset, problem)
}

/// The file holding a BLP0 picture's largest mipmap: the 2002 beta kept
/// mipmaps beside the picture (`war3mapMap.b00`, `.b01`, ...).
pub fn blp0_mipmap_file(file: &str) -> String {
    let stem = file.strip_suffix(".blp").unwrap_or(file);
    format!("{stem}.b00")
}

/// Reads a BLP1 picture's largest mipmap; a BLP0 one's comes from
/// `external` (see [`blp0_mipmap_file`]).
pub fn decode_blp(bytes: &[u8], file: &str) -> Result<Picture, DecodeError> {
    decode_blp_with(bytes, None, file)
}

/// [`decode_blp`], with a BLP0 picture's largest mipmap.
pub fn decode_blp_with(
    bytes: &[u8],
    external: Option<&[u8]>,
    file: &str,
) -> Result<Picture, DecodeError> {
    let mut r = Reader::new(bytes, Format::W3x);
    let f = |name: &str| format!("{file} {name}");
    let magic = r.array::<4>(&f("magic"))?;
    let beta = match &magic {
        b"BLP1" => false,
        b"BLP0" => true,
        _ => {
            return Err(err(
                file,
                "magic",
                0,
                format!(
                    "{:?} is not BLP1 or BLP0 (Warcraft III's BLP)",
                    String::from_utf8_lossy(&magic)
                ),
            ))
        }
    };
    let content = r.u32(&f("content"))?;
    let alpha_bits = r.u32(&f("alpha bits"))?;
    let (w_at, width) = (r.pos(), r.u32(&f("width"))?);
    let height = r.u32(&f("height"))?;
    if !(1..=MAX_SIDE).contains(&width) || !(1..=MAX_SIDE).contains(&height) {
        return Err(err(
            file,
            "size",
            w_at,
            format!("{width} x {height} is outside 1..={MAX_SIDE} a side"),
        ));
    }
    r.u32(&f("picture type"))?;
    r.u32(&f("mipmaps"))?;
    // BLP1 lists its mipmaps' places; BLP0 keeps them in files beside it.
    let (mip, offset) = if beta {
        let mip = external.ok_or_else(|| {
            let beside = blp0_mipmap_file(file);
            let problem = format!("a BLP0 picture keeps it in {beside}, which is missing");
            err(file, "mipmap 0", 0, problem)
        })?;
        (mip, 0)
    } else {
        let offset = r.u32(&f("mipmap 0 offset"))? as usize;
        r.bytes(15 * 4, &f("mipmap offsets"))?;
        let size = r.u32(&f("mipmap 0 size"))? as usize;
        r.bytes(15 * 4, &f("mipmap sizes"))?;
        let mip = bytes
            .get(offset..offset.saturating_add(size))
            .ok_or_else(|| {
                let problem = format!(
                    "{size} bytes at {offset} run past the end of the {}-byte file",
                    bytes.len()
                );
                err(file, "mipmap 0", offset, problem)
            })?;
        (mip, offset)
    };
    match content {
        0 => {
            let header_len = r.u32(&f("JPEG header size"))? as usize;
            let header = r.bytes(header_len, &f("JPEG header"))?;
            jpeg(
                &[header, mip].concat(),
                width,
                height,
                alpha_bits,
                file,
                offset,
            )
        }
        1 => {
            let palette = r.bytes(256 * 4, &f("palette"))?;
            paletted(palette, mip, width, height, alpha_bits, file, offset)
        }
        n => Err(err(
            file,
            "content",
            4,
            format!("{n} is neither JPEG (0) nor palette (1)"),
        )),
    }
}

fn jpeg(
    data: &[u8],
    width: u32,
    height: u32,
    alpha_bits: u32,
    file: &str,
    offset: usize,
) -> Result<Picture, DecodeError> {
    use zune_jpeg::zune_core::colorspace::ColorSpace;
    use zune_jpeg::zune_core::options::DecoderOptions;
    // Four raw channels: no colour transform (the file has none).
    let options = DecoderOptions::default()
        .set_max_width(MAX_SIDE as usize)
        .set_max_height(MAX_SIDE as usize)
        .jpeg_set_out_colorspace(ColorSpace::CMYK);
    let mut d = zune_jpeg::JpegDecoder::new_with_options(std::io::Cursor::new(data), options);
    let bad = |e: zune_jpeg::errors::DecodeErrors| err(file, "JPEG", offset, e.to_string());
    d.decode_headers().map_err(bad)?;
    let info = d
        .info()
        .ok_or_else(|| err(file, "JPEG", offset, "no picture header"))?;
    let (jw, jh) = (info.width as u32, info.height as u32);
    if (jw, jh) != (width, height) {
        return Err(err(
            file,
            "JPEG",
            offset,
            format!("the JPEG is {jw} x {jh}, the BLP says {width} x {height}"),
        ));
    }
    let channels = d.output_buffer_size().unwrap_or(0) / (jw as usize * jh as usize).max(1);
    let raw = d.decode().map_err(bad)?;
    let mut rgba = Vec::with_capacity((width * height * 4) as usize);
    match channels {
        4 => {
            for px in raw.chunks_exact(4) {
                let a = if alpha_bits == 0 { 255 } else { px[3] };
                rgba.extend_from_slice(&[px[2], px[1], px[0], a]);
            }
        }
        3 => {
            for px in raw.chunks_exact(3) {
                rgba.extend_from_slice(&[px[2], px[1], px[0], 255]);
            }
        }
        n => {
            return Err(err(
                file,
                "JPEG",
                offset,
                format!("{n} channels, not 3 or 4"),
            ));
        }
    }
    Ok(Picture {
        width,
        height,
        rgba,
    })
}

fn paletted(
    palette: &[u8],
    mip: &[u8],
    width: u32,
    height: u32,
    alpha_bits: u32,
    file: &str,
    offset: usize,
) -> Result<Picture, DecodeError> {
    let n = (width * height) as usize;
    let alpha_len = match alpha_bits {
        0 => 0,
        1 => n.div_ceil(8),
        4 => n.div_ceil(2),
        8 => n,
        b => {
            return Err(err(
                file,
                "alpha bits",
                8,
                format!("{b} is not 0, 1, 4 or 8"),
            ))
        }
    };
    if mip.len() < n + alpha_len {
        return Err(err(
            file,
            "mipmap 0",
            offset,
            format!(
                "{} bytes, not the {} a {width} x {height} picture needs",
                mip.len(),
                n + alpha_len
            ),
        ));
    }
    let (indices, alpha) = mip[..n + alpha_len].split_at(n);
    let mut rgba = Vec::with_capacity(n * 4);
    for (i, &index) in indices.iter().enumerate() {
        let c = &palette[index as usize * 4..index as usize * 4 + 4];
        let a = match alpha_bits {
            1 => ((alpha[i / 8] >> (i % 8)) & 1) * 255,
            4 => ((alpha[i / 2] >> ((i % 2) * 4)) & 0xF) * 17,
            8 => alpha[i],
            _ => 255,
        };
        rgba.extend_from_slice(&[c[2], c[1], c[0], a]);
    }
    Ok(Picture {
        width,
        height,
        rgba,
    })
}

/// Reads a TGA picture (the lobby preview).
pub fn decode_tga(bytes: &[u8], file: &str) -> Result<Picture, DecodeError> {
    let mut reader =
        image::ImageReader::with_format(std::io::Cursor::new(bytes), image::ImageFormat::Tga);
    let mut limits = image::Limits::default();
    limits.max_image_width = Some(MAX_SIDE);
    limits.max_image_height = Some(MAX_SIDE);
    limits.max_alloc = Some((MAX_SIDE as u64).pow(2) * 4);
    reader.limits(limits);
    let picture = reader
        .decode()
        .map_err(|e| err(file, "TGA", 0, e.to_string()))?
        .to_rgba8();
    Ok(Picture {
        width: picture.width(),
        height: picture.height(),
        rgba: picture.into_raw(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A BLP1 of the palette kind, 2 x 2, 8-bit alpha.
    fn paletted_blp() -> Vec<u8> {
        let mut b = b"BLP1".to_vec();
        for v in [1u32, 8, 2, 2, 5, 0] {
            b.extend_from_slice(&v.to_le_bytes());
        }
        let mip_at = 156 + 1024;
        let mut offsets = [0u32; 16];
        let mut sizes = [0u32; 16];
        offsets[0] = mip_at as u32;
        sizes[0] = 8;
        for v in offsets.iter().chain(&sizes) {
            b.extend_from_slice(&v.to_le_bytes());
        }
        let mut palette = vec![0u8; 1024];
        palette[4..8].copy_from_slice(&[10, 20, 30, 0]); // B, G, R of colour 1
        b.extend(palette);
        b.extend([1, 0, 1, 0, 255, 0, 128, 64]);
        b
    }

    #[test]
    fn a_paletted_blp_reads_with_its_alpha() {
        let p = decode_blp(&paletted_blp(), "war3mapMap.blp").unwrap();
        assert_eq!((p.width, p.height), (2, 2));
        assert_eq!(&p.rgba[..4], &[30, 20, 10, 255]);
        assert_eq!(&p.rgba[12..], &[0, 0, 0, 64]);
        let mut cut = paletted_blp();
        cut.truncate(cut.len() - 3);
        let e = decode_blp(&cut, "war3mapMap.blp").unwrap_err();
        assert!(e.field.contains("war3mapMap.blp mipmap 0"), "{e}");
        let mut huge = paletted_blp();
        huge[12..16].copy_from_slice(&100_000u32.to_le_bytes());
        assert!(decode_blp(&huge, "m")
            .unwrap_err()
            .problem
            .contains("outside"));
    }

    #[test]
    fn the_corpus_minimap_is_a_picture_of_the_map() {
        let Some(corpus) = crate::test_corpus::corpus_dir() else {
            return;
        };
        let bytes = std::fs::read(corpus.join("w3x/folder/map.w3x/war3mapMap.blp")).unwrap();
        let p = decode_blp(&bytes, "war3mapMap.blp").unwrap();
        assert_eq!((p.width, p.height), (256, 256));
        // Not one flat colour, and opaque.
        let first = &p.rgba[..3];
        let differ = p.rgba.chunks(4).filter(|px| &px[..3] != first).count();
        assert!(differ > 256 * 256 / 4, "{differ}");
        assert!(p.rgba.chunks(4).all(|px| px[3] == 255));
    }

    #[test]
    fn a_tga_reads() {
        // 2 x 1, 24-bit, uncompressed, bottom-up: blue then red.
        let mut t = vec![0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 1, 0, 24, 0];
        t.extend([255, 0, 0, 0, 0, 255]);
        let p = decode_tga(&t, "war3mapPreview.tga").unwrap();
        assert_eq!(p.rgba, [0, 0, 255, 255, 255, 0, 0, 255]);
        assert!(decode_tga(&t[..10], "war3mapPreview.tga").is_err());
    }
}
