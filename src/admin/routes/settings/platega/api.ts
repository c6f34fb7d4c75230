import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { sdk } from "../../../api/sdk"

// The shapes of /admin/platega/settings* (see src/api/admin/platega). Types only come from the
// server's code: nothing of it is bundled into the admin.
import type {
  AdminSettingsView,
  ConnectionCallRecord,
  ConnectionTestRecord,
  MaskedSecret as ServerMaskedSecret,
  PlainField,
  SecretField,
  SettingField,
} from "../../../../modules/platega/settings"
import type { SettingSource } from "../../../../modules/platega/settings/effective"

export type { PlainField, SecretField, SettingField, SettingSource }
export type PlainValue = string | number | boolean | string[] | null
export type ConnectionCall = ConnectionCallRecord
export type ConnectionTest = ConnectionTestRecord

export type MaskedSecret = ServerMaskedSecret & { source: SettingSource }

export interface PlategaSettings {
  fields: { [F in PlainField]: { value: PlainValue; source: SettingSource } } & {
    [F in SecretField]: MaskedSecret
  }
  encryption: AdminSettingsView["encryption"]
  base_url_is_platega: AdminSettingsView["base_url_is_platega"]
  base_url_kind: AdminSettingsView["base_url_kind"]
  last_test: ConnectionTest | null
  updated_at: string | null
  callback: { url: string; reachable: boolean; https: boolean }
}

export type SettingsPatch = Partial<Record<SettingField, PlainValue>>
export type ConnectionTestBody = Partial<Record<SettingField, PlainValue>>

export interface AuditEntry {
  id: string
  actor_id: string | null
  actor_email: string | null
  action: string
  fields: string[]
  created_at: string
}

const SETTINGS_KEY = ["platega", "settings"] as const
const AUDIT_KEY = ["platega", "settings", "audit"] as const

export function useSettings() {
  return useQuery({
    queryKey: SETTINGS_KEY,
    queryFn: () => sdk.client.fetch<{ settings: PlategaSettings }>("/admin/platega/settings"),
    select: (data) => data.settings,
  })
}

export function useSaveSettings() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (patch: SettingsPatch) =>
      sdk.client.fetch<{ changed: string[]; settings: PlategaSettings }>(
        "/admin/platega/settings",
        { method: "POST", body: patch },
      ),
    onSuccess: (data) => {
      client.setQueryData(SETTINGS_KEY, { settings: data.settings })
      void client.invalidateQueries({ queryKey: AUDIT_KEY })
    },
  })
}

export function useTestConnection() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (body: ConnectionTestBody) =>
      sdk.client.fetch<{ test: ConnectionTest }>("/admin/platega/settings/connection-check", {
        method: "POST",
        body,
      }),
    // The test is the new last test: shown at once, without reloading the settings.
    onSuccess: ({ test }) =>
      client.setQueryData<{ settings: PlategaSettings }>(SETTINGS_KEY, (old) =>
        old ? { settings: { ...old.settings, last_test: test } } : old,
      ),
  })
}

export function useRotateSecrets() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: () =>
      sdk.client.fetch<{ rotated: number }>("/admin/platega/settings/rotate", { method: "POST" }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ["platega", "settings"] }),
  })
}

export function useAudit(pagination: { limit: number; offset: number }) {
  return useQuery({
    queryKey: [...AUDIT_KEY, pagination],
    queryFn: () =>
      sdk.client.fetch<{ audits: AuditEntry[]; count: number }>("/admin/platega/settings/audit", {
        query: pagination,
      }),
    placeholderData: (previous) => previous,
  })
}

/** The field a server message names (`field`), to show the error beside it. */
export function fieldOfMessage(message: string): SettingField | undefined {
  const match = /`(\w+)`/.exec(message)
  return match?.[1] as SettingField | undefined
}
