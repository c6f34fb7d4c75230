import { stopSharedDemo } from "./shared-demo"

export default stopSharedDemo
