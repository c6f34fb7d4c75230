import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { Modules } from "@medusajs/framework/utils"
import { PLATEGA_MODULE, type PlategaModuleService } from "../../../../../modules/platega"
import type { AdminPlategaSettingsAuditParamsType } from "../../validators"

/**
 * Who changed which settings, and when: field names only, never a secret; a move of the base URL
 * also says from where to where (null: the provider options). Newest first.
 */
export const GET = async (
  req: AuthenticatedMedusaRequest<unknown, AdminPlategaSettingsAuditParamsType>,
  res: MedusaResponse,
) => {
  const { limit, offset } = req.validatedQuery as AdminPlategaSettingsAuditParamsType
  const platega = req.scope.resolve<PlategaModuleService>(PLATEGA_MODULE)
  const [records, count] = await platega.listAndCountPlategaSettingsAudits(
    {},
    { skip: offset, take: limit, order: { created_at: "DESC" } },
  )
  const actorIds = [...new Set(records.map((r) => r.actor_id).filter((id): id is string => !!id))]
  const users = actorIds.length
    ? await req.scope
        .resolve(Modules.USER)
        .listUsers({ id: actorIds }, { select: ["id", "email"], take: actorIds.length })
    : []
  const emails = new Map(users.map((u) => [u.id, u.email]))
  res.json({
    audits: records.map((r) => ({
      id: r.id,
      actor_id: r.actor_id,
      actor_email: (r.actor_id && emails.get(r.actor_id)) ?? null,
      action: r.action,
      fields: ((r.fields as { names?: unknown })?.names as string[] | undefined) ?? [],
      ...((r.fields as { base_url?: unknown })?.base_url !== undefined && {
        base_url: (r.fields as { base_url: unknown }).base_url,
      }),
      created_at: r.created_at,
    })),
    count,
    limit,
    offset,
  })
}
