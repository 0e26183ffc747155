import { ActionIcon, Button, Group, NumberInput, Select, Stack, Text, TextInput } from "@mantine/core";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { lineTotalCents, quantityToHundredths } from "#domain/money.ts";
import { formatCents } from "#web/lib/agency-money.ts";
import { emptyItem, type ItemDraft, quantityOf } from "./item-draft.ts";
import { MoneyInput } from "./money-input.tsx";
import type { PriceItem } from "./use-finance.ts";

type Props = {
  items: ItemDraft[];
  onChange: (items: ItemDraft[]) => void;
  priceItems: PriceItem[];
  /** Other ways to add lines, beside "Adicionar item" (a quote: a project's estimated hours). */
  toolbar?: ReactNode;
};

/** The lines of a quote or invoice: from the price list or typed, each with its total by the money rule. */
export function DocumentItemsEditor({ items, onChange, priceItems, toolbar }: Props) {
  const update = (index: number, patch: Partial<ItemDraft>) =>
    onChange(items.map((item, i) => (i === index ? { ...item, ...patch } : item)));
  const fromPriceList = (index: number, id: string | null) => {
    const price = priceItems.find((p) => p.id === id);
    update(
      index,
      price
        ? {
            priceItemId: price.id,
            service: price.name,
            description: price.description ?? "",
            unitPriceCents: price.unitPriceCents,
          }
        : { priceItemId: null },
    );
  };
  return (
    <Stack gap="xs">
      {items.map((item, index) => {
        const hundredths = quantityToHundredths(quantityOf(item) ?? 0) ?? 0;
        const total = item.unitPriceCents ? lineTotalCents(hundredths, item.unitPriceCents) : 0;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: lines have no id until saved; their order is their identity
          <Group key={index} align="flex-end" gap="xs" wrap="wrap">
            {priceItems.length > 0 && (
              <Select
                label="Tabela de preços"
                placeholder="Escolher serviço"
                data={priceItems.map((p) => ({ value: p.id, label: p.name }))}
                value={item.priceItemId}
                onChange={(id) => fromPriceList(index, id)}
                clearable
                w={170}
              />
            )}
            <TextInput
              label="Serviço"
              required
              value={item.service}
              onChange={(e) => update(index, { service: e.currentTarget.value })}
              style={{ flex: 1, minWidth: 140 }}
            />
            <NumberInput
              label="Qtd."
              min={0.01}
              decimalScale={2}
              decimalSeparator=","
              value={item.quantity}
              onChange={(quantity) => update(index, { quantity })}
              w={90}
            />
            <MoneyInput
              label="Valor unitário"
              required
              cents={item.unitPriceCents}
              onCents={(c) => update(index, { unitPriceCents: c })}
              w={150}
            />
            {/* The line's total and its remove button wrap together: never a lone bin on a line of its own. */}
            <Group gap="xs" wrap="nowrap" align="flex-end">
              <Text w={110} ta="right" pb={8} fw={500} aria-label={`Total do item ${index + 1}`}>
                {formatCents(total)}
              </Text>
              <ActionIcon
                variant="subtle"
                color="red"
                mb={4}
                aria-label={`Remover item ${index + 1}`}
                onClick={() => onChange(items.filter((_, i) => i !== index))}
                disabled={items.length === 1}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          </Group>
        );
      })}
      <Group align="flex-end">
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} />}
          onClick={() => onChange([...items, emptyItem()])}
        >
          Adicionar item
        </Button>
        {toolbar}
      </Group>
    </Stack>
  );
}
