//! The viewer's camera modes (fly, orbit, top-down, walk), switching between
//! them, and routing keys, drags and the wheel to the one in use. Whatever
//! the mode, `App::fly.camera` is the camera drawn and picked with.

use super::fly::Fly;
use super::orbit::Orbit;
use super::App;
use crate::kinds;
use crate::kinds::views::{self, View};
use glam::Vec3;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ModeKind {
    Fly,
    Orbit,
    Top,
    /// First person on the ground (`walk_mode`).
    Walk,
}

/// The mode in use, with what it needs to come back from.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum CameraMode {
    Fly,
    Orbit(Orbit),
    /// Top-down; T goes back to the flying (or orbiting) camera saved here.
    Top {
        saved: Fly,
        orbit: Option<Orbit>,
        /// View → Minimap: the playable area in the game's minimap's flat
        /// colours ([`views::styled`]).
        minimap: bool,
    },
    /// First person as a player; the walker is `App::walk`.
    Walk,
}

impl CameraMode {
    pub fn kind(&self) -> ModeKind {
        match self {
            CameraMode::Fly => ModeKind::Fly,
            CameraMode::Orbit(_) => ModeKind::Orbit,
            CameraMode::Top { .. } => ModeKind::Top,
            CameraMode::Walk => ModeKind::Walk,
        }
    }
}

impl App {
    fn aspect(&self) -> f32 {
        self.gfx.as_ref().map_or(16.0 / 9.0, |g| {
            let [_, _, w, h] = self.viewport(g);
            w as f32 / h.max(1) as f32
        })
    }

    /// Switches to `kind`; `at_cursor` makes a new orbit turn around the
    /// point under the cursor rather than the one in the middle of the view.
    pub(super) fn set_mode(&mut self, kind: ModeKind, at_cursor: bool) {
        // Top-down asked for from the minimap: the same camera, drawn as
        // the top-down view draws it.
        if let (ModeKind::Top, CameraMode::Top { minimap, .. }) = (kind, &mut self.mode) {
            *minimap = false;
            self.pointer.moved = true;
            return;
        }
        if kind == self.mode.kind() || self.current.is_none() {
            return;
        }
        self.leave_walk();
        // Leaving top-down restores the camera it replaced.
        let mut came_from_orbit = None;
        if let CameraMode::Top { saved, orbit, .. } = self.mode {
            self.fly = saved;
            came_from_orbit = orbit;
            self.mode = CameraMode::Fly;
        }
        match kind {
            ModeKind::Fly => self.mode = CameraMode::Fly,
            ModeKind::Walk => self.enter_walk(false),
            ModeKind::Orbit => {
                let orbit = came_from_orbit.unwrap_or_else(|| {
                    Orbit::around(&self.fly.camera, self.orbit_pivot(at_cursor))
                });
                self.fly.camera = orbit.camera();
                self.mode = CameraMode::Orbit(orbit);
            }
            ModeKind::Top => {
                let Some(c) = &self.current else { return };
                if let Ok(camera) = views::camera_for(&c.map, View::Top, self.aspect(), 60.0) {
                    let orbit = match self.mode {
                        CameraMode::Orbit(o) => Some(o),
                        _ => None,
                    };
                    self.mode = CameraMode::Top {
                        saved: self.fly,
                        orbit,
                        minimap: false,
                    };
                    self.fly = Fly::new(camera);
                }
            }
        }
        self.pointer.moved = true;
    }

    /// View → Minimap: top-down on the playable area, drawn in the game's
    /// minimap's flat colours until the mode changes (T goes back).
    pub(super) fn show_minimap(&mut self) {
        let has = |c: &super::Current| crate::kinds::applies(&c.map).minimap;
        if !self.current.as_ref().is_some_and(has) {
            return;
        }
        self.set_mode(ModeKind::Top, false);
        let Some(c) = &self.current else { return };
        let Ok(camera) = views::camera_for(&c.map, View::Minimap, self.aspect(), 60.0) else {
            return;
        };
        if let CameraMode::Top { minimap, .. } = &mut self.mode {
            *minimap = true;
            self.fly = Fly::new(camera);
            self.pointer.moved = true;
        }
    }

