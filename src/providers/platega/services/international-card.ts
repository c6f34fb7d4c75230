import { PAYMENT_METHODS } from "../../../lib/platega"
import { PlategaBase } from "../core/platega-base"

/** Cards issued abroad (international acquiring): Platega method 12. */
export class PlategaInternationalCardService extends PlategaBase {
  static override identifier = "platega-international-card"
  protected override readonly methodCode = PAYMENT_METHODS.INTERNATIONAL.code
}
