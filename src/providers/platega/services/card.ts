import { PAYMENT_METHODS } from "../../../lib/platega"
import { PlategaBase } from "../core/platega-base"

/** Card acquiring: Platega method 11. */
export class PlategaCardService extends PlategaBase {
  static override identifier = "platega-card"
  protected override readonly methodCode = PAYMENT_METHODS.CARD_ACQUIRING.code
}
