//! Walk mode: first person as a player (or a unit) on the map, stepped at
//! the servers' fixed 60 Hz whatever the frame rate and drawn between the
//! last two steps; a HUD says where, how fast, and how the last landing
//! went. P (or View → Walk) enters it; Escape or P again flies on from
//! where the player stands.

use super::camera_mode::CameraMode;
use super::witness_replay::Replay;
use super::App;
use crate::kinds::{self, views};
use crate::walk::player::{Keys, Landing, TICK};
use crate::walk::{Input, Script, Walker};
use glam::Vec3;
use std::time::{Duration, Instant};

/// How long a marker of a blocked climb or jump stays.
const MARKER: Duration = Duration::from_millis(1500);

/// The walker and how it is drawn.
pub(super) struct WalkMode {
    walker: Walker,
    /// The eye after the step before the last: the picture is drawn
    /// between it and the last step's by the time not yet stepped.
    before: [f32; 3],
    /// Seconds not yet stepped.
    pending: f32,
    /// V held (sneak).
    pub sneak: bool,
    /// The fog and field of view to go back to.
    fog_before: Option<f32>,
    fov_before: f32,
    far_before: f32,
    /// Where a climb or jump was last stopped, and when.
    pub marker: Option<([f32; 3], Instant)>,
    /// A witness being played back.
    pub replay: Option<Replay>,
}

impl WalkMode {
    /// Puts back the fog and field of view walking changed; the camera
    /// stays at the eye.
    pub(super) fn restore(self, fly: &mut super::Fly, options: &mut crate::render::RenderOptions) {
        options.fog = self.fog_before;
        fly.camera.far = self.far_before;
        fly.camera.projection = crate::render::camera::Projection::Perspective {
            fov_deg: self.fov_before,
        };
        fly.camera.position = self.walker.eye().into();
    }
}

/// Where walks start: the teams' spawn areas in turn, at random points.
pub(super) struct Starts {
    turn: usize,
    seed: u64,
}

impl Default for Starts {
    fn default() -> Self {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |d| d.as_nanos() as u64);
        Starts {
            turn: 0,
            seed: nanos | 1,
        }
    }
}

/// A small random source for spawn points: the servers pick them at random.
fn random(state: &mut u64) -> f32 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    (*state >> 40) as f32 / (1u64 << 24) as f32
}

/// Where a walk starts.
#[derive(Debug, Clone, Copy, PartialEq)]
enum StartAt {
    /// In a spawn area, (x, y) corners: where the servers would place a
    /// player, or a ground's area's middle.
    Area([f32; 2], [f32; 2]),
    /// On the floor at or below this point.
    Point([f32; 3]),
}

/// Where P (`here` false) or Shift+P (`here`) starts a walk: P in the next
/// team's spawn area where the map's players spawn in areas (Ace of
/// Spades, `in_areas`), else where the camera looks (`looked_at`, the
/// ground in the middle of the view); with nothing under the view, P in
/// the next start location's area and Shift+P under the camera.
fn start_at(
    in_areas: bool,
    here: bool,
    looked_at: Option<[f32; 3]>,
    camera: [f32; 3],
    next_area: impl FnOnce() -> Option<([f32; 2], [f32; 2])>,
) -> StartAt {
    let area = |next: Option<([f32; 2], [f32; 2])>| next.map(|(min, max)| StartAt::Area(min, max));
    match (in_areas && !here, looked_at) {
        (true, _) => area(next_area()).unwrap_or(StartAt::Point(looked_at.unwrap_or(camera))),
        (false, Some(at)) => StartAt::Point(at),
        (false, None) if !here => area(next_area()).unwrap_or(StartAt::Point(camera)),
        (false, None) => StartAt::Point(camera),
    }
}

impl App {
    /// P: walks from a team's spawn area where players spawn in areas (a
    /// random point, as the Ace of Spades servers place a player), else
    /// from where the camera looks (see [`start_at`]); `here` (Shift+P):
    /// from where the camera looks.
    pub(super) fn enter_walk(&mut self, here: bool) {
        if self.walk.is_some() {
            self.leave_walk();
            if !here {
                return;
            }
        }
        let Some(c) = &self.current else { return };
        let map = c.map.clone();
        let kind = kinds::of(&map);
        let Some(walking) = kind.walking() else {
            self.notice = Some(super::notice::Notice::info(
                "This kind of map cannot be walked",
            ));
            return;
        };
        let looked_at = self.looked_at();
        let camera = self.fly.camera.position.into();
        let in_areas = walking.starts_in_spawn_areas();
        let from = start_at(in_areas, here, looked_at, camera, || {
            self.next_spawn_area(&map)
        });
        let walker = match from {
            StartAt::Area(min, max) => {
                let pick = [
                    random(&mut self.walk_starts.seed),
                    random(&mut self.walk_starts.seed),
                ];
                walking.spawn(min, max, pick)
            }
            StartAt::Point([x, y, z]) => walking.start(x, y, z),
        };
        let Some(walker) = walker else {
            self.notice = Some(super::notice::Notice::info(
                "Nowhere to stand there: look at open ground and press Shift+P",
            ));
            return;
        };
        self.begin_walk(walker, matches!(from, StartAt::Area(..)), None);
    }

