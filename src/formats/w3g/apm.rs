//! Actions per minute, counted as w3gjs (4.x) counts them, so the two can
//! be compared:
//!
//! - counted: 0x10-0x14, 0x17, 0x18, 0x1C, 0x1D, 0x1E, 0x61, 0x66, 0x67,
//!   and 0x16 selections, except a selection that follows a deselect
//!   (mode 2) in the same command block (one click makes both);
//! - counts go in one-minute segments, closed when a time slot takes the
//!   running segment past 60 000 ms (before that slot's actions);
//! - APM = round(actions / minutes to the player's last command block).

use super::actions::Action;

const SEGMENT_MS: u32 = 60_000;

#[derive(Debug, Clone, Default)]
struct Count {
    current: u32,
    closed: u64,
    last_was_deselect: bool,
    /// Game time of the player's last command block.
    last_ms: u32,
}

/// The running count of every player (by id; ids are below 256).
pub struct Apm {
    counts: Vec<Option<Count>>,
    segment: u32,
}

impl Apm {
    /// Counts for the players `ids` alone (w3gjs ignores blocks of others).
    pub fn new(ids: impl IntoIterator<Item = u8>) -> Apm {
        let mut counts = vec![None; 256];
        for id in ids {
            counts[usize::from(id)] = Some(Count::default());
        }
        Apm { counts, segment: 0 }
    }

    pub fn time_slot(&mut self, increment: u16) {
        self.segment += u32::from(increment);
        if self.segment > SEGMENT_MS {
            for c in self.counts.iter_mut().flatten() {
                c.closed += u64::from(c.current);
                c.current = 0;
            }
            self.segment = 0;
        }
    }

    pub fn command_block(&mut self, player: u8, ms: u32) {
        if let Some(c) = &mut self.counts[usize::from(player)] {
            c.last_ms = ms;
            c.last_was_deselect = false;
        }
    }

    pub fn action(&mut self, player: u8, action: &Action) {
        let Some(c) = &mut self.counts[usize::from(player)] else {
            return;
        };
        let counted = match *action {
            Action::Ability { .. } => true,
            Action::Order { id, .. } => id <= 0x14,
            Action::Select { mode: 2 } => {
                c.last_was_deselect = true;
                true
            }
            Action::Select { .. } => !std::mem::replace(&mut c.last_was_deselect, false),
            Action::Ping { .. } => false,
            Action::Other(id) => {
                matches!(id, 0x17 | 0x18 | 0x1C | 0x1D | 0x1E | 0x61 | 0x66 | 0x67)
            }
        };
        c.current += u32::from(counted);
    }

    /// (APM, counted actions) of `player`.
    pub fn result(&self, player: u8) -> (u32, u32) {
        let Some(c) = &self.counts[usize::from(player)] else {
            return (0, 0);
        };
        let total = c.closed + u64::from(c.current);
        if c.last_ms == 0 {
            return (0, total.min(u32::MAX.into()) as u32);
        }
        let minutes = f64::from(c.last_ms) / 60_000.0;
        let apm = (total as f64 / minutes + 0.5).floor();
        (
            apm.min(f64::from(u32::MAX)) as u32,
            total.min(u32::MAX.into()) as u32,
        )
    }
}
