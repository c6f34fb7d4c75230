import { z } from "zod"

/** GET /store/platega/methods: with `cart_id`, only the methods that cart may be paid with. */
export const StorePlategaMethodsQuery = z.strictObject({
  cart_id: z.string().trim().min(1).max(100).optional(),
})
export type StorePlategaMethodsQueryType = z.infer<typeof StorePlategaMethodsQuery>
