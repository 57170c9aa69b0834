// Coloured quads (terrain, worlds, water, spawn boxes, markers, tints):
// plain coloured triangles. globals.wgsl is put in front of this file.

struct Out {
    @builtin(position) pos: vec4<f32>,
    @location(0) color: vec4<f32>,
    @location(1) world: vec2<f32>,
};

@vertex
fn vs_main(@location(0) p: vec3<f32>, @location(1) color: vec4<f32>) -> Out {
    var out: Out;
    out.pos = g.view_proj * vec4<f32>(p, 1.0);
    out.color = color;
    out.world = p.xy;
    return out;
}

@fragment
fn fs_main(in: Out) -> @location(0) vec4<f32> {
    if clipped(in.world) {
        discard;
    }
    return vec4<f32>(dimmed(in.color.rgb), in.color.a);
}

// Boxes and their outlines (spawn areas, a comparison's marks): never
// dimmed, so that they stand out of a dimmed map.
@fragment
fn fs_marker(in: Out) -> @location(0) vec4<f32> {
    return in.color;
}

// What lies hidden behind something but must still read (walks on the
// ground under trees): a third as strong as where it is seen.
@fragment
fn fs_faint(in: Out) -> @location(0) vec4<f32> {
    if clipped(in.world) {
        discard;
    }
    return vec4<f32>(dimmed(in.color.rgb), in.color.a * 0.35);
}
