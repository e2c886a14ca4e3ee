//! The thread pool behind `mju_threadPool*` and `mjTask`, on std threads.
//!
//! As upstream, the public `mjThreadPool` (`{ int nworker; }`) is the first field of a larger
//! private object, [`PoolImpl`], and the pointer handed to C points at both. Workers take tasks
//! from a FIFO queue (a mutex-protected deque with a condition variable, where upstream spins on
//! a lock-free ring), run them and mark them completed with an atomic store on `status`.
//! Every thread has a worker id: 0 for threads outside any pool, `i + 1` for the `i`-th worker
//! of a pool; it selects the thread's stack region when the pool is bound to an mjData.
//! A pool also carries the mutex that serialises arena allocations while it is bound.

use core::cell::Cell;
use core::ffi::c_int;
use core::sync::atomic::{AtomicBool, AtomicI32, Ordering};
use std::collections::VecDeque;
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::thread::JoinHandle;

use crate::abi::mjtTaskStatus_::*;
use crate::abi::{mjMAXTHREAD, mjTask, mjThreadPool};

thread_local! {
    static WORKER_ID: Cell<usize> = const { Cell::new(0) };
}

/// Stack size of worker threads (the usual default of C threads on Linux).
const WORKER_STACK: usize = 8 << 20;

/// A task pointer handed between threads.
struct TaskPtr(*mut mjTask);
// SAFETY: the task is owned by the C caller, who keeps it alive until it completes.
unsafe impl Send for TaskPtr {}

/// What the workers of one pool share.
struct Shared {
    queue: Mutex<VecDeque<TaskPtr>>,
    ready: Condvar,
    shutdown: AtomicBool,
}

/// A mutex that is locked and unlocked by separate calls (`mju_threadPoolLockAllocMutex`).
struct SplitLock {
    locked: Mutex<bool>,
    freed: Condvar,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl SplitLock {
    fn new() -> Self {
        SplitLock { locked: Mutex::new(false), freed: Condvar::new() }
    }
    fn acquire(&self) {
        let mut g = lock(&self.locked);
        while *g {
            g = self.freed.wait(g).unwrap_or_else(|e| e.into_inner());
        }
        *g = true;
    }
    fn release(&self) {
        *lock(&self.locked) = false;
        self.freed.notify_one();
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
        let task = {
            let mut q = lock(&shared.queue);
            loop {
                if shared.shutdown.load(Ordering::Acquire) {
                    return;
                }
                if let Some(t) = q.pop_front() {
                    break t;
                }
                q = shared.ready.wait(q).unwrap_or_else(|e| e.into_inner());
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
    lock(&pool.shared.queue).push_back(TaskPtr(task));
    pool.shared.ready.notify_one();
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
    while s.load(Ordering::Acquire) != mjTASK_COMPLETED as i32 {
        std::thread::yield_now();
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
}
