import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// Signal handlers can only reach globals. These are written before the handlers are installed
// and only read afterwards (or from the handlers).
nonisolated(unsafe) private var savedTermios = termios()
nonisolated(unsafe) private var rawModeActive: Int32 = 0
nonisolated(unsafe) private var wakePipe: (read: Int32, write: Int32) = (-1, -1)
/// Set by the SIGWINCH handler, which runs on whichever thread the signal reaches; cleared by
/// the thread that waits for input. Atomic (lock-free, so safe in a signal handler).
private let resizePending = Atomic<Int32>(0)
/// The handlers that were installed before ours (the Swift runtime's backtracer), by signal.
/// A fixed buffer, so the signal handlers read it without any allocation or copy-on-write.
nonisolated(unsafe) private let previousActions: UnsafeMutablePointer<sigaction> = {
  let buffer = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)
  buffer.initialize(repeating: sigaction(), count: 65)
  return buffer
}()

/// Restores the terminal: cooked mode, bracketed paste off, cursor shown, attributes reset, and
/// the prompt area (always drawn from the cursor's row down) cleared, so that what the shell or
/// the runtime's backtracer prints next starts on a clean line. Async-signal-safe: only `tcsetattr` and
/// `write`.
private func restoreTerminalFromAnywhere() {
  guard rawModeActive != 0 else { return }
  rawModeActive = 0
  var saved = savedTermios
  _ = tcsetattr(0, TCSAFLUSH, &saved)
  // The clear starts after a space, never at a row's start: from the top-left corner, tmux
  // would take it for a whole-screen clear and push the screen into the scrollback.
  let reset: StaticString = "\u{1B}[?2004l\u{1B}[0m\u{1B}[?25h\r \u{1B}[J\r\u{1B}[K"
  _ = write(1, reset.utf8Start, reset.utf8CodeUnitCount)
}

private let fatalSignals: [Int32] = [
  SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP,
]

/// The controlling terminal in raw mode, with the guarantees the app needs: the terminal is
/// restored on normal exit (`atexit`), on SIGINT/SIGTERM/SIGHUP/SIGQUIT sent by another
/// process, and on the crash paths
/// (SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE: Swift traps raise SIGILL or SIGTRAP),
/// after which the signal is re-raised with its default action. Ctrl-C arrives as a key, since
/// raw mode turns off ISIG.
enum Terminal {
  /// Switches stdin to raw mode and installs the restoring handlers.
  ///
  /// - Returns: `false` when stdin is not a terminal.
  static func enableRawMode() -> Bool {
    // After holdInput(), the settings to restore are saved already.
    if rawModeActive == 0 {
      guard tcgetattr(0, &savedTermios) == 0 else { return false }
      installHandlers()
    }
    var raw = savedTermios
    raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
    raw.c_oflag &= ~tcflag_t(OPOST)
    raw.c_cflag |= tcflag_t(CS8)
    raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
    withUnsafeMutableBytes(of: &raw.c_cc) { cc in
      cc[Int(VMIN)] = 1
      cc[Int(VTIME)] = 0
    }
    // The handlers were installed first: a crash between the two calls must find the terminal
    // restorable. TCSADRAIN keeps the keys typed ahead, for the prompt.
    guard tcsetattr(0, TCSADRAIN, &raw) == 0 else { return false }
    rawModeActive = 1
    // Bracketed paste: pasted text arrives marked, so its line breaks do not send.
    output("\u{1B}[?2004h")
    return true
  }

  /// Stops echoing keys and keeps them for later, while the directory loads: they are read as
  /// typed ahead when ``enableRawMode()`` starts the prompt, and the progress lines stay clean.
  /// Ctrl-C still interrupts. The terminal is restored on exit and on a signal from here on.
  ///
  /// - Returns: `false` when stdin is not a terminal.
  @discardableResult
  static func holdInput() -> Bool {
    guard rawModeActive == 0, tcgetattr(0, &savedTermios) == 0 else { return false }
    var quiet = savedTermios
    quiet.c_lflag &= ~tcflag_t(ECHO | ICANON)
    withUnsafeMutableBytes(of: &quiet.c_cc) { cc in
      cc[Int(VMIN)] = 1
      cc[Int(VTIME)] = 0
    }
    installHandlers()
    guard tcsetattr(0, TCSADRAIN, &quiet) == 0 else { return false }
    rawModeActive = 1
    return true
  }

