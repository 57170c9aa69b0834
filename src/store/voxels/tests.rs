//! The store's queries on a small hand-built map.

use super::fixtures::small;

#[test]
fn voxel_queries_follow_the_slabs() {
    let s = small();
    s.validate().unwrap();
    let solid: Vec<bool> = (0..8).map(|z| s.solid(0, 0, z)).collect();
    assert_eq!(solid, [false, false, true, true, true, true, false, true]);
    let colors: Vec<_> = (0..8).map(|z| s.color(0, 0, z)).collect();
    assert_eq!(
        colors,
        [None, None, Some(1), Some(2), None, Some(3), None, Some(4)]
    );
    assert_eq!(s.colored_voxels(), 5);
    assert_eq!(s.filled_voxels(), 4 + 1 + 8);
    assert!(!s.solid(5, 0, 0), "outside is air");
}

#[test]
fn a_row_reads_as_its_columns_do() {
    let s = small();
    let row: Vec<_> = s.row_surfaces(0, 0..2).collect();
    let slabs: Vec<_> = s.row_slabs(0, 1..2).collect();
    assert_eq!(row, [s.surface(0, 0), s.surface(1, 0)]);
    assert_eq!(row[0].0.len(), 2, "column 0 has two slabs");
    assert_eq!(slabs, [s.surface(1, 0).0]);
}
