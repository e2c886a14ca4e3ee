//! The thread pool behind `mju_threadPool*` and `mjTask`, on std threads, and the engine's
//! split work ([`split_work`]) on a bound pool.
//!
//! As upstream, the public `mjThreadPool` (`{ int nworker; }`) is the first field of a larger
//! private object, [`PoolImpl`], and the pointer handed to C points at both. Workers take tasks
//! from a FIFO queue, run them and mark them completed with an atomic store on `status`.
//! An idle worker first polls the queue, yielding its core, for [`SPIN`] after its last task
//! (upstream's workers poll forever); only then does it sleep on a condition variable, and
//! enqueuers signal only when a worker sleeps. Stepping with a bound pool thus hands tasks over
//! without a system call, and a pool left idle costs no CPU.
//! Every thread has a worker id: 0 for threads outside any pool, `i + 1` for the `i`-th worker
//! of a pool; it selects the thread's stack region when the pool is bound to an mjData.
//! A pool also carries the mutex that serialises arena allocations while it is bound.

use core::cell::Cell;
use core::ffi::c_int;
use core::sync::atomic::{AtomicBool, AtomicI32, AtomicUsize, Ordering};
use std::collections::VecDeque;
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use crate::abi::mjtTaskStatus_::*;
use crate::abi::{mjMAXTHREAD, mjTask, mjThreadPool};

thread_local! {
    static WORKER_ID: Cell<usize> = const { Cell::new(0) };
}

/// Stack size of worker threads (the usual default of C threads on Linux).
const WORKER_STACK: usize = 8 << 20;

/// How long an idle worker polls the queue before it sleeps: longer than the serial stretches
/// between the parallel stages of one step of large scenes, so that a stepping loop never
/// wakes a sleeping worker.
const SPIN: Duration = Duration::from_millis(5);

/// A task pointer handed between threads.
struct TaskPtr(*mut mjTask);
// SAFETY: the task is owned by the C caller, who keeps it alive until it completes.
unsafe impl Send for TaskPtr {}

/// What the workers of one pool share.
struct Shared {
    queue: Mutex<VecDeque<TaskPtr>>,
    /// Tasks in `queue`, read without the lock by polling workers.
    queued: AtomicUsize,
    /// Workers waiting on `ready`; changed only with `queue` locked.
    sleepers: AtomicUsize,
    /// Workers polling the queue.
    spinners: AtomicUsize,
    /// Most workers that poll at once: one per core besides the enqueuing thread's. More would
    /// only take turns on the cores with the threads doing the work.
    max_spinners: usize,
    ready: Condvar,
    shutdown: AtomicBool,
}

impl Shared {
    /// Takes the oldest task, if any, without blocking on an empty queue.
    fn try_pop(&self) -> Option<TaskPtr> {
        if self.queued.load(Ordering::Acquire) == 0 {
            return None;
        }
        let mut q = lock(&self.queue);
        let t = q.pop_front();
        if t.is_some() {
            self.queued.fetch_sub(1, Ordering::Release);
        }
        t
    }

    /// Polls the queue, yielding the core, for [`SPIN`]; true when a task may be there (or the
    /// pool shuts down), false when the worker should sleep.
    fn poll(&self) -> bool {
        let start = Instant::now();
        let mut rounds = 0u32;
        loop {
            if self.queued.load(Ordering::Acquire) > 0 || self.shutdown.load(Ordering::Acquire) {
                return true;
            }
            rounds = rounds.wrapping_add(1);
            if rounds < 64 {
                core::hint::spin_loop();
                continue;
            }
            std::thread::yield_now();
            if rounds.is_multiple_of(32) && start.elapsed() > SPIN {
                return false;
            }
        }
    }

