import os
import signal
import sys


def _stopped_while_starting(signum: int, _frame: object) -> None:
    """A stop signal before the command has started: nothing to undo, nothing written;
    the exit code is the one every stop gives (128 plus the signal's number), never a
    traceback from the middle of an import."""
    os.write(2, f"printkit: stopped by {signal.Signals(signum).name}; nothing was "
                f"written\n".encode())
    os._exit(128 + signum)


_STOPS = [getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name)]
for _signum in _STOPS:
    signal.signal(_signum, _stopped_while_starting)

from printkit.cli import main  # noqa: E402 - after the stop signals are handled

_code = main()
for _signum in _STOPS:  # the command has ended: a stop now ends the process as usual
    signal.signal(_signum, signal.SIG_DFL)
sys.exit(_code)
