//! Sidecar metadata next to a map. (Being written.)
use crate::store::Map;
use std::path::Path;

#[derive(Debug, Default)]
pub struct Sidecars {
    pub map_size: Option<[u32; 3]>,
}
impl Sidecars {
    pub fn apply(self, _map: &mut Map) {}
}
pub fn read_beside(_path: &Path) -> Sidecars {
    Sidecars::default()
}
