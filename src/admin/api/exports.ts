import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { useTranslation } from "react-i18next"
import { sdk } from "./sdk"

export type ExportFormat = "json" | "csv" | "xlsx"
export type ExportState = "queued" | "running" | "done" | "failed"

export interface PlategaExport {
  id: string
  status: ExportState
  format: ExportFormat
  filters: {
    from: string
    to: string
    statuses: string[]
    payment_methods: string[]
    time_zone: string
    language?: "en" | "ru"
  }
  created_by: { id: string; email: string | null } | null
  row_count: number
  file: { name: string; size: number | null; download_url: string } | null
  platega_file_url: string | null
  error: { message: string; code?: string; trace_id?: string } | null
  created_at: string
  started_at: string | null
  finished_at: string | null
}

interface CreateExportBody {
  from: string
  to: string
  statuses?: string[]
  payment_methods?: string[]
  format: ExportFormat
  time_zone?: string
}

/** What a new export can ask for, from the server (one list of names, in codes.ts). */
export interface ExportChoices {
  statuses: string[]
  payment_methods: string[]
  formats: ExportFormat[]
  time_zone: string
}

const KEY = ["platega", "exports"]

/** The history; polls every second while an export is still queued or running. */
export function usePlategaExports(page: { limit: number; offset: number }) {
  return useQuery({
    queryKey: [...KEY, page],
    queryFn: () =>
      sdk.client.fetch<{ exports: PlategaExport[]; count: number; choices: ExportChoices }>(
        "/admin/platega/exports",
        {
          query: page,
        },
      ),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.exports.some((e) => e.status === "queued" || e.status === "running")
        ? 1000
        : false,
  })
}

/** The statuses, methods and formats an export can ask for, and the store's time zone. */
export function usePlategaExportChoices() {
  return useQuery({
    queryKey: [...KEY, "choices"],
    queryFn: () =>
      sdk.client.fetch<{ choices: ExportChoices }>("/admin/platega/exports", {
        query: { limit: 1 },
      }),
    select: (data) => data.choices,
    staleTime: 60_000,
  })
}

/**
 * Starts an export in the admin's language: its file's column titles and number style, and the
 * notification that it is ready, follow the language the admin reads the dashboard in.
 */
export function useCreatePlategaExport() {
  const client = useQueryClient()
  const { i18n } = useTranslation()
  const language = i18n.language.toLowerCase().startsWith("ru") ? "ru" : "en"
  return useMutation({
    mutationFn: (body: CreateExportBody) =>
      sdk.client.fetch<{ export: PlategaExport }>("/admin/platega/exports", {
        method: "POST",
        body: { ...body, language },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  })
}

/** A link to a store route (the admin's session cookie goes with it; credentials stay server-side). */
export function storeUrl(path: string): string {
  const base = (import.meta.env.VITE_BACKEND_URL || "").replace(/\/+$/, "")
  return base === "" || base === "/" ? path : `${base}${path}`
}
