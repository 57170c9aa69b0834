//! The window's events: keys, mouse and wheel to the camera and commands,
//! files dropped, resizing, and when to draw again.

use super::browser_window::Purpose;
use super::camera_mode::CameraMode;
use super::gfx::Gfx;
use super::loader::Source;
use super::App;
use std::time::Instant;
use winit::application::ApplicationHandler;
use winit::event::{DeviceEvent, ElementState, MouseButton, MouseScrollDelta, WindowEvent};
use winit::event_loop::{ActiveEventLoop, ControlFlow};
use winit::keyboard::{KeyCode, PhysicalKey};
use winit::window::WindowId;

impl ApplicationHandler<super::wake::Woken> for App {
    /// A worker has something to show: a frame polls what it sent.
    fn user_event(&mut self, _el: &ActiveEventLoop, _woken: super::wake::Woken) {
        if let Some(g) = &self.gfx {
            g.window.request_redraw();
        }
    }

    fn resumed(&mut self, event_loop: &ActiveEventLoop) {
        if self.gfx.is_some() {
            return;
        }
        match Gfx::new(event_loop, self.window_size) {
            Ok(g) => {
                self.gfx = Some(g);
                let source = self.first_file.clone().map_or(Source::Demo, Source::at);
                self.open(source);
                if self.start.browser {
                    self.browse(Purpose::OpenMap);
                }
            }
            Err(e) => {
                self.exit_error = Some(format!("{e:#}"));
                event_loop.exit();
            }
        }
    }

    fn window_event(&mut self, event_loop: &ActiveEventLoop, _id: WindowId, event: WindowEvent) {
        let pressed = match &event {
            WindowEvent::MouseInput { state, .. } => *state == ElementState::Pressed,
            WindowEvent::KeyboardInput { event, .. } => event.state == ElementState::Pressed,
            _ => false,
        };
        // The first start's hint goes at the first key or click.
        self.panels.hint &= !pressed;
        if pressed && self.clock.input_at.is_none() {
            self.clock.input_at = Some((Instant::now(), 0));
        }
        if self.egui_takes(&event) {
            return;
        }
        match event {
            WindowEvent::CloseRequested => event_loop.exit(),
            WindowEvent::Resized(size) => {
                if let Some(g) = &mut self.gfx {
                    g.resize(size.width, size.height);
                }
            }
            WindowEvent::DroppedFile(path) => self.open(Source::at(path)),
            WindowEvent::CursorMoved { position, .. } => {
                self.cursor_moved(position.x as f32, position.y as f32);
            }
            WindowEvent::CursorLeft { .. } => self.pointer.cursor = None,
            // Keys released while another window had the focus (a file
            // dialog opened with Ctrl+O) never arrive: forget what was held.
            WindowEvent::Focused(false) => {
                self.input.held = Default::default();
                self.input.looking = false;
            }
            WindowEvent::RedrawRequested => self.frame(event_loop),
            WindowEvent::ModifiersChanged(m) => self.input.modifiers = m.state(),
            WindowEvent::MouseInput { state, button, .. } => self.mouse_button(state, button),
            WindowEvent::MouseWheel { delta, .. } => {
                let notches = match delta {
                    MouseScrollDelta::LineDelta(_, y) => y,
                    MouseScrollDelta::PixelDelta(p) => p.y as f32 / 40.0,
                };
                self.scroll_camera(notches);
                if let Some(g) = &self.gfx {
                    g.window.request_redraw();
                }
            }
            WindowEvent::KeyboardInput { event, .. } => {
                let PhysicalKey::Code(code) = event.physical_key else {
                    return;
                };
                self.key(code, event.state == ElementState::Pressed);
                if let Some(g) = &self.gfx {
                    g.window.request_redraw();
                }
            }
            _ => {}
        }
    }

    fn device_event(
        &mut self,
        _el: &ActiveEventLoop,
        _id: winit::event::DeviceId,
        event: DeviceEvent,
    ) {
        if let DeviceEvent::MouseMotion { delta } = event {
            // Walking, the mouse always looks (its pointer is hidden).
            if self.input.looking || self.walk.is_some() {
                self.drag_camera(delta.0 as f32, delta.1 as f32);
                if let Some(g) = &self.gfx {
                    g.window.request_redraw();
                }
            }
        }
    }

    fn about_to_wait(&mut self, event_loop: &ActiveEventLoop) {
        self.poll_dialog();
        self.poll_export();
        self.poll_shots();
        // Wake when egui asked to be drawn again, else on the next event.
        match self.repaint_at {
            Some(at) if at <= Instant::now() => {
                self.repaint_at = None;
                event_loop.set_control_flow(ControlFlow::Wait);
                if let Some(g) = &self.gfx {
                    g.window.request_redraw();
                }
            }
            Some(at) => event_loop.set_control_flow(ControlFlow::WaitUntil(at)),
            None => event_loop.set_control_flow(ControlFlow::Wait),
        }
        if self.notice.as_ref().is_some_and(|n| !n.alive()) {
            self.notice = None;
            // One more frame takes the notice away.
            if let Some(g) = &self.gfx {
                g.window.request_redraw();
            }
        }
        if let Some(at) = self.notice.as_ref().and_then(|n| n.wake_at()) {
            let wake = self.repaint_at.map_or(at, |r| r.min(at));
            self.repaint_at = Some(wake);
            event_loop.set_control_flow(ControlFlow::WaitUntil(wake));
        }
        // Keep drawing while the camera moves or a script runs; otherwise
        // sleep until an event (workers wake the loop when they are done).
        if self.input.held.any()
            || self.script.is_some()
            || self.clock.since_load < 4
            || self.walk_busy()
        {
            if let Some(g) = &self.gfx {
                g.window.request_redraw();
            }
        }
    }
}

