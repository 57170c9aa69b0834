// The uniforms every pipeline shares, at group 0 binding 0.
// Mirrors `Globals` in src/render/globals.rs: keep the two in step.
struct Globals {
    view_proj: mat4x4<f32>,
    // xyz: camera position; w: 1 for perspective, 0 for orthographic.
    camera: vec4<f32>,
    // rgb: fog colour; w: fog distance in voxels, 0 for no fog.
    fog: vec4<f32>,
    // x: ambient-occlusion strength (0..1); y: 1 to highlight indestructible
    // voxels.
    params: vec4<f32>,
};

@group(0) @binding(0) var<uniform> g: Globals;

// The game's fog over colour `c` at horizontal distance `dist` from the
// camera: thickening toward the fog distance (none when it is 0).
fn fogged(c: vec3<f32>, dist: f32) -> vec3<f32> {
    if g.fog.w <= 0.0 {
        return c;
    }
    let t = clamp(dist / g.fog.w, 0.0, 1.0);
    return mix(c, g.fog.rgb, t * t);
}
