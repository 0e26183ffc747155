import { Checkbox, Group, Select, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { formatCents } from "#web/lib/agency-money.ts";
import { totalsOf } from "#domain/schemas/finance.ts";
import { DocumentItemsEditor } from "./document-items-editor.tsx";
import { type ItemDraft, itemsBody } from "./item-draft.ts";
import { MoneyInput } from "./money-input.tsx";
import { useClients, usePriceItems } from "./use-finance.ts";
import { IssRateField } from "./date-field.tsx";

export type DocumentDraft = {
  companyId: string | null;
  items: ItemDraft[];
  discountCents: number | null;
  issRatePercent: number;
  issWithheld: boolean;
};

/** Client, lines, discount and ISS, with the totals the server will compute (same rule). */
export function DocumentFormFields({
  draft,
  onChange,
  itemsToolbar,
}: {
  draft: DocumentDraft;
  onChange: (draft: DocumentDraft) => void;
  itemsToolbar?: ReactNode;
}) {
  const clients = useClients();
  const priceItems = usePriceItems();
  const totals = totalsOf({
    items: itemsBody(draft.items).map((i) => ({ ...i, quantity: i.quantity ?? 0 })),
    discountCents: draft.discountCents ?? 0,
    issRateBp: Math.round(draft.issRatePercent * 100),
    issWithheld: draft.issWithheld,
  });
  return (
    <Stack gap="sm">
      <Select
        label="Cliente"
        required
        searchable
        placeholder={clients.isLoading ? "Carregando clientes..." : "Selecione a empresa"}
        nothingFoundMessage="Nenhum cliente encontrado. Cadastre empresas no CRM."
        data={(clients.data?.clients ?? []).map((c) => ({ value: c.id, label: c.name }))}
        value={draft.companyId}
        onChange={(companyId) => onChange({ ...draft, companyId })}
      />
      <DocumentItemsEditor
        items={draft.items}
        onChange={(items) => onChange({ ...draft, items })}
        priceItems={priceItems.data?.items ?? []}
        toolbar={itemsToolbar}
      />
      <Group align="flex-end" gap="sm">
        <MoneyInput
          label="Desconto"
          cents={draft.discountCents}
          onCents={(discountCents) => onChange({ ...draft, discountCents })}
          w={160}
        />
        <IssRateField
          value={draft.issRatePercent}
          onChange={(issRatePercent) => onChange({ ...draft, issRatePercent })}
          w={110}
        />
        <Checkbox
          label="ISS retido pelo cliente"
          checked={draft.issWithheld}
          onChange={(e) => onChange({ ...draft, issWithheld: e.currentTarget.checked })}
          mb={8}
        />
      </Group>
      <Stack gap={2} align="flex-end">
        <Text size="sm">Subtotal: {formatCents(totals.subtotalCents)}</Text>
        {totals.discountCents > 0 && <Text size="sm">Desconto: − {formatCents(totals.discountCents)}</Text>}
        {draft.issRatePercent > 0 && (
          <Text size="sm">
            ISS: {formatCents(totals.issCents)}
            {draft.issWithheld ? " (retido)" : " (incluso)"}
          </Text>
        )}
        <Text fw={700}>Valor a pagar: {formatCents(totals.amountDueCents)}</Text>
      </Stack>
    </Stack>
  );
}

export function documentBody(draft: DocumentDraft) {
  return {
    companyId: draft.companyId ?? "",
    items: itemsBody(draft.items),
    discountCents: draft.discountCents ?? 0,
    issRateBp: Math.round(draft.issRatePercent * 100),
    issWithheld: draft.issWithheld,
  };
}

/** Width of the quote and invoice forms: a line (price list, service, quantity, price, total) fits on one row. */
export const DOCUMENT_FORM_SIZE = 960;
