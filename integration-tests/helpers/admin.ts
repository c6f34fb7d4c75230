import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules, generateJwtToken } from "@medusajs/framework/utils"

export const ADMIN_EMAIL = "admin@platega.test"

/** Creates an admin user and returns request headers that authenticate as it (a JWT, as the admin SPA uses). */
export async function adminHeaders(
  container: MedusaContainer,
): Promise<{ headers: Record<string, string> }> {
  const users = container.resolve(Modules.USER)
  const auth = container.resolve(Modules.AUTH)
  const [existing] = await users.listUsers({ email: ADMIN_EMAIL })
  const user = existing ?? (await users.createUsers({ email: ADMIN_EMAIL }))
  const identity = await auth.createAuthIdentities({
    provider_identities: [{ provider: "emailpass", entity_id: `${ADMIN_EMAIL}-${Date.now()}` }],
    app_metadata: { user_id: user.id },
  })
  const { jwtSecret } = container.resolve("configModule").projectConfig.http
  const token = generateJwtToken(
    {
      actor_id: user.id,
      actor_type: "user",
      auth_identity_id: identity.id,
      app_metadata: { user_id: user.id },
    },
    { secret: jwtSecret, expiresIn: "1d" },
  )
  return { headers: { authorization: `Bearer ${token}` } }
}
