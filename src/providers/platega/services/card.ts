import { PlategaBase } from "../core/platega-base"

/** Card acquiring: Platega method 11. */
export class PlategaCardService extends PlategaBase {
  static override identifier = "platega-card"
  protected override readonly methodCode = 11
}