    /// Sleeps until a task is queued; None when the pool shuts down.
    fn wait_pop(&self) -> Option<TaskPtr> {
        let mut q = lock(&self.queue);
        loop {
            if self.shutdown.load(Ordering::Acquire) {
                return None;
            }
            if let Some(t) = q.pop_front() {
                self.queued.fetch_sub(1, Ordering::Release);
                return Some(t);
            }
            self.sleepers.fetch_add(1, Ordering::Relaxed);
            q = self.ready.wait(q).unwrap_or_else(|e| e.into_inner());
            self.sleepers.fetch_sub(1, Ordering::Relaxed);
        }
    }
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// A lock taken and released by separate calls (`mju_threadPoolLockAllocMutex`). Held only for
/// the few instructions of an arena allocation, so waiters poll rather than sleep, and an
/// uncontended pair of calls is two atomic operations (no system call).
struct SplitLock {
    locked: AtomicBool,
}

impl SplitLock {
    fn new() -> Self {
        SplitLock { locked: AtomicBool::new(false) }
    }
    fn acquire(&self) {
        let mut rounds = 0u32;
        while self.locked.compare_exchange_weak(false, true, Ordering::Acquire, Ordering::Relaxed).is_err() {
            rounds = rounds.saturating_add(1);
            if rounds < 64 {
                core::hint::spin_loop();
            } else {
                std::thread::yield_now();
            }
        }
    }
    fn release(&self) {
        self.locked.store(false, Ordering::Release);
    }
}

/// The object behind an `mjThreadPool*`; `public` must stay the first field.
#[repr(C)]
pub struct PoolImpl {
    public: mjThreadPool,
    shared: Arc<Shared>,
    workers: Vec<JoinHandle<()>>,
    alloc_lock: SplitLock,
    bound: AtomicBool,
}

/// The task's status word, accessed atomically as workers and joiners share it.
///
/// # Safety
/// `task` must point to a live mjTask.
unsafe fn status<'a>(task: *mut mjTask) -> &'a AtomicI32 {
    // SAFETY: `task` is live (contract); its status word is an aligned i32 that every thread
    // touches only through this atomic view
    unsafe { AtomicI32::from_ptr(core::ptr::addr_of_mut!((*task).status)) }
}

/// Runs one task and marks it completed.
unsafe fn run(task: *mut mjTask) {
    // SAFETY: the caller's task is live until it is marked completed below, and only this
    // worker touches func/args while it runs; the function is the user's C task function
    unsafe {
        if let Some(f) = (*task).func {
            (*task).args = f((*task).args);
        }
        status(task).store(mjTASK_COMPLETED as i32, Ordering::Release);
    }
}

fn worker_loop(shared: Arc<Shared>, index: usize) {
    WORKER_ID.with(|w| w.set(index + 1));
    loop {
        if shared.shutdown.load(Ordering::Acquire) {
            return;
        }
        let task = match shared.try_pop() {
            Some(t) => t,
            None => {
                let polled = shared.spinners.fetch_add(1, Ordering::AcqRel) < shared.max_spinners && shared.poll();
                shared.spinners.fetch_sub(1, Ordering::AcqRel);
                if polled {
                    continue;
                }
                match shared.wait_pop() {
                    Some(t) => t,
                    None => return,
                }
            }
        };
        // SAFETY: the enqueuer keeps the task alive until it is completed
        unsafe { run(task.0) };
    }
}

/// Creates a pool; `nworker` is the requested count converted to C `int` as upstream does, and
/// at most `mjMAXTHREAD` worker threads are started.
pub fn create(number_of_threads: usize) -> *mut mjThreadPool {
    let nworker = number_of_threads as c_int;
    let shared = Arc::new(Shared {
        queue: Mutex::new(VecDeque::new()),
        queued: AtomicUsize::new(0),
        sleepers: AtomicUsize::new(0),
        spinners: AtomicUsize::new(0),
        max_spinners: cores().saturating_sub(1).max(1),
        ready: Condvar::new(),
        shutdown: AtomicBool::new(false),
    });
    let count = (nworker.max(0) as usize).min(mjMAXTHREAD);
    let mut workers = Vec::with_capacity(count);
    for i in 0..count {
        let s = Arc::clone(&shared);
        let spawned = std::thread::Builder::new()
            .name(format!("mujoco-worker-{i}"))
            .stack_size(WORKER_STACK)
            .spawn(move || worker_loop(s, i));
        match spawned {
            Ok(h) => workers.push(h),
            Err(_) => break,
        }
    }
    let pool = Box::new(PoolImpl {
        public: mjThreadPool { nworker },
        shared,
        workers,
        alloc_lock: SplitLock::new(),
        bound: AtomicBool::new(false),
    });
    Box::into_raw(pool) as *mut mjThreadPool
}

/// The implementation behind a pool pointer.
///
/// # Safety
/// `pool` must be null or come from [`create`] and not be destroyed.
pub unsafe fn pool_impl<'a>(pool: *const mjThreadPool) -> Option<&'a PoolImpl> {
    // SAFETY: a non-null pool came from `create`, whose mjThreadPool is the first field of a
    // live #[repr(C)] PoolImpl (contract)
    unsafe { (pool as *const PoolImpl).as_ref() }
}

/// Stops the workers (a task being run is finished first; queued ones are dropped) and frees
/// the pool.
///
/// # Safety
/// As for [`pool_impl`]; the pool must not be used afterwards.
pub unsafe fn destroy(pool: *mut mjThreadPool) {
    if pool.is_null() {
        return;
    }
    // SAFETY: `pool` came from `create`'s Box::into_raw and is not used afterwards (contract)
    let mut p = unsafe { Box::from_raw(pool as *mut PoolImpl) };
    {
        let _q = lock(&p.shared.queue);
        p.shared.shutdown.store(true, Ordering::Release);
    }
    p.shared.ready.notify_all();
    for h in p.workers.drain(..) {
        let _ = h.join();
    }
}

/// Number of worker threads actually running in the pool.
pub fn number_of_threads(pool: &PoolImpl) -> usize {
    pool.workers.len()
}

/// Worker id of the calling thread (0 outside any pool).
pub fn current_worker_id() -> usize {
    WORKER_ID.with(|w| w.get())
}

/// Marks a task queued and appends it; reports upstream's error (and still queues it, as
/// upstream does) when the task was not new.
///
/// # Safety
/// `task` must stay alive until completed.
pub unsafe fn enqueue(pool: &PoolImpl, task: *mut mjTask) {
    // SAFETY: the task is live until completed (contract)
    let old = unsafe { status(task) }.swap(mjTASK_QUEUED as i32, Ordering::AcqRel);
    if old != mjTASK_NEW as i32 {
        crate::mjerror!("Enqueue", "task->status is not mjTASK_NEW");
    }
    let sh = &pool.shared;
    let wake = {
        let mut q = lock(&sh.queue);
        q.push_back(TaskPtr(task));
        let queued = sh.queued.fetch_add(1, Ordering::AcqRel) + 1;
        // polling workers take up to one task each; a sleeper is needed for the rest (a
        // worker that stops polling checks the queue under this lock before it sleeps)
        sh.sleepers.load(Ordering::Relaxed) > 0 && queued > sh.spinners.load(Ordering::Acquire)
    };
    if wake {
        sh.ready.notify_one();
    }
}

/// Takes back those of `tasks` that no worker has started and marks them completed, so that
/// joining them does not wait for a worker to come by.
///
/// # Safety
/// Every task must be live.
unsafe fn retract(pool: &PoolImpl, tasks: &[*mut mjTask]) {
    let sh = &pool.shared;
    let mut q = lock(&sh.queue);
    q.retain(|t| {
        if !tasks.contains(&t.0) {
            return true;
        }
        sh.queued.fetch_sub(1, Ordering::Release);
        // SAFETY: live (contract); a task taken off the queue before any worker popped it is
        // the caller's alone
        unsafe { status(t.0) }.store(mjTASK_COMPLETED as i32, Ordering::Release);
        false
    });
}

/// Initialises a task: no function, no arguments, status new.
///
/// # Safety
/// `task` must be writable.
pub unsafe fn default_task(task: *mut mjTask) {
    // SAFETY: `task` is writable (contract)
    unsafe {
        (*task).func = None;
        (*task).args = core::ptr::null_mut();
        status(task).store(mjTASK_NEW as i32, Ordering::Release);
    }
}

/// Waits (yielding) until the task is completed.
///
/// # Safety
/// `task` must point to a live task.
pub unsafe fn join(task: *mut mjTask) {
    // SAFETY: the task is live (contract)
    let s = unsafe { status(task) };
    let mut rounds = 0u32;
    while s.load(Ordering::Acquire) != mjTASK_COMPLETED as i32 {
        rounds = rounds.saturating_add(1);
        if rounds < 64 {
            core::hint::spin_loop();
        } else {
            std::thread::yield_now();
        }
    }
}

/// Cores this process may run on.
fn cores() -> usize {
    static CORES: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    *CORES.get_or_init(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

/// Most pool workers that one [`split_work`] call enlists.
const MAX_HELPERS: usize = 32;

/// One [`split_work`] call, shared by the threads that take part in it.
struct Split<'a> {
    next: AtomicUsize,
    n: usize,
    work: &'a (dyn Fn(usize) + Sync),
    panic: Mutex<Option<Box<dyn std::any::Any + Send>>>,
}

impl Split<'_> {
    /// Takes indices until none are left; a panic stops the whole split and is kept for the
    /// caller.
    fn drain(&self) {
        loop {
            let i = self.next.fetch_add(1, Ordering::AcqRel);
            if i >= self.n {
                return;
            }
            let work = self.work;
            if let Err(p) = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| work(i))) {
                self.next.store(self.n, Ordering::Release);
                lock(&self.panic).get_or_insert(p);
                return;
            }
        }
    }
}

