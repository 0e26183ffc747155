import { Group, Modal, Stack, Textarea, TextInput } from "@mantine/core";
import { useState } from "react";
import { quoteBodySchema } from "#domain/schemas/finance.ts";
import { inDays, todayIso } from "./dates.ts";
import { emptyItem } from "./document-items-editor.tsx";
import { type DocumentDraft, DocumentFormFields, documentBody } from "./document-form-fields.tsx";
import { useCreateQuote } from "./use-finance.ts";
import { DateField } from "./date-field.tsx";
import { FormFooter } from "./form-footer.tsx";

const initialDraft = (): DocumentDraft => ({
  companyId: null,
  items: [emptyItem()],
  discountCents: null,
  issRatePercent: 0,
  issWithheld: false,
});

export function QuoteFormModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [draft, setDraft] = useState(initialDraft);
  const [title, setTitle] = useState("");
  const [issueDate, setIssueDate] = useState(todayIso());
  const [validUntil, setValidUntil] = useState(inDays(15));
  const [paymentTerms, setPaymentTerms] = useState("");
  const [notes, setNotes] = useState("");
  const [error, setError] = useState<string | null>(null);
  const create = useCreateQuote();

  const submit = () => {
    const parsed = quoteBodySchema.safeParse({
      ...documentBody(draft),
      title,
      issueDate,
      validUntil,
      paymentTerms,
      notes,
    });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? "Dados inválidos.");
    setError(null);
    create.mutate(parsed.data, {
      onSuccess: () => {
        setDraft(initialDraft());
        setTitle("");
        onClose();
      },
    });
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Novo orçamento" size="xl">
      <Stack gap="sm">
        <TextInput label="Título" required value={title} onChange={(e) => setTitle(e.currentTarget.value)} />
        <DocumentFormFields draft={draft} onChange={setDraft} />
        <Group grow>
          <DateField label="Data" required value={issueDate} onChange={setIssueDate} />
          <DateField label="Válido até" required value={validUntil} onChange={setValidUntil} />
        </Group>
        <Textarea
          label="Condições de pagamento"
          value={paymentTerms}
          onChange={(e) => setPaymentTerms(e.currentTarget.value)}
          autosize
          minRows={2}
        />
        <Textarea
          label="Observações"
          value={notes}
          onChange={(e) => setNotes(e.currentTarget.value)}
          autosize
          minRows={2}
        />
        <FormFooter
          error={error}
          submitLabel="Salvar orçamento"
          onSubmit={submit}
          onCancel={onClose}
          isBusy={create.isPending}
        />
      </Stack>
    </Modal>
  );
}
