import { PAYMENT_METHODS } from "../../../lib/platega"
import { PlategaBase } from "../core/platega-base"

/** SberPay: Platega method 14. */
export class PlategaSberPayService extends PlategaBase {
  static override identifier = "platega-sberpay"
  protected override readonly methodCode = PAYMENT_METHODS.SBERPAY.code
}
