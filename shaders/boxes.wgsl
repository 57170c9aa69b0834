// Translucent boxes (spawn areas, markers): plain coloured triangles.

struct Globals {
    view_proj: mat4x4<f32>,
    camera: vec4<f32>,
    fog: vec4<f32>,
    params: vec4<f32>,
};

@group(0) @binding(0) var<uniform> g: Globals;

struct Out {
    @builtin(position) pos: vec4<f32>,
    @location(0) color: vec4<f32>,
};

@vertex
fn vs_main(@location(0) p: vec3<f32>, @location(1) color: vec4<f32>) -> Out {
    var out: Out;
    out.pos = g.view_proj * vec4<f32>(p, 1.0);
    out.color = color;
    return out;
}

@fragment
fn fs_main(in: Out) -> @location(0) vec4<f32> {
    return in.color;
}