/// Task body of a worker enlisted by [`split_work`].
unsafe extern "C" fn split_task(args: *mut core::ffi::c_void) -> *mut core::ffi::c_void {
    // SAFETY: `args` is the Split on split_work's frame, which outlives every task it queued
    // (they are joined or taken back before it returns)
    let split = unsafe { &*(args as *const Split) };
    split.drain();
    core::ptr::null_mut()
}

/// Most threads a [`split_work`] runs on: the caller, and one worker per other core (more
/// would take turns with it).
pub fn split_threads(pool: &PoolImpl) -> usize {
    1 + number_of_threads(pool).min(cores().saturating_sub(1)).min(MAX_HELPERS)
}

/// Runs `work(i)` once for every `i < n`, on the calling thread and on up to `n - 1` workers
/// of `pool`, handing out indices in increasing order; returns when all are done. Workers that
/// have not started when the caller runs out of indices are taken back rather than waited for,
/// so the call never waits for a sleeping or busy worker. A panic in `work` resumes on the
/// caller once every participant has stopped.
pub fn split_work(pool: &PoolImpl, n: usize, work: &(dyn Fn(usize) + Sync)) {
    let helpers = (split_threads(pool) - 1).min(n.saturating_sub(1));
    let split = Split { next: AtomicUsize::new(0), n, work, panic: Mutex::new(None) };
    let args = &split as *const Split as *mut core::ffi::c_void;
    let mut tasks = [mjTask { func: Some(split_task), args, status: mjTASK_NEW as i32 }; MAX_HELPERS];
    let mut ptrs = [core::ptr::null_mut::<mjTask>(); MAX_HELPERS];
    for (t, p) in tasks[..helpers].iter_mut().zip(ptrs.iter_mut()) {
        *p = t;
        // SAFETY: the task lives on this frame until it is joined or taken back below
        unsafe { enqueue(pool, t) };
    }
    split.drain();
    // SAFETY: the tasks are live; retract then join leaves none running or queued
    unsafe {
        retract(pool, &ptrs[..helpers]);
        for &t in &ptrs[..helpers] {
            join(t);
        }
    }
    let panic = lock(&split.panic).take();
    if let Some(p) = panic {
        std::panic::resume_unwind(p);
    }
}

