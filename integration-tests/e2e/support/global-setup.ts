import { startSharedDemo } from "./shared-demo"

export default startSharedDemo
