import { Alert, Button, Text, toast } from "@medusajs/ui"
import { useTranslation } from "react-i18next"
import { useRotateSecrets, type PlategaSettings } from "../api"

/** Says what to set when secrets cannot be saved or read, and offers to re-encrypt old ones. */
export const EncryptionNotice = ({ encryption }: { encryption: PlategaSettings["encryption"] }) => {
  const { t } = useTranslation()
  const rotate = useRotateSecrets()
  return (
    <>
      {!encryption.configured && (
        <Alert variant="warning" data-testid="platega-encryption-missing">
          <Text size="small" weight="plus">
            {t("platega_settings.encryption.missingTitle")}
          </Text>
          <Text size="small">
            {t("platega_settings.encryption.missing", { env: encryption.env })}
          </Text>
        </Alert>
      )}
      {encryption.error && (
        <Alert variant="error" data-testid="platega-encryption-error">
          <Text size="small" weight="plus">
            {t("platega_settings.encryption.errorTitle")}
          </Text>
          <Text size="small">{encryption.error}</Text>
        </Alert>
      )}
      {encryption.configured && !encryption.error && encryption.stale.length > 0 && (
        <Alert variant="info">
          <div className="flex items-center justify-between gap-x-4">
            <Text size="small">
              {t("platega_settings.encryption.stale", { count: encryption.stale.length })}
            </Text>
            <Button
              size="small"
              variant="secondary"
              type="button"
              isLoading={rotate.isPending}
              onClick={() =>
                rotate.mutate(undefined, {
                  onSuccess: () => toast.success(t("platega_settings.toasts.rotated")),
                  onError: (e) => toast.error(e.message),
                })
              }
            >
              {t("platega_settings.encryption.rotate")}
            </Button>
          </div>
        </Alert>
      )}
    </>
  )
}