  /// Restores the terminal as it was before ``enableRawMode()``.
  static func restore() {
    restoreTerminalFromAnywhere()
  }

  private static func installHandlers() {
    var fds: [Int32] = [0, 0]
    if pipe(&fds) == 0 {
      wakePipe = (fds[0], fds[1])
      _ = fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK)
      _ = fcntl(fds[1], F_SETFL, fcntl(fds[1], F_GETFL) | O_NONBLOCK)
    }
    atexit { restoreTerminalFromAnywhere() }
    for signalNumber in fatalSignals {
      var action = sigaction()
      // Restore the terminal, put back the previous handler (the runtime's backtracer, or
      // the default action) and raise the signal again.
      action.__sigaction_handler.sa_handler = { number in
        restoreTerminalFromAnywhere()
        if number >= 0 && number < 65 {
          sigaction(number, previousActions + Int(number), nil)
        } else {
          signal(number, SIG_DFL)
        }
        // Deliver it now (it is blocked while its handler runs). If the previous handler
        // returns, as the backtracer does for a signal another process sent, end here rather
        // than go on with a cooked terminal.
        var only = sigset_t()
        sigemptyset(&only)
        sigaddset(&only, number)
        sigprocmask(SIG_UNBLOCK, &only, nil)
        raise(number)
        _exit(128 + number)
      }
      action.sa_flags = 0
      sigemptyset(&action.sa_mask)
      sigaction(signalNumber, &action, previousActions + Int(signalNumber))
    }
    var resize = sigaction()
    resize.__sigaction_handler.sa_handler = { _ in
      // A handler must leave errno as it found it: the interrupted code may be about to read it.
      let savedErrno = errno
      resizePending.store(1, ordering: .releasing)
      var byte: UInt8 = 1
      _ = write(wakePipe.write, &byte, 1)
      errno = savedErrno
    }
    resize.sa_flags = Int32(SA_RESTART)
    sigemptyset(&resize.sa_mask)
    sigaction(SIGWINCH, &resize, nil)
    // A parent may have started us with these blocked (a test runner's thread does): the
    // terminal could then not be restored on SIGTERM, nor redrawn on a resize.
    var handled = sigset_t()
    sigemptyset(&handled)
    for signalNumber in fatalSignals + [SIGWINCH] { sigaddset(&handled, signalNumber) }
    sigprocmask(SIG_UNBLOCK, &handled, nil)
  }

  /// The terminal size in cells; 80×24 when it cannot be asked.
  static func size() -> (columns: Int, rows: Int) {
    var size = winsize()
    if ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 {
      return (Int(size.ws_col), Int(size.ws_row))
    }
    return (80, 24)
  }

  /// What woke ``waitForInput(timeoutMilliseconds:)``.
  enum Wake {
    case input([UInt8])
    case resize, timeout, endOfInput
  }

  /// Waits for input bytes, a window resize, or the timeout (`-1`: none).
  static func waitForInput(timeoutMilliseconds: Int32) -> Wake {
    while true {
      if resizePending.exchange(0, ordering: .acquiringAndReleasing) != 0 {
        var drain = [UInt8](repeating: 0, count: 64)
        _ = read(wakePipe.read, &drain, drain.count)
        return .resize
      }
      var fds = [
        pollfd(fd: 0, events: Int16(POLLIN), revents: 0),
        pollfd(fd: wakePipe.read, events: Int16(POLLIN), revents: 0),
      ]
      let ready = poll(&fds, nfds_t(wakePipe.read >= 0 ? 2 : 1), timeoutMilliseconds)
      if ready < 0 {
        if errno == EINTR { continue }
        return .endOfInput
      }
      if ready == 0 { return .timeout }
      if fds[1].revents != 0 && resizePending.load(ordering: .acquiring) != 0 { continue }
      if fds[0].revents != 0 {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = read(0, &buffer, buffer.count)
        if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
        if count <= 0 { return .endOfInput }
        return .input(Array(buffer[0..<count]))
      }
    }
  }

  /// Writes to the terminal.
  static func output(_ text: String) {
    POSIX.writeAll(1, text)
  }
}
