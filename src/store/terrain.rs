//! The W3E tilepoint grid. (Being written: see formats/w3e.rs.)

#[derive(Debug, Clone, PartialEq, Default)]
pub struct W3eTerrain {
    pub width: u32,
    pub height: u32,
}

impl W3eTerrain {
    /// `[width, height]` in tilepoints.
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
