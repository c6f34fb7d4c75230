// Loaded into every Node process the demo starts (NODE_OPTIONS=--require): when the demo itself is
// gone (killed with -9, or its terminal closed), the process stops too instead of running on
// without it. Polls the demo's pid once a second; the timer never keeps the process alive.
const parent = Number(process.env.DEMO_PARENT_PID)
if (Number.isInteger(parent) && parent > 1 && parent !== process.pid) {
  const timer = setInterval(() => {
    try {
      process.kill(parent, 0)
    } catch {
      clearInterval(timer)
      process.kill(process.pid, "SIGTERM")
      // Whatever ignores SIGTERM is ended shortly after.
      setTimeout(() => process.exit(143), 10_000).unref()
    }
  }, 1000)
  timer.unref()
}
