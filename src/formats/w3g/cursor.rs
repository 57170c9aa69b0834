//! A bounds-checked little-endian cursor over a replay's file or inflated
//! data. A read past the end is a [`ReplayError`] naming the field and the
//! offset where it started.

use super::error::{Place, ReplayError};
use crate::formats::reader::short_of;

pub struct Cursor<'a> {
    data: &'a [u8],
    pos: usize,
    place: Place,
}

impl<'a> Cursor<'a> {
    pub fn new(data: &'a [u8], place: Place) -> Self {
        Cursor {
            data,
            pos: 0,
            place,
        }
    }

    /// A cursor over `data[start..end]` whose offsets still count from the
    /// start of `data` (a command block inside a time slot).
    pub fn window(data: &'a [u8], start: usize, end: usize, place: Place) -> Self {
        Cursor {
            data: &data[..end.min(data.len())],
            pos: start.min(end).min(data.len()),
            place,
        }
    }

    /// The bytes this cursor reads (up to its window's end).
    pub fn data(&self) -> &'a [u8] {
        self.data
    }

    pub fn pos(&self) -> usize {
        self.pos
    }

    pub fn set_pos(&mut self, pos: usize) {
        self.pos = pos.min(self.data.len());
    }

    pub fn remaining(&self) -> usize {
        self.data.len() - self.pos
    }

    pub fn at_end(&self) -> bool {
        self.pos >= self.data.len()
    }

    pub fn peek(&self) -> Option<u8> {
        self.data.get(self.pos).copied()
    }

    pub fn error(&self, field: impl Into<String>, problem: impl Into<String>) -> ReplayError {
        ReplayError::new(self.place, field, self.pos, problem)
    }

    pub fn error_at(
        &self,
        offset: usize,
        field: impl Into<String>,
        problem: impl Into<String>,
    ) -> ReplayError {
        ReplayError::new(self.place, field, offset, problem)
    }

    pub fn bytes(&mut self, n: usize, field: &str) -> Result<&'a [u8], ReplayError> {
        if n > self.remaining() {
            let problem = match self.place {
                Place::File => short_of(n, self.remaining(), self.data.len()),
                Place::Data => format!(
                    "needs {n} bytes, but only {} are left before byte {}",
                    self.remaining(),
                    self.data.len()
                ),
            };
            return Err(self.error(field, problem));
        }
        let s = &self.data[self.pos..self.pos + n];
        self.pos += n;
        Ok(s)
    }

    pub fn skip(&mut self, n: usize, field: &str) -> Result<(), ReplayError> {
        self.bytes(n, field).map(drop)
    }

    fn array<const N: usize>(&mut self, field: &str) -> Result<[u8; N], ReplayError> {
        let mut out = [0u8; N];
        out.copy_from_slice(self.bytes(N, field)?);
        Ok(out)
    }

    pub fn u8(&mut self, field: &str) -> Result<u8, ReplayError> {
        Ok(self.array::<1>(field)?[0])
    }

    pub fn u16(&mut self, field: &str) -> Result<u16, ReplayError> {
        Ok(u16::from_le_bytes(self.array(field)?))
    }

    pub fn u32(&mut self, field: &str) -> Result<u32, ReplayError> {
        Ok(u32::from_le_bytes(self.array(field)?))
    }

    pub fn f32(&mut self, field: &str) -> Result<f32, ReplayError> {
        Ok(f32::from_le_bytes(self.array(field)?))
    }

    /// A NUL-terminated string's bytes, without the NUL.
    pub fn c_bytes(&mut self, field: &str) -> Result<&'a [u8], ReplayError> {
        let rest = &self.data[self.pos..];
        match rest.iter().position(|&b| b == 0) {
            Some(n) => {
                self.pos += n + 1;
                Ok(&rest[..n])
            }
            None => Err(self.error(
                field,
                format!(
                    "the string has no terminating NUL before the end ({} bytes on)",
                    rest.len()
                ),
            )),
        }
    }

    /// A NUL-terminated string, read as UTF-8 (bad sequences replaced:
    /// names are shown, never parsed further).
    pub fn c_string(&mut self, field: &str) -> Result<String, ReplayError> {
        Ok(String::from_utf8_lossy(self.c_bytes(field)?).into_owned())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_past_the_end_name_the_field_and_offset() {
        let mut c = Cursor::new(&[1, 2, 3], Place::Data);
        assert_eq!(c.u16("a").unwrap(), 0x0201);
        let e = c.u32("seed").unwrap_err();
        assert_eq!((e.offset, e.field.as_str()), (2, "seed"));
        assert!(e
            .to_string()
            .starts_with("W3G seed at byte 2 of the inflated data"));
    }

    #[test]
    fn strings_need_their_nul() {
        let mut c = Cursor::new(b"ab\0cd", Place::File);
        assert_eq!(c.c_string("s").unwrap(), "ab");
        assert!(c.c_string("t").is_err());
    }
}
