//! A bounds-checked little-endian cursor. Every read that would run past the end
//! becomes a [`DecodeError`] naming the field and the offset where it started.

use super::error::{DecodeError, Format};

pub struct Reader<'a> {
    data: &'a [u8],
    pos: usize,
    format: Format,
}

impl<'a> Reader<'a> {
    pub fn new(data: &'a [u8], format: Format) -> Self {
        Reader {
            data,
            pos: 0,
            format,
        }
    }

    pub fn pos(&self) -> usize {
        self.pos
    }

    pub fn len(&self) -> usize {
        self.data.len()
    }

    pub fn is_empty(&self) -> bool {
        self.data.is_empty()
    }

    pub fn remaining(&self) -> usize {
        self.data.len() - self.pos
    }

    pub fn format(&self) -> Format {
        self.format
    }

    /// An error at the current position.
    pub fn error(&self, field: impl Into<String>, problem: impl Into<String>) -> DecodeError {
        DecodeError::new(self.format, field, self.pos, problem)
    }

    /// An error at a given position.
    pub fn error_at(
        &self,
        offset: usize,
        field: impl Into<String>,
        problem: impl Into<String>,
    ) -> DecodeError {
        DecodeError::new(self.format, field, offset, problem)
    }

    /// Takes `n` bytes, or fails naming `field` if the file ends first.
    pub fn bytes(&mut self, n: usize, field: &str) -> Result<&'a [u8], DecodeError> {
        if n > self.remaining() {
            return Err(self.error(field, short_of(n, self.remaining(), self.data.len())));
        }
        let s = &self.data[self.pos..self.pos + n];
        self.pos += n;
        Ok(s)
    }

    pub fn array<const N: usize>(&mut self, field: &str) -> Result<[u8; N], DecodeError> {
        let b = self.bytes(N, field)?;
        let mut out = [0u8; N];
        out.copy_from_slice(b);
        Ok(out)
    }

    pub fn u8(&mut self, field: &str) -> Result<u8, DecodeError> {
        Ok(self.array::<1>(field)?[0])
    }

    pub fn i8(&mut self, field: &str) -> Result<i8, DecodeError> {
        Ok(self.u8(field)? as i8)
    }

    pub fn u16(&mut self, field: &str) -> Result<u16, DecodeError> {
        Ok(u16::from_le_bytes(self.array(field)?))
    }

    pub fn u32(&mut self, field: &str) -> Result<u32, DecodeError> {
        Ok(u32::from_le_bytes(self.array(field)?))
    }

    pub fn i32(&mut self, field: &str) -> Result<i32, DecodeError> {
        Ok(i32::from_le_bytes(self.array(field)?))
    }

    pub fn f32(&mut self, field: &str) -> Result<f32, DecodeError> {
        Ok(f32::from_le_bytes(self.array(field)?))
    }

    pub fn f64(&mut self, field: &str) -> Result<f64, DecodeError> {
        Ok(f64::from_le_bytes(self.array(field)?))
    }

    /// Checks that `count` records of `size` bytes fit in what is left, before the
    /// caller allocates anything for them. Uses checked arithmetic, so a header
    /// declaring 2^31 records fails here rather than in the allocator.
    pub fn check_fits(&self, count: u64, size: u64, field: &str) -> Result<(), DecodeError> {
        match count.checked_mul(size) {
            Some(total) if total <= self.remaining() as u64 => Ok(()),
            Some(total) => Err(self.error(
                field,
                format!(
                    "declares {count} records of {size} bytes ({total} bytes), but only {} bytes are left",
                    self.remaining()
                ),
            )),
            None => Err(self.error(
                field,
                format!("declares {count} records of {size} bytes, which overflows"),
            )),
        }
    }
}

/// Little-endian appends for the writers.
pub trait PutLe {
    fn put_u8(&mut self, v: u8);
    fn put_u16(&mut self, v: u16);
    fn put_u32(&mut self, v: u32);
    fn put_i32(&mut self, v: i32);
    fn put_f32(&mut self, v: f32);
    fn put_f64(&mut self, v: f64);
}

impl PutLe for Vec<u8> {
    fn put_u8(&mut self, v: u8) {
        self.push(v);
    }
    fn put_u16(&mut self, v: u16) {
        self.extend_from_slice(&v.to_le_bytes());
    }
    fn put_u32(&mut self, v: u32) {
        self.extend_from_slice(&v.to_le_bytes());
    }
    fn put_i32(&mut self, v: i32) {
        self.extend_from_slice(&v.to_le_bytes());
    }
    fn put_f32(&mut self, v: f32) {
        self.extend_from_slice(&v.to_le_bytes());
    }
    fn put_f64(&mut self, v: f64) {
        self.extend_from_slice(&v.to_le_bytes());
    }
}

/// "needs 4 bytes, but the file ends 1 byte on (it is 12 bytes)": a field
/// the file ends inside of.
pub fn short_of(needs: usize, left: usize, file_len: usize) -> String {
    let bytes = |n: usize| match n {
        1 => "1 byte".to_string(),
        n => format!("{n} bytes"),
    };
    let ends = match left {
        0 => "here".to_string(),
        n => format!("{} on", bytes(n)),
    };
    format!(
        "needs {}, but the file ends {ends} (it is {})",
        bytes(needs),
        bytes(file_len)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_past_end_name_field_and_offset() {
        let mut r = Reader::new(&[1, 2, 3], Format::W3e);
        assert_eq!(r.u16("a").unwrap(), 0x0201);
        let e = r.u32("width").unwrap_err();
        assert_eq!(e.offset, 2);
        assert_eq!(e.field, "width");
        assert!(e.to_string().starts_with("W3E width at byte 2"));
    }

    #[test]
    fn check_fits_refuses_huge_counts_without_overflow() {
        let r = Reader::new(&[0; 16], Format::Alw);
        assert!(r.check_fits(2, 8, "x").is_ok());
        assert!(r.check_fits(3, 8, "x").is_err());
        assert!(r.check_fits(u64::MAX, 8, "x").is_err());
    }

    #[test]
    fn a_short_file_is_described_in_plain_words() {
        assert_eq!(
            short_of(1, 0, 12),
            "needs 1 byte, but the file ends here (it is 12 bytes)"
        );
        assert_eq!(
            short_of(32, 1, 1),
            "needs 32 bytes, but the file ends 1 byte on (it is 1 byte)"
        );
    }
}
