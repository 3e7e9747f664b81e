"""What ``printkit serve`` is made of: an HTTP server for the output folder with a live
build state (:mod:`printkit.commands.serving.server`) and a file watcher that turns a flurry of
saves into one rebuild (:mod:`printkit.commands.serving.watcher`). The command itself is
:mod:`printkit.commands.serve`."""
