//! Whether a picture fits the device drawing it: a side no longer than the
//! largest texture, and a read-back buffer no larger than the largest
//! buffer. A picture beyond them is refused with the limit named, before
//! wgpu would panic on it.

/// Why a picture cannot be had.
#[derive(Debug, thiserror::Error)]
pub enum PictureError {
    #[error(
        "a {width} x {height} picture is larger than this GPU allows: {what} is at most {most}"
    )]
    TooLarge {
        width: u32,
        height: u32,
        what: &'static str,
        most: u64,
    },
    #[error("a {width} x {height} picture has no pixels")]
    Empty { width: u32, height: u32 },
    #[error("the GPU did not give the picture back: {0}")]
    ReadBack(String),
}

/// Bytes a row of `width` RGBA pixels takes in a read-back buffer, whose
/// rows must be 256-byte aligned.
pub fn padded_row(width: u32) -> u64 {
    let row = width as u64 * 4;
    let align = wgpu::COPY_BYTES_PER_ROW_ALIGNMENT as u64;
    row.div_ceil(align) * align
}

/// Whether a `width x height` picture fits a device with `limits`.
pub fn check(limits: &wgpu::Limits, width: u32, height: u32) -> Result<(), PictureError> {
    if width == 0 || height == 0 {
        return Err(PictureError::Empty { width, height });
    }
    let too_large = |what, most| PictureError::TooLarge {
        width,
        height,
        what,
        most,
    };
    let side = limits.max_texture_dimension_2d;
    if width > side || height > side {
        return Err(too_large("a side", side as u64));
    }
    let buffer = padded_row(width) * height as u64;
    if buffer > limits.max_buffer_size {
        return Err(too_large(
            "the read-back buffer, in bytes,",
            limits.max_buffer_size,
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pictures_beyond_the_limits_are_refused_naming_the_limit() {
        let low = wgpu::Limits::downlevel_defaults();
        assert!(check(&low, 1280, 720).is_ok());
        let e = check(&low, 4096, 100).unwrap_err().to_string();
        assert!(e.contains("a side is at most 2048"), "{e}");
        let small_buffers = wgpu::Limits {
            max_buffer_size: 1 << 20,
            ..wgpu::Limits::default()
        };
        let e = check(&small_buffers, 1024, 1024).unwrap_err().to_string();
        assert!(e.contains("read-back buffer"), "{e}");
        assert!(check(&low, 0, 10).is_err());
    }
}