    /// Plays a witness's script back in walk mode, tick by tick as `mapscope
    /// walk` replays it ("show me how to get there"); the camera looks
    /// where the player does. Walking goes on from where it ends.
    pub(super) fn play_witness(&mut self, script: Script) {
        self.leave_walk();
        let Some(c) = &self.current else { return };
        let Ok(map) = kinds::player_physics(&c.map) else {
            return;
        };
        let replay = Replay::new(&script, &map);
        let walker = Walker::spawned(map, script.start);
        self.begin_walk(walker, false, Some(replay));
    }

    /// Walk mode with `walker`: the game's view, the camera at its eye
    /// (toward the map's middle where `face_middle`, along the route of a
    /// script played back), and a script to play back, if any.
    fn begin_walk(&mut self, walker: Walker, face_middle: bool, replay: Option<Replay>) {
        let Some(c) = &self.current else { return };
        let map = c.map.clone();
        if let CameraMode::Top { saved, .. } = self.mode {
            self.fly = saved;
        }
        let (fov, fog) = walker.view();
        let fov_before = match self.fly.camera.projection {
            crate::render::camera::Projection::Perspective { fov_deg } => fov_deg,
            _ => 60.0,
        };
        self.fly.camera.projection =
            crate::render::camera::Projection::Perspective { fov_deg: fov };
        let (fog_before, far_before) = (self.render_options.fog, self.fly.camera.far);
        if let Some(fog) = fog {
            self.render_options.fog = Some(fog);
            // Past the fog is only the sky's colour: the far plane stops
            // where nothing closer than the fog across can lie, so what is
            // wholly fogged is not drawn (a walk frame costs less than a
            // fly camera's over the whole map).
            let e = views::extent(&map);
            self.fly.camera.far = fog.hypot(e.bottom - e.top) + 1.0;
        }
        let eye = walker.eye();
        self.fly.camera.position = eye.into();
        // A player looks ahead, not at the ground the fly camera saw; from
        // a spawn, toward the map's middle, where the other team is.
        self.fly.camera.pitch_deg = 0.0;
        if face_middle {
            let e = views::extent(&map);
            let (dx, dy) = (e.width / 2.0 - eye[0], e.length / 2.0 - eye[1]);
            self.fly.camera.yaw_deg = dy.atan2(dx).to_degrees().rem_euclid(360.0);
        }
        if let Some(r) = &replay {
            (self.fly.camera.yaw_deg, self.fly.camera.pitch_deg) = r.heading();
        }
        self.unpick(&[
            format!("Walk mode: {}", walker.who()),
            "P or Esc: back to flying".into(),
        ]);
        self.mode = CameraMode::Walk;
        self.walk = Some(Box::new(WalkMode {
            walker,
            before: eye,
            pending: 0.0,
            sneak: false,
            fog_before,
            fov_before,
            far_before,
            marker: None,
            replay,
        }));
        self.set_cursor_for_walk(true);
    }

    /// Back to flying, from where the player's eye is.
    pub(super) fn leave_walk(&mut self) {
        let Some(w) = self.walk.take() else { return };
        // Where the walk ended, for scripts and tests driving the window.
        if let Some(c) = &self.current {
            let at = kinds::of(&c.map).file_position(Vec3::from(w.walker.position()));
            eprintln!(
                "walk: left at {} ({})",
                crate::kinds::reading::position(at),
                w.walker.footing().name()
            );
        }
        w.restore(&mut self.fly, &mut self.render_options);
        self.mode = CameraMode::Fly;
        self.set_cursor_for_walk(false);
        self.pointer.moved = true;
    }

    /// Lets go of what the pointer picked (its highlight too), the
    /// Inspector saying `lines` instead.
    fn unpick(&mut self, lines: &[String]) {
        self.pointer.picked = None;
        self.pointer.picked_from = None;
        self.pointer.lines = lines.to_vec();
        if let (Some(c), Some(g)) = (&mut self.current, &self.gfx) {
            c.scene.set_highlight(&g.gpu.device, &[]);
            self.scene_edits += 1;
        }
    }

    /// The mouse looks without a button while walking: the pointer is hidden.
    fn set_cursor_for_walk(&mut self, walking: bool) {
        if let Some(g) = &self.gfx {
            g.window.set_cursor_visible(!walking);
        }
    }

