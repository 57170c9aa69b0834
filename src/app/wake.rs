//! How a worker thread (a load, a file dialog, an export, a folder listing)
//! wakes the window's event loop when it has something to show, so that the
//! loop sleeps until then instead of redrawing to look.

use std::sync::Arc;

/// Wakes the event loop; cheap to clone into a thread.
#[derive(Clone)]
pub struct Wake(Arc<dyn Fn() + Send + Sync>);

impl Wake {
    pub fn new(f: impl Fn() + Send + Sync + 'static) -> Wake {
        Wake(Arc::new(f))
    }

    /// A wake that wakes nothing: for tests, and before the loop exists.
    pub fn none() -> Wake {
        Wake::new(|| {})
    }

    pub fn wake(&self) {
        (self.0)()
    }
}

/// The event a worker sends: something is ready (the loop polls to see what).
#[derive(Debug, Clone, Copy)]
pub struct Woken;
