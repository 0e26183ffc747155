import { Group, Modal, Stack, Textarea } from "@mantine/core";
import { useState } from "react";
import { invoiceBodySchema } from "#domain/schemas/finance.ts";
import { inDays, todayIso } from "./dates.ts";
import { emptyItem } from "./document-items-editor.tsx";
import { type DocumentDraft, DocumentFormFields, documentBody } from "./document-form-fields.tsx";
import { useCreateInvoice } from "./use-finance.ts";
import { DateField } from "./date-field.tsx";
import { FormFooter } from "./form-footer.tsx";

const initialDraft = (): DocumentDraft => ({
  companyId: null,
  items: [emptyItem()],
  discountCents: null,
  issRatePercent: 0,
  issWithheld: false,
});

/** A hand-made invoice, issued with the next number. */
export function InvoiceFormModal({
  opened,
  onClose,
  onCreated,
}: {
  opened: boolean;
  onClose: () => void;
  onCreated: (id: string) => void;
}) {
  const [draft, setDraft] = useState(initialDraft);
  const [issueDate, setIssueDate] = useState(todayIso());
  const [dueDate, setDueDate] = useState(inDays(10));
  const [notes, setNotes] = useState("");
  const [error, setError] = useState<string | null>(null);
  const create = useCreateInvoice();
  const submit = () => {
    const parsed = invoiceBodySchema.safeParse({ ...documentBody(draft), issueDate, dueDate, notes });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? "Dados inválidos.");
    setError(null);
    create.mutate(parsed.data, {
      onSuccess: (invoice) => {
        setDraft(initialDraft());
        onCreated(invoice.id);
      },
    });
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Nova fatura" size="xl">
      <Stack gap="sm">
        <DocumentFormFields draft={draft} onChange={setDraft} />
        <Group grow>
          <DateField label="Emissão" required value={issueDate} onChange={setIssueDate} />
          <DateField label="Vencimento" required value={dueDate} onChange={setDueDate} />
        </Group>
        <Textarea
          label="Observações"
          value={notes}
          onChange={(e) => setNotes(e.currentTarget.value)}
          autosize
          minRows={2}
        />
        <FormFooter
          error={error}
          submitLabel="Emitir fatura"
          onSubmit={submit}
          onCancel={onClose}
          isBusy={create.isPending}
        />
      </Stack>
    </Modal>
  );
}
