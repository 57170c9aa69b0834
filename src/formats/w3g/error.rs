//! The replay decoder's error: a replay is not a map, so it has its own type
//! rather than a [`crate::formats::DecodeError`] with a map format in it.

/// Which bytes an offset counts: the file's, or those of the data its
/// blocks inflate to (the game records and actions live there).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    File,
    Data,
}

/// A replay that is not what the decoder expects, with the field and the
/// byte where that shows.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("W3G {field} at byte {offset}{}: {problem}", match .place { Place::File => "", Place::Data => " of the inflated data" })]
pub struct ReplayError {
    /// The field, with its context, e.g. "block 3 compressed size".
    pub field: String,
    pub offset: u64,
    pub place: Place,
    pub problem: String,
}

impl ReplayError {
    pub fn new(
        place: Place,
        field: impl Into<String>,
        offset: usize,
        problem: impl Into<String>,
    ) -> Self {
        ReplayError {
            field: field.into(),
            offset: offset as u64,
            place,
            problem: problem.into(),
        }
    }

    /// The same error said as a warning (a damaged record the decoder
    /// stops at, keeping what came before).
    pub fn as_warning(&self) -> String {
        self.to_string()
    }
}

/// Warnings, at most [`Warnings::LIMIT`] kept: a damaged file could
/// otherwise raise one for every command block.
#[derive(Debug, Default)]
pub struct Warnings {
    kept: Vec<String>,
    dropped: usize,
}

impl Warnings {
    pub const LIMIT: usize = 100;

    pub fn push(&mut self, warning: String) {
        if self.kept.len() < Self::LIMIT {
            self.kept.push(warning);
        } else {
            self.dropped += 1;
        }
    }

    pub fn error(&mut self, e: &ReplayError) {
        self.push(e.as_warning());
    }

    /// How many were raised, kept or not.
    pub fn len(&self) -> usize {
        self.kept.len() + self.dropped
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Adds `other`'s after these.
    pub fn extend(&mut self, other: Warnings) {
        for w in other.kept {
            self.push(w);
        }
        self.dropped += other.dropped;
    }

    pub fn finish(mut self) -> Vec<String> {
        if self.dropped > 0 {
            self.kept
                .push(format!("W3G: {} more warnings not kept", self.dropped));
        }
        self.kept
    }
}
