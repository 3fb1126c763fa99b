//! Memory reserved fallibly, and the error that says how much was needed.
//!
//! Every large allocation whose size depends on the input — an input's bytes, its parsed
//! problems, the answers, a solver's records, queues and arrivals — asks for its memory
//! with `try_reserve`, never with an allocation that aborts the process when the system
//! refuses (a memory limit such as `ulimit -v`, or a browser that will not grow a page's
//! memory). A refusal becomes an [`OutOfMemory`], which the command line reports as one
//! line and exit code 2, and the page as a message.

use std::collections::TryReserveError;

use crate::words::{self, Message, Worded};

/// Memory the system would not give: how many bytes the work needed in all.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OutOfMemory {
    /// Bytes needed.
    pub bytes: u64,
}

impl OutOfMemory {
    /// A refusal of work that needs `bytes` in all.
    pub fn needing(bytes: u64) -> OutOfMemory {
        OutOfMemory { bytes }
    }
}

impl Worded for OutOfMemory {
    /// `needs 128 MB, could not reserve it` (megabytes of 10⁶ bytes, rounded up).
    fn words(&self) -> Message {
        Message::new(words::MEMORY_REFUSED).with("mb", megabytes(self.bytes))
    }
}

crate::words::english!(OutOfMemory);

impl std::error::Error for OutOfMemory {}

/// `bytes` in megabytes of 10⁶ bytes, rounded up: what people read as a size.
pub fn megabytes(bytes: u64) -> u64 {
    bytes.div_ceil(1_000_000)
}

/// Room for `additional` more items in `vec`, growing it as a push would (by doubling, so
/// that pushing one by one stays cheap), or a refusal of `needs(bytes)`, the bytes `vec`
/// would then hold.
///
/// # Errors
/// An [`OutOfMemory`] of `vec`'s bytes with the room added.
pub fn reserve<T>(vec: &mut Vec<T>, additional: usize) -> Result<(), OutOfMemory> {
    vec.try_reserve(additional)
        .map_err(|_| OutOfMemory::needing(bytes_of::<T>(vec.len().saturating_add(additional))))
}

/// A vector of `len` copies of `value`, its memory reserved fallibly.
///
/// # Errors
/// A [`TryReserveError`] when the memory cannot be reserved (callers say how much their
/// whole work needs).
pub fn filled<T: Clone>(len: usize, value: T) -> Result<Vec<T>, TryReserveError> {
    let mut vec = Vec::new();
    vec.try_reserve_exact(len)?;
    vec.resize(len, value);
    Ok(vec)
}

/// The items of `items` in a vector, its memory reserved fallibly.
///
/// # Errors
/// A [`TryReserveError`] when the memory cannot be reserved.
pub fn try_collect<T>(items: impl ExactSizeIterator<Item = T>) -> Result<Vec<T>, TryReserveError> {
    let mut vec = Vec::new();
    vec.try_reserve_exact(items.len())?;
    vec.extend(items);
    Ok(vec)
}

/// A copy of `items` in a vector of its own, its memory reserved fallibly (a game's
/// fallible copy of its tables, [`crate::Game::try_copy`]).
///
/// # Errors
/// A [`TryReserveError`] when the memory cannot be reserved.
pub fn copied<T: Clone>(items: &[T]) -> Result<Vec<T>, TryReserveError> {
    try_collect(items.iter().cloned())
}

/// Bytes `count` items of `T` take.
pub fn bytes_of<T>(count: usize) -> u64 {
    (count as u64).saturating_mul(std::mem::size_of::<T>() as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refusals_say_the_megabytes_rounded_up() {
        assert_eq!(
            OutOfMemory::needing(127_180_800).to_string(),
            "needs 128 MB, could not reserve it"
        );
        assert_eq!(megabytes(1_000_000), 1);
        assert_eq!(megabytes(1), 1);
        assert_eq!(megabytes(0), 0);
    }

    #[test]
    fn a_reservation_too_large_is_refused_with_its_size() {
        let mut vec: Vec<u32> = vec![1, 2];
        let error = reserve(&mut vec, usize::MAX / 8).unwrap_err();
        assert_eq!(error.bytes, 4 * (2 + usize::MAX as u64 / 8));
        assert!(filled(usize::MAX / 4, 0u16).is_err());
        assert_eq!(filled(3, 7u16).unwrap(), [7, 7, 7]);
        reserve(&mut vec, 10).unwrap();
        assert!(vec.capacity() >= 12);
    }
}
