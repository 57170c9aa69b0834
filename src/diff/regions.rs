//! Changed places grouped into regions: cells of a grid (voxel columns,
//! tilepoints, ALW cells, pathing cells) that changed, joined when they
//! touch (sides or corners), each group a box with its count.

/// A connected group of changed cells: its bounding box (inclusive), the
/// z range where one applies, how many cells changed and how many changes
/// (voxels, fields…) they hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Region {
    pub min: [u32; 2],
    pub max: [u32; 2],
    pub z: Option<[u32; 2]>,
    pub cells: u64,
    pub count: u64,
    /// What all its changes were, where they were one thing (voxels only
    /// added, or only removed); `Changed` otherwise.
    pub change: super::Change,
}

/// One changed cell: its place in a `width`-wide grid, what it holds.
#[derive(Debug, Clone, Copy)]
pub struct Changed {
    pub x: u32,
    pub y: u32,
    pub count: u64,
    pub z: Option<[u32; 2]>,
    pub change: super::Change,
}

/// Groups `cells` (in row-major order, each place once) into regions,
/// largest count first.
pub fn group(cells: &[Changed]) -> Vec<Region> {
    debug_assert!(cells
        .windows(2)
        .all(|w| (w[0].y, w[0].x) < (w[1].y, w[1].x)));
    let n = cells.len();
    let mut parent: Vec<u32> = (0..n as u32).collect();
    fn root(parent: &mut [u32], mut i: u32) -> u32 {
        while parent[i as usize] != i {
            parent[i as usize] = parent[parent[i as usize] as usize];
            i = parent[i as usize];
        }
        i
    }
    let find = |x: u32, y: u32| cells.binary_search_by(|c| (c.y, c.x).cmp(&(y, x))).ok();
    for (i, c) in cells.iter().enumerate() {
        // The neighbours before this cell in row order: west, and the
        // three above.
        let mut before = Vec::with_capacity(4);
        if c.x > 0 {
            before.push((c.x - 1, c.y));
        }
        if c.y > 0 {
            for dx in [-1i64, 0, 1] {
                let x = c.x as i64 + dx;
                if x >= 0 {
                    before.push((x as u32, c.y - 1));
                }
            }
        }
        for (x, y) in before {
            if let Some(j) = find(x, y) {
                let (a, b) = (root(&mut parent, i as u32), root(&mut parent, j as u32));
                if a != b {
                    parent[a.max(b) as usize] = a.min(b);
                }
            }
        }
    }
    let mut regions: Vec<Option<Region>> = vec![None; n];
    for (i, c) in cells.iter().enumerate() {
        let r = root(&mut parent, i as u32) as usize;
        let region = regions[r].get_or_insert(Region {
            min: [c.x, c.y],
            max: [c.x, c.y],
            z: c.z,
            cells: 0,
            count: 0,
            change: c.change,
        });
        if region.change != c.change {
            region.change = super::Change::Changed;
        }
        region.min = [region.min[0].min(c.x), region.min[1].min(c.y)];
        region.max = [region.max[0].max(c.x), region.max[1].max(c.y)];
        region.z = match (region.z, c.z) {
            (Some(a), Some(b)) => Some([a[0].min(b[0]), a[1].max(b[1])]),
            (a, b) => a.or(b),
        };
        region.cells += 1;
        region.count += c.count;
    }
    let mut out: Vec<Region> = regions.into_iter().flatten().collect();
    out.sort_by(|a, b| {
        b.count
            .cmp(&a.count)
            .then((a.min[1], a.min[0]).cmp(&(b.min[1], b.min[0])))
    });
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(x: u32, y: u32) -> Changed {
        Changed {
            x,
            y,
            count: 1,
            z: None,
            change: crate::diff::Change::Changed,
        }
    }

    #[test]
    fn touching_cells_join_and_apart_ones_do_not() {
        // A diagonal line (corners touch), a lone cell, and a U whose arms
        // meet only at the bottom row.
        let mut cells = vec![at(0, 0), at(1, 1), at(2, 2), at(9, 0)];
        cells.extend([
            at(5, 5),
            at(7, 5),
            at(5, 6),
            at(7, 6),
            at(5, 7),
            at(6, 7),
            at(7, 7),
        ]);
        cells.sort_by_key(|c| (c.y, c.x));
        let r = group(&cells);
        assert_eq!(r.len(), 3, "{r:?}");
        assert_eq!((r[0].min, r[0].max, r[0].cells), ([5, 5], [7, 7], 7));
        assert_eq!((r[1].min, r[1].max, r[1].cells), ([0, 0], [2, 2], 3));
        assert_eq!((r[2].min, r[2].max, r[2].cells), ([9, 0], [9, 0], 1));
    }

    #[test]
    fn z_ranges_and_counts_add_up() {
        let cells = [
            Changed {
                x: 3,
                y: 3,
                count: 4,
                z: Some([10, 12]),
                change: crate::diff::Change::Added,
            },
            Changed {
                x: 4,
                y: 3,
                count: 2,
                z: Some([5, 6]),
                change: crate::diff::Change::Removed,
            },
        ];
        let r = group(&cells);
        assert_eq!(r.len(), 1);
        assert_eq!((r[0].count, r[0].z), (6, Some([5, 12])));
        // Added beside removed: a region of both is changed.
        assert_eq!(r[0].change, crate::diff::Change::Changed);
    }
}
