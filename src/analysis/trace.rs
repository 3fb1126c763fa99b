//! Where a value came from when the records cannot tell: found by re-running a second copy
//! of the analysis ([`crate::provenance`] says when, and why that finds it).

use super::answers::Events;
use super::error::Error;
use super::interface::Analysis;
use crate::game::Position;
use crate::progress::EventKind;
use crate::provenance::{How, Origin, Provenance};

/// What [`Tracer::trace`] found so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Traced {
    /// The answer.
    Found(Provenance),
    /// Still re-running: `step` of the `to` steps after which the answer is known at the
    /// latest.
    Working {
        /// Steps re-run so far.
        step: u64,
        /// The step at the end of the layer that decides the position.
        to: u64,
    },
    /// The position is not decided in the analysis asked about.
    Undecided,
}

/// Finds where values came from by re-running a second copy of an analysis (see the
/// module docs). The copy is kept between questions: one asked about a position decided
/// later than the last goes on from where the copy stands.
pub struct Tracer {
    rerun: Box<dyn Analysis>,
    /// The position being traced and the steps of its layer ([`Origin::Popped`]).
    goal: Option<(Position, u64, u64)>,
}

impl Tracer {
    /// A tracer re-running `rerun`, a fresh analysis of the same board as the ones it will
    /// be asked about.
    pub fn new(rerun: Box<dyn Analysis>) -> Tracer {
        Tracer { rerun, goal: None }
    }

    /// Works on where the worth of `pos` in `done` came from until `time_up()`, asked
    /// between chunks of work (at least one chunk). `done` may be finished or still under
    /// way; what it has decided is final, and that is all the tracer reads. Call again
    /// while it answers [`Traced::Working`].
    ///
    /// # Errors
    /// If the re-run fails (it cannot: it repeats the analysis of `done`).
    pub fn trace(
        &mut self,
        done: &dyn Analysis,
        pos: Position,
        mut time_up: impl FnMut() -> bool,
    ) -> Result<Traced, Error> {
        let (from, to) = match self.goal {
            Some((goal, from, to)) if goal == pos => (from, to),
            _ => match done.origin(pos) {
                None => return Ok(Traced::Undecided),
                Some(Origin::Known(provenance)) => return Ok(Traced::Found(provenance)),
                Some(Origin::Popped { from, to }) => {
                    let progress = self.rerun.progress();
                    if progress.step > from || self.rerun.outcome(pos).is_some() {
                        self.rerun.reset();
                    }
                    self.goal = Some((pos, from, to));
                    (from, to)
                }
            },
        };
        loop {
            let mut progress = self.rerun.progress();
            if progress.step < from {
                // At full speed to the start of the layer.
                progress = self.rerun.run_to(from, &mut time_up)?;
                if progress.step < from {
                    return Ok(Traced::Working {
                        step: progress.step,
                        to,
                    });
                }
            }
            let before = progress.step;
            self.rerun.set_recording(true);
            let stepped = self.rerun.step(CHUNK);
            self.rerun.set_recording(false);
            let after = stepped.map_err(Error::Solve)?;
            if let Some((popped, how)) = decided_by(self.rerun.events(), pos) {
                self.goal = None;
                return Ok(Traced::Found(Provenance {
                    step: before + popped,
                    how,
                }));
            }
            if after.step >= to || after.done {
                // The layer is over and did not decide it: `done` is not this board's.
                self.goal = None;
                return Ok(Traced::Undecided);
            }
            if time_up() {
                return Ok(Traced::Working {
                    step: after.step,
                    to,
                });
            }
        }
    }
}

/// Queue entries popped per recorded chunk of the re-run (their events fit in a few MB).
const CHUNK: usize = 2048;

/// The entry of a recorded step that decided `pos`: how many entries were popped up to
/// and including it, and how it decided `pos`.
fn decided_by(events: Events<'_>, pos: Position) -> Option<(u64, How)> {
    let Events::Valued(events) = events else {
        return None;
    };
    let (mut popped, mut child) = (0, 0);
    for event in events {
        match event.kind {
            EventKind::Popped | EventKind::Arrived => {
                popped += 1;
                child = event.position;
            }
            EventKind::Won if event.position == pos => return Some((popped, How::Won { child })),
            EventKind::Lost if event.position == pos => return Some((popped, How::Lost { child })),
            _ => {}
        }
    }
    None
}
