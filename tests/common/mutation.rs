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