    /// The next team's spawn area, (x, y) corners, in turn; `None` where
    /// the map has no team spawns.
    fn next_spawn_area(&mut self, map: &crate::store::Map) -> Option<([f32; 2], [f32; 2])> {
        let teams: Vec<_> = map
            .meta
            .spawns
            .iter()
            .filter(|s| s.team.is_some())
            .collect();
        let area = teams.get(self.walk_starts.turn % teams.len().max(1))?;
        self.walk_starts.turn += 1;
        Some((area.min, area.max))
    }

    /// The point in the middle of the view, where the camera looks.
    fn looked_at(&self) -> Option<[f32; 3]> {
        let (c, g) = (self.current.as_ref()?, self.gfx.as_ref()?);
        let [_, _, w, h] = self.viewport(g).map(|v| v as f32);
        let (origin, dir) = views::ray(&self.fly.camera, w / 2.0, h / 2.0, w, h);
        let kind = kinds::of(&c.map);
        let picked =
            kind.pick_shown(origin, dir, self.render_options.objects, c.objects.as_ref())?;
        let (min, max) = kind.highlight(&picked)?;
        let mid = (min + max) / 2.0;
        Some([mid.x, mid.y, min.z])
    }

    /// Steps the walker by `dt` seconds of input and puts the camera at
    /// its eye, between the last two steps.
    pub(super) fn step_walk(&mut self, dt: f32) {
        let Some(w) = &mut self.walk else { return };
        let held = self.input.held;
        let forward = self.fly.camera.forward();
        let input = Input {
            keys: Keys {
                forward: held.forward,
                back: held.back,
                left: held.left,
                right: held.right,
                sneak: w.sneak,
                sprint: held.fast,
            },
            jump: held.up,
            crouch: self.input.modifiers.control_key(),
            look: forward.into(),
        };
        w.pending += dt;
        let tick = TICK as f32;
        if w.replay.as_ref().is_some_and(|r| r.paused) {
            // Nothing steps; the camera stays at the eye, free to look.
            w.pending = 0.0;
        }
        while w.pending >= tick {
            w.before = w.walker.eye();
            match &mut w.replay {
                Some(r) => {
                    // `speed` ticks of the script a 1/60 s step.
                    for _ in 0..r.speed {
                        match r.next_tick() {
                            Some((s, first)) => w.walker.replay_tick(&s, first),
                            None => break,
                        }
                    }
                    (self.fly.camera.yaw_deg, self.fly.camera.pitch_deg) = r.look();
                    if r.finished() {
                        w.replay = None;
                    }
                }
                None => w.walker.tick(&input),
            }
            w.pending -= tick;
            if let Some(at) = w.walker.blocked() {
                w.marker = Some((at, Instant::now()));
            }
        }
        let t = w.pending / tick;
        let (a, b) = (Vec3::from(w.before), Vec3::from(w.walker.eye()));
        self.fly.camera.position = a + (b - a) * t;
        if w.marker.is_some_and(|(_, at)| at.elapsed() > MARKER) {
            w.marker = None;
        }
    }

    /// Whether the walker still moves (falling, slowing down) or a marker
    /// fades: frames go on being drawn.
    pub(super) fn walk_busy(&self) -> bool {
        self.walk.as_ref().is_some_and(|w| {
            w.walker.moving() || w.marker.is_some() || w.replay.as_ref().is_some_and(|r| !r.paused)
        })
    }

    /// Whether a witness is being played back (its keys then work).
    pub(super) fn replaying(&self) -> bool {
        self.walk.as_ref().is_some_and(|w| w.replay.is_some())
    }

    /// A key of a witness played back: Space pauses or goes on, `[` and `]`
    /// halve or double the speed, Escape stops it (walking goes on from
    /// there).
    pub(super) fn replay_key(&mut self, code: winit::keyboard::KeyCode) {
        use winit::keyboard::KeyCode;
        let Some(w) = &mut self.walk else { return };
        let Some(r) = &mut w.replay else { return };
        match code {
            KeyCode::Space => r.paused ^= true,
            KeyCode::BracketLeft => r.change_speed(false),
            KeyCode::BracketRight => r.change_speed(true),
            KeyCode::Escape => w.replay = None,
            _ => {}
        }
    }

    /// The status line's camera text in walk mode.
    pub(super) fn describe_walk(&self) -> Option<String> {
        let w = self.walk.as_ref()?;
        let c = self.current.as_ref()?;
        let at = kinds::of(&c.map).file_position(Vec3::from(w.walker.position()));
        Some(format!(
            "walk ({})  {}  {}",
            w.walker.who(),
            crate::kinds::reading::position(at),
            crate::kinds::reading::heading(self.fly.camera.yaw_deg, self.fly.camera.pitch_deg)
        ))
    }

