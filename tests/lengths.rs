//! Lengths: for every format, a zero-length file, the file cut at every byte
//! of its header, and a header declaring 2^31 of something. Each must be
//! refused with an error naming the field and the byte offset, without a
//! large allocation. `cargo test --test lengths -- --nocapture` prints the
//! table.

use mapscope::formats::{self, Format, LoadOptions};
use mapscope::store::cells::AlwLayout;
use mapscope::store::terrain::W3eTerrain;
use mapscope::store::voxels::{FourthByte, Slab, VoxelStore};
use mapscope::store::{Content, Map, Metadata};
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

struct Counting;
static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, l: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(l) };
        PEAK.fetch_max(LIVE.fetch_add(l.size(), Relaxed) + l.size(), Relaxed);
        p
    }
    unsafe fn alloc_zeroed(&self, l: Layout) -> *mut u8 {
        let p = unsafe { System.alloc_zeroed(l) };
        PEAK.fetch_max(LIVE.fetch_add(l.size(), Relaxed) + l.size(), Relaxed);
        p
    }
    unsafe fn dealloc(&self, p: *mut u8, l: Layout) {
        unsafe { System.dealloc(p, l) };
        LIVE.fetch_sub(l.size(), Relaxed);
    }
    unsafe fn realloc(&self, p: *mut u8, l: Layout, n: usize) -> *mut u8 {
        let q = unsafe { System.realloc(p, l, n) };
        PEAK.fetch_max(LIVE.fetch_add(n, Relaxed) + n, Relaxed);
        LIVE.fetch_sub(l.size(), Relaxed);
        q
    }
}

#[global_allocator]
static COUNTING: Counting = Counting;

fn voxels(w: u32, l: u32, d: u32) -> VoxelStore {
    let mut s = VoxelStore::new(w, l, d, FourthByte::Shade);
    for i in 0..w * l {
        s.push_slab(Slab {
            top: (d / 2) as u16,
            top_len: 1,
            bottom: d as u16,
            bottom_len: 0,
        });
        s.push_colors([0x8000_0000 | i]);
        s.end_column();
    }
    s.finish();
    s
}

fn file(format: Format) -> Vec<u8> {
    let content = match format {
        Format::Alw => Content::Cells(mapscope::samples::alw_room(6, 5, AlwLayout::Engine)),
        Format::W3e => Content::Terrain(W3eTerrain::flat(9, 7, 12)),
        _ => Content::Voxels(voxels(4, 4, 64)),
    };
    let map = Map {
        format,
        meta: Metadata::default(),
        content,
    };
    mapscope::kinds::encode(&map, format).unwrap()
}

/// Decodes under the allocation counter: the error text (or, when the bytes
/// decode, the format they were read as) and the bytes allocated at the peak.
fn attempt(bytes: &[u8]) -> (Result<Format, String>, usize) {
    let base = LIVE.load(Relaxed);
    PEAK.store(base, Relaxed);
    let result = formats::decode(bytes, &LoadOptions::default());
    let used = PEAK.load(Relaxed) - base;
    (result.map(|m| m.format).map_err(|e| e.to_string()), used)
}

#[test]
fn zero_length_cut_headers_and_huge_counts_are_refused() {
    // (format, header length, where a 32-bit count or size sits)
    let cases = [
        (Format::AosVxl, 4, vec![]),
        (Format::VoxlapVxl, 108, vec![4, 8]),
        (Format::Vmf, 91, vec![65, 69]),
        (Format::Alw, 64, (4..64).step_by(4).collect::<Vec<_>>()),
        (Format::W3e, 64, (9..64).step_by(4).collect::<Vec<_>>()),
    ];
    println!("| format | zero-length | cut inside the header | 2^31 declared |");
    println!("|---|---|---|---|");
    for (format, header, counts) in cases {
        let full = file(format);
        let (zero, _) = attempt(&[]);
        let zero = zero.expect_err("an empty file is refused");
        let (mut cuts, mut other) = (0, 0);
        let mut example_cut = String::new();
        for cut in 1..header.min(full.len()) {
            let (result, used) = attempt(&full[..cut]);
            assert!(used < (1 << 20), "{format:?} cut at {cut}: {used} bytes");
            match result {
                Err(err) => {
                    assert!(err.contains("byte"), "{format:?} cut at {cut}: {err}");
                    cuts += 1;
                    if cut == header / 2 {
                        example_cut = err;
                    }
                }
                // A few bytes of zeros are a valid headerless AoS map of a
                // column or two; a cut file is never taken for its own format.
                Ok(read_as) => {
                    assert_ne!(read_as, format, "{format:?} cut at {cut} decoded as itself");
                    assert_eq!(read_as, Format::AosVxl);
                    other += 1;
                }
            }
        }
        let mut huge = 0;
        let mut example_huge = String::from("(no count fields)");
        for &at in &counts {
            if at + 4 > full.len() {
                continue;
            }
            let mut b = full.clone();
            b[at..at + 4].copy_from_slice(&0x8000_0000u32.to_le_bytes());
            let (result, used) = attempt(&b);
            assert!(
                used < 16 * b.len() + (1 << 20),
                "{format:?} 2^31 at {at}: {used} bytes"
            );
            if let Err(e) = result {
                if huge == 0 {
                    example_huge = e;
                }
                huge += 1;
            }
        }
        assert!(
            counts.is_empty() || huge > 0,
            "{format:?}: no 2^31 field refused"
        );
        println!(
            "| {} | {zero} | {cuts} of {} cuts refused ({other} read as a tiny AoS map), e.g. {example_cut} | {huge} of {} fields refused, e.g. {example_huge} |",
            format.label(),
            cuts + other,
            counts.len()
        );
    }
    // AoS has no header: a size of 2^31 can only come from --size.
    let err =
        mapscope::formats::vxl::decode(&file(Format::AosVxl), Some([1 << 31, 4, 64])).unwrap_err();
    assert!(err.to_string().contains("16384"), "{err}");
    println!("| AoS VXL `--size 2147483648x4x64` | | | {err} |");
}