/// Takes the pool's arena-allocation mutex.
pub fn lock_alloc(pool: &PoolImpl) {
    pool.alloc_lock.acquire()
}

/// Releases the pool's arena-allocation mutex.
pub fn unlock_alloc(pool: &PoolImpl) {
    pool.alloc_lock.release()
}

/// True once the pool has been bound to an mjData.
pub fn is_bound(pool: &PoolImpl) -> bool {
    pool.bound.load(Ordering::Acquire)
}

/// Records that the pool has been bound to an mjData.
pub fn set_bound(pool: &PoolImpl) {
    pool.bound.store(true, Ordering::Release)
}

#[cfg(test)]
mod tests {
    use super::*;
    use core::ffi::c_void;

    unsafe extern "C" fn square(arg: *mut c_void) -> *mut c_void {
        let v = arg as usize;
        (v * v) as *mut c_void
    }

    fn new_task(arg: usize) -> mjTask {
        mjTask { func: Some(square), args: arg as *mut c_void, status: 0 }
    }

    #[test]
    fn thousand_tasks() {
        let pool = create(3);
        // SAFETY: test fixture: the pointers come from this test's own allocations or the library's, valid for the block
        unsafe {
            let p = pool_impl(pool).unwrap();
            assert_eq!((*pool).nworker, 3);
            assert_eq!(number_of_threads(p), 3);
            let mut tasks: Vec<mjTask> = (0..1000).map(new_task).collect();
            for t in tasks.iter_mut() {
                enqueue(p, t);
            }
            let mut sum = 0usize;
            for t in tasks.iter_mut() {
                join(t);
                assert_eq!(t.status, mjTASK_COMPLETED as i32);
                sum += t.args as usize;
            }
            // sum of i^2 for i < 1000
            assert_eq!(sum, 332_833_500);
            destroy(pool);
        }
    }

