// The browser specs in jest's usual order, but the Russian walk of the admin last: it looks at
// what the other specs left in the shared demo (orders, a subscription) to open every widget.
const Sequencer = require("@jest/test-sequencer").default

class WalkLastSequencer extends Sequencer {
  sort(tests) {
    const sorted = super.sort(tests)
    const last = (t) => /russian-admin\.e2e\.spec/.test(t.path)
    return [...sorted.filter((t) => !last(t)), ...sorted.filter(last)]
  }
}

module.exports = WalkLastSequencer
