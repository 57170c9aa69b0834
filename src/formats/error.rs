//! Errors of the decoders and writers. Every decode error names the format, the
//! field and the byte offset, in words a map maker understands.

pub use crate::format::Format;

/// A file that is not what its decoder expects, with the place where that shows.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{format} {field} at byte {offset}: {problem}")]
pub struct DecodeError {
    pub format: Format,
    /// The field, with its context, e.g. "column (12, 300) span 2 E".
    pub field: String,
    pub offset: u64,
    pub problem: String,
}

impl DecodeError {
    pub fn new(
        format: Format,
        field: impl Into<String>,
        offset: usize,
        problem: impl Into<String>,
    ) -> Self {
        DecodeError {
            format,
            field: field.into(),
            offset: offset as u64,
            problem: problem.into(),
        }
    }
}

/// Why a map could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// Transparent: the decoder's message is said once in an error chain.
    #[error(transparent)]
    Decode(#[from] DecodeError),
    /// A file with a known, non-map format, refused by name.
    #[error("{what}, not a map (byte 0: {signature})")]
    NotAMap {
        what: &'static str,
        signature: String,
    },
    /// No decoder recognised the file; lists what was tried and why each refused.
    #[error("unknown file format at byte 0; tried: {}", .tried.iter().map(|(f, why)| format!("{f} ({why})")).collect::<Vec<_>>().join("; "))]
    Unknown { tried: Vec<(Format, String)> },
    /// A folder that is not a Warcraft III map folder (it has no terrain,
    /// `war3map.w3e`); it may hold maps of its own.
    #[error("{path} is a folder, and not a Warcraft III map folder (it has no war3map.w3e){}", if *.maps > 0 { format!("; it holds {} files that look like maps: open one of them, or draw them all with `mapscope gallery {path} -o OUT`", .maps) } else { String::new() })]
    NotAMapFolder { path: String, maps: usize },
    /// The message carries the OS's reason; it is not also a `source`, so
    /// an error chain does not say it twice.
    #[error("cannot read {path}: {reason}")]
    Io {
        path: String,
        reason: std::io::Error,
    },
}

/// Why a map could not be written in the asked format.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("cannot write {format}: {problem}")]
pub struct EncodeError {
    pub format: Format,
    pub problem: String,
}

impl EncodeError {
    pub fn new(format: Format, problem: impl Into<String>) -> Self {
        EncodeError {
            format,
            problem: problem.into(),
        }
    }
}
