//! Painting tessellated egui output over a finished picture: the window's
//! overlay, screenshots with the UI, and the labels of headless pictures.

/// Paints `jobs` into `view` over what it holds (the 3D picture stays
/// underneath), and submits the work. `renderer` must already hold the
/// textures the jobs use.
pub fn paint_over(
    device: &wgpu::Device,
    queue: &wgpu::Queue,
    renderer: &mut egui_wgpu::Renderer,
    view: &wgpu::TextureView,
    jobs: &[egui::ClippedPrimitive],
    screen: &egui_wgpu::ScreenDescriptor,
) {
    let mut encoder = device.create_command_encoder(&Default::default());
    let extra = renderer.update_buffers(device, queue, &mut encoder, jobs, screen);
    {
        let pass = encoder.begin_render_pass(&wgpu::RenderPassDescriptor {
            label: Some("egui"),
            color_attachments: &[Some(wgpu::RenderPassColorAttachment {
                view,
                depth_slice: None,
                resolve_target: None,
                ops: wgpu::Operations {
                    load: wgpu::LoadOp::Load,
                    store: wgpu::StoreOp::Store,
                },
            })],
            depth_stencil_attachment: None,
            timestamp_writes: None,
            occlusion_query_set: None,
            multiview_mask: None,
        });
        renderer.render(&mut pass.forget_lifetime(), jobs, screen);
    }
    queue.submit(extra.into_iter().chain([encoder.finish()]));
}