    /// Whether the minimap's style is on (see [`Self::show_minimap`]).
    pub(super) fn minimap_style(&self) -> bool {
        matches!(self.mode, CameraMode::Top { minimap: true, .. })
    }

    /// How the map is drawn now: the minimap's style while it is on.
    pub(super) fn drawn_options(&self) -> crate::render::RenderOptions {
        match &self.current {
            Some(c) if self.minimap_style() => {
                views::styled(&c.map, View::Minimap, &self.render_options)
            }
            _ => self.render_options,
        }
    }

    /// T: top-down and back.
    pub(super) fn toggle_top(&mut self) {
        match self.mode {
            CameraMode::Top { orbit, .. } => {
                let back = if orbit.is_some() {
                    ModeKind::Orbit
                } else {
                    ModeKind::Fly
                };
                self.set_mode(back, false);
            }
            _ => self.set_mode(ModeKind::Top, false),
        }
    }

    /// O: orbit (around the point under the cursor) and back to flying.
    pub(super) fn toggle_orbit(&mut self) {
        match self.mode {
            CameraMode::Orbit(_) => self.set_mode(ModeKind::Fly, false),
            _ => self.set_mode(ModeKind::Orbit, true),
        }
    }

    /// The point under the cursor, else the one in the middle of the view,
    /// else the map's centre.
    fn orbit_pivot(&self, at_cursor: bool) -> Vec3 {
        let Some(c) = &self.current else {
            return Vec3::ZERO;
        };
        if at_cursor {
            if let Some((min, max)) = self
                .pointer
                .picked
                .as_ref()
                .and_then(|p| kinds::of(&c.map).highlight(p))
            {
                return (min + max) / 2.0;
            }
        }
        if let Some(g) = &self.gfx {
            let [_, _, w, h] = self.viewport(g).map(|v| v as f32);
            let (origin, dir) = views::ray(&self.fly.camera, w / 2.0, h / 2.0, w, h);
            let kind = kinds::of(&c.map);
            if let Some((min, max)) = kind
                .pick_shown(origin, dir, self.render_options.objects, c.objects.as_ref())
                .and_then(|p| kind.highlight(&p))
            {
                return (min + max) / 2.0;
            }
        }
        let e = views::extent(&c.map);
        Vec3::new(e.width / 2.0, e.length / 2.0, (e.top + e.bottom) / 2.0)
    }

    /// Home: the overview, orbiting the map's centre in orbit mode.
    pub(super) fn reset_view(&mut self) {
        let _ = self.go_to(View::Overview);
    }

    /// End, View → File's camera: where the file's own camera stands; a
    /// notice says when the file stores none.
    pub(super) fn file_camera(&mut self) {
        if let Err(e) = self.go_to(View::Camera) {
            self.notice = Some(super::notice::Notice::info(e));
        }
    }

    /// The first view of a map: its file's camera where it has one, else
    /// the overview.
    pub(super) fn first_view(&mut self) {
        let stored = self
            .current
            .as_ref()
            .is_some_and(|c| c.map.meta.camera.is_some());
        if !stored || self.go_to(View::Camera).is_err() {
            self.reset_view();
        }
    }

    /// Puts the camera where `view` says, flying (or orbiting, in orbit
    /// mode).
    fn go_to(&mut self, view: View) -> Result<(), String> {
        let Some(c) = &self.current else {
            return Err("no map is open".into());
        };
        let camera = views::camera_for(&c.map, view, self.aspect(), 60.0)?;
        self.leave_walk();
        if let CameraMode::Top { .. } = self.mode {
            self.mode = CameraMode::Fly;
        }
        let speed = self.fly.speed;
        self.fly = Fly::new(camera);
        self.fly.speed = speed;
        if let CameraMode::Orbit(_) = self.mode {
            let orbit = Orbit::around(&self.fly.camera, self.orbit_pivot(false));
            self.fly.camera = orbit.camera();
            self.mode = CameraMode::Orbit(orbit);
        }
        Ok(())
    }

