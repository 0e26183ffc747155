import { Group, Modal, Stack, Textarea, TextInput } from "@mantine/core";
import { useState } from "react";
import { type QuoteView, quoteBodySchema, quoteUpdateSchema } from "#domain/schemas/finance.ts";
import { DateField } from "./date-field.tsx";
import { inDays, todayIso } from "./dates.ts";
import { DOCUMENT_FORM_SIZE, type DocumentDraft, DocumentFormFields, documentBody } from "./document-form-fields.tsx";
import { emptyItem, withLine } from "./item-draft.ts";
import { FormFooter } from "./form-footer.tsx";
import { ProjectHoursPicker } from "./project-hours-picker.tsx";
import { failureMessage, useCreateQuote, useDefaultIssPercent, useUpdateQuote } from "./use-finance.ts";

type QuoteFields = {
  draft: DocumentDraft;
  title: string;
  issueDate: string;
  validUntil: string;
  paymentTerms: string;
  notes: string;
};

const blankFields = (issRatePercent: number): QuoteFields => ({
  draft: { companyId: null, items: [emptyItem()], discountCents: null, issRatePercent, issWithheld: false },
  title: "",
  issueDate: todayIso(),
  validUntil: inDays(15),
  paymentTerms: "",
  notes: "",
});

/** The form's fields as the quote was saved (an edit starts from what is there). */
function fieldsOf(quote: QuoteView): QuoteFields {
  return {
    draft: {
      companyId: quote.client.id,
      items: quote.items.map((item) => ({
        priceItemId: item.priceItemId,
        service: item.service,
        description: item.description ?? "",
        quantity: item.quantity,
        unitPriceCents: item.unitPriceCents,
      })),
      discountCents: quote.discountCents || null,
      issRatePercent: quote.issRateBp / 100,
      issWithheld: quote.issWithheld,
    },
    title: quote.title,
    issueDate: quote.issueDate,
    validUntil: quote.validUntil,
    paymentTerms: quote.paymentTerms ?? "",
    notes: quote.notes ?? "",
  };
}

type Props = {
  opened: boolean;
  onClose: () => void;
  /**
   * The draft to edit; without it the form creates a new quote (with the agency's usual ISS, known when it
   * mounts: render it when opened). Remount (key) to start from a newer version.
   */
  quote?: QuoteView;
};

/** Novo orçamento, or Editar orçamento of a draft (saved only if nobody changed it meanwhile). */
export function QuoteFormModal({ opened, onClose, quote }: Props) {
  const defaultIss = useDefaultIssPercent();
  const [fields, setFields] = useState(() => (quote ? fieldsOf(quote) : blankFields(defaultIss)));
  const [error, setError] = useState<string | null>(null);
  const create = useCreateQuote();
  const update = useUpdateQuote();
  const set = (patch: Partial<QuoteFields>) => setFields((current) => ({ ...current, ...patch }));
  const { draft, title, issueDate, validUntil, paymentTerms, notes } = fields;

  const submit = () => {
    const body = { ...documentBody(draft), title, issueDate, validUntil, paymentTerms, notes };
    if (quote) return save(quote, body);
    const parsed = quoteBodySchema.safeParse(body);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? "Dados inválidos.");
    setError(null);
    create.mutate(parsed.data, {
      onSuccess: () => {
        setFields(blankFields(defaultIss));
        onClose();
      },
    });
  };

  const save = (saved: QuoteView, body: Record<string, unknown>) => {
    const parsed = quoteUpdateSchema.safeParse({ ...body, expectedUpdatedAt: saved.updatedAt });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? "Dados inválidos.");
    setError(null);
    update.mutate(
      { id: saved.id, ...parsed.data },
      { onSuccess: onClose, onError: (failure) => setError(failureMessage(failure)) },
    );
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={quote ? "Editar orçamento" : "Novo orçamento"}
      size={DOCUMENT_FORM_SIZE}
    >
      <Stack gap="sm">
        <TextInput label="Título" required value={title} onChange={(e) => set({ title: e.currentTarget.value })} />
        <DocumentFormFields
          draft={draft}
          onChange={(next) => set({ draft: next })}
          itemsToolbar={
            <ProjectHoursPicker
              companyId={draft.companyId}
              onPick={(line) => set({ draft: { ...draft, items: withLine(draft.items, line) } })}
            />
          }
        />
        <Group grow>
          <DateField label="Data" required value={issueDate} onChange={(next) => set({ issueDate: next })} />
          <DateField label="Válido até" required value={validUntil} onChange={(next) => set({ validUntil: next })} />
        </Group>
        <Textarea
          label="Condições de pagamento"
          value={paymentTerms}
          onChange={(e) => set({ paymentTerms: e.currentTarget.value })}
          autosize
          minRows={2}
        />
        <Textarea
          label="Observações"
          value={notes}
          onChange={(e) => set({ notes: e.currentTarget.value })}
          autosize
          minRows={2}
        />
        <FormFooter
          error={error}
          submitLabel={quote ? "Salvar alterações" : "Salvar orçamento"}
          onSubmit={submit}
          onCancel={onClose}
          isBusy={create.isPending || update.isPending}
        />
      </Stack>
    </Modal>
  );
}
