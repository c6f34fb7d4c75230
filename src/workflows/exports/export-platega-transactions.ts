import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import {
  createPlategaExportStep,
  type CreatePlategaExportInput,
} from "./steps/create-platega-export"
import {
  notifyPlategaExportDoneStep,
  notifyPlategaExportFailureStep,
} from "./steps/notify-platega-export"
import { writePlategaExportStep } from "./steps/write-platega-export"

export const exportPlategaTransactionsWorkflowId = "export-platega-transactions"

export type ExportPlategaTransactionsInput = CreatePlategaExportInput

/**
 * Exports Platega transactions to a file, the way Medusa exports orders: the record is created at
 * once (queued), the writing runs in the background (`async` + `backgroundExecution`, so `run`
 * returns as soon as the record exists), and the admin gets a feed notification with the download
 * link when it is done, or with Platega's message when it failed.
 */
export const exportPlategaTransactionsWorkflow = createWorkflow(
  exportPlategaTransactionsWorkflowId,
  (input: ExportPlategaTransactionsInput) => {
    const record = createPlategaExportStep(input)
    notifyPlategaExportFailureStep(record)
    const written = writePlategaExportStep(record).config({
      async: true,
      backgroundExecution: true,
    })
    notifyPlategaExportDoneStep(written)
    return new WorkflowResponse(record)
  },
)
