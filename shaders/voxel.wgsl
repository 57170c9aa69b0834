// Voxel faces: one instance per face, drawn indexed as two triangles over
// its 4 corners (indices 0 1 2 0 2 3).
// The face record is 8 bytes, two words a and b. Its layout is
// `mesh::face::FIELDS`; the FACE_*_SHIFT and FACE_*_MASK constants are made
// from that table and put in front of this file, with globals.wgsl and the
// corner table (see src/render/shaders.rs).

// A chunk's first voxel (xyz) and how many full-detail voxels each of its
// voxels spans (w): 1, or 2 and 4 for the coarse levels drawn far away.
struct Chunk {
    origin: vec4<f32>,
};

@group(1) @binding(0) var<uniform> chunk: Chunk;

// CORNERS[dir * 4 + i]: unit-cube corner i of a face turned toward `dir`
// (0 +x, 1 -x, 2 +y, 3 -y, 4 up = -z, 5 down = +z), going around the quad.
var<private> CORNERS: array<vec3<f32>, 24> = array<vec3<f32>, 24>(
    CORNER_TABLE
);
// A fixed light per face direction: tops brightest, undersides darkest.
var<private> SHADE: array<f32, 6> = array<f32, 6>(0.86, 0.74, 0.80, 0.92, 1.0, 0.55);

struct Out {
    @builtin(position) pos: vec4<f32>,
    @location(0) color: vec3<f32>,
    @location(1) dist: f32,
    @location(2) alpha: f32,
};

@vertex
fn vs_main(@builtin(vertex_index) vi: u32, @location(0) face: vec2<u32>) -> Out {
    let a = face.x;
    let b = face.y;
    let local = vec3<f32>(
        f32((a >> FACE_LX_SHIFT) & FACE_LX_MASK),
        f32((a >> FACE_LY_SHIFT) & FACE_LY_MASK),
        f32((a >> FACE_Z_SHIFT) & FACE_Z_MASK),
    );
    let dir = (b >> FACE_DIR_SHIFT) & FACE_DIR_MASK;
    // A flipped face uses the other diagonal: the same two triangles with
    // every corner turned by one (1 2 3 1 3 0).
    let corner = (vi + ((a >> FACE_FLIP_SHIFT) & FACE_FLIP_MASK)) & 3u;
    let ao = f32((a >> (FACE_AO_SHIFT + 2u * corner)) & 3u);
    let p = chunk.origin.xyz + (local + CORNERS[dir * 4u + corner]) * chunk.origin.w;
    var out: Out;
    out.pos = g.view_proj * vec4<f32>(p, 1.0);
    let rgb = vec3<f32>(f32(b & 255u), f32((b >> 8u) & 255u), f32((b >> 16u) & 255u)) / 255.0;
    // AO 0 (closed) .. 3 (open) darkens down to half.
    let occlusion = mix(1.0, 0.5 + ao / 6.0, g.params.x);
    var color = rgb * SHADE[dir] * occlusion;
    // Light-emitting voxels glow: their own colour, brighter, unshaded.
    let glow = f32((b >> FACE_GLOW_SHIFT) & FACE_GLOW_MASK) / f32(FACE_GLOW_MASK);
    color = mix(color, min(rgb * 1.3 + vec3<f32>(0.15), vec3<f32>(1.0)), glow);
    if g.params.y > 0.5 && ((b >> FACE_INDESTRUCTIBLE_SHIFT) & FACE_INDESTRUCTIBLE_MASK) == 1u {
        color = mix(color, vec3<f32>(1.0, 0.35, 0.0), 0.6);
    }
    out.color = color;
    out.alpha = select(1.0, 0.6, ((b >> FACE_WATER_SHIFT) & FACE_WATER_MASK) == 1u);
    out.dist = distance(p.xy, g.camera.xy);
    return out;
}

@fragment
fn fs_main(in: Out) -> @location(0) vec4<f32> {
    return vec4<f32>(dimmed(fogged(in.color, in.dist)), in.alpha);
}
