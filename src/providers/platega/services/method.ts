import { PlategaBase, type PlategaCradle } from "../core/platega-base"
import { parseMethodOptions } from "../method-options"
import type { PlategaOptions } from "../../../modules/platega"

/**
 * Any other method a merchant's Platega account offers (ERIP 3, crypto 13, or a code Platega adds
 * later), chosen by the options rather than by code: registered once per method, each under its
 * own provider id (`pp_platega-method_<id>`), with `method` (the code) and `title` in its options.
 */
export class PlategaMethodService extends PlategaBase {
  static override identifier = "platega-method"
  protected override readonly methodCode: number
  /** The name a storefront shows for this method. */
  readonly title: string

  static override validateOptions(options: Record<string, unknown>): void {
    super.validateOptions(options)
    parseMethodOptions(options)
  }

  constructor(cradle: PlategaCradle, options: PlategaOptions) {
    super(cradle, options)
    const { method, title } = parseMethodOptions(options)
    this.methodCode = method
    this.title = title
  }
}
