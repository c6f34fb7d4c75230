import type { z } from "zod"
import { type ResolvedOptions, resolveOptions } from "./client-options"
import { PlategaError, fieldErrorsFromIssues, summarizeFieldErrors } from "./errors"
import { PlategaHttp, type HttpMethod, type RequestSpec } from "./http"
import { CardsSchema, ExportRequestSchema, UUID_RE } from "./schemas"
import type { ExportTransactionsInput, PlategaClientOptions } from "./types"

/**
 * How a method of PlategaClient becomes one call of http.ts: its input checked against the
 * request schema, the path's uuid parameters filled in, the request described (authentication,
 * whether it may be repeated, the answer's schema).
 */
export abstract class PlategaCalls {
  readonly merchantId: string
  readonly baseUrl: string
  protected readonly opts: ResolvedOptions
  protected readonly http: PlategaHttp

  constructor(options: PlategaClientOptions) {
    this.opts = resolveOptions(options)
    this.merchantId = this.opts.merchantId
    this.baseUrl = this.opts.baseUrl
    this.http = new PlategaHttp(this.opts)
  }

  protected validate<S extends z.ZodType>(
    schema: S,
    input: unknown,
    endpoint: string,
  ): z.output<S> {
    const parsed = schema.safeParse(input)
    if (parsed.success) return parsed.data
    const fieldErrors = fieldErrorsFromIssues(parsed.error.issues, "(input)")
    throw new PlategaError({
      kind: "invalid_request",
      endpoint,
      fieldErrors,
      message: `Platega ${endpoint}: invalid request: ${summarizeFieldErrors(fieldErrors)}`,
    })
  }

  protected async export<S extends z.ZodType>(
    format: "json" | "csv" | "excel",
    filter: ExportTransactionsInput,
    schema: S,
    accept?: string,
  ): Promise<z.output<S>> {
    const template = `/transaction/export/${format}`
    const body = this.validate(ExportRequestSchema, filter, `POST ${template}`)
    // A read: safe to repeat.
    return this.send({
      method: "POST",
      template,
      body,
      auth: "merchant",
      idempotent: true,
      accept,
      schema,
    })
  }

  protected async get<S extends z.ZodType>(
    template: string,
    params: Record<string, string>,
    schema: S,
  ): Promise<z.output<S>> {
    return this.send(this.getSpec(template, params, schema))
  }

  protected getSpec<S extends z.ZodType>(
    template: string,
    params: Record<string, string>,
    schema: S,
  ): SendSpec<S> {
    return { method: "GET", template, params, auth: "merchant", idempotent: true, schema }
  }

  protected cardsSpec(onlyActive: boolean | undefined): SendSpec<typeof CardsSchema> {
    return {
      method: "GET",
      template: "/api/v1/cards",
      query: { onlyActive },
      auth: "hmac",
      idempotent: true,
      schema: CardsSchema,
    }
  }

  protected async post<S extends z.ZodType>(
    template: string,
    body: unknown,
    schema: S,
    idempotent: boolean,
  ): Promise<z.output<S>> {
    return this.send({ method: "POST", template, body, auth: "merchant", idempotent, schema })
  }

  protected async send<S extends z.ZodType>(spec: SendSpec<S>): Promise<z.output<S>> {
    const { params } = spec
    const endpoint = `${spec.method} ${spec.template}`
    const path = spec.template.replace(/\{(\w+)\}/g, (_, name: string) => {
      const value = params?.[name]
      if (typeof value !== "string" || !UUID_RE.test(value)) {
        throw new PlategaError({
          kind: "invalid_request",
          endpoint,
          fieldErrors: [{ key: name, message: "expected a uuid" }],
          message: `Platega ${endpoint}: invalid request: ${name}: expected a uuid`,
        })
      }
      return encodeURIComponent(value)
    })
    // Every spec is built for this one call, so it is completed in place: copying it (object
    // rest and spread) cost more than all the rest of this method.
    return this.http.send(Object.assign(spec, { path }))
  }
}

export type SendSpec<S extends z.ZodType> = Omit<RequestSpec<S>, "path"> & {
  method: HttpMethod
  params?: Record<string, string>
}
