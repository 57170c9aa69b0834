//! The mesher built for more than one instruction set, the best one the
//! CPU has chosen at run time.
//!
//! The mesher is bit work: counting trailing zeros, clearing the lowest
//! bit, shifting by a variable, population counts. x86-64's baseline does
//! these the long way (`bsf` and a check for zero, an AND with the value
//! less one, shifts whose count must sit in `cl`, population counts by
//! arithmetic), while x86-64-v3 (BMI1, BMI2, LZCNT, POPCNT and AVX2: Intel
//! CPUs from 2013 on, AMD from 2015) has an instruction for each. A second
//! copy of the whole mesher is compiled for v3 and chosen when the CPU has
//! it; both give the same meshes (tested below).
//!
//! Where SSE2 takes two 64-bit masks at once, the v3 copy takes four with
//! AVX2 ([`Lanes`]): the first pass over a row and a row's tops
//! (`tops_four`), four columns at a time, a band's or a layer's words
//! likewise (`tall`), and a face's AO ring, four masks a register. The
//! instructions above made v3 2-7 % faster than the baseline (the most on
//! tall maps), and the wider lanes 10-20 % faster again (measured on a
//! Sapphire Rapids Xeon). No third copy for AVX-512: the v3 copy compiled
//! with it too meshed make_tall's maps no faster on Zen 5 (0-3 % slower,
//! `mesh_timing`), its loops being bit work on one or four words.

use super::ring_bits::{Ring, RingBits};
use super::Work;

/// What one build's code works with, where the builds differ: how many
/// columns the first pass over a row takes at a time, and how a face's AO
/// ring is held.
pub(super) trait Lanes {
    /// The first pass (`row_scan`) takes four columns at a time (AVX2).
    const FOUR_COLUMNS: bool;
    type Ring: RingBits;
}

/// Any CPU of the target: SSE2 on x86-64, two 64-bit lanes.
pub(super) struct BaselineLanes;

impl Lanes for BaselineLanes {
    const FOUR_COLUMNS: bool = false;
    type Ring = Ring;
}

/// x86-64-v3: AVX2, four 64-bit lanes. Only `run_v3` uses it.
#[cfg(target_arch = "x86_64")]
pub(super) struct V3Lanes;

#[cfg(target_arch = "x86_64")]
impl Lanes for V3Lanes {
    const FOUR_COLUMNS: bool = true;
    type Ring = super::ring_bits::Ring4;
}

/// Which build of the mesher runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Isa {
    /// Any CPU of the target.
    Baseline,
    /// x86-64-v3.
    #[cfg(target_arch = "x86_64")]
    V3,
}

impl Isa {
    /// The best build this CPU runs.
    pub(crate) fn detected() -> Isa {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::is_x86_feature_detected as has;
            if has!("avx2") && has!("bmi1") && has!("bmi2") && has!("lzcnt") && has!("popcnt") {
                return Isa::V3;
            }
        }
        Isa::Baseline
    }

    /// The build's name, as `mapscope bench` prints it.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Isa::Baseline => "baseline",
            #[cfg(target_arch = "x86_64")]
            Isa::V3 => "x86-64-v3",
        }
    }

    /// Runs `work` in this build.
    pub(super) fn run(self, work: &mut Work<'_>) {
        match self {
            Isa::Baseline => work.run::<BaselineLanes>(),
            // SAFETY: `V3` is only chosen (`detected`) where the CPU has
            // every feature `run_v3` is compiled for.
            #[cfg(target_arch = "x86_64")]
            Isa::V3 => unsafe { run_v3(work) },
        }
    }
}

/// [`Work::run`], compiled for x86-64-v3.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
unsafe fn run_v3(work: &mut Work<'_>) {
    work.run::<V3Lanes>()
}

#[cfg(test)]
mod tests {
    use super::Isa;
    use crate::mesh::voxel::Scratch;
    use crate::mesh::{face_count, ChunkMesh, MeshOptions};
    use crate::samples::{sunk, tall_voxels, voxlap_demo_voxels};
    use crate::store::voxels::VoxelStore;

    fn mesh(store: &VoxelStore, isa: Isa, opts: &MeshOptions) -> Vec<ChunkMesh> {
        let mut scratch = Scratch {
            isa,
            ..Default::default()
        };
        let mut out = Vec::new();
        for cy in 0..store.chunks_y() {
            scratch.mesh_segment(store, cy, 0..store.chunks_x(), opts, &mut out);
        }
        out
    }

    /// The v3 build meshes as the baseline does, face for face, through
    /// both paths (one word, and bands and layers for deep maps), shaded
    /// and not. (The reference mesher's comparisons run whichever build
    /// the CPU picks; this ties the other to it.)
    #[test]
    fn every_build_gives_the_same_meshes() {
        let best = Isa::detected();
        if best == Isa::Baseline {
            eprintln!("this CPU runs the baseline build alone: nothing to compare it with");
            return;
        }
        let shallow = tall_voxels(96, 64);
        let maps = [
            ("tall 96x96x240", tall_voxels(96, 240)),
            ("tall 64x64x256", tall_voxels(64, 256)),
            ("96x96x64 sunk to 200", sunk(&shallow, 200)),
            ("demo-like 96x96x256", voxlap_demo_voxels(96, 256)),
            ("demo-like 96x96x64", voxlap_demo_voxels(96, 64)),
            ("96x96x64", shallow),
        ];
        for (name, store) in &maps {
            for shade in [false, true] {
                let opts = MeshOptions {
                    fourth_byte_shade: shade,
                };
                let base = mesh(store, Isa::Baseline, &opts);
                assert!(face_count(&base) > 10_000, "{name}: too few faces to tell");
                assert!(
                    base == mesh(store, best, &opts),
                    "{name} (shade {shade}): the builds' meshes differ"
                );
            }
        }
    }
}