    /// A click in the Spawns list: the whole spawn area in view from the
    /// south; in orbit mode it becomes the pivot.
    pub(super) fn fly_to_spawn(&mut self, i: usize) {
        let Some(c) = &self.current else { return };
        if let Some(b) = views::spawn_boxes(&c.map).get(i).copied() {
            self.view_box(&b);
        }
    }

    /// The whole box in view from the south; in orbit mode its middle
    /// becomes the pivot.
    pub(super) fn view_box(&mut self, b: &crate::render::boxes::Box3) {
        self.leave_walk();
        if let CameraMode::Top { .. } = self.mode {
            self.mode = CameraMode::Fly;
        }
        self.fly.camera = views::spawn_view(b, 60.0);
        if let CameraMode::Orbit(_) = self.mode {
            let orbit = Orbit::around(&self.fly.camera, (b.min + b.max) / 2.0);
            self.fly.camera = orbit.camera();
            self.mode = CameraMode::Orbit(orbit);
        }
    }

    /// F: flies to a few voxels before the picked point, looking at it; in
    /// orbit mode the pivot moves there, and the camera with it.
    pub(super) fn fly_to_picked(&mut self) {
        let (Some(c), Some(p)) = (&self.current, &self.pointer.picked) else {
            return;
        };
        let Some((min, max)) = kinds::of(&c.map).highlight(p) else {
            return;
        };
        let target = (min + max) / 2.0;
        match &mut self.mode {
            CameraMode::Orbit(o) => {
                o.pivot = target;
                self.fly.camera = o.camera();
            }
            _ => {
                let back = self.fly.camera.forward() * 12.0;
                self.fly.camera.position = target - back;
            }
        }
    }

    /// Moves for `dt` seconds with the keys held.
    pub(super) fn step_camera(&mut self, dt: f32) {
        match &mut self.mode {
            CameraMode::Walk => self.step_walk(dt),
            CameraMode::Orbit(o) => {
                o.step(&self.input.held, dt);
                self.fly.camera = o.camera();
            }
            _ => self.fly.step(&self.input.held, dt),
        }
    }

    /// A mouse drag (orbit) or look (fly) of (dx, dy) pixels.
    pub(super) fn drag_camera(&mut self, dx: f32, dy: f32) {
        match &mut self.mode {
            CameraMode::Orbit(o) => {
                o.drag(dx, dy);
                self.fly.camera = o.camera();
            }
            CameraMode::Fly | CameraMode::Walk => self.fly.look(dx, dy),
            // Straight down stays straight down.
            CameraMode::Top { .. } => {}
        }
    }

    pub(super) fn scroll_camera(&mut self, notches: f32) {
        match &mut self.mode {
            // A player's pace is the game's.
            CameraMode::Walk => {}
            CameraMode::Orbit(o) => {
                o.zoom(notches);
                self.fly.camera = o.camera();
            }
            _ => self.fly.scroll(notches),
        }
    }

    /// The status line's camera text.
    /// The status line's camera, positions as the map's file counts them.
    pub(super) fn describe_camera(&self) -> String {
        let kind = self.current.as_ref().map(|c| kinds::of(&c.map));
        let file = |v: Vec3| kind.as_ref().map_or(v.into(), |k| k.file_position(v));
        let at = file(self.fly.camera.position);
        // The top-down picture is north up whatever the camera's yaw.
        let top = format!("{}  north up", kinds::reading::position(at));
        match &self.mode {
            CameraMode::Orbit(o) => o.describe(file),
            CameraMode::Top { minimap: true, .. } => format!("minimap  {top}"),
            CameraMode::Top { .. } => format!("top-down  {top}"),
            CameraMode::Fly => format!("fly  {}", self.fly.describe(at)),
            CameraMode::Walk => self
                .describe_walk()
                .unwrap_or_else(|| self.fly.describe(at)),
        }
    }
}
