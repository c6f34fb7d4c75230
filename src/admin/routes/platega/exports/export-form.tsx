import {
  Button,
  Checkbox,
  Container,
  Heading,
  Input,
  Label,
  Select,
  Text,
  toast,
} from "@medusajs/ui"
import { useState } from "react"
import { useTranslation } from "react-i18next"
import { useCreatePlategaExport, type ExportChoices, type ExportFormat } from "../../../api/exports"
import { periodInstants, presetDays, type Preset } from "./period"

const PRESETS: Preset[] = ["today", "week", "month"]

function toggle(list: string[], value: string, on: boolean): string[] {
  return on ? [...list, value] : list.filter((v) => v !== value)
}

/** Period, filters and format; Export starts the background export. */
export const ExportForm = ({ choices }: { choices: ExportChoices | undefined }) => {
  const { t } = useTranslation()
  const initial = presetDays("week")
  const [from, setFrom] = useState(initial.from)
  const [to, setTo] = useState(initial.to)
  const [statuses, setStatuses] = useState<string[]>([])
  const [methods, setMethods] = useState<string[]>([])
  const [format, setFormat] = useState<ExportFormat>("csv")
  const [timeZone, setTimeZone] = useState("")
  const create = useCreatePlategaExport()

  const choose = (preset: Preset) => {
    const days = presetDays(preset)
    setFrom(days.from)
    setTo(days.to)
  }

  const submit = () => {
    create.mutate(
      {
        ...periodInstants(from, to),
        statuses,
        payment_methods: methods,
        format,
        ...(timeZone.trim() && { time_zone: timeZone.trim() }),
      },
      {
        onSuccess: () => toast.success(t("platega_exports.form.started")),
        onError: (e) => toast.error(t("platega_exports.form.failed"), { description: e.message }),
      },
    )
  }

  return (
    <Container className="divide-y p-0">
      <div className="px-6 py-4">
        <Heading level="h1">{t("platega_exports.title")}</Heading>
        <Text size="small" className="text-ui-fg-subtle mt-1">
          {t("platega_exports.subtitle")}
        </Text>
      </div>
      <div className="grid gap-y-6 px-6 py-4">
        <div className="grid gap-y-2">
          <Label weight="plus">{t("platega_exports.form.period")}</Label>
          <div className="flex flex-wrap items-end gap-2">
            {PRESETS.map((p) => (
              <Button
                key={p}
                size="small"
                variant="secondary"
                data-testid={`preset-${p}`}
                onClick={() => choose(p)}
              >
                {t(`platega_exports.form.presets.${p}`)}
              </Button>
            ))}
            <DateField
              id="export-from"
              label={t("platega_exports.form.from")}
              value={from}
              onChange={setFrom}
            />
            <DateField
              id="export-to"
              label={t("platega_exports.form.to")}
              value={to}
              onChange={setTo}
            />
          </div>
        </div>
        <CheckboxGroup
          title={t("platega_exports.form.statuses")}
          hint={t("platega_exports.form.allHint")}
          values={choices?.statuses ?? []}
          label={(v) => t(`platega_codes.transaction.${v}`, { defaultValue: v })}
          selected={statuses}
          onChange={setStatuses}
          testId="status"
        />
        <CheckboxGroup
          title={t("platega_exports.form.methods")}
          hint={t("platega_exports.form.allHint")}
          values={choices?.payment_methods ?? []}
          label={(v) => t(`platega_codes.method.${v}`, { defaultValue: v })}
          selected={methods}
          onChange={setMethods}
          testId="method"
        />
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
          <div className="grid gap-y-1">
            <Label weight="plus">{t("platega_exports.form.format")}</Label>
            <Select value={format} onValueChange={(v) => setFormat(v as ExportFormat)}>
              <Select.Trigger data-testid="export-format">
                <Select.Value />
              </Select.Trigger>
              <Select.Content>
                {(choices?.formats ?? ["csv"]).map((f) => (
                  <Select.Item key={f} value={f} data-testid={`export-format-${f}`}>
                    {t(`platega_exports.form.formats.${f}`)}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select>
            <Text size="xsmall" className="text-ui-fg-subtle">
              {t("platega_exports.form.languageHint")}
            </Text>
          </div>
          <div className="grid gap-y-1">
            <Label weight="plus" htmlFor="export-time-zone">
              {t("platega_exports.form.timeZone")}
            </Label>
            <Input
              id="export-time-zone"
              placeholder={choices?.time_zone ?? "Europe/Moscow"}
              value={timeZone}
              onChange={(e) => setTimeZone(e.target.value)}
            />
            <Text size="xsmall" className="text-ui-fg-subtle">
              {t("platega_exports.form.timeZoneHint")}
            </Text>
          </div>
        </div>
      </div>
      <div className="flex justify-end px-6 py-4">
        <Button onClick={submit} isLoading={create.isPending} data-testid="export-submit">
          {t("platega_exports.form.submit")}
        </Button>
      </div>
    </Container>
  )
}

function CheckboxGroup(props: {
  title: string
  hint: string
  values: string[]
  label: (value: string) => string
  selected: string[]
  onChange: (values: string[]) => void
  testId: string
}) {
  return (
    <div className="grid gap-y-2">
      <div className="flex items-baseline gap-x-2">
        <Label weight="plus">{props.title}</Label>
        <Text size="xsmall" className="text-ui-fg-subtle">
          {props.hint}
        </Text>
      </div>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        {props.values.map((v) => {
          const id = `${props.testId}-${v}`
          return (
            <div key={v} className="flex items-center gap-x-2">
              <Checkbox
                id={id}
                data-testid={id}
                checked={props.selected.includes(v)}
                onCheckedChange={(on) => props.onChange(toggle(props.selected, v, on === true))}
              />
              <Label htmlFor={id} size="small">
                {props.label(v)}
              </Label>
            </div>
          )
        })}
      </div>
    </div>
  )
}

/** One end of the period: a labelled date input. */
const DateField = ({
  id,
  label,
  value,
  onChange,
}: {
  id: string
  label: string
  value: string
  onChange: (value: string) => void
}) => (
  <div className="grid gap-y-1">
    <Label size="xsmall" htmlFor={id}>
      {label}
    </Label>
    <Input
      id={id}
      type="date"
      size="small"
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  </div>
)
