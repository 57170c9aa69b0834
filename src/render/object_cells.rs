//! Map objects by cell: a group's instances sorted into squares of the
//! map, each a range of its instance buffer with a box around it, so that
//! a cell outside the view is not drawn and, while the camera moves with
//! levels of detail on, a far cell's objects are drawn with their group's
//! simpler shape (`mesh::objects::far_shape_triangles`): ten thousand
//! trees cost a software rasterizer more than the ground under them.

use super::camera::{box_in_frustum, voxel_share, Camera};
use crate::mesh::objects::{instance_box, Group, Instance};
use glam::Vec3;
use std::ops::Range;

/// A cell's side, in map units (tiles).
const CELL: f32 = 16.0;

/// Objects are drawn simpler where one as tall as a cell's tallest takes
/// at most this many times the share of the view a coarse voxel may take
/// (`RenderOptions::lod`).
const FAR_HEIGHT: f32 = 4.0;

/// One cell of a group's instances.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Cell {
    /// Its instances in the sorted buffer.
    pub range: Range<u32>,
    /// The box around every instance's shape.
    pub min: Vec3,
    pub max: Vec3,
    /// The tallest instance's height.
    pub height: f32,
}

/// `list` sorted by cell (each cell's instances in their order in `list`),
/// and the cells, in order.
pub(super) fn sort(group: Group, list: &[Instance]) -> (Vec<Instance>, Vec<Cell>) {
    let cell_of = |i: &Instance| {
        let [x, y, _] = i.position;
        ((y / CELL).floor() as i64, (x / CELL).floor() as i64)
    };
    let mut sorted = list.to_vec();
    sorted.sort_by_key(cell_of);
    let mut cells: Vec<Cell> = Vec::new();
    let mut last = None;
    for (n, i) in sorted.iter().enumerate() {
        let (min, max) = instance_box(group, i);
        let (min, max) = (Vec3::from(min), Vec3::from(max));
        let height = max.z - min.z;
        let key = cell_of(i);
        match cells.last_mut() {
            Some(c) if last == Some(key) => {
                c.range.end = n as u32 + 1;
                c.min = c.min.min(min);
                c.max = c.max.max(max);
                c.height = c.height.max(height);
            }
            _ => cells.push(Cell {
                range: n as u32..n as u32 + 1,
                min,
                max,
                height,
            }),
        }
        last = Some(key);
    }
    (sorted, cells)
}

/// Whether cell `c` is in the view, and if so whether it is far enough to
/// be drawn simpler (only with `lod`, the share a coarse voxel may take).
pub(super) fn shown(
    c: &Cell,
    planes: &[glam::Vec4; 6],
    camera: &Camera,
    lod: Option<f32>,
) -> Option<bool> {
    if !box_in_frustum(planes, c.min, c.max) {
        return None;
    }
    Some(lod.is_some_and(|share| voxel_share(camera, c.height, c.min, c.max) <= share * FAR_HEIGHT))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(x: f32, y: f32) -> Instance {
        Instance {
            position: [x, y, 0.0],
            scale: [1.0, 1.0],
            color: [0; 4],
        }
    }

    #[test]
    fn instances_are_sorted_into_cells_with_boxes() {
        let list = [
            at(1.0, 1.0),
            at(40.0, 2.0),
            at(3.0, 2.0),
            at(41.0, 3.0),
            at(2.0, 30.0),
        ];
        let (sorted, cells) = sort(Group::Trees, &list);
        assert_eq!(sorted.len(), list.len());
        let ranges: Vec<_> = cells.iter().map(|c| c.range.clone()).collect();
        assert_eq!(ranges, [0..2, 2..4, 4..5]);
        // Each cell's instances lie in it, in their first order.
        assert_eq!(sorted[0], list[0]);
        assert_eq!(sorted[1], list[2]);
        assert_eq!(cells[1].min.x, 39.5);
        assert_eq!(cells[1].max.x, 41.5);
        // A tree is 1.6 units tall, up being -z.
        assert!((cells[0].height - 1.6).abs() < 1e-6);
        assert!((cells[0].min.z + 1.6).abs() < 1e-6);
    }

    #[test]
    fn far_cells_are_simpler_only_with_levels_of_detail() {
        let (_, cells) = sort(Group::Trees, &[at(500.0, 0.0)]);
        let camera = Camera::perspective(Vec3::new(0.0, 0.0, -10.0), 0.0, 0.0, 60.0);
        let planes = super::super::camera::frustum_planes(camera.view_proj(1.0));
        assert_eq!(shown(&cells[0], &planes, &camera, None), Some(false));
        assert_eq!(shown(&cells[0], &planes, &camera, Some(0.005)), Some(true));
        // Behind the camera: not drawn.
        let (_, behind) = sort(Group::Trees, &[at(-500.0, 0.0)]);
        assert_eq!(shown(&behind[0], &planes, &camera, Some(0.005)), None);
    }
}
