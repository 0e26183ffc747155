import { Alert, Group, Modal, Stack, Textarea } from "@mantine/core";
import { useState } from "react";
import { invoiceBodySchema, type InvoiceView } from "#domain/schemas/finance.ts";
import { DateField } from "./date-field.tsx";
import { inDays, todayIso } from "./dates.ts";
import { DOCUMENT_FORM_SIZE, type DocumentDraft, DocumentFormFields, documentBody } from "./document-form-fields.tsx";
import { emptyItem } from "./item-draft.ts";
import { invoiceNumber } from "./finance-badges.tsx";
import { FormFooter } from "./form-footer.tsx";
import { useCreateInvoice, useDefaultIssPercent } from "./use-finance.ts";

const initialDraft = (issRatePercent: number): DocumentDraft => ({
  companyId: null,
  items: [emptyItem()],
  discountCents: null,
  issRatePercent,
  issWithheld: false,
});

/** A replacement starts from the cancelled invoice's client and lines, to be corrected. */
function draftOf(invoice: InvoiceView): DocumentDraft {
  return {
    companyId: invoice.client.id,
    items: invoice.items.map((item) => ({
      priceItemId: null,
      service: item.service,
      description: item.description ?? "",
      quantity: item.quantity,
      unitPriceCents: item.unitPriceCents,
    })),
    discountCents: invoice.discountCents || null,
    issRatePercent: invoice.issRateBp / 100,
    issWithheld: invoice.issWithheld,
  };
}

type Props = {
  opened: boolean;
  onClose: () => void;
  onCreated: (id: string) => void;
  /** The cancelled invoice this one replaces (an issued invoice is never edited: it is cancelled and replaced). */
  replacing?: InvoiceView;
};

/**
 * A hand-made invoice: issued with the next number, or saved as a draft (no number until issued). A new
 * one starts with the agency's usual ISS, known when the form mounts: render it when opened.
 */
export function InvoiceFormModal({ opened, onClose, onCreated, replacing }: Props) {
  const defaultIss = useDefaultIssPercent();
  const [draft, setDraft] = useState(() => (replacing ? draftOf(replacing) : initialDraft(defaultIss)));
  const [issueDate, setIssueDate] = useState(todayIso());
  const [dueDate, setDueDate] = useState(inDays(10));
  const [notes, setNotes] = useState(replacing?.notes ?? "");
  const [error, setError] = useState<string | null>(null);
  const create = useCreateInvoice();
  const submit = (asDraft: boolean) => {
    const parsed = invoiceBodySchema.safeParse({
      ...documentBody(draft),
      issueDate,
      dueDate,
      notes,
      draft: asDraft,
      replacesInvoiceId: replacing?.id ?? null,
    });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? "Dados inválidos.");
    setError(null);
    create.mutate(parsed.data, {
      onSuccess: (invoice) => {
        setDraft(initialDraft(defaultIss));
        onCreated(invoice.id);
      },
    });
  };
  const title = replacing ? `Substituir a fatura ${invoiceNumber(replacing.number)}` : "Nova fatura";
  return (
    <Modal opened={opened} onClose={onClose} title={title} size={DOCUMENT_FORM_SIZE}>
      <Stack gap="sm">
        {replacing && (
          <Alert color="blue">
            A nova fatura recebe o próximo número e fica ligada à {invoiceNumber(replacing.number)}, cancelada
            {replacing.cancelReason ? ` (${replacing.cancelReason})` : ""}.
          </Alert>
        )}
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
          submitLabel={replacing ? "Emitir substituta" : "Emitir fatura"}
          onSubmit={() => submit(false)}
          onCancel={onClose}
          isBusy={create.isPending}
          secondary={{ label: "Salvar rascunho", onClick: () => submit(true) }}
        />
      </Stack>
    </Modal>
  );
}
