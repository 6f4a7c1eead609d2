import Glibc
import Synchronization

/// Set by SIGINT, SIGTERM or SIGQUIT, read by streaming loops between frames.
private let stopSignalReceived = Atomic<Int32>(0)

/// Ctrl-C, Ctrl-\ (SIGQUIT) and SIGTERM ask a streaming command to stop cleanly: finish the
/// frame in hand, stop the stream, close the recording, print the statistics. A second signal
/// kills at once.
enum StopSignal {
    static let stopping = [SIGINT, SIGTERM, SIGQUIT]

    /// For every command, from the start: SIGQUIT ends scry the way SIGINT does, killed by the
    /// signal, without the crash report the Swift runtime's backtracer would print for it and
    /// without a core file. Streaming commands then `install()` their clean stop.
    static func quitWithoutCrashReport() {
        // A parent may have started scry with SIGQUIT blocked (a blocked mask is inherited
        // across exec); Ctrl-\ must reach it all the same.
        var unblock = sigset_t()
        sigemptyset(&unblock)
        sigaddset(&unblock, SIGQUIT)
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { number in
            var noCore = rlimit(rlim_cur: 0, rlim_max: 0)
            setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &noCore)
            signal(number, SIG_DFL)
            raise(number)
        }
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        sigaction(SIGQUIT, &action, nil)
    }

    static func install() {
        // A parent may have started scry with these signals blocked (a blocked mask is
        // inherited across exec); Ctrl-C must reach the capture loop all the same.
        var unblock = sigset_t()
        sigemptyset(&unblock)
        sigaddset(&unblock, SIGINT)
        sigaddset(&unblock, SIGTERM)
        sigaddset(&unblock, SIGQUIT)
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
        for number in stopping {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                stopSignalReceived.store(number, ordering: .relaxed)
                // The next one takes the default action: a second Ctrl-C ends scry at once.
                if number == SIGQUIT { StopSignal.quitWithoutCrashReport() } else { signal(number, SIG_DFL) }
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0  // No SA_RESTART: poll() returns EINTR and the loop looks.
            sigaction(number, &action, nil)
        }
    }

    /// The signal that asked to stop, or nil.
    static var received: Int32? {
        let number = stopSignalReceived.load(ordering: .relaxed)
        return number == 0 ? nil : number
    }

    /// The name of the stop signal received, or nil: a `FrameRun`'s stop request.
    static func receivedName() -> String? { received.map(name) }

    static func name(_ number: Int32) -> String {
        switch number {
        case SIGINT: "SIGINT"
        case SIGTERM: "SIGTERM"
        case SIGQUIT: "SIGQUIT"
        default: "signal \(number)"
        }
    }
}
