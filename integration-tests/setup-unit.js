// A unit spec opens no socket (see jest.config.js): one that tries fails, saying what it should be.
const net = require("node:net")

const refuse = (what) =>
  function refused() {
    throw new Error(
      `a unit spec opens no socket (net ${what}): a spec that talks to a server it starts is a ` +
        "*.local.spec.ts, one that needs the database a module or HTTP spec",
    )
  }

// Patched before the spec file loads (its top-level code included), put back when it ends.
const saved = { connect: net.Socket.prototype.connect, listen: net.Server.prototype.listen }
net.Socket.prototype.connect = refuse("connect")
net.Server.prototype.listen = refuse("listen")
afterAll(() => {
  net.Socket.prototype.connect = saved.connect
  net.Server.prototype.listen = saved.listen
})
