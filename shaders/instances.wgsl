// Instanced shapes (Warcraft III trees, start locations, gold mines,
// units, doodads): one small mesh drawn once per instance, placed and sized
// by the instance. globals.wgsl is put in front of this file.
// `ShapeVertex` and `Instance` mirror src/mesh/objects.rs: keep them in step.

struct Out {
    @builtin(position) pos: vec4<f32>,
    @location(0) color: vec3<f32>,
    @location(1) dist: f32,
    @location(2) world: vec2<f32>,
};

@vertex
fn vs_main(
    @location(0) v_pos: vec3<f32>,
    @location(1) v_normal: vec3<f32>,
    @location(2) v_tinted: f32,
    @location(3) i_pos: vec3<f32>,
    @location(4) i_scale: vec2<f32>,
    @location(5) i_color: vec4<f32>,
) -> Out {
    let p = i_pos + vec3<f32>(v_pos.xy * i_scale.x, v_pos.z * i_scale.y);
    var out: Out;
    out.pos = g.view_proj * vec4<f32>(p, 1.0);
    // Light from above and a little south-west; z is down.
    let light = normalize(vec3<f32>(-0.3, 0.4, -1.0));
    let lit = select(0.55 + 0.45 * max(dot(v_normal, light), 0.0), 1.0, g.params.z > 0.5);
    let trunk = vec3<f32>(0.36, 0.25, 0.15);
    out.color = mix(trunk, i_color.rgb, v_tinted) * lit;
    out.dist = distance(p.xy, g.camera.xy);
    out.world = i_pos.xy;
    return out;
}

@fragment
fn fs_main(in: Out) -> @location(0) vec4<f32> {
    if clipped(in.world) {
        discard;
    }
    return vec4<f32>(dimmed(fogged(in.color, in.dist)), 1.0);
}
