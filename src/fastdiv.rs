//! Division by a divisor fixed at run time, without a hardware divide.
//!
//! Position indexes are mixed-radix numbers; decoding one needs a division by the
//! number of positions per block. The divisor is known once the board is read, so we
//! precompute a Granlund–Montgomery multiplier and divide with one multiply and one
//! shift — several times faster than `div` in the solver's innermost loop.

/// A precomputed divisor for dividends below 2³¹.
#[derive(Clone, Copy, Debug)]
pub struct FastDiv {
    divisor: u32,
    multiplier: u64,
    shift: u32,
}

impl FastDiv {
    /// Largest dividend [`FastDiv::quotient`] is exact for.
    pub const MAX_DIVIDEND: u32 = (1 << 31) - 1;

    /// Prepares division by `divisor`.
    ///
    /// # Panics
    /// If `divisor` is 0 or not below 2³¹ (callers pass table sizes they checked).
    pub fn new(divisor: u32) -> Self {
        assert!(
            divisor > 0 && divisor <= Self::MAX_DIVIDEND,
            "divisor out of range"
        );
        // l = ceil(log2 d); m = floor(2^(31+l) / d) + 1 fits in 33 bits, so x·m < 2^63.
        let l = 32 - (divisor - 1).leading_zeros();
        let shift = 31 + l;
        let multiplier = ((1u128 << shift) / u128::from(divisor)) as u64 + 1;
        FastDiv {
            divisor,
            multiplier,
            shift,
        }
    }

    /// The divisor.
    pub const fn divisor(self) -> u32 {
        self.divisor
    }

    /// `x / divisor` for `x ≤ MAX_DIVIDEND`.
    #[inline(always)]
    pub fn quotient(self, x: u32) -> u32 {
        debug_assert!(x <= Self::MAX_DIVIDEND);
        ((u64::from(x) * self.multiplier) >> self.shift) as u32
    }

    /// `(x / divisor, x % divisor)` for `x ≤ MAX_DIVIDEND`.
    #[inline(always)]
    pub fn div_rem(self, x: u32) -> (u32, u32) {
        let q = self.quotient(x);
        (q, x - q * self.divisor)
    }
}

#[cfg(test)]
mod tests {
    use super::FastDiv;

    #[test]
    fn exact_for_small_divisors_and_many_dividends() {
        for d in 1..=1000u32 {
            let f = FastDiv::new(d);
            for x in (0..20_000u32).chain([FastDiv::MAX_DIVIDEND - 1, FastDiv::MAX_DIVIDEND]) {
                assert_eq!(f.div_rem(x), (x / d, x % d), "{x} / {d}");
            }
        }
    }

    #[test]
    fn exact_near_multiples_of_large_divisors() {
        for d in [
            32_640u32,
            31_878,
            65_535,
            65_536,
            1 << 20,
            1_000_003,
            FastDiv::MAX_DIVIDEND,
        ] {
            let f = FastDiv::new(d);
            for k in 0..(FastDiv::MAX_DIVIDEND / d).min(5000) {
                let x = k * d;
                for x in [x, x.saturating_sub(1), x + 1] {
                    if x <= FastDiv::MAX_DIVIDEND {
                        assert_eq!(f.quotient(x), x / d, "{x} / {d}");
                    }
                }
            }
        }
    }
}
