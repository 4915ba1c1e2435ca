//! An ordered pipeline: long-lived workers format items into buffers ahead of one
//! writer, which takes the results strictly in item order.
//!
//! The workers take items in order from a shared iterator (so items are made as they
//! are reached, not all at the start), at most `window` items beyond the last one
//! written: what is in flight (and so the memory held) stays bounded however long the
//! list, and no thread is started or joined per item.

use std::io;
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};

/// An item with its buffer and result, done by a worker.
type Done<T, R> = (T, Vec<u8>, R);

/// What the workers and the writer share.
struct Shared<I: Iterator, R> {
    /// The items not yet taken.
    items: I,
    /// The number of the next item a worker takes.
    next: usize,
    /// The number of items there are, once `items` has run out.
    total: Option<usize>,
    /// Items the writer has finished with.
    written: usize,
    /// Items done and waiting for the writer, item `i` at `i % window`.
    ready: Vec<Option<Done<I::Item, R>>>,
    /// Buffers the writer has finished with, for the workers to reuse.
    spare: Vec<Vec<u8>>,
    /// Set when the writer stops early (a failed write) or a worker died: everyone
    /// leaves.
    stop: bool,
}

/// Sets `stop` if a worker unwinds, so that the writer does not wait for it forever.
struct Watch<'a, I: Iterator, R> {
    state: &'a Mutex<Shared<I, R>>,
    ready: &'a Condvar,
}

impl<I: Iterator, R> Drop for Watch<'_, I, R> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            lock(self.state).stop = true;
            self.ready.notify_all();
        }
    }
}

fn lock<I: Iterator, R>(m: &Mutex<Shared<I, R>>) -> MutexGuard<'_, Shared<I, R>> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Run `work` on every item of `items` on `workers` threads, at most `window` items
/// ahead of the writer, and `write` each item with its buffer and result on this
/// thread in item order. Buffers go back to the workers, trimmed to `keep` bytes.
///
/// # Errors
/// The first error of `write`, after which no more items are written.
pub fn ordered<I, R>(
    items: I,
    workers: usize,
    window: usize,
    keep: usize,
    work: impl Fn(&I::Item, &mut Vec<u8>) -> R + Sync,
    mut write: impl FnMut(I::Item, &mut Vec<u8>, R) -> io::Result<()>,
) -> io::Result<()>
where
    I: Iterator + Send,
    I::Item: Send,
    R: Send,
{
    let window = window.max(1);
    let state = Mutex::new(Shared {
        items,
        next: 0,
        total: None,
        written: 0,
        ready: (0..window).map(|_| None).collect(),
        spare: Vec::new(),
        stop: false,
    });
    let (space, ready) = (Condvar::new(), Condvar::new());
    let work = &work;
    let (state, space, ready) = (&state, &space, &ready);
    std::thread::scope(|s| {
        for _ in 0..workers.max(1) {
            s.spawn(move || {
                let _watch = Watch { state, ready };
                loop {
                    let (i, item, mut buf) = {
                        let mut sh = lock(state);
                        while !sh.stop && sh.total.is_none() && sh.next >= sh.written + window {
                            sh = space.wait(sh).unwrap_or_else(PoisonError::into_inner);
                        }
                        if sh.stop || sh.total.is_some() {
                            return;
                        }
                        let Some(item) = sh.items.next() else {
                            sh.total = Some(sh.next);
                            ready.notify_all();
                            space.notify_all();
                            return;
                        };
                        let i = sh.next;
                        sh.next += 1;
                        (i, item, sh.spare.pop().unwrap_or_default())
                    };
                    buf.clear();
                    let r = work(&item, &mut buf);
                    let mut sh = lock(state);
                    if let Some(slot) = sh.ready.get_mut(i % window) {
                        *slot = Some((item, buf, r));
                    }
                    ready.notify_all();
                }
            });
        }
        let mut result = Ok(());
        let mut i = 0;
        loop {
            let next = {
                let mut sh = lock(state);
                loop {
                    if let Some(done) = sh.ready.get_mut(i % window).and_then(Option::take) {
                        break Some(done);
                    }
                    if sh.stop || sh.total.is_some_and(|n| i >= n) {
                        break None;
                    }
                    sh = ready.wait(sh).unwrap_or_else(PoisonError::into_inner);
                }
            };
            let Some((item, mut buf, r)) = next else {
                break;
            };
            i += 1;
            result = write(item, &mut buf, r);
            if buf.capacity() > keep {
                buf.clear();
                buf.shrink_to(keep);
            }
            let mut sh = lock(state);
            sh.spare.push(buf);
            sh.written += 1;
            space.notify_all();
            if result.is_err() {
                break;
            }
        }
        lock(state).stop = true;
        space.notify_all();
        result
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_in_order_whatever_the_workers() {
        let items: Vec<u32> = (0..500).collect();
        for (workers, window) in [(1, 1), (2, 3), (4, 2), (3, 16)] {
            let mut seen = Vec::new();
            ordered(
                items.iter().copied(),
                workers,
                window,
                64,
                |&n, buf| {
                    // Uneven work, so that later items often finish first.
                    if n % 7 == 0 {
                        std::thread::yield_now();
                    }
                    buf.extend_from_slice(&n.to_le_bytes());
                    n * 2
                },
                |n, buf, r| {
                    assert_eq!(buf.as_slice(), n.to_le_bytes());
                    assert_eq!(r, n * 2);
                    seen.push(n);
                    Ok(())
                },
            )
            .unwrap();
            assert_eq!(seen, items, "workers {workers} window {window}");
        }
    }

    #[test]
    fn a_failed_write_stops_the_rest() {
        let items: Vec<u32> = (0..100).collect();
        let mut seen = 0;
        let err = ordered(
            items.iter(),
            2,
            4,
            64,
            |_, _| (),
            |&n, _, ()| {
                seen += 1;
                if n == 10 {
                    Err(io::Error::other("full"))
                } else {
                    Ok(())
                }
            },
        );
        assert!(err.is_err());
        assert_eq!(seen, 11);
    }

    #[test]
    fn items_are_taken_at_most_a_window_ahead() {
        use std::sync::atomic::{AtomicUsize, Ordering};
        let taken = AtomicUsize::new(0);
        let items = (0..200usize).inspect(|_| {
            taken.fetch_add(1, Ordering::SeqCst);
        });
        let mut i = 0;
        ordered(
            items,
            3,
            2,
            64,
            |_, _| (),
            |n, _, ()| {
                assert_eq!(n, i);
                // Written so far: `i`; taken: at most `i + window`.
                assert!(taken.load(Ordering::SeqCst) <= i + 2);
                i += 1;
                Ok(())
            },
        )
        .unwrap();
        assert_eq!(i, 200);
    }
}
