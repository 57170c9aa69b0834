//! Finding a GPU: hardware first, then Mesa's software rasterizers
//! (lavapipe over Vulkan, llvmpipe over GL/EGL). `WGPU_BACKEND` (e.g.
//! `vulkan`, `gl`) and `WGPU_ADAPTER_NAME` are respected.

use std::fmt;

/// A device and queue, with what was picked and why.
pub struct Gpu {
    pub instance: wgpu::Instance,
    pub adapter: wgpu::Adapter,
    pub device: wgpu::Device,
    pub queue: wgpu::Queue,
    pub info: wgpu::AdapterInfo,
}

#[derive(Debug)]
pub struct NoAdapter {
    pub tried: String,
}

impl fmt::Display for NoAdapter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "no GPU adapter found (backends tried: {}). Install a GPU driver, or Mesa's \
             software renderer (Debian: mesa-vulkan-drivers for lavapipe, libegl1 and \
             libgl1-mesa-dri for llvmpipe), or set WGPU_BACKEND=vulkan or gl",
            self.tried
        )
    }
}

impl std::error::Error for NoAdapter {}

/// Hardware before software: a lower rank is picked first.
fn rank(info: &wgpu::AdapterInfo) -> u8 {
    use wgpu::DeviceType::*;
    let software = info.device_type == Cpu
        || ["llvmpipe", "lavapipe", "softpipe", "swiftshader"]
            .iter()
            .any(|s| info.name.to_lowercase().contains(s));
    let kind = match info.device_type {
        DiscreteGpu => 0,
        IntegratedGpu => 1,
        VirtualGpu => 2,
        Other => 3,
        Cpu => 4,
    };
    // Vulkan (lavapipe) is faster and more complete than GL (llvmpipe).
    let backend = (info.backend != wgpu::Backend::Vulkan) as u8;
    (software as u8) * 16 + kind * 2 + backend
}

/// Mesa's Vulkan device-select layer asks the Wayland compositor which GPU
/// is the default, and where there is no session (`XDG_RUNTIME_DIR` unset:
/// a server, CI, ssh) libwayland prints "error: XDG_RUNTIME_DIR is invalid"
/// on stderr, twice. A headless command has no display to agree with, and
/// `rank` orders the adapters itself, so the layer is turned off there.
/// Called by `main` before any thread starts, for the commands that open no
/// window.
pub fn quiet_device_select() {
    if std::env::var_os("XDG_RUNTIME_DIR").is_none()
        && std::env::var_os("NODEVICE_SELECT").is_none()
    {
        std::env::set_var("NODEVICE_SELECT", "1");
    }
}

impl Gpu {
    /// A GPU for drawing offscreen (no window).
    pub fn headless() -> Result<Gpu, NoAdapter> {
        let desc = wgpu::InstanceDescriptor::new_without_display_handle_from_env();
        let instance = wgpu::Instance::new(desc);
        Self::with_instance(instance, None)
    }

    /// A GPU for `instance`, able to present to `surface` when given.
    pub fn with_instance(
        instance: wgpu::Instance,
        surface: Option<&wgpu::Surface<'_>>,
    ) -> Result<Gpu, NoAdapter> {
        let backends = wgpu::Backends::from_env().unwrap_or(wgpu::Backends::all());
        let mut adapters = pollster::block_on(instance.enumerate_adapters(backends));
        if let Some(s) = surface {
            adapters.retain(|a| a.is_surface_supported(s));
        }
        if let Ok(name) = std::env::var("WGPU_ADAPTER_NAME") {
            let name = name.to_lowercase();
            adapters.retain(|a| a.get_info().name.to_lowercase().contains(&name));
        }
        adapters.sort_by_key(|a| rank(&a.get_info()));
        for adapter in adapters {
            let info = adapter.get_info();
            let desc = wgpu::DeviceDescriptor {
                label: Some("mapscope"),
                // Timestamps time the viewer's pictures where there are any.
                required_features: adapter.features() & wgpu::Features::TIMESTAMP_QUERY,
                // What the adapter offers: software adapters have small limits.
                required_limits: adapter.limits(),
                ..Default::default()
            };
            match pollster::block_on(adapter.request_device(&desc)) {
                Ok((device, queue)) => {
                    return Ok(Gpu {
                        instance,
                        adapter,
                        device,
                        queue,
                        info,
                    })
                }
                Err(e) => eprintln!("mapscope: skipping {} ({:?}): {e}", info.name, info.backend),
            }
        }
        Err(NoAdapter {
            tried: format!("{backends:?}"),
        })
    }

    /// "name (backend, type)", for logs and the stats panel.
    pub fn describe(&self) -> String {
        format!(
            "{} ({:?}, {:?})",
            self.info.name, self.info.backend, self.info.device_type
        )
    }
}