impl App {
    /// Hands `event` to egui; true when egui keeps it from the camera.
    fn egui_takes(&mut self, event: &WindowEvent) -> bool {
        let Some(g) = &mut self.gfx else {
            return false;
        };
        let response = g.egui_state.on_window_event(&g.window, event);
        // egui asks to repaint after every redraw; honouring that would
        // never let the window go idle.
        if response.repaint && !matches!(event, WindowEvent::RedrawRequested) {
            g.window.request_redraw();
        }
        // A released button always reaches the camera, so a drag that
        // ends over a panel does not stick.
        let release = matches!(
            event,
            WindowEvent::MouseInput {
                state: ElementState::Released,
                ..
            }
        );
        response.consumed
            && !release
            && !matches!(
                event,
                WindowEvent::RedrawRequested
                    | WindowEvent::Resized(_)
                    | WindowEvent::ModifiersChanged(_)
            )
    }

    /// The pointer moved to (x, y), in pixels: whose it is now, the UI's
    /// or the 3D view's.
    fn cursor_moved(&mut self, x: f32, y: f32) {
        self.pointer.cursor = Some((x, y));
        self.pointer.moved = true;
        if let Some(g) = &self.gfx {
            // Over a panel (outside the 3D view) or over a window or
            // menu floating on it, the pointer is the UI's.
            let at = egui::pos2(x, y) / g.egui_ctx.pixels_per_point();
            let floating = g
                .egui_ctx
                .layer_id_at(at)
                .is_some_and(|l| l.order != egui::Order::Background);
            let outside = self.pointer.view_rect.is_some_and(|v| !v.contains(at));
            self.pointer.over_ui = self.script.is_none() && (floating || outside);
            g.window.request_redraw();
        }
    }

    /// A mouse button pressed or released: dragging the camera, pinning
    /// what the left button picks.
    fn mouse_button(&mut self, state: ElementState, button: MouseButton) {
        let pressed = state == ElementState::Pressed;
        // Right looks around (fly); in orbit mode either button drags.
        // A press on a panel (its edge, its scroll bar) is the
        // panel's, not the camera's.
        let drags = !self.pointer.over_ui
            && match button {
                MouseButton::Right => true,
                MouseButton::Left => matches!(self.mode, CameraMode::Orbit(_)),
                _ => false,
            };
        if drags || !pressed {
            self.input.looking = pressed && drags;
        }
        if button == MouseButton::Left {
            self.pin_button(pressed);
        }
    }

    /// A key pressed (`down`) or released.
    fn key(&mut self, code: KeyCode, down: bool) {
        let ctrl = self.input.modifiers.control_key();
        let replay_key = matches!(
            code,
            KeyCode::Space | KeyCode::BracketLeft | KeyCode::BracketRight | KeyCode::Escape
        );
        match code {
            // A witness played back takes its own keys (the player's are not
            // its input).
            _ if down && replay_key && self.replaying() => self.replay_key(code),
            // A replay's timeline takes its keys first (K, J, L, comma,
            // period, 1-9): none of them moves the camera.
            _ if down && self.game.as_mut().is_some_and(|g| g.key(code)) => {}
            KeyCode::KeyW => self.input.held.forward = down,
            KeyCode::KeyS => self.input.held.back = down,
            KeyCode::KeyA => self.input.held.left = down,
            KeyCode::KeyD => self.input.held.right = down,
            KeyCode::Space | KeyCode::KeyQ => self.input.held.up = down,
            // Not Ctrl: it begins Ctrl+O, and the camera must not sink
            // while it is held.
            KeyCode::KeyE | KeyCode::KeyC if !ctrl || !down => self.input.held.down = down,
            KeyCode::ShiftLeft | KeyCode::ShiftRight => self.input.held.fast = down,
            KeyCode::KeyO if down && ctrl => self.open_dialog(),
            KeyCode::KeyO if down => self.toggle_orbit(),
            KeyCode::KeyP if down => self.enter_walk(self.input.modifiers.shift_key()),
            KeyCode::KeyV => {
                if let Some(w) = &mut self.walk {
                    w.sneak = down;
                }
            }
            KeyCode::Home if down => self.reset_view(),
            KeyCode::End if down => self.file_camera(),
            KeyCode::KeyF if down => self.fly_to_picked(),
            KeyCode::KeyT if down => self.toggle_top(),
            KeyCode::F5 if down => self.reload(),
            KeyCode::F12 if down => self.take_screenshot(),
            KeyCode::KeyX if down => self.flip_compare(),
            KeyCode::KeyG if down => self.panels.analysis ^= true,
            KeyCode::Escape if down && self.compare_load.take().is_some() => {
                self.notice = Some(super::notice::Notice::info("Comparison cancelled"));
            }
            KeyCode::Escape if down && self.load.take().is_some() => {
                self.notice = Some(super::notice::Notice::info("Load cancelled"));
            }
            KeyCode::Escape if down && self.walk.is_some() => self.leave_walk(),
            KeyCode::Escape if down => {
                self.unpin();
            }
            _ => {}
        }
    }
}
