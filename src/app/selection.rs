//! The Inspector's selection: a click on the map pins what is under the
//! pointer (a voxel, a tile, an object), and it stays in the Inspector,
//! highlighted in its own colour, until the next click or Escape, while
//! what the pointer passes over on its way to the panel is a line of its
//! own. Without a pin, the Inspector follows the pointer.

use super::App;
use crate::kinds::Picked;

/// The pinned element's highlight: amber, unlike the pink hover.
const PINNED_COLOR: [f32; 4] = [1.0, 0.8, 0.1, 0.5];

/// How far the pointer may move between press and release for a click
/// (farther, it was a drag: orbiting, or a panel's edge).
const CLICK_SLOP: f32 = 4.0;

/// An element pinned by a click, and what the file says there.
#[derive(Debug, Clone, PartialEq)]
pub struct Pinned {
    pub picked: Picked,
    pub lines: Vec<String>,
}

impl App {
    /// The left button went down (`true`) or up over the 3D view, at the
    /// pointer's place: a press and a release close together are a click,
    /// which pins what is under the pointer (nothing there: lets go).
    pub(super) fn pin_button(&mut self, pressed: bool) {
        let at = self.pointer.cursor;
        if pressed {
            self.pointer.pressed_at = at.filter(|_| !self.pointer.over_ui);
            return;
        }
        let Some(((x0, y0), (x1, y1))) = self.pointer.pressed_at.take().zip(at) else {
            return;
        };
        if (x1 - x0).hypot(y1 - y0) > CLICK_SLOP || self.pointer.over_ui {
            return;
        }
        self.pointer.pinned = self.pointer.picked.clone().map(|picked| Pinned {
            picked,
            lines: self.pointer.lines.clone(),
        });
        self.show_highlights();
    }

    /// Escape with nothing else to cancel: lets go of the pin. Whether
    /// there was one.
    pub(super) fn unpin(&mut self) -> bool {
        let had = self.pointer.pinned.take().is_some();
        if had {
            self.show_highlights();
        }
        had
    }

    /// The pin described again from the map shown (X flips a comparison
    /// to the other map, whose file says something else there).
    pub(super) fn describe_pinned_again(&mut self) {
        let (Some(c), Some(p)) = (&self.current, &mut self.pointer.pinned) else {
            return;
        };
        p.lines = crate::kinds::of(&c.map).describe(&p.picked);
        self.show_highlights();
    }

    /// The hover's pink box and the pin's amber one on the map.
    pub(super) fn show_highlights(&mut self) {
        let (Some(c), Some(g)) = (&mut self.current, &self.gfx) else {
            return;
        };
        let kind = crate::kinds::of(&c.map);
        let hover = self
            .pointer
            .picked
            .as_ref()
            .map(|p| (p, super::HOVER_COLOR));
        let pinned = self
            .pointer
            .pinned
            .as_ref()
            .map(|p| (&p.picked, PINNED_COLOR));
        let boxes: Vec<_> = [pinned, hover]
            .into_iter()
            .flatten()
            .filter_map(|(p, color)| {
                let (min, max) = kind.highlight(p)?;
                Some(crate::render::boxes::Box3 { min, max, color })
            })
            .collect();
        c.scene.set_highlight(&g.gpu.device, &boxes);
        self.scene_edits += 1;
    }
}
