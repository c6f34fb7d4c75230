import http from "node:http"
import net from "node:net"

// The unit project's setup (integration-tests/setup-unit.js) refuses sockets: a spec that needs one
// is named for what it is.
describe("a unit spec", () => {
  it("cannot listen", () => {
    expect(() => http.createServer().listen(0)).toThrow(
      /a unit spec opens no socket \(net listen\)/,
    )
  })

  it("cannot connect, and a request that tries fails with the reason", async () => {
    expect(() => net.connect(5432, "127.0.0.1")).toThrow(/\*\.local\.spec\.ts/)
    const failure = await fetch("http://127.0.0.1:65535/").then(
      () => undefined,
      (e: Error) => e,
    )
    expect(String((failure?.cause as Error | undefined)?.message)).toMatch(/opens no socket/)
  })
})