    #[test]
    fn create_destroy_repeatedly() {
        for k in 0..100 {
            let pool = create(k % 4);
            // SAFETY: test fixture: the pointers come from this test's own allocations or the library's, valid for the block
            unsafe {
                let p = pool_impl(pool).unwrap();
                assert_eq!(number_of_threads(p), k % 4);
                if k % 4 != 0 {
                    let mut t = new_task(k);
                    enqueue(p, &mut t);
                    join(&mut t);
                    assert_eq!(t.args as usize, k * k);
                }
                destroy(pool);
            }
        }
    }

    unsafe extern "C" fn worker_id(_: *mut c_void) -> *mut c_void {
        current_worker_id() as *mut c_void
    }

    #[test]
    fn worker_ids_and_defaults() {
        assert_eq!(current_worker_id(), 0);
        let pool = create(2);
        // SAFETY: test fixture: the pointers come from this test's own allocations or the library's, valid for the block
        unsafe {
            let p = pool_impl(pool).unwrap();
            let mut t = new_task(0);
            default_task(&mut t);
            assert!(t.func.is_none() && t.args.is_null() && t.status == 0);
            t.func = Some(worker_id);
            enqueue(p, &mut t);
            join(&mut t);
            let id = t.args as usize;
            assert!(id == 1 || id == 2);
            lock_alloc(p);
            unlock_alloc(p);
            assert!(!is_bound(p));
            set_bound(p);
            assert!(is_bound(p));
            destroy(pool);
        }
        let big = create(200);
        // SAFETY: test fixture: the pointers come from this test's own allocations or the library's, valid for the block
        unsafe {
            assert_eq!((*big).nworker, 200);
            assert_eq!(number_of_threads(pool_impl(big).unwrap()), mjMAXTHREAD);
            destroy(big);
        }
    }

    #[test]
    fn split_work_runs_every_piece_once() {
        for nworker in [0, 1, 2, 5] {
            let pool = create(nworker);
            // SAFETY: test fixture: the pool comes from create and is destroyed at the end
            let p = unsafe { pool_impl(pool).unwrap() };
            for n in [0usize, 1, 2, 3, 100] {
                let hits: Vec<AtomicUsize> = (0..n).map(|_| AtomicUsize::new(0)).collect();
                split_work(p, n, &|i| {
                    hits[i].fetch_add(i + 1, Ordering::Relaxed);
                });
                for (i, h) in hits.iter().enumerate() {
                    assert_eq!(h.load(Ordering::Relaxed), i + 1, "nworker {nworker}, n {n}, piece {i}");
                }
            }
            // nested splits (a piece that splits again) finish too
            let total = AtomicUsize::new(0);
            split_work(p, 4, &|i| {
                split_work(p, 10, &|j| {
                    total.fetch_add(i * 10 + j, Ordering::Relaxed);
                })
            });
            assert_eq!(total.load(Ordering::Relaxed), (0..40).sum::<usize>());
            // SAFETY: no task of this pool is queued or running any more
            unsafe { destroy(pool) };
        }
    }

    #[test]
    fn split_work_resumes_a_panic_on_the_caller() {
        let pool = create(2);
        // SAFETY: test fixture: the pool comes from create and is destroyed at the end
        let p = unsafe { pool_impl(pool).unwrap() };
        let done = AtomicUsize::new(0);
        let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            split_work(p, 50, &|i| {
                if i == 7 {
                    panic!("piece seven");
                }
                done.fetch_add(1, Ordering::Relaxed);
            })
        }));
        let msg = r.unwrap_err();
        assert_eq!(msg.downcast_ref::<&str>(), Some(&"piece seven"));
        assert!(done.load(Ordering::Relaxed) < 50);
        // the pool still works afterwards
        let after = AtomicUsize::new(0);
        split_work(p, 8, &|_| {
            after.fetch_add(1, Ordering::Relaxed);
        });
        assert_eq!(after.load(Ordering::Relaxed), 8);
        // SAFETY: no task of this pool is queued or running any more
        unsafe { destroy(pool) };
    }

    #[test]
    fn sleeping_workers_wake_for_tasks() {
        let pool = create(2);
        // SAFETY: test fixture: the pointers come from this test's own allocations or the library's, valid for the block
        unsafe {
            let p = pool_impl(pool).unwrap();
            // longer than a worker polls: both are asleep when the tasks come
            std::thread::sleep(SPIN * 3);
            let mut tasks: Vec<mjTask> = (0..10).map(new_task).collect();
            for t in tasks.iter_mut() {
                enqueue(p, t);
            }
            for (i, t) in tasks.iter_mut().enumerate() {
                join(t);
                assert_eq!(t.args as usize, i * i);
            }
            destroy(pool);
        }
    }
}
