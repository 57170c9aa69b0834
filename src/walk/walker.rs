//! A walker the viewer drives live, whatever the map: a player under the
//! Ace of Spades servers' physics on voxel maps, a unit or an engine
//! player on the ground elsewhere. It steps at the servers' fixed 60 Hz;
//! the viewer draws between two steps.

use super::ground::{Ground, GroundWalker, Pace};
use super::player::{Keys, Landing, Player, TICK};
use super::script::Clock;
use super::solids::Solids;

/// How far above a column's top the servers put a spawned player's `p`.
pub const SPAWN_ABOVE: f32 = 2.4;

/// What the player asks for in a tick.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Input {
    pub keys: Keys,
    /// Held: asked once, with the input packet that first carries it (the
    /// servers take it only while standing or starting to fall), as a
    /// script's line asks it once.
    pub jump: bool,
    pub crouch: bool,
    /// Where the player looks, z down (any length).
    pub look: [f32; 3],
}

/// Where the walker stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Footing {
    Ground,
    Airborne,
    Wading,
}

impl Footing {
    pub fn name(self) -> &'static str {
        match self {
            Footing::Ground => "on ground",
            Footing::Airborne => "airborne",
            Footing::Wading => "wading",
        }
    }
}

/// What the walker is doing, as the HUD says it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Gait {
    Standing,
    Walking,
    Sprinting,
    Sneaking,
    /// Up a block (Ace of Spades, for the quarter second the eye glides
    /// up) or up a slope or ramp (a ground walker rising as it walks).
    Climbing,
    Jumping,
    Falling,
    Wading,
}

impl Gait {
    pub fn name(self) -> &'static str {
        match self {
            Gait::Standing => "standing",
            Gait::Walking => "walking",
            Gait::Sprinting => "sprinting",
            Gait::Sneaking => "sneaking",
            Gait::Climbing => "climbing",
            Gait::Jumping => "jumping",
            Gait::Falling => "falling",
            Gait::Wading => "wading",
        }
    }

    /// On the ground, moving: sprinting, sneaking or walking as the keys
    /// say; else standing.
    fn on_foot(moving: bool, keys: &Keys) -> Gait {
        match (moving, keys.sprint, keys.sneak) {
            (false, ..) => Gait::Standing,
            (true, true, _) => Gait::Sprinting,
            (true, _, true) => Gait::Sneaking,
            _ => Gait::Walking,
        }
    }
}

/// A walker of either kind.
pub enum Walker {
    /// An Ace of Spades player on a voxel map.
    Player {
        map: Solids,
        player: Player,
        clock: Clock,
        /// The last landing that slowed or hurt, and where a climb or jump
        /// was stopped by a wall (this tick).
        landing: Landing,
        blocked: Option<[f32; 3]>,
        /// The keys, jump and crouch of the last input packet: a new one
        /// is sent (and its jump asked) only when they change, as a
        /// script's line is one packet.
        sent: Option<(Keys, bool, bool)>,
    },
    Ground(GroundWalker),
}

impl Walker {
    /// A player standing on the highest floor of column (x, y) at or below
    /// `z` (or the column's top, where none is), as the servers place a
    /// spawned player: the feet on the voxel, the box in the air above.
    pub fn player(map: Solids, x: f32, y: f32, z: f32) -> Walker {
        let [w, l, d] = map.dims();
        let (x, y) = (x.clamp(0.5, w as f32 - 0.5), y.clamp(0.5, l as f32 - 0.5));
        let top = map
            .stand_z(x as i32, y as i32, z as i32)
            .unwrap_or(d as i32 - 1);
        // As the servers spawn a player: 2.4 above the top, so it drops
        // onto it.
        Walker::spawned(map, [x, y, top as f32 - SPAWN_ABOVE])
    }

    /// A player at `p`, still.
    pub fn spawned(map: Solids, p: [f32; 3]) -> Walker {
        let player = Player::at(p);
        Walker::Player {
            map,
            player,
            clock: Clock::default(),
            landing: Landing::None,
            blocked: None,
            sent: None,
        }
    }

