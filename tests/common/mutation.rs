//! The hostile-input tests' damage to a file: cut short, bits flipped, or
//! a lying value written over four bytes (a size, a count, a version).

/// One way a file is damaged.
pub enum Mutation {
    Truncate(usize),
    Flip(Vec<(usize, u8)>),
    /// A value written over four bytes (a size, a count, a version).
    Lie(usize, u32),
}

pub fn apply(seed: &[u8], m: &Mutation) -> Vec<u8> {
    let mut b = seed.to_vec();
    match m {
        Mutation::Truncate(n) => b.truncate(*n),
        Mutation::Flip(bits) => {
            for &(at, bit) in bits {
                if at < b.len() {
                    b[at] ^= 1 << bit;
                }
            }
        }
        Mutation::Lie(at, v) => {
            if at + 4 <= b.len() {
                b[*at..at + 4].copy_from_slice(&v.to_le_bytes());
            }
        }
    }
    b
}

impl Mutation {
    /// One to eight bits flipped in a file of `len` bytes, half of them in
    /// its first 256 bytes: headers are where most damage is done.
    pub fn flips(rng: &mut super::Rng, len: usize) -> Mutation {
        Mutation::Flip(
            (0..1 + rng.below(8))
                .map(|_| {
                    let at = if rng.below(2) == 0 {
                        rng.below(len.min(256))
                    } else {
                        rng.below(len)
                    };
                    (at, rng.below(8) as u8)
                })
                .collect(),
        )
    }
}
