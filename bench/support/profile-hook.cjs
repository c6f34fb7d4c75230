// Preloaded into the Medusa process by the benchmarks (BENCH_PROFILE=1): SIGUSR2 starts V8's CPU
// profiler, the next SIGUSR2 stops it and writes BENCH_PROFILE_FILE. Only the measured window is
// profiled, not the boot.
const fs = require("node:fs")
const inspector = require("node:inspector")

const session = new inspector.Session()
session.connect()
let running = false

process.on("SIGUSR2", () => {
  if (!running) {
    running = true
    session.post("Profiler.enable", () =>
      session.post("Profiler.setSamplingInterval", { interval: 500 }, () =>
        session.post("Profiler.start"),
      ),
    )
    return
  }
  running = false
  session.post("Profiler.stop", (err, result) => {
    if (err) return console.error("profile-hook:", err)
    const file = process.env.BENCH_PROFILE_FILE
    fs.writeFileSync(`${file}.tmp`, JSON.stringify(result.profile))
    fs.renameSync(`${file}.tmp`, file)
  })
})
