//! The window's graphics: the wgpu surface, the map renderer and the 3D
//! view it keeps, egui's state and renderer. Screenshots are drawn in the
//! window's format, by the same two renderers.

use super::view3d::View3d;
use crate::render::{Gpu, Renderer};
use anyhow::{Context, Result};
use std::sync::Arc;
use winit::event_loop::ActiveEventLoop;
use winit::window::Window;

pub struct Gfx {
    pub window: Arc<Window>,
    pub gpu: Gpu,
    pub surface: wgpu::Surface<'static>,
    pub config: wgpu::SurfaceConfiguration,
    pub renderer: Renderer,
    pub view3d: View3d,
    pub egui_ctx: egui::Context,
    pub egui_state: egui_winit::State,
    pub egui_renderer: egui_wgpu::Renderer,
}

impl Gfx {
    pub fn new(event_loop: &ActiveEventLoop, size: Option<[u32; 2]>) -> Result<Gfx> {
        let [w, h] = size.unwrap_or([1280, 720]);
        let window = Arc::new(
            event_loop.create_window(
                Window::default_attributes()
                    .with_title("mapscope")
                    .with_inner_size(winit::dpi::PhysicalSize::new(w, h)),
            )?,
        );
        let desc = wgpu::InstanceDescriptor::new_with_display_handle_from_env(Box::new(
            event_loop.owned_display_handle(),
        ));
        let instance = wgpu::Instance::new(desc);
        let surface = instance.create_surface(window.clone())?;
        let gpu = Gpu::with_instance(instance, Some(&surface))?;
        let caps = surface.get_capabilities(&gpu.adapter);
        // The shaders write sRGB values as they are: prefer a plain format.
        let format = caps
            .formats
            .iter()
            .copied()
            .find(|f| !f.is_srgb())
            .or_else(|| caps.formats.first().copied())
            .context("the window surface offers no format")?;
        let size = window.inner_size();
        let config = wgpu::SurfaceConfiguration {
            usage: wgpu::TextureUsages::RENDER_ATTACHMENT,
            format,
            width: size.width.max(1),
            height: size.height.max(1),
            present_mode: wgpu::PresentMode::AutoVsync,
            desired_maximum_frame_latency: 2,
            alpha_mode: caps
                .alpha_modes
                .first()
                .copied()
                .unwrap_or(wgpu::CompositeAlphaMode::Auto),
            view_formats: vec![],
            color_space: Default::default(),
        };
        surface.configure(&gpu.device, &config);
        let view3d = View3d::new(&gpu.device, format);
        let renderer = Renderer::new(&gpu.device, format);
        let egui_ctx = egui::Context::default();
        let egui_state = egui_winit::State::new(
            egui_ctx.clone(),
            egui::ViewportId::ROOT,
            &window,
            Some(window.scale_factor() as f32),
            None,
            Some(gpu.device.limits().max_texture_dimension_2d as usize),
        );
        let egui_renderer = egui_wgpu::Renderer::new(&gpu.device, format, Default::default());
        window.request_redraw();
        Ok(Gfx {
            window,
            gpu,
            surface,
            config,
            renderer,
            view3d,
            egui_ctx,
            egui_state,
            egui_renderer,
        })
    }

    pub fn resize(&mut self, w: u32, h: u32) {
        if w == 0 || h == 0 {
            return;
        }
        self.config.width = w;
        self.config.height = h;
        self.surface.configure(&self.gpu.device, &self.config);
        self.window.request_redraw();
    }
}

/// Paints egui's output into `view`: the window's frame or a screenshot,
/// both in the window's format.
pub fn paint_egui(
    g: &mut Gfx,
    out: egui::FullOutput,
    view: &wgpu::TextureView,
    (w, h): (u32, u32),
) {
    let egui::FullOutput {
        shapes,
        pixels_per_point,
        mut textures_delta,
        ..
    } = out;
    let (device, queue) = (&g.gpu.device, &g.gpu.queue);
    for (id, deltas) in &textures_delta.set {
        for delta in deltas {
            g.egui_renderer.update_texture(device, queue, *id, delta);
        }
    }
    let jobs = g.egui_ctx.tessellate(shapes, pixels_per_point);
    let screen = egui_wgpu::ScreenDescriptor {
        size_in_pixels: [w, h],
        pixels_per_point,
    };
    crate::render::egui_pass::paint_over(device, queue, &mut g.egui_renderer, view, &jobs, &screen);
    for id in &textures_delta.free {
        g.egui_renderer.free_texture(id);
    }
    // Every delta is applied; egui checks that none is dropped unseen.
    textures_delta.clear();
}
