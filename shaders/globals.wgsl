// The uniforms every pipeline shares, at group 0 binding 0.
// Mirrors `Globals` in src/render/globals.rs: keep the two in step.
struct Globals {
    view_proj: mat4x4<f32>,
    // xyz: camera position; w: 1 for perspective, 0 for orthographic.
    camera: vec4<f32>,
    // rgb: fog colour; w: fog distance in voxels, 0 for no fog.
    fog: vec4<f32>,
    // x: ambient-occlusion strength (0..1); y: 1 to highlight indestructible
    // voxels; z: 1 to draw flat, unlit colours (the minimap view); w: how
    // much to dim the map (0 none; a comparison dims what did not change).
    params: vec4<f32>,
    // x0, y0, x1, y1: the map area drawn (map coordinates); nothing of the
    // terrain, water or objects outside it (the minimap view's bars).
    clip: vec4<f32>,
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

// Whether map point p lies outside the area drawn.
fn clipped(p: vec2<f32>) -> bool {
    return p.x < g.clip.x || p.y < g.clip.y || p.x > g.clip.z || p.y > g.clip.w;
}

// Colour `c` dimmed as the options ask: markers stand out of a dimmed map.
fn dimmed(c: vec3<f32>) -> vec3<f32> {
    return c * (1.0 - g.params.w);
}
