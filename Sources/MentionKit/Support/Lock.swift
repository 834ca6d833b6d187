#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A value behind a `pthread_mutex_t`: the library's lock for state shared across threads.
///
/// Why not `Synchronization.Mutex`? On Linux it parks threads with raw `futex` system calls,
/// which ThreadSanitizer does not model, so under contention TSan reports the protected value
/// as racing (a false positive that hides real races). `pthread_mutex_lock` is intercepted by
/// TSan, which then sees the happens-before edges the lock provides. The API mirrors `Mutex`.
///
/// ```swift
/// let counter = Lock(0)
/// counter.withLock { $0 += 1 }
/// counter.withLock { $0 }  // 1
/// ```
final class Lock<Value: ~Copyable>: @unchecked Sendable {
  // @unchecked: `value` is only read or written inside `withLock`, between
  // `pthread_mutex_lock` and `pthread_mutex_unlock` on `mutex`, which is allocated once, never
  // moved (it lives at a fixed heap address) and destroyed only in `deinit`. The initial value
  // and every result cross the lock as `sending`, as with `Mutex`.
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private var value: Value

  /// Creates a lock holding an initial value.
  init(_ initialValue: consuming sending Value) {
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    let status = pthread_mutex_init(mutex, nil)
    precondition(status == 0, "pthread_mutex_init failed: \(status)")
    value = initialValue
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deinitialize(count: 1)
    mutex.deallocate()
  }

  /// Runs `body` with exclusive access to the value.
  ///
  /// Do not call back into the same lock from `body`: the mutex is not recursive.
  func withLock<Result: ~Copyable, E: Error>(
    _ body: (inout sending Value) throws(E) -> sending Result
  ) throws(E) -> sending Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&value)
  }
}
