import type { Context } from "@medusajs/framework/types"
import type { EntityManager } from "@medusajs/framework/mikro-orm/knex"
import {
  generateEntityId,
  InjectManager,
  MedusaContext,
  MedusaService,
} from "@medusajs/framework/utils"
import { PlategaCallbackEvent } from "./models/callback-event"
import { parsePlategaModuleOptions, type PlategaModuleOptions } from "./options"

export type CallbackKind = "transaction" | "subscription_charge" | "subscription_status"

export interface CallbackRecordInput {
  kind: CallbackKind
  platega_id: string
  status: string
  body: Record<string, unknown>
}

/** The plugin's data: the callback log (idempotency + audit). */
class PlategaModuleService extends MedusaService({ PlategaCallbackEvent }) {
  private readonly moduleOptions_: PlategaModuleOptions

  constructor(container: Record<string, unknown>, options?: unknown) {
    // eslint-disable-next-line prefer-rest-params
    super(...arguments)
    this.moduleOptions_ = parsePlategaModuleOptions(options)
  }

  getOptions(): PlategaModuleOptions {
    return this.moduleOptions_
  }

  static eventKey(input: Pick<CallbackRecordInput, "kind" | "platega_id" | "status">): string {
    return `${input.kind}:${input.platega_id.toLowerCase()}:${input.status.toUpperCase()}`
  }

  /**
   * Records a delivery in one statement: the first delivery of a key creates the record
   * (`created: true`), a repeated one only counts it — atomic under concurrent deliveries.
   */
  @InjectManager()
  async recordCallback(
    input: CallbackRecordInput,
    @MedusaContext() sharedContext: Context<EntityManager> = {},
  ): Promise<{ id: string; created: boolean; outcome: string }> {
    const rows: { id: string; outcome: string; created: boolean }[] =
      await sharedContext.manager!.execute(
        `insert into platega_callback_event (id, event_key, kind, platega_id, status, body)
       values (?, ?, ?, ?, ?, ?)
       on conflict (event_key) where deleted_at is null
       do update set deliveries = platega_callback_event.deliveries + 1, updated_at = now()
       returning id, outcome, (xmax = 0) as created`,
        [
          generateEntityId(undefined, "plcb"),
          PlategaModuleService.eventKey(input),
          input.kind,
          input.platega_id,
          input.status,
          JSON.stringify(input.body),
        ],
      )
    return rows[0]
  }
}

export default PlategaModuleService
