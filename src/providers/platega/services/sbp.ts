import { PAYMENT_METHODS } from "../../../lib/platega"
import { PlategaBase } from "../core/platega-base"

/** SBP (Faster Payments System) QR payments: Platega method 2. */
export class PlategaSbpService extends PlategaBase {
  static override identifier = "platega-sbp"
  protected override readonly methodCode = PAYMENT_METHODS.SBP_QR.code
}