    /// A walker on `ground` at (x, y), on the floor nearest below `z`.
    pub fn on_ground(
        ground: Box<dyn Ground>,
        pace: Pace,
        x: f32,
        y: f32,
        z: f32,
    ) -> Option<Walker> {
        GroundWalker::at(ground, pace, x, y, z).map(Walker::Ground)
    }

    /// The game's own view there: the vertical field of view in degrees
    /// and the fog's distance in map units (Ace of Spades: OpenSpades'
    /// default 68 degrees and the servers' 128 voxels of fog).
    pub fn view(&self) -> (f32, Option<f32>) {
        match self {
            Walker::Player { .. } => (68.0, Some(128.0)),
            Walker::Ground(w) => (w.pace.fov, None),
        }
    }

    /// What walks, for people.
    pub fn who(&self) -> &'static str {
        match self {
            Walker::Player { .. } => "player (Ace of Spades server physics)",
            Walker::Ground(w) => w.pace.who,
        }
    }

    /// One 1/60 s step.
    pub fn tick(&mut self, input: &Input) {
        match self {
            Walker::Player {
                map,
                player,
                clock,
                landing,
                blocked,
                sent,
            } => {
                if input.crouch && !player.crouch {
                    player.set_crouch(true);
                } else if !input.crouch && player.crouch {
                    // As the clients do: stand only where there is room.
                    player.try_uncrouch(map);
                }
                player.keys = input.keys;
                player.look(input.look);
                // An input packet goes when the keys, jump or crouch change,
                // and the servers ask its jump then, once: holding Space
                // jumps once, as a script's line with jump 1 does, however
                // many ticks it holds (`mapscope walk --help`).
                let packet = (input.keys, input.jump, input.crouch);
                if *sent != Some(packet) {
                    *sent = Some(packet);
                    player.ask_jump(input.jump);
                }
                let (now, dt) = clock.advance();
                let pushing =
                    input.keys.forward || input.keys.back || input.keys.left || input.keys.right;
                let l = player.tick(map, now, dt);
                if l != Landing::None {
                    *landing = l;
                }
                *blocked = (pushing && player.blocked).then(|| {
                    let [x, y, _] = player.p;
                    let f = player.f;
                    let n = (f[0] * f[0] + f[1] * f[1]).sqrt().max(1e-6);
                    [x + f[0] / n * 0.9, y + f[1] / n * 0.9, player.feet() - 0.5]
                });
            }
            Walker::Ground(w) => {
                let yaw = input.look[1].atan2(input.look[0]);
                w.tick(&input.keys, yaw, TICK as f32);
            }
        }
    }

    /// One step of a script's stretch, applied as a replay applies it
    /// (`first`: the stretch's input is taken before its first tick), so
    /// that the viewer plays a witness back exactly (ground walkers have
    /// no scripts: nothing happens).
    pub fn replay_tick(&mut self, s: &super::script::Stretch, first: bool) {
        if let Walker::Player {
            map,
            player,
            clock,
            landing,
            ..
        } = self
        {
            if first {
                player.set_crouch(s.crouch);
                player.keys = s.keys;
                player.look(s.look);
                player.ask_jump(s.jump);
            }
            let (now, dt) = clock.advance();
            let l = player.tick(map, now, dt);
            if l != Landing::None {
                *landing = l;
            }
        }
    }

    /// The eye, where the camera stands.
    pub fn eye(&self) -> [f32; 3] {
        match self {
            Walker::Player { player, .. } => player.e,
            Walker::Ground(w) => w.eye(),
        }
    }

    /// The position to show: the player's `p` (AoS), the feet elsewhere.
    pub fn position(&self) -> [f32; 3] {
        match self {
            Walker::Player { player, .. } => player.p,
            Walker::Ground(w) => w.feet,
        }
    }

    /// Horizontal speed, in the map's units a second, and what they are.
    pub fn speed(&self) -> (f32, &'static str) {
        match self {
            // The servers' velocity is in voxels per 1/32 s.
            Walker::Player { player, .. } => {
                let [vx, vy, _] = player.v;
                ((vx * vx + vy * vy).sqrt() * 32.0, "voxels")
            }
            Walker::Ground(w) => (w.speed * w.pace.game_units, "game units"),
        }
    }

    pub fn footing(&self) -> Footing {
        match self {
            Walker::Player { player, .. } if player.airborne => Footing::Airborne,
            Walker::Player { player, .. } if player.wade => Footing::Wading,
            Walker::Ground(w) if w.airborne => Footing::Airborne,
            _ => Footing::Ground,
        }
    }

    /// The last landing that slowed or hurt (AoS).
    pub fn landing(&self) -> Landing {
        match self {
            Walker::Player { landing, .. } => *landing,
            Walker::Ground(_) => Landing::None,
        }
    }

    /// Where a climb, jump or step was stopped this tick.
    pub fn blocked(&self) -> Option<[f32; 3]> {
        match self {
            Walker::Player { blocked, .. } => *blocked,
            Walker::Ground(w) => w.blocked,
        }
    }

    /// What it is doing now: moving as the keys held say, climbing, in
    /// the air or wading.
    pub fn gait(&self) -> Gait {
        // Slower than this (map units a second) is standing: a stop's last
        // slide.
        const STILL: f32 = 0.05;
        // Vertical speeds (voxels per 1/32 s, z down) of a rise and of a
        // fall: a jump starts at 0.36 up, gravity adds 0.016 a tick.
        const RISING: f32 = 0.05;
        const FALLING: f32 = 0.1;
        match self {
            // A player on the ground is airborne every other tick (a tick's
            // gravity, then the floor): only a real rise or fall counts.
            Walker::Player { player, .. } if player.airborne && player.v[2] < -RISING => {
                Gait::Jumping
            }
            Walker::Player { player, .. } if player.airborne && player.v[2] > FALLING => {
                Gait::Falling
            }
            // The eye glides up for a quarter second after a climb.
            Walker::Player { player, .. }
                if player.lastclimb > 0.0 && player.e[2] > player.p[2] =>
            {
                Gait::Climbing
            }
            Walker::Player { player, .. } if player.wade => Gait::Wading,
            Walker::Player { player, .. } => Gait::on_foot(self.speed().0 > STILL, &player.keys),
            Walker::Ground(w) if w.airborne => Gait::Falling,
            Walker::Ground(w) if w.climbing => Gait::Climbing,
            Walker::Ground(w) => Gait::on_foot(w.speed > STILL * w.pace.speed, &w.keys),
        }
    }

    /// Whether it is crouched (AoS).
    pub fn crouched(&self) -> bool {
        matches!(self, Walker::Player { player, .. } if player.crouch)
    }

    /// Whether it still moves with nothing held (falling, sliding to a stop).
    pub fn moving(&self) -> bool {
        self.footing() == Footing::Airborne || self.speed().0 > 1e-3
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_player_walks_into_a_wall_stops_and_climbs_a_step() {
        let mut map = Solids::flat(32, 32, 64, 60);
        for y in 0..32 {
            // A wall three high at x 20, a one-block step at x 10.
            map.set_run(20, y, 57, 64);
            map.set_run(10, y, 59, 64);
            map.set_run(11, y, 59, 64);
        }
        let mut w = Walker::player(map, 5.5, 16.5, 0.0);
        let east = Input {
            keys: Keys {
                forward: true,
                ..Default::default()
            },
            look: [1.0, 0.0, 0.0],
            ..Default::default()
        };
        let mut on_step = f32::MAX;
        for _ in 0..120 {
            w.tick(&east);
            let p = w.position();
            if (10.6..11.4).contains(&p[0]) {
                on_step = on_step.min(p[2] + 2.25);
            }
        }
        assert!(
            (on_step - 59.0).abs() < 0.1,
            "climbed onto the step: {on_step}"
        );
        for _ in 0..600 {
            w.tick(&east);
        }
        let p = w.position();
        assert!(
            p[0] < 20.0 - 0.44 && p[0] > 19.0,
            "stopped by the wall: {p:?}"
        );
        assert!(w.blocked().is_some());
        assert_eq!(w.footing(), Footing::Ground);
    }

    #[test]
    fn the_hud_says_walking_sprinting_climbing_and_jumping_as_the_player_does() {
        let mut map = Solids::flat(32, 32, 64, 60);
        for y in 0..32 {
            map.set_run(10, y, 59, 64);
        }
        let mut w = Walker::player(map, 5.5, 16.5, 0.0);
        let mut input = Input {
            keys: Keys {
                forward: true,
                ..Default::default()
            },
            look: [1.0, 0.0, 0.0],
            ..Default::default()
        };
        let mut seen = Vec::new();
        for t in 0..200 {
            input.keys.sprint = t >= 150;
            input.jump = t >= 180;
            w.tick(&input);
            if seen.last() != Some(&w.gait()) {
                seen.push(w.gait());
            }
        }
        assert_eq!(seen[0], Gait::Walking, "{seen:?}");
        for g in [
            Gait::Climbing,
            Gait::Sprinting,
            Gait::Jumping,
            Gait::Falling,
        ] {
            assert!(seen.contains(&g), "{g:?} in {seen:?}");
        }
        // Keys let go: it slows down to standing.
        for _ in 0..240 {
            w.tick(&Input {
                look: [1.0, 0.0, 0.0],
                ..Default::default()
            });
        }
        assert_eq!(w.gait(), Gait::Standing);
    }

    /// A ramp rising east (z down) past x 4; flat before it.
    struct Ramp;
    impl Ground for Ramp {
        fn stand(&self, x: f32, _y: f32, _feet: f32) -> Option<f32> {
            Some(-(x - 4.0).max(0.0) * 0.5)
        }
    }

    #[test]
    fn a_ground_walker_walks_sprints_and_climbs_a_ramp() {
        let pace = Pace {
            speed: 2.0,
            eye: 0.7,
            fov: 70.0,
            gravity: 0.0,
            who: "test walker",
            game_units: 128.0,
        };
        let mut w = Walker::on_ground(Box::new(Ramp), pace, 1.0, 1.0, 0.0).unwrap();
        let mut input = Input {
            keys: Keys {
                forward: true,
                ..Default::default()
            },
            look: [1.0, 0.0, 0.0],
            ..Default::default()
        };
        w.tick(&input);
        assert_eq!(w.gait(), Gait::Walking);
        input.keys.sprint = true;
        w.tick(&input);
        assert_eq!(w.gait(), Gait::Sprinting);
        while w.position()[0] < 5.0 {
            w.tick(&input);
        }
        assert_eq!(w.gait(), Gait::Climbing);
        w.tick(&Input::default());
        assert_eq!(w.gait(), Gait::Standing);
    }

    /// The viewer holds Space as a script holds a line's jump: asked once,
    /// not every tick; so holding it for a line's ticks walks the same
    /// ticks, one jump.
    #[test]
    fn jump_held_in_the_viewer_is_a_scripts_jump_asked_once() {
        let map = Solids::flat(64, 64, 64, 60);
        let script = super::super::Script::parse(
            "10.5 32.5 57.6\n60 0 0 0 0 0 0 0 0 1 0 0\n150 1 0 0 0 1 0 0 0 1 0 0",
            map.dims(),
        )
        .unwrap();
        let mut replayed = Vec::new();
        script.replay(&map, |_, p, _| replayed.push(p.p));
        let mut w = Walker::spawned(map, script.start);
        let mut walked = Vec::new();
        let mut jumps = 0;
        for s in &script.stretches {
            for _ in 0..s.ticks {
                let was_rising = w.gait() == Gait::Jumping;
                w.tick(&Input {
                    keys: s.keys,
                    jump: s.jump,
                    crouch: s.crouch,
                    look: s.look,
                });
                jumps += (!was_rising && w.gait() == Gait::Jumping) as u32;
                walked.push(w.position());
            }
        }
        assert_eq!(walked, replayed, "the viewer walks the script's ticks");
        assert_eq!(jumps, 1, "one jump for Space held 150 ticks");
    }
}
