//! Writing stdout and stderr so that no failure goes unseen.
//!
//! Every write to stdout is checked and flushed: a full disk, a closed stdout or a reader
//! that went away (a broken pipe: Rust's runtime ignores SIGPIPE, so the write fails with
//! EPIPE) is an error the caller reports with exit code 2. Lines on stderr are written as
//! one line whatever they quote, and a failure to write them is ignored: there is nowhere
//! left to report it, and the exit code still tells.
//!
//! A closed stdout needs a probe. Before `main`, Rust's runtime puts /dev/null in place of
//! a closed stdin, stdout or stderr (so that no file opened later takes their place), and
//! writes to it succeed: the answers would be lost unseen, with exit code 0. On Linux a
//! function in the `.init_array` section (where std itself reads the arguments) runs
//! before the runtime does and notes whether stdout was closed. Elsewhere a closed stdout
//! is not told from /dev/null.

use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};

/// Whether stdout was closed when the process started.
static STDOUT_CLOSED: AtomicBool = AtomicBool::new(false);

#[cfg(target_os = "linux")]
#[used]
#[link_section = ".init_array"]
static PROBE: extern "C" fn() = probe_standard_streams;

/// Notes whether stdout is closed, leaving each closed standard stream open on /dev/null
/// as the runtime would.
#[cfg(target_os = "linux")]
extern "C" fn probe_standard_streams() {
    use std::os::fd::{AsRawFd, IntoRawFd};
    // Opening a file takes the lowest free descriptor: 0, 1 or 2 while that stream is
    // closed; the first descriptor above 2 means all three are open, and is closed again.
    let null = || {
        std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .open("/dev/null")
    };
    while let Ok(file) = null() {
        match file.as_raw_fd() {
            0 | 2 => {}
            1 => STDOUT_CLOSED.store(true, Ordering::Relaxed),
            _ => return,
        }
        let _kept_open = file.into_raw_fd();
    }
}

/// Writes `text` to stdout, all of it, and flushes it.
///
/// # Errors
/// The write's error, or "stdout is closed".
pub fn write_stdout(text: &str) -> io::Result<()> {
    if STDOUT_CLOSED.load(Ordering::Relaxed) {
        return Err(io::Error::other("stdout is closed"));
    }
    let mut out = io::stdout().lock();
    out.write_all(text.as_bytes())?;
    out.flush()
}

/// Writes `message` to stderr as [one line](one_line). A failure to write it is ignored:
/// nowhere is left to report it, and the exit code still tells.
pub fn error_line(message: &str) {
    let _ = io::stderr().lock().write_all(one_line(message).as_bytes());
}

/// `message` as one line ending in `\n`, its control characters escaped: an argument or
/// input quoted in it may hold a line break.
fn one_line(message: &str) -> String {
    let mut line = String::with_capacity(message.len() + 1);
    for c in message.chars() {
        if c.is_control() {
            line.extend(c.escape_debug());
        } else {
            line.push(c);
        }
    }
    line.push('\n');
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_escaped_to_keep_one_line() {
        assert_eq!(one_line("a\nb\r\tc \u{85}é"), "a\\nb\\r\\tc \\u{85}é\n");
    }
}