    /// The HUD's lines: where, how fast, footing, the last landing.
    pub(super) fn walk_hud(&self) -> Option<Vec<String>> {
        let w = self.walk.as_ref()?;
        let c = self.current.as_ref()?;
        let at = kinds::of(&c.map).file_position(Vec3::from(w.walker.position()));
        let (speed, unit) = w.walker.speed();
        let mut footing = w.walker.footing().name().to_string();
        if w.walker.crouched() {
            footing.push_str(", crouched");
        }
        let gait = w.walker.gait().name();
        let landing = match w.walker.landing() {
            Landing::None => "none yet".to_string(),
            Landing::Hard => "hard, no damage".to_string(),
            Landing::Damage(d) => format!("{d} damage"),
        };
        let replay = w.replay.iter().flat_map(|r| r.hud());
        Some(
            replay
                .chain([
                    format!("Walk mode: {}", w.walker.who()),
                    format!("at {}", crate::kinds::reading::position(at)),
                    format!("{gait}, {speed:.1} {unit}/s, {footing}"),
                    format!("last fall: {landing}"),
                    "Esc or P: fly on from here".to_string(),
                ])
                .collect(),
        )
    }

    /// Where the last blocked climb or jump was, and how faint its marker
    /// is now (1 new, 0 gone).
    pub(super) fn walk_marker(&self) -> Option<(Vec3, f32)> {
        let (at, when) = self.walk.as_ref()?.marker?;
        let left = 1.0 - when.elapsed().as_secs_f32() / MARKER.as_secs_f32();
        (left > 0.0).then(|| (Vec3::from(at), left))
    }
}

/// The HUD: a plate of lines at the top left of the 3D view (the
/// overlays' legend keeps the bottom left).
pub(super) fn hud(ctx: &egui::Context, lines: &[String], area: egui::Rect) {
    super::ui::legend::plate(ctx, "walk hud", area, egui::Align2::LEFT_TOP, |ui| {
        for line in lines {
            ui.label(egui::RichText::new(line).monospace());
        }
    });
}

/// A faint ring where a climb or jump was stopped, fading over `fade`
/// (1 new, 0 gone), and a cross in the middle of the view to aim by.
pub(super) fn marks(
    painter: &egui::Painter,
    camera: &crate::render::Camera,
    area: egui::Rect,
    marker: Option<(Vec3, f32)>,
) {
    let (w, h) = (area.width().round() as u32, area.height().round() as u32);
    let c = area.center();
    let cross = egui::Stroke::new(1.5, egui::Color32::from_white_alpha(180));
    painter.line_segment([c - egui::vec2(6.0, 0.0), c + egui::vec2(6.0, 0.0)], cross);
    painter.line_segment([c - egui::vec2(0.0, 6.0), c + egui::vec2(0.0, 6.0)], cross);
    let Some((at, fade)) = marker else { return };
    let Some([x, y]) = crate::render::labels::to_screen(camera, w, h, at) else {
        return;
    };
    let alpha = (fade * 160.0) as u8;
    let ring = egui::Stroke::new(
        3.0,
        egui::Color32::from_rgba_unmultiplied(255, 80, 60, alpha),
    );
    painter.circle_stroke(area.min + egui::vec2(x, y), 14.0, ring);
}

#[cfg(test)]
mod tests {
    use super::{start_at, StartAt};

    const AREA: ([f32; 2], [f32; 2]) = ([1.0, 2.0], [3.0, 4.0]);
    const LOOKED: [f32; 3] = [10.0, 20.0, 5.0];
    const CAMERA: [f32; 3] = [0.0, 0.0, -50.0];

    #[test]
    fn p_starts_where_the_camera_looks_but_in_a_spawn_area_on_voxel_maps() {
        let area = StartAt::Area(AREA.0, AREA.1);
        let at = |in_areas, here, looked| start_at(in_areas, here, looked, CAMERA, || Some(AREA));
        // Warcraft III and Alithia: where the camera looks, P or Shift+P.
        assert_eq!(at(false, false, Some(LOOKED)), StartAt::Point(LOOKED));
        assert_eq!(at(false, true, Some(LOOKED)), StartAt::Point(LOOKED));
        // Nothing under the view: P at a start location, Shift+P below the camera.
        assert_eq!(at(false, false, None), area);
        assert_eq!(at(false, true, None), StartAt::Point(CAMERA));
        // Ace of Spades: P in a team's spawn area; Shift+P where one looks.
        assert_eq!(at(true, false, Some(LOOKED)), area);
        assert_eq!(at(true, true, Some(LOOKED)), StartAt::Point(LOOKED));
        // No start locations at all: where one looks, else the camera.
        assert_eq!(
            start_at(true, false, Some(LOOKED), CAMERA, || None),
            StartAt::Point(LOOKED)
        );
        assert_eq!(
            start_at(false, false, None, CAMERA, || None),
            StartAt::Point(CAMERA)
        );
    }
}
