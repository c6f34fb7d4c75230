import { orderWords, planWords } from "../core/order-words"
import { payerMetadata } from "../core/payer-metadata"
import { guestPayerId } from "../../../modules/platega/payer"

describe("what the payer reads", () => {
  it("names the items, with quantities, and how many more", () => {
    expect(orderWords([{ product_title: "Кофе в зёрнах", quantity: 2 }, { title: "Чашка" }])).toBe(
      "Кофе в зёрнах ×2, Чашка",
    )
    const five = Array.from({ length: 5 }, (_, i) => ({ product_title: `Товар ${i + 1}` }))
    expect(orderWords(five)).toBe("Товар 1, Товар 2, Товар 3 и ещё 2")
    expect(orderWords([])).toBe("")
  })

  it("says how often a subscription is charged, in Russian", () => {
    expect(planWords({ interval: "month", interval_count: 1 })).toBe("раз в месяц")
    expect(planWords({ interval: "week", interval_count: 2 })).toBe("каждые 2 недели")
    expect(planWords({ interval: "day", interval_count: 21 })).toBe("каждый 21 день")
    expect(planWords({ interval: "month", interval_count: 5 })).toBe("каждые 5 месяцев")
    expect(planWords({ interval: "year", interval_count: 3 })).toBe("каждые 3 года")
    expect(planWords({ interval: "day", interval_count: 12 })).toBe("каждые 12 дней")
    expect(planWords(undefined)).toBe("")
  })
})

describe("Platega's metadata", () => {
  it("is the customer with a name, or the guest's keyed hash, never the e-mail", () => {
    expect(payerMetadata({ id: "cus_1", first_name: "Анна" }, {})).toEqual({
      userId: "cus_1",
      userName: "Анна",
    })
    expect(payerMetadata({ id: "cus_1" }, {})).toEqual({ userId: "cus_1", userName: "Покупатель" })
    const guest = guestPayerId("Anna@Example.com ", "key")
    expect(guest).toBe(guestPayerId("anna@example.com", "key"))
    expect(guest).not.toBe(guestPayerId("anna@example.com", "other key"))
    expect(guest).not.toContain("anna")
    expect(payerMetadata(undefined, { payer_id: guest })).toEqual({
      userId: guest,
      userName: "Покупатель",
    })
    expect(payerMetadata(undefined, {})).toBeUndefined()
  })
})
