// Terrain: ground painted from its tiles' corner colours, each corner's
// colour over its quarter of the tile, meeting the others in a short, sharp
// transition as the game's hand-painted textures do; cliffs and walls in
// their own colours. Lit by each triangle's facing, or flat for the
// minimap view. globals.wgsl is put in front of this file.

struct Grid {
    // x, y: tilepoints across and down the grid; z: half the width of the
    // transition between two corners' colours, in tiles.
    size: vec4<f32>,
    // The tint's cell at map point p: column p.x * x + y, row p.y * z + w.
    tint_map: vec4<f32>,
    // x, y: the tint's cells across and down (0: no tint).
    tint_size: vec4<f32>,
};

@group(1) @binding(0) var<uniform> grid: Grid;
// RGBA8 a tilepoint, row 0 the southern edge (map y = rows - 1).
@group(1) @binding(1) var<storage, read> corners: array<u32>;
// RGBA8 a tint cell (a ground-distance field's), row by row; alpha 0 where
// the ground is left as it is.
@group(1) @binding(2) var<storage, read> tint: array<u32>;

// Light from above and a little south-west (z is down), as the CPU lights
// the other coloured quads (`mesh::tris::LIGHT`).
const LIGHT: vec3<f32> = vec3<f32>(-0.35, 0.3, -0.89);

struct Out {
    @builtin(position) pos: vec4<f32>,
    @location(0) color: vec4<f32>,
    @location(1) world: vec3<f32>,
};

@vertex
fn vs_main(@location(0) p: vec3<f32>, @location(1) color: vec4<f32>) -> Out {
    var out: Out;
    out.pos = g.view_proj * vec4<f32>(p, 1.0);
    out.color = color;
    out.world = p;
    return out;
}

fn corner(x: i32, row: i32) -> vec3<f32> {
    return unpack4x8unorm(corners[row * i32(grid.size.x) + x]).rgb;
}

// The ground's colour at map point p.
fn ground(p: vec2<f32>) -> vec3<f32> {
    let w = grid.size.x;
    let h = grid.size.y;
    let south = (h - 1.0) - p.y;
    let tx = clamp(floor(p.x), 0.0, w - 2.0);
    let ty = clamp(floor(south), 0.0, h - 2.0);
    let k = grid.size.z;
    let u = smoothstep(0.5 - k, 0.5 + k, p.x - tx);
    let v = smoothstep(0.5 - k, 0.5 + k, south - ty);
    let x = i32(tx);
    let y = i32(ty);
    let bottom = mix(corner(x, y), corner(x + 1, y), u);
    let top = mix(corner(x, y + 1), corner(x + 1, y + 1), u);
    return mix(bottom, top, v);
}

// The tint over map point p: painted by the ground itself, so that it lies
// on the surface with no quads of its own to step or seam.
fn tint_at(p: vec2<f32>) -> vec4<f32> {
    let w = grid.tint_size.x;
    let h = grid.tint_size.y;
    let c = floor(vec2<f32>(p.x * grid.tint_map.x + grid.tint_map.y,
                            p.y * grid.tint_map.z + grid.tint_map.w));
    if c.x < 0.0 || c.y < 0.0 || c.x >= w || c.y >= h {
        return vec4<f32>(0.0);
    }
    return unpack4x8unorm(tint[i32(c.y) * i32(w) + i32(c.x)]);
}

@fragment
fn fs_main(in: Out) -> @location(0) vec4<f32> {
    if clipped(in.world.xy) {
        discard;
    }
    // Ground vertices carry alpha 0: their colour comes from the grid.
    var c = in.color.rgb;
    if in.color.a < 0.5 {
        c = ground(in.world.xy);
    }
    let n = cross(dpdx(in.world), dpdy(in.world));
    let len = length(n);
    // Tinted where it faces up (not a cliff's wall), under the light, so
    // the slopes still read through it.
    if len < 1e-12 || abs(n.z) > 0.5 * len {
        let t = tint_at(in.world.xy);
        c = mix(c, t.rgb, t.a);
    }
    if g.params.z < 0.5 {
        let facing = select(1.0, abs(dot(n, LIGHT)) / len, len > 1e-12);
        c = c * (0.45 + 0.55 * facing);
    }
    return vec4<f32>(dimmed(c), 1.0);
}

// Water over the terrain, as the quads' shader draws it, with the tint on
// its surface where the tint reaches (shallow water is walked through).
@fragment
fn fs_water(in: Out) -> @location(0) vec4<f32> {
    if clipped(in.world.xy) {
        discard;
    }
    let t = tint_at(in.world.xy);
    let c = mix(in.color.rgb, t.rgb, t.a);
    return vec4<f32>(dimmed(c), max(in.color.a, t.a));
}
