//! Walking a map as a player does: Ace of Spades maps (and other voxel
//! maps) under the servers' own player physics (`player.rs`, over the
//! voxels as the servers see them, `solids.rs`, its faces' questions
//! answered in `faces.rs`), replayed from scripts
//! for `mapscope walk` (`script.rs`) or driven live by the viewer's walk
//! mode.
//!
//! Nothing here knows a file format: `kinds` hands a map's walking to the
//! kind that has one.

pub mod exercise;
pub mod faces;
pub mod ground;
pub mod player;
pub mod script;
pub mod solids;
pub mod spawn;
pub mod walker;

pub use player::{Keys, Landing, Player};
pub use script::{Script, ScriptError};
pub use solids::Solids;
pub use walker::{Footing, Gait, Input, Walker};

/// A map as a player walks it.
pub enum Walking {
    /// A voxel map, under the Ace of Spades servers' physics.
    Voxels(Solids),
    /// A ground (Warcraft III terrain, Alithia cells) at its kind's pace.
    Ground(Box<dyn ground::Ground>, ground::Pace),
}

impl Walking {
    /// A walker standing at (x, y), on the floor nearest below `z` (z
    /// down, the 3D view's coordinates); `None` where nothing can stand.
    pub fn start(self, x: f32, y: f32, z: f32) -> Option<Walker> {
        match self {
            Walking::Voxels(map) => Some(Walker::player(map, x, y, z)),
            Walking::Ground(ground, pace) => Walker::on_ground(ground, pace, x, y, z),
        }
    }

    /// Whether P starts a walk in a team's spawn area, as the Ace of
    /// Spades servers place a player, rather than where the camera looks.
    pub fn starts_in_spawn_areas(&self) -> bool {
        matches!(self, Walking::Voxels(_))
    }

    /// A walker spawned in the area `[min, max)`: where the Ace of Spades
    /// servers would put a player (`pick`: two random numbers, 0..1); on a
    /// ground, the area's middle.
    pub fn spawn(self, min: [f32; 2], max: [f32; 2], pick: [f32; 2]) -> Option<Walker> {
        match self {
            Walking::Voxels(map) => {
                let p = spawn::spawn_point(&map, min, max, pick);
                Some(Walker::spawned(map, p))
            }
            Walking::Ground(..) => {
                let mid = |i: usize| (min[i] + max[i]) / 2.0;
                self.start(mid(0), mid(1), f32::MIN)
            }
        }
    }
}
