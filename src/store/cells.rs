//! The ALW cell grid with lights and entities. (Being written: see formats/alw.rs.)

#[derive(Debug, Clone, PartialEq, Default)]
pub struct AlwWorld {
    pub width: u32,
    pub height: u32,
}

impl AlwWorld {
    /// `[width, height]` in cells.
    pub fn dims(&self) -> [u32; 2] {
        [self.width, self.height]
    }

    /// The format-specific keys of `mapscope info --json`.
    pub fn summary_json(&self) -> serde_json::Map<String, serde_json::Value> {
        serde_json::Map::new()
    }

    /// Lines of the readable `mapscope info` summary: (label, value).
    pub fn summary_lines(&self) -> Vec<(String, String)> {
        Vec::new()
    }
}
