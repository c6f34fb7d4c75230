// The one place bench code reaches the Platega sandbox: repoint this line if the sandbox moves.
export { startSandbox, type RunningSandbox } from "platega-sandbox"
